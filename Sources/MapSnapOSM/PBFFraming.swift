import MapSnapIO

/// One blob of a PBF file, as framed on disk: where it is, what its `BlobHeader` says it holds,
/// and its `Blob` message still compressed.
struct PBFRawBlob: Sendable {
    /// Index in the file, counting from 0.
    let index: Int
    /// Byte offset of the blob's 4-byte length prefix in the file.
    let offset: Int
    /// `BlobHeader.type`: `OSMHeader` or `OSMData` (others are skipped, as the spec says).
    let type: String
    /// The serialized `Blob` message.
    let message: [UInt8]
}

/// Where PBF bytes come from: a buffer in memory or a file read blob by blob (`pread`).
enum PBFSource {
    case bytes([UInt8])
    case file(RandomAccessFile)

    var size: Int {
        switch self {
        case .bytes(let b): b.count
        case .file(let f): Int(clamping: f.size)
        }
    }

    func read(at offset: Int, count: Int, file: String, what: String) throws(OSMError) -> [UInt8] {
        switch self {
        case .bytes(let b):
            return Array(b[offset..<(offset + count)])
        case .file(let f):
            do {
                return try f.read(offset: UInt64(offset), length: UInt64(count), what: what)
            } catch {
                throw OSMError(.cannotRead, error.reason, file: file, offset: offset)
            }
        }
    }
}

/// The file-level framing of an OSM PBF file (https://wiki.openstreetmap.org/wiki/PBF_Format#File_format):
/// repeated `int32` big-endian length, `BlobHeader` of that length, `Blob` of `BlobHeader.datasize`.
///
/// Sizes are capped as the spec caps them: a `BlobHeader` must be under 64 KiB and a `Blob` under
/// 32 MiB; a larger size is an `.oversized` error naming the byte offset, so no garbage length
/// makes the reader allocate more than that.
struct PBFFraming {
    /// The spec's cap on a `BlobHeader`: "must be less than 64 KiB".
    static let maxHeaderBytes = 64 << 10
    /// The spec's cap on a `Blob` (and on its inflated content): "must be less than 32 MiB".
    static let maxBlobBytes = 32 << 20

    let source: PBFSource
    let file: String
    /// Byte offset of the next blob's length prefix.
    private(set) var offset = 0
    /// Index of the next blob.
    private(set) var index = 0

    init(source: PBFSource, file: String) {
        self.source = source
        self.file = file
    }

    /// The next blob, or nil at the end of the file.
    /// - Throws: `OSMError` `.truncated` when the file ends inside a blob, `.oversized` for sizes
    ///   over the caps, `.malformed` for a `BlobHeader` that does not parse.
    mutating func next() throws(OSMError) -> PBFRawBlob? {
        let size = source.size
        guard offset < size else { return nil }
        let start = offset
        guard size - start >= 4 else {
            throw fail(.truncated, "the file ends inside a blob's length prefix", at: start)
        }
        let prefix = try source.read(at: start, count: 4, file: file, what: "blob length")
        let headerLength = prefix.reduce(0) { $0 << 8 | Int($1) }
        guard headerLength < Self.maxHeaderBytes else {
            throw fail(
                .oversized, "BlobHeader of \(headerLength) bytes (the PBF format allows less than 64 KiB)", at: start)
        }
        guard size - start - 4 >= headerLength else {
            throw fail(.truncated, "the file ends inside a BlobHeader (\(headerLength) bytes announced)", at: start)
        }
        let header = try source.read(at: start + 4, count: headerLength, file: file, what: "BlobHeader")
        let (type, dataSize) = try parseHeader(header, at: start)
        guard dataSize < Self.maxBlobBytes else {
            throw fail(.oversized, "Blob of \(dataSize) bytes (the PBF format allows less than 32 MiB)", at: start)
        }
        let bodyStart = start + 4 + headerLength
        guard size - bodyStart >= dataSize else {
            throw fail(
                .truncated, "the file ends inside a Blob (\(dataSize) bytes announced, \(size - bodyStart) left)",
                at: start)
        }
        let message = try source.read(at: bodyStart, count: dataSize, file: file, what: "Blob")
        let blob = PBFRawBlob(index: index, offset: start, type: type, message: message)
        offset = bodyStart + dataSize
        index += 1
        return blob
    }

    /// `BlobHeader`: 1 `type` (string), 2 `indexdata` (bytes, ignored), 3 `datasize` (int32).
    private func parseHeader(_ bytes: [UInt8], at start: Int) throws(OSMError) -> (String, Int) {
        var type: String?
        var dataSize: Int?
        var r = ProtobufReader(bytes)
        do {
            while let key = try r.readFieldKey() {
                switch (key.field, key.wireType) {
                case (1, .lengthDelimited): type = try r.readString()
                case (3, .varint): dataSize = Int(Int32(truncatingIfNeeded: try r.readVarint()))
                default: try r.skip(key.wireType)
                }
            }
        } catch {
            throw fail(.malformed, "BlobHeader does not parse: \(error.message) of the header", at: start)
        }
        guard let type else { throw fail(.malformed, "BlobHeader has no type", at: start) }
        guard let dataSize, dataSize >= 0 else {
            throw fail(.malformed, "BlobHeader has no (or a negative) datasize", at: start)
        }
        return (type, dataSize)
    }

    private func fail(_ kind: OSMError.Kind, _ detail: String, at offset: Int) -> OSMError {
        OSMError(kind, detail, file: file, offset: offset, blob: index)
    }
}
