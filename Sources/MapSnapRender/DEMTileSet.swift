import Foundation
import MapSnapIO
import MapSnapImage
import MapSnapTerrain
import MapSnapTiles

/// The elevation tiles of one `raster-dem` source (https://maplibre.org/maplibre-style-spec/sources/#raster-dem),
/// decoded into heights and given MapLibre's one-pixel border from their eight neighbours, so
/// that slopes and colours run on without seams across tile edges; or the same tiles made
/// from an elevation model (`--dem` files) by `make`. Shared by every image drawn with the same
/// `BaseMap`; thread-safe.
public final class DEMTileSet: Sendable {
    /// The source's `tileSize` (default 512), pixels: which zoom of tiles covers an image.
    public let tileSize: Double
    public let minZoom: Int
    public let maxZoom: Int
    /// Where the tiles come from, for messages.
    public let name: String

    /// Makes the tile at an id without its neighbours' border (nil where there is none).
    public typealias Maker = @Sendable (TileID) throws(TileSourceError) -> DEMTile?

    private let make: Maker
    /// Slopes prepared per tile and zoom, as MapLibre keeps a tile's prepared hillshade texture.
    private let gradients: Locked<LRUCache<GradientKey, HillshadeGradient>>

    private struct GradientKey: Hashable {
        var id: TileID
        var zoom: Int
    }
    /// Hillshade colours of slope pairs, kept between images (see `HillshadeColorTable`).
    public let colorTables = HillshadeColorTables()
    private let raw: Locked<LRUCache<TileID, Entry>>
    private let bordered: Locked<LRUCache<TileID, Entry>>

    private enum Entry: Sendable {
        case missing
        case tile(DEMTile)
        case failed(TileSourceError)
    }

    /// Tiles made by `make`, `minZoom`…`maxZoom`, `tileSize` pixels at their zoom.
    public init(name: String, tileSize: Double, minZoom: Int, maxZoom: Int, capacity: Int = 64, make: @escaping Maker) {
        self.name = name
        self.tileSize = tileSize.isFinite && tileSize > 0 ? tileSize : 512
        self.minZoom = max(0, minZoom)
        self.maxZoom = max(self.minZoom, maxZoom)
        self.make = make
        raw = Locked(LRUCache(capacity: capacity * 2))
        bordered = Locked(LRUCache(capacity: capacity))
        gradients = Locked(LRUCache(capacity: capacity))
    }

    /// The slopes of the tile at `id` (see `HillshadeGradient`, at zoom `id.z`), made once and
    /// kept; nil where the source has no tile.
    /// - Throws: `TileSourceError` when the tile cannot be read or decoded.
    public func gradient(_ id: TileID) throws(TileSourceError) -> HillshadeGradient? {
        let key = GradientKey(id: id, zoom: id.z)
        if let hit = gradients.withLock({ $0.get(key) }) { return hit }
        guard let tile = try tile(id) else { return nil }
        let g = HillshadeGradient(tile: tile, zoom: id.z)
        gradients.withLock { $0.put(key, g) }
        return g
    }

    /// The tiles of a raster tile set decoded with `encoding` (Terrain-RGB, Terrarium, custom).
    public convenience init(images: RasterTileSet, encoding: DEMEncoding) {
        self.init(
            name: images.source.sourceName, tileSize: images.tileSize, minZoom: images.minZoom,
            maxZoom: images.maxZoom
        ) { id throws(TileSourceError) in
            guard let image = try images.image(id) else { return nil }
            do throws(DEMError) {
                return try DEMTile(image: image, encoding: encoding)
            } catch {
                throw TileSourceError(path: images.source.sourceName, "tile \(id): \(error.description)")
            }
        }
    }

    /// The tile at `id` with its border filled from the neighbours that exist (edges copied
    /// where a neighbour is missing), or nil when the source has no tile there.
    /// - Throws: `TileSourceError` when the tile cannot be read or decoded.
    public func tile(_ id: TileID) throws(TileSourceError) -> DEMTile? {
        if let hit = bordered.withLock({ $0.get(id) }) { return try Self.unwrap(hit) }
        let entry: Entry
        do throws(TileSourceError) {
            if var tile = try rawTile(id) {
                backfill(&tile, id)
                entry = .tile(tile)
            } else {
                entry = .missing
            }
        } catch {
            entry = .failed(error)
        }
        bordered.withLock { $0.put(id, entry) }
        return try Self.unwrap(entry)
    }

    private func backfill(_ tile: inout DEMTile, _ id: TileID) {
        let n = 1 << id.z
        for dy in -1...1 {
            for dx in -1...1 where dx != 0 || dy != 0 {
                let y = id.y + dy
                guard y >= 0, y < n else { continue }
                let x = ((id.x + dx) % n + n) % n
                if let neighbour = try? rawTile(TileID(z: id.z, x: x, y: y)) {
                    tile.backfillBorder(from: neighbour, dx: dx, dy: dy)
                }
            }
        }
    }

    /// The tile at `id` as made, its border not yet filled from the neighbours.
    package func rawTile(_ id: TileID) throws(TileSourceError) -> DEMTile? {
        if let hit = raw.withLock({ $0.get(id) }) { return try Self.unwrap(hit) }
        let entry: Entry
        do throws(TileSourceError) {
            entry = try make(id).map(Entry.tile) ?? .missing
        } catch {
            entry = .failed(error)
        }
        raw.withLock { $0.put(id, entry) }
        return try Self.unwrap(entry)
    }

    private static func unwrap(_ entry: Entry) throws(TileSourceError) -> DEMTile? {
        switch entry {
        case .missing: return nil
        case .tile(let t): return t
        case .failed(let e): throw e
        }
    }
}
