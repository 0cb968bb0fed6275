import Foundation
import MapSnapGeometry

/// A tile that covers part of an image, and where it goes on the image.
///
/// Transform a tile-local point `(px, py)` of a layer with extent `E` to image points with
/// `origin + (px, py) · size / E` (see `imagePoint(_:extent:)`).
public struct CoveringTile: Hashable, Sendable {
    /// The tile to load from the source: x wrapped into `0 ..< 2^z`.
    public var id: TileID
    /// Which copy of the world the tile is drawn in: 0 for the canonical world, 1 for the copy
    /// east of the antimeridian, -1 for the one west of it, …
    public var wrap: Int
    /// Image position, in points, of the tile's top-left corner (tile-local (0, 0)).
    public var origin: Point
    /// Width and height of the tile on the image, in points: 512 when the camera zoom equals
    /// the tile zoom, up to 1024 before the next zoom's tiles take over, more when over-zoomed.
    public var size: Double

    public init(id: TileID, wrap: Int, origin: Point, size: Double) {
        self.id = id
        self.wrap = wrap
        self.origin = origin
        self.size = size
    }

    /// The column in the unwrapped world: `id.x + wrap · 2^z`.
    public var unwrappedX: Int { id.x &+ wrap &* (1 << Swift.max(0, Swift.min(id.z, 62))) }

    /// Image points per tile-local unit for a layer with `extent` units across the tile.
    public func scale(extent: Int) -> Double { size / Double(Swift.max(1, extent)) }

    /// The image position, in points, of a tile-local point of a layer with `extent`.
    public func imagePoint(_ p: TilePoint, extent: Int) -> Point {
        let s = scale(extent: extent)
        return Point(x: origin.x + Double(p.x) * s, y: origin.y + Double(p.y) * s)
    }

    /// The tile's square on the image, in points.
    public var frame: Rect { Rect(x: origin.x, y: origin.y, width: size, height: size) }
}

/// Which tiles cover a camera's image, the way MapLibre GL picks them for 512-point vector tiles.
public enum TileCover {
    /// The most tiles `tiles(for:minZoom:maxZoom:)` will return.
    public static let maxTileCount = 1 << 16

    /// The integer tile zoom for a camera zoom: `floor(zoom)`, clamped to the source's
    /// `minZoom…maxZoom`. Above `maxZoom` the source's deepest tiles are over-zoomed (drawn
    /// larger); below `minZoom` its shallowest tiles are drawn smaller (each zoom level below
    /// quadruples the tile count).
    public static func tileZoom(for zoom: Double, minZoom: Int, maxZoom: Int) -> Int {
        let lo = Swift.max(0, Swift.min(minZoom, TileID.maxZoom))
        let hi = Swift.max(lo, Swift.min(maxZoom, TileID.maxZoom))
        guard zoom.isFinite else { return lo }
        let z = zoom.rounded(.down)
        if z <= Double(lo) { return lo }
        if z >= Double(hi) { return hi }
        return Int(z)
    }

    /// Every tile that overlaps the image of `camera` (touching edges do not count), at the
    /// tile zoom `tileZoom(for: camera.zoom, …)`, ordered by row then unwrapped column.
    ///
    /// Columns past the antimeridian wrap: the same source tile may appear more than once, with
    /// different `wrap`, when the image shows more than one copy of the world. Rows stop at the
    /// poles of the Mercator square. Returns no tiles for an empty image, and for absurd
    /// requests that would need more than `maxTileCount` tiles.
    public static func tiles(for camera: Camera, minZoom: Int, maxZoom: Int) -> [CoveringTile] {
        tiles(for: camera, tileZoom: tileZoom(for: camera.zoom, minZoom: minZoom, maxZoom: maxZoom))
    }

    /// The tile zoom MapLibre GL uses for a raster source at camera `zoom`
    /// (https://maplibre.org/maplibre-style-spec/sources/#raster): the zoom at which one tile
    /// pixel is closest to one image point, `round(zoom + log2(512 / tileSize))` (256-pixel tiles
    /// come from one zoom deeper than 512-pixel ones), rounding halves up as JavaScript does.
    /// Above `maxZoom` the deepest tiles are over-zoomed; below `minZoom` there is nothing to
    /// draw (nil), as MapLibre draws nothing there.
    /// - Parameter tileSize: the source's `tileSize`, pixels (512 by default in the spec).
    public static func rasterTileZoom(for zoom: Double, tileSize: Double, minZoom: Int, maxZoom: Int) -> Int? {
        guard zoom.isFinite, tileSize.isFinite, tileSize > 0 else { return nil }
        // Never below zoom 0 (tiles larger than 512 pixels at low zooms).
        let ideal = Swift.max(0, (zoom + log2(WebMercator.tileSize / tileSize) + 0.5).rounded(.down))
        let lo = Swift.max(0, Swift.min(minZoom, TileID.maxZoom))
        let hi = Swift.max(lo, Swift.min(maxZoom, TileID.maxZoom))
        if ideal < Double(lo) { return nil }
        return ideal >= Double(hi) ? hi : Int(ideal)
    }

    /// The covering tiles of a raster source of `tileSize` pixels for `camera`, at
    /// `rasterTileZoom(for:tileSize:minZoom:maxZoom:)`; empty below the source's `minZoom`.
    public static func rasterTiles(for camera: Camera, tileSize: Double, minZoom: Int, maxZoom: Int)
        -> [CoveringTile]
    {
        guard let z = rasterTileZoom(for: camera.zoom, tileSize: tileSize, minZoom: minZoom, maxZoom: maxZoom)
        else { return [] }
        return tiles(for: camera, tileZoom: z)
    }

    /// Every tile of zoom `z` that overlaps the image of `camera`; see `tiles(for:minZoom:maxZoom:)`.
    public static func tiles(for camera: Camera, tileZoom z: Int) -> [CoveringTile] {
        guard z >= 0, z <= TileID.maxZoom else { return [] }
        let n = 1 << z
        let tileSize = WebMercator.tileSize * exp2(camera.zoom - Double(z))
        let width = camera.size.width
        let height = camera.size.height
        guard width > 0, height > 0, tileSize.isFinite, tileSize > 0 else { return [] }
        let o = camera.origin
        // Beyond these bounds the cover would be absurd (or the conversions to Int could trap).
        let limit = 1e9
        guard abs(o.x / tileSize) < limit, abs(o.y / tileSize) < limit, (o.x + width) / tileSize < limit,
            (o.y + height) / tileSize < limit
        else { return [] }
        let x0 = Int((o.x / tileSize).rounded(.down))
        let x1 = Int(((o.x + width) / tileSize).rounded(.up)) - 1
        let y0 = Swift.max(0, Int((o.y / tileSize).rounded(.down)))
        let y1 = Swift.min(n - 1, Int(((o.y + height) / tileSize).rounded(.up)) - 1)
        guard x0 <= x1, y0 <= y1, (x1 - x0 + 1) * (y1 - y0 + 1) <= maxTileCount else { return [] }
        var result: [CoveringTile] = []
        result.reserveCapacity((x1 - x0 + 1) * (y1 - y0 + 1))
        for y in y0...y1 {
            for ux in x0...x1 {
                // Floor division keeps the copy of the world (wrap) for negative columns too.
                let wrap = ux >= 0 ? ux / n : -((-ux - 1) / n) - 1
                let x = ux - wrap * n
                result.append(
                    CoveringTile(
                        id: TileID(z: z, x: x, y: y), wrap: wrap,
                        origin: Point(x: Double(ux) * tileSize - o.x, y: Double(y) * tileSize - o.y),
                        size: tileSize))
            }
        }
        return result
    }

    /// The covering tiles for `camera` within the zoom range of `source`.
    public static func tiles(for camera: Camera, source: some TileSource) -> [CoveringTile] {
        tiles(for: camera, minZoom: source.minZoom, maxZoom: source.maxZoom)
    }
}
