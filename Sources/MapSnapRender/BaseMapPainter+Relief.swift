import Foundation
import MapSnapGeometry
import MapSnapImage
import MapSnapStyle
import MapSnapTerrain
import MapSnapTiles

/// `hillshade` and `color-relief` layers (https://maplibre.org/maplibre-style-spec/layers/#hillshade,
/// …/#color-relief) over a `raster-dem` source, as MapLibre GL JS 5.24 draws them: the source's
/// tiles of the raster tile zoom (256-pixel tiles one zoom deeper), each with its neighbours'
/// border; per device pixel, a slope read bilinearly from MapLibre's 8-bit slope texture and
/// shaded by the layer's method (`HillshadeGradient`, `HillshadeShading`), or a height read
/// bilinearly and coloured through the layer's ramp (`ColorReliefRamp`). The layer is painted
/// over those below as one image (embedded as such in SVG and PDF).
extension BaseMapPainter {
    /// Draws `layer` (hillshade or color-relief); returns the warnings to report (at most one:
    /// the tiles that could not be read or decoded). True in `drew` when it painted something.
    mutating func drawRelief(_ layer: StyleLayer) -> (drew: Bool, warnings: [String]) {
        guard let sourceID = layer.source, let tiles = map.demSources[sourceID] else { return (false, []) }
        let ctx = EvaluationContext(zoom: camera.zoom)
        guard
            let z = TileCover.rasterTileZoom(
                for: camera.zoom, tileSize: tiles.tileSize, minZoom: tiles.minZoom, maxZoom: tiles.maxZoom)
        else { return (false, []) }
        let nearest = layer.paint.enumValue(.resampling, ctx) == "nearest"
        var relief = ReliefCanvas(
            width: Int((camera.size.width * camera.scale).rounded()),
            height: Int((camera.size.height * camera.scale).rounded()), colorTables: tiles.colorTables)
        let paint = ReliefPaint(layer, ctx)
        guard !paint.isInvisible else { return (false, []) }
        var failed: [TileSourceError] = []
        for tile in TileCover.tiles(for: camera, tileZoom: z) {
            let found: (tile: DEMTile, id: TileID)?
            do {
                found = try Self.demTile(tile.id, in: tiles)
            } catch {
                failed.append(error)
                continue
            }
            guard let (dem, id) = found else { continue }
            let frame = reliefFrame(tile, drawn: id)
            switch paint {
            case .hillshade(let shading):
                guard let gradient = try? tiles.gradient(id) else { continue }
                relief.shade(gradient, with: shading, frame: frame, nearest: nearest)
            case .colorRelief(let ramp, let opacity):
                relief.colorRelief(dem, ramp: ramp, opacity: opacity, frame: frame, nearest: nearest)
            }
        }
        relief.finish()
        var warnings: [String] = []
        if let first = failed.first {
            let count = failed.count == 1 ? "a tile was" : "\(failed.count) tiles were"
            warnings.append("source \"\(sourceID)\": \(count) not drawn (\(first.description))")
        }
        guard !relief.isEmpty else { return (false, warnings) }
        let image = RasterTileImage(width: relief.width, height: relief.height, pixels: relief.pixels)
        canvas.drawTile(
            image, in: Rect(x: 0, y: 0, width: camera.size.width, height: camera.size.height), opacity: 1,
            resampling: .nearest)
        return (true, warnings)
    }

    /// The tile at `id`, or where the source has none, its nearest ancestor that it has (as
    /// MapLibre keeps a loaded parent where a child is missing), with the id it was found at.
    static func demTile(_ id: TileID, in tiles: DEMTileSet) throws(TileSourceError) -> (DEMTile, TileID)? {
        var current = id
        while true {
            if let tile = try tiles.tile(current) { return (tile, current) }
            guard current.z > tiles.minZoom else { return nil }
            current = TileID(z: current.z - 1, x: current.x / 2, y: current.y / 2)
        }
    }

    /// Where the tile `drawn` (the covering `tile` or an ancestor of it) lies in device pixels,
    /// clipped to `tile`'s square, and the latitudes of its edges.
    private func reliefFrame(_ tile: CoveringTile, drawn: TileID) -> ReliefCanvas.TileFrame {
        let n = Double(1 << drawn.z)
        let north = WebMercator.coordinate(unitX: 0, unitY: Double(drawn.y) / n).latitude
        let south = WebMercator.coordinate(unitX: 0, unitY: Double(drawn.y + 1) / n).latitude
        let s = camera.scale
        let levels = tile.id.z - drawn.z
        guard levels > 0 else {
            return ReliefCanvas.TileFrame(
                x: tile.origin.x * s, y: tile.origin.y * s, size: tile.size * s, north: north, south: south)
        }
        let k = 1 << levels
        let size = tile.size * Double(k)
        let x = tile.origin.x - Double(tile.id.x - drawn.x * k) * tile.size
        let y = tile.origin.y - Double(tile.id.y - drawn.y * k) * tile.size
        return ReliefCanvas.TileFrame(
            x: x * s, y: y * s, size: size * s, north: north, south: south,
            clip: (tile.origin.x * s, tile.origin.y * s, tile.size * s))
    }
}

/// What a hillshade or color-relief layer paints, read from its paint properties once.
enum ReliefPaint {
    case hillshade(HillshadeShading)
    case colorRelief(ColorReliefRamp, opacity: Float)

    init(_ layer: StyleLayer, _ ctx: EvaluationContext) {
        if layer.type == .colorRelief {
            self = .colorRelief(
                Self.ramp(layer, ctx), opacity: Float(min(1, max(0, layer.paint.number(.colorReliefOpacity, ctx)))))
            return
        }
        let p = layer.paint
        let method = HillshadeShading.Method(rawValue: p.enumValue(.hillshadeMethod, ctx)) ?? .standard
        var directions = p.numbers(.hillshadeIlluminationDirection, ctx)
        var altitudes = p.numbers(.hillshadeIlluminationAltitude, ctx)
        var shadows = p.colors(.hillshadeShadowColor, ctx)
        var highlights = p.colors(.hillshadeHighlightColor, ctx)
        // As MapLibre's getIlluminationProperties: every list padded with its last value.
        let count = max(1, directions.count, altitudes.count, shadows.count, highlights.count)
        func pad<T>(_ list: inout [T], _ fallback: T) {
            let last = list.last ?? fallback
            while list.count < count { list.append(last) }
        }
        pad(&directions, 335)
        pad(&altitudes, 45)
        pad(&shadows, Color(red: 0, green: 0, blue: 0))
        pad(&highlights, Color(red: 1, green: 1, blue: 1))
        let lights = (0..<count).map { i in
            HillshadeShading.Light(
                azimuth: Float(directions[i] * .pi / 180), altitude: Float(altitudes[i] * .pi / 180),
                shadow: Self.premultiplied(shadows[i]), highlight: Self.premultiplied(highlights[i]))
        }
        self = .hillshade(
            HillshadeShading(
                method: method, lights: lights, accent: Self.premultiplied(p.color(.hillshadeAccentColor, ctx)),
                exaggeration: Float(min(1, max(0, p.number(.hillshadeExaggeration, ctx))))))
    }

    /// Whether the layer paints nothing at all.
    var isInvisible: Bool {
        switch self {
        case .hillshade(let s): return s.exaggeration == 0
        case .colorRelief(_, let opacity): return opacity == 0
        }
    }

    /// `color-relief-color` at the stops of its outermost `interpolate` (see `ColorReliefRamp`).
    static func ramp(_ layer: StyleLayer, _ zoom: EvaluationContext) -> ColorReliefRamp {
        let property = StyleProperty.colorReliefColor
        guard case .expression(let e)? = layer.paint[property], let stops = e.interpolationStops else {
            return ColorReliefRamp(stops: [])
        }
        return ColorReliefRamp(
            stops: stops.map { elevation in
                var ctx = zoom
                ctx.elevation = elevation
                return (elevation, premultiplied(layer.paint.color(property, ctx)))
            })
    }

    static func premultiplied(_ c: Color) -> SIMD4<Float> {
        let a = Float(min(1, max(0, c.alpha)))
        return SIMD4(Float(c.red) * a, Float(c.green) * a, Float(c.blue) * a, a)
    }
}
