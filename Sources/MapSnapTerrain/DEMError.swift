/// Why elevation data could not be read. The caller adds the file it came from.
public enum DEMError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `raster-dem` tile that is not square (MapLibre requires square DEM tiles).
    case notSquare(width: Int, height: Int)
    /// A file that is not what it claims; `place` says where (a byte offset, a tag, a row).
    case malformed(place: String, message: String)
    /// A valid file using what MapSnap does not read (a compression, a sample format).
    case unsupported(place: String, message: String)

    public var description: String {
        switch self {
        case .notSquare(let w, let h): return "a DEM tile must be square, this one is \(w)x\(h) pixels"
        case .malformed(let place, let message), .unsupported(let place, let message):
            return place.isEmpty ? message : "\(place): \(message)"
        }
    }
}
