import Foundation
import MapSnapGeometry
import MapSnapIO
import MapSnapImage
import MapSnapTiles

/// The tiles of one raster source (https://maplibre.org/maplibre-style-spec/sources/#raster)
/// and a least-recently-used cache of them decoded, shared by every image drawn with the same
/// `BaseMap`.
///
/// Tiles come from any `TileSource`: URL templates of local files (`TemplateTileSource`), an
/// MBTiles or a PMTiles archive of PNG or JPEG tiles. Missing tiles and tiles that do not
/// decode are cached too (the second with their error), so they are read once.
/// Thread-safe.
public final class RasterTileSet: Sendable {
    /// Where the encoded tiles come from.
    public let source: any TileSource
    /// The source's `tileSize`: the tile's width in screen pixels at the zoom it is made for
    /// (default 512 for raster sources; 256-pixel tiles are taken from one zoom deeper).
    public let tileSize: Double
    /// Lowest tile zoom with tiles: below it nothing is drawn.
    public let minZoom: Int
    /// Highest tile zoom with tiles: above it these tiles are over-zoomed (drawn larger).
    public let maxZoom: Int
    /// The area with tiles (WGS 84 degrees); tiles outside it are not requested.
    public let bounds: BoundingBox?

    private let cache: Locked<LRUCache<TileID, Entry>>

    private enum Entry: Sendable {
        case missing
        case image(RasterTileImage)
        case failed(TileSourceError)
    }

    /// - Parameters:
    ///   - source: the tile store.
    ///   - tileSize: the style source's `tileSize`, pixels.
    ///   - minZoom, maxZoom: the zoom range with tiles (the style's, narrowed by the store's).
    ///   - bounds: the style source's `bounds`, when it has one.
    ///   - capacity: most decoded tiles kept (default 64, about 64 MiB of 512-pixel tiles).
    public init(
        source: any TileSource, tileSize: Double = 512, minZoom: Int = 0, maxZoom: Int = 22,
        bounds: BoundingBox? = nil, capacity: Int = 64
    ) {
        self.source = source
        self.tileSize = tileSize.isFinite && tileSize > 0 ? tileSize : 512
        self.minZoom = max(0, minZoom)
        self.maxZoom = max(max(0, minZoom), maxZoom)
        self.bounds = bounds
        self.cache = Locked(LRUCache(capacity: capacity))
    }

    /// The decoded tile at `id`, or nil when the source has none there (or `id` lies outside
    /// `bounds`).
    /// - Throws: `TileSourceError` naming the source when the tile cannot be read or decoded.
    public func image(_ id: TileID) throws(TileSourceError) -> RasterTileImage? {
        let cached = cache.withLock { $0.get(id) }
        let entry = cached ?? load(id)
        if cached == nil { cache.withLock { $0.put(id, entry) } }
        switch entry {
        case .missing: return nil
        case .image(let image): return image
        case .failed(let error): throw error
        }
    }

    private func load(_ id: TileID) -> Entry {
        guard contains(id) else { return .missing }
        let bytes: [UInt8]?
        do {
            bytes = try source.tileData(id)
        } catch let error as TileSourceError {
            return .failed(error)
        } catch {
            return .failed(TileSourceError(path: source.sourceName, "tile \(id): \(error)"))
        }
        guard let bytes else { return .missing }
        do {
            return .image(try RasterTileImage(decoding: bytes))
        } catch {
            return .failed(TileSourceError(path: source.sourceName, "tile \(id): \(error.description)"))
        }
    }

    /// Whether tile `id` overlaps `bounds` (always, without bounds), as MapLibre's `TileBounds`
    /// decides it.
    public func contains(_ id: TileID) -> Bool {
        guard id.isValid else { return false }
        guard let b = bounds else { return true }
        let n = Double(1 << id.z)
        let nw = WebMercator.unitPoint(Coordinate(latitude: min(b.north, WebMercator.maxLatitude), longitude: b.west))
        let se = WebMercator.unitPoint(Coordinate(latitude: max(b.south, -WebMercator.maxLatitude), longitude: b.east))
        let minX = (nw.x * n).rounded(.down)
        let minY = (nw.y * n).rounded(.down)
        let maxX = (se.x * n).rounded(.up)
        let maxY = (se.y * n).rounded(.up)
        let x = Double(id.x)
        let y = Double(id.y)
        return x >= minX && x < maxX && y >= minY && y < maxY
    }

    /// Decoded tiles and missing-tile markers currently cached.
    public var cachedCount: Int { cache.withLock { $0.count } }
}
