import MapSnapGeometry

/// A violation of the PMTiles v3 format (header, directories, offsets). The reader reports it
/// as a `TileSourceError` naming the file.
public struct PMTilesFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// The compression enum of a PMTiles header (spec 3.3).
public enum PMTilesCompression: UInt8, Sendable, CustomStringConvertible {
    case unknown = 0
    case none = 1
    case gzip = 2
    case brotli = 3
    case zstd = 4

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .none: "none"
        case .gzip: "gzip"
        case .brotli: "brotli"
        case .zstd: "zstd"
        }
    }
}

/// The tile type enum of a PMTiles header.
public enum PMTilesTileType: UInt8, Sendable {
    case unknown = 0
    case mvt = 1
    case png = 2
    case jpeg = 3
    case webp = 4
    case avif = 5
}

/// The fixed 127-byte header of a PMTiles v3 archive (little-endian integers).
///
/// Spec: https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md#3-header. Offsets are
/// from the start of the file; lengths are in bytes.
public struct PMTilesHeader: Sendable, Equatable {
    /// Size of the header in bytes.
    public static let size = 127

    public var rootDirectoryOffset: UInt64
    public var rootDirectoryLength: UInt64
    public var metadataOffset: UInt64
    public var metadataLength: UInt64
    public var leafDirectoriesOffset: UInt64
    public var leafDirectoriesLength: UInt64
    public var tileDataOffset: UInt64
    public var tileDataLength: UInt64
    /// Tiles before run-length encoding (0 = unknown).
    public var addressedTilesCount: UInt64
    /// Directory entries with run length > 0 (0 = unknown).
    public var tileEntriesCount: UInt64
    /// Distinct tile blobs (0 = unknown).
    public var tileContentsCount: UInt64
    /// True when tile data is ordered by tile id.
    public var clustered: Bool
    /// Compression of the directories and the metadata.
    public var internalCompression: PMTilesCompression
    /// Compression of every tile.
    public var tileCompression: PMTilesCompression
    public var tileType: PMTilesTileType
    public var minZoom: Int
    public var maxZoom: Int
    /// Min/max positions (degrees; stored as integers × 10^7).
    public var bounds: BoundingBox
    public var centerZoom: Int
    public var center: Coordinate

    /// Parses and validates the first 127 bytes of an archive.
    ///
    /// - Throws: `PMTilesFormatError` for a short header, a wrong magic number, a version other
    ///   than 3, unknown enum values or min zoom > max zoom.
    public init(_ bytes: [UInt8]) throws(PMTilesFormatError) {
        guard bytes.count >= Self.size else {
            throw PMTilesFormatError("file is too short for a PMTiles header (\(bytes.count) of 127 bytes)")
        }
        let magic: [UInt8] = Array("PMTiles".utf8)
        guard Array(bytes[0..<7]) == magic else {
            if bytes[0] == UInt8(ascii: "P") && bytes[1] == UInt8(ascii: "M") && bytes[2] < 3 {
                throw PMTilesFormatError("PMTiles version \(bytes[2]) is not supported (only version 3)")
            }
            throw PMTilesFormatError("not a PMTiles file (no \"PMTiles\" magic number)")
        }
        guard bytes[7] == 3 else {
            throw PMTilesFormatError("PMTiles version \(bytes[7]) is not supported (only version 3)")
        }
        func u64(_ at: Int) -> UInt64 {
            var v: UInt64 = 0
            for k in 0..<8 { v |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
            return v
        }
        func degrees(_ at: Int) -> Double {
            var v: UInt32 = 0
            for k in 0..<4 { v |= UInt32(bytes[at + k]) << (8 * UInt32(k)) }
            return Double(Int32(bitPattern: v)) / 10_000_000
        }
        func compression(_ at: Int, _ what: String) throws(PMTilesFormatError) -> PMTilesCompression {
            guard let c = PMTilesCompression(rawValue: bytes[at]) else {
                throw PMTilesFormatError("unknown \(what) compression \(bytes[at]) in the header")
            }
            return c
        }
        rootDirectoryOffset = u64(8)
        rootDirectoryLength = u64(16)
        metadataOffset = u64(24)
        metadataLength = u64(32)
        leafDirectoriesOffset = u64(40)
        leafDirectoriesLength = u64(48)
        tileDataOffset = u64(56)
        tileDataLength = u64(64)
        addressedTilesCount = u64(72)
        tileEntriesCount = u64(80)
        tileContentsCount = u64(88)
        clustered = bytes[96] == 1
        internalCompression = try compression(97, "internal")
        tileCompression = try compression(98, "tile")
        tileType = PMTilesTileType(rawValue: bytes[99]) ?? .unknown
        minZoom = Int(bytes[100])
        maxZoom = Int(bytes[101])
        bounds = BoundingBox(west: degrees(102), south: degrees(106), east: degrees(110), north: degrees(114))
        centerZoom = Int(bytes[118])
        center = Coordinate(latitude: degrees(123), longitude: degrees(119))
        guard minZoom <= maxZoom else {
            throw PMTilesFormatError("min zoom \(minZoom) is greater than max zoom \(maxZoom)")
        }
        guard maxZoom <= TileID.maxZoom else {
            throw PMTilesFormatError("max zoom \(maxZoom) is beyond \(TileID.maxZoom)")
        }
        guard rootDirectoryLength > 0 else { throw PMTilesFormatError("the root directory is empty (length 0)") }
    }

    /// Checks that every section lies inside a file of `fileSize` bytes.
    func validateSections(fileSize: UInt64) throws(PMTilesFormatError) {
        let sections: [(String, UInt64, UInt64)] = [
            ("root directory", rootDirectoryOffset, rootDirectoryLength),
            ("metadata", metadataOffset, metadataLength),
            ("leaf directories", leafDirectoriesOffset, leafDirectoriesLength),
            ("tile data", tileDataOffset, tileDataLength),
        ]
        for (name, offset, length) in sections {
            let (end, overflow) = offset.addingReportingOverflow(length)
            guard !overflow, end <= fileSize else {
                throw PMTilesFormatError(
                    "the \(name) section (offset \(offset), length \(length)) runs past the end of the file (\(fileSize) bytes)"
                )
            }
        }
    }
}
