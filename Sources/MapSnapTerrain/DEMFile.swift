import MapSnapIO

/// Reading an elevation file whole, and naming it in the errors of its reader.
enum DEMFile {
    /// The bytes of the file at `path`.
    /// - Throws: `DEMError.malformed` with `path` as the place when it cannot be read.
    static func bytes(path: String) throws(DEMError) -> [UInt8] {
        do {
            let file = try RandomAccessFile(path: path)
            return try file.read(offset: 0, length: file.size, what: "the file")
        } catch {
            throw .malformed(place: path, message: error.reason)
        }
    }
}

extension DEMError {
    /// The same error with `file` (a path or a name) put before its place, so it reads
    /// `N43E007.hgt: size 1000 bytes is …` or `a.tif: tag StripOffsets: …`.
    public func inFile(_ file: String) -> DEMError {
        func join(_ place: String) -> String { place.isEmpty ? file : "\(file): \(place)" }
        switch self {
        case .notSquare: return self
        case .malformed(let place, let message): return .malformed(place: join(place), message: message)
        case .unsupported(let place, let message): return .unsupported(place: join(place), message: message)
        }
    }
}
