import MapSnapGeometry
import MapSnapIO

/// A local store of vector tiles addressed by z/x/y (XYZ scheme): an MBTiles or a PMTiles file.
///
/// Implementations here (`MBTilesReader`, `PMTilesReader`) are thread-safe: one reader can be
/// shared by every thread of a process.
public protocol TileSource: Sendable {
    /// Lowest zoom with tiles.
    var minZoom: Int { get }
    /// Highest zoom with tiles; cameras zoomed further in draw these tiles over-zoomed.
    var maxZoom: Int { get }
    /// The area the tiles cover (WGS 84 degrees), when the file says.
    var bounds: BoundingBox? { get }
    /// Attribution text to show with the map (may be HTML), when the file has one.
    var attribution: String? { get }
    /// The vector layers the file declares (TileJSON `vector_layers`); empty when it does not say.
    var vectorLayers: [VectorLayerInfo] { get }
    /// How errors name this source: the file path for the readers here.
    var sourceName: String { get }

    /// The tile's MVT bytes, decompressed; nil when the source has no tile at that address
    /// (including addresses outside `0 ..< 2^z`).
    /// - Throws: `TileSourceError` (naming the file) when the tile cannot be read or inflated.
    func tileData(z: Int, x: Int, y: Int) throws -> [UInt8]?
}

extension TileSource {
    /// The tile's MVT bytes for `id`; see `tileData(z:x:y:)`.
    public func tileData(_ id: TileID) throws -> [UInt8]? {
        try tileData(z: id.z, x: id.x, y: id.y)
    }

    /// Reads and decodes a tile (only `layers`, when given); nil when the source has no such tile.
    /// - Throws: `TileSourceError` for read and decompression failures and for undecodable tiles.
    public func vectorTile(_ id: TileID, layers: Set<String>? = nil) throws -> VectorTile? {
        guard let data = try tileData(id) else { return nil }
        do {
            return try VectorTile(decoding: data, layers: layers)
        } catch {
            throw TileSourceError(path: sourceName, "tile \(id): \(error.message)")
        }
    }

    public var sourceName: String { String(describing: Self.self) }
}

/// An error of a tile source, naming the file: `monaco.pmtiles: not a PMTiles file (bad magic)`.
public struct TileSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (path as given when opening).
    public let path: String
    /// What went wrong, without the path.
    public let message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }

    /// Runs `body`, turning a `FileError` into a `TileSourceError` for the same path.
    static func wrap<T>(_ body: () throws(FileError) -> T) throws(TileSourceError) -> T {
        do { return try body() } catch { throw TileSourceError(path: error.path, error.reason) }
    }
}

/// One entry of TileJSON `vector_layers` (https://github.com/mapbox/tilejson-spec/tree/master/3.0.0#33-vector_layers):
/// a layer a vector tileset provides.
public struct VectorLayerInfo: Hashable, Sendable {
    /// The layer name as used in the tiles.
    public var id: String
    /// Attribute names and their declared types (`"String"`, `"Number"`, `"Boolean"` or a description).
    public var fields: [String: String]
    public var minZoom: Int?
    public var maxZoom: Int?
    public var description: String?

    public init(
        id: String, fields: [String: String] = [:], minZoom: Int? = nil, maxZoom: Int? = nil, description: String? = nil
    ) {
        self.id = id
        self.fields = fields
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.description = description
    }
}
