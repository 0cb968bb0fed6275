import MapSnapGeometry
import MapSnapIO
import MapSnapJSON

/// Reads tiles from a PMTiles v3 archive on disk.
///
/// Spec: https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md. Opening reads and
/// validates the 127-byte header, the root directory and the JSON metadata; tiles and leaf
/// directories are read on demand with `pread` (ranged reads, no memory map). Decoded leaf
/// directories are kept in a small LRU cache. Internal and tile compression: none or gzip
/// (brotli and zstd archives are rejected when opened).
///
/// Thread-safety: all methods may be called from any thread at the same time (reads use
/// `pread`; the leaf cache is behind a mutex).
public final class PMTilesReader: TileSource {
    /// The path the reader was opened with; errors name it.
    public let path: String
    /// The parsed header.
    public let header: PMTilesHeader
    /// The decoded root directory.
    public let rootDirectory: [PMTilesEntry]
    /// The JSON metadata text (decompressed); "" when the archive has none.
    public let metadataJSON: String
    /// `name`, `description` and `attribution` from the metadata, when present.
    public let name: String?
    public let metadataDescription: String?
    public let attribution: String?
    /// `vector_layers` from the metadata (also found inside a nested `json` string, as archives
    /// converted from MBTiles have it).
    public let vectorLayers: [VectorLayerInfo]
    /// Why `metadataJSON` could not be read as a JSON object (with the line and column in it),
    /// nil when it could or is empty; the fields above are then absent.
    public let metadataError: JSONParseError?
    /// Cap on one tile's decompressed size in bytes (see `Gzip.decompress`).
    public let maxTileBytes: Int
    /// How many decoded leaf directories the cache keeps.
    public let leafCacheCapacity: Int

    private let file: RandomAccessFile
    private let leafCache: Locked<LeafCache>

    /// Leaf directories nest at most this deep below the root (the spec discourages more than one level).
    static let maxDirectoryDepth = 4
    /// Cap on a decompressed directory or metadata blob.
    static let maxInternalBytes = 64 << 20

    /// Opens `path`, reading the header, the root directory and the metadata.
    ///
    /// - Parameters:
    ///   - maxTileBytes: cap on a tile's decompressed size (default 64 MiB).
    ///   - leafCacheCapacity: decoded leaf directories to keep (default 64).
    /// - Throws: `TileSourceError` naming the file: missing file, not PMTiles (bad magic), a
    ///   version other than 3, unsupported compression, sections outside the file, a damaged
    ///   root directory.
    public init(path: String, maxTileBytes: Int = Gzip.defaultMaxOutputBytes, leafCacheCapacity: Int = 64)
        throws(TileSourceError)
    {
        self.path = path
        self.maxTileBytes = maxTileBytes
        self.leafCacheCapacity = Swift.max(1, leafCacheCapacity)
        let file = try TileSourceError.wrap { () throws(FileError) in try RandomAccessFile(path: path) }
        self.file = file
        guard file.size >= UInt64(PMTilesHeader.size) else {
            throw TileSourceError(path: path, "file is too short for a PMTiles header (\(file.size) of 127 bytes)")
        }
        let header: PMTilesHeader
        let headerBytes = try TileSourceError.wrap { () throws(FileError) in
            try file.read(offset: 0, length: UInt64(PMTilesHeader.size), what: "the header")
        }
        do throws(PMTilesFormatError) {
            header = try PMTilesHeader(headerBytes)
            try header.validateSections(fileSize: file.size)
            for (what, c) in [("internal", header.internalCompression), ("tile", header.tileCompression)]
            where c == .brotli || c == .zstd {
                throw PMTilesFormatError("\(what) compression \(c) is not supported (only gzip or none)")
            }
        } catch {
            throw TileSourceError(path: path, error.message)
        }
        self.header = header

        let rootBytes = try TileSourceError.wrap { () throws(FileError) in
            try file.read(
                offset: header.rootDirectoryOffset, length: header.rootDirectoryLength, what: "the root directory")
        }
        do throws(PMTilesFormatError) {
            self.rootDirectory = try PMTilesDirectory.decode(
                Self.decompressInternal(rootBytes, header.internalCompression, "the root directory"))
        } catch {
            throw TileSourceError(path: path, "root directory: \(error.message)")
        }

        var json = ""
        if header.metadataLength > 0 {
            let raw = try TileSourceError.wrap { () throws(FileError) in
                try file.read(offset: header.metadataOffset, length: header.metadataLength, what: "the metadata")
            }
            do throws(PMTilesFormatError) {
                let text = try Self.decompressInternal(raw, header.internalCompression, "the metadata")
                json = String(decoding: text, as: UTF8.self)
            } catch {
                throw TileSourceError(path: path, "metadata: \(error.message)")
            }
        }
        self.metadataJSON = json
        let metadata = TileJSONInfo.Document(json)
        self.name = metadata.string("name")
        self.metadataDescription = metadata.string("description")
        self.attribution = metadata.string("attribution")
        self.vectorLayers = metadata.vectorLayers
        self.metadataError = metadata.error
        self.leafCache = Locked(LeafCache())
    }

    public var minZoom: Int { header.minZoom }
    public var maxZoom: Int { header.maxZoom }
    public var bounds: BoundingBox? { header.bounds }
    public var sourceName: String { path }

    /// The directory entry of the tile with PMTiles id `tileID` (following leaf directories),
    /// or nil when the archive has no such tile.
    public func entry(forTileID tileID: UInt64) throws(TileSourceError) -> PMTilesEntry? {
        var directory = rootDirectory
        for _ in 0..<Self.maxDirectoryDepth {
            guard let e = PMTilesDirectory.find(directory, tileID: tileID) else { return nil }
            if !e.isLeafDirectory { return e }
            directory = try leafDirectory(e)
        }
        throw TileSourceError(path: path, "leaf directories nest deeper than \(Self.maxDirectoryDepth - 1) levels")
    }

    /// The tile's bytes as stored (compressed with `header.tileCompression`), or nil when the
    /// archive has no tile at z/x/y (XYZ scheme).
    public func tile(z: Int, x: Int, y: Int) throws(TileSourceError) -> [UInt8]? {
        guard let id = TileID(z: z, x: x, y: y).pmtilesID, let e = try entry(forTileID: id) else { return nil }
        let (end, overflow) = e.offset.addingReportingOverflow(UInt64(e.length))
        guard !overflow, end <= header.tileDataLength else {
            throw TileSourceError(path: path, "tile \(z)/\(x)/\(y): its entry points outside the tile data section")
        }
        return try TileSourceError.wrap { () throws(FileError) in
            try file.read(
                offset: header.tileDataOffset + e.offset, length: UInt64(e.length), what: "tile \(z)/\(x)/\(y)")
        }
    }

    /// The tile's bytes decompressed, or nil when the archive has no tile at z/x/y.
    /// - Throws: `TileSourceError` for read errors and damaged or oversized compressed data.
    public func tileData(z: Int, x: Int, y: Int) throws -> [UInt8]? {
        guard let raw = try tile(z: z, x: x, y: y) else { return nil }
        do {
            switch header.tileCompression {
            case .gzip: return try Gzip.decompress(raw, maxOutputBytes: maxTileBytes)
            case .none: return raw
            default: return try Gzip.decompressIfNeeded(raw, maxOutputBytes: maxTileBytes)
            }
        } catch {
            throw TileSourceError(path: path, "tile \(z)/\(x)/\(y): \(error.message)")
        }
    }

    // MARK: - Directories

    private func leafDirectory(_ e: PMTilesEntry) throws(TileSourceError) -> [PMTilesEntry] {
        let capacity = leafCacheCapacity
        if let cached = leafCache.withLock({ $0.get(e.offset) }) { return cached }
        let (end, overflow) = e.offset.addingReportingOverflow(UInt64(e.length))
        guard !overflow, end <= header.leafDirectoriesLength else {
            throw TileSourceError(path: path, "a leaf directory entry points outside the leaf directories section")
        }
        let raw = try TileSourceError.wrap { () throws(FileError) in
            try file.read(
                offset: header.leafDirectoriesOffset + e.offset, length: UInt64(e.length), what: "a leaf directory")
        }
        let entries: [PMTilesEntry]
        do throws(PMTilesFormatError) {
            entries = try PMTilesDirectory.decode(
                Self.decompressInternal(raw, header.internalCompression, "a leaf directory"))
        } catch {
            throw TileSourceError(path: path, "leaf directory at offset \(e.offset): \(error.message)")
        }
        leafCache.withLock { $0.put(e.offset, entries, capacity: capacity) }
        return entries
    }

    /// Number of decoded leaf directories in the cache (for tests and diagnostics).
    public var cachedLeafDirectoryCount: Int { leafCache.withLock { $0.count } }

    private static func decompressInternal(_ bytes: [UInt8], _ c: PMTilesCompression, _ what: String)
        throws(PMTilesFormatError) -> [UInt8]
    {
        do {
            switch c {
            case .gzip: return try Gzip.decompress(bytes, maxOutputBytes: maxInternalBytes)
            case .none: return bytes
            default: return try Gzip.decompressIfNeeded(bytes, maxOutputBytes: maxInternalBytes)
            }
        } catch {
            throw PMTilesFormatError("cannot decompress \(what): \(error.message)")
        }
    }
}

/// A small LRU of decoded leaf directories keyed by their offset in the leaf section.
struct LeafCache {
    private var entries: [UInt64: (directory: [PMTilesEntry], lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    var count: Int { entries.count }

    mutating func get(_ offset: UInt64) -> [PMTilesEntry]? {
        guard let hit = entries[offset] else { return nil }
        clock += 1
        entries[offset] = (hit.directory, clock)
        return hit.directory
    }

    mutating func put(_ offset: UInt64, _ directory: [PMTilesEntry], capacity: Int) {
        clock += 1
        if entries[offset] == nil && entries.count >= capacity,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            entries[oldest] = nil
        }
        entries[offset] = (directory, clock)
    }
}
