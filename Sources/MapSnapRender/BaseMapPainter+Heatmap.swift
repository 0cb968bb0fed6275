import Foundation
import MapSnapFormats
import MapSnapGeometry
import MapSnapImage
import MapSnapRaster
import MapSnapStyle
import MapSnapTiles

/// Heatmap layers (https://maplibre.org/maplibre-style-spec/layers/#heatmap), as MapLibre GL JS
/// draws them: every vertex of the source's features (points, and the vertices of lines and
/// polygons, as its heatmap bucket takes them) adds a Gaussian kernel of `heatmap-radius`
/// (points, so × the image scale in device pixels) and `heatmap-weight` × `heatmap-intensity`
/// to a density (`HeatmapAccumulator`); the density is coloured through `heatmap-color` (a
/// 256-entry ramp of `["heatmap-density"]`, `HeatmapRamp`) times `heatmap-opacity`, and the
/// result is painted over the layers below as one image (embedded as such in SVG and PDF).
///
/// Points come from every tile covering the image, each from the tile it lies in (a point in a
/// tile's buffer belongs to the neighbour), so points off the image still warm its edges; a
/// GeoJSON source's points all count, the accumulator dropping those whose kernel misses it.
extension BaseMapPainter {
    /// Draws `layer` (a heatmap layer) from its vector or GeoJSON source; `group` is its filter
    /// group (see `FeatureFilter.groups`). True when it drew something.
    mutating func drawHeatmap(_ layer: StyleLayer, group: Int?) -> Bool {
        guard let sourceID = layer.source else { return false }
        let ctx = EvaluationContext(zoom: camera.zoom)
        let opacity = min(1, max(0, layer.paint.number(.heatmapOpacity, ctx)))
        guard opacity > 0 else { return false }
        var field = HeatmapField(layer, camera: camera)
        if let geojson = map.geojsonSources[sourceID] {
            addHeatmapPoints(layer, from: geojson, to: &field)
        } else if let cache = map.vectorSources[sourceID], let sourceLayer = layer.sourceLayer {
            for tile in cover(sourceID, cache) {
                guard let p = preparedLayer(sourceID, sourceLayer, tile, cache) else { continue }
                var filter = FeatureFilter(layer, group: group, p)
                field.add(p, at: tile, layer: layer, filter: &filter)
                filter.finish()
            }
        } else {
            return false
        }
        guard !field.sum.isEmpty else { return false }
        let ramp = HeatmapRamp(layer, ctx)
        let image = RasterTileImage(
            width: field.sum.imageWidth, height: field.sum.imageHeight,
            pixels: field.sum.colorized(ramp: ramp.premultiplied, opacity: Float(opacity)))
        let frame = Rect(x: 0, y: 0, width: camera.size.width, height: camera.size.height)
        canvas.drawTile(image, in: frame, opacity: 1, resampling: .nearest)
        return true
    }

    /// Adds the vertices of the features of a GeoJSON source that pass `layer`'s filter.
    private func addHeatmapPoints(_ layer: StyleLayer, from source: GeoJSONSource, to field: inout HeatmapField) {
        let memo = GeoJSONSource.memoizes(layer) ? source.takeMemo(for: layer) : nil
        defer { if let memo { source.putMemo(memo) } }
        let zoom = camera.zoom
        for index in source.candidates(for: layer) ?? Array(source.items.indices) {
            let item = source.items[index]
            let ctx = EvaluationContext(zoom: zoom, feature: GeoJSONFeatureContext(item: item))
            guard Self.accepts(layer, index, ctx, memo: memo) else { continue }
            guard let kernel = field.kernel(layer, ctx) else { continue }
            Self.forEachPart(item.feature.geometry) { g in
                switch g {
                case .point(let c):
                    field.add(camera.point(for: c), kernel)
                case .lineString(let cs):
                    camera.forEachImagePoint(cs) { field.add($0, kernel) }
                case .polygon(let rings):
                    for ring in rings { camera.forEachImagePoint(ring) { field.add($0, kernel) } }
                default:
                    break
                }
            }
        }
    }
}

/// A heatmap layer's density on one image, and what its paint gives every feature alike.
struct HeatmapField {
    /// The density, in device pixels of the image.
    var sum: HeatmapAccumulator
    /// Device pixels per point.
    let scale: Double
    let zoom: Double
    /// heatmap-intensity at the camera's zoom.
    let intensity: Double
    /// The kernel when neither radius nor weight depends on the feature (nil: per feature).
    let fixed: Kernel??

    /// A point's kernel: radius (device pixels) and weight × intensity.
    struct Kernel {
        var radius: Double
        var weight: Double
    }

    init(_ layer: StyleLayer, camera: Camera) {
        scale = camera.scale
        zoom = camera.zoom
        sum = HeatmapAccumulator(
            imageWidth: Int((camera.size.width * camera.scale).rounded()),
            imageHeight: Int((camera.size.height * camera.scale).rounded()))
        let ctx = EvaluationContext(zoom: camera.zoom)
        intensity = layer.paint.number(.heatmapIntensity, ctx)
        let perFeature = layer.paint.dependsOnFeature(.heatmapRadius) || layer.paint.dependsOnFeature(.heatmapWeight)
        fixed = perFeature ? nil : .some(Self.kernel(layer, ctx, scale: scale, intensity: intensity))
    }

    /// The kernel of a feature in `ctx`, nil when it adds nothing.
    func kernel(_ layer: StyleLayer, _ ctx: @autoclosure () -> EvaluationContext) -> Kernel? {
        if let fixed { return fixed }
        return Self.kernel(layer, ctx(), scale: scale, intensity: intensity)
    }

    private static func kernel(_ layer: StyleLayer, _ ctx: EvaluationContext, scale: Double, intensity: Double)
        -> Kernel?
    {
        let radius = layer.paint.number(.heatmapRadius, ctx) * scale
        let weight = layer.paint.number(.heatmapWeight, ctx) * intensity
        guard radius > 0, HeatmapAccumulator.extent(weight: weight) != nil else { return nil }
        return Kernel(radius: radius, weight: weight)
    }

    /// Adds a point at `p` (image points).
    @inline(__always)
    mutating func add(_ p: Point, _ k: Kernel) {
        sum.add(x: p.x * scale, y: p.y * scale, radius: k.radius, weight: k.weight)
    }

    /// Adds the vertices of `p`'s features that pass `filter` and lie in the tile (MapLibre's
    /// bucket drops those outside `0 ..< extent`); a polygon's ring adds its first vertex twice,
    /// as MapLibre's geometry loader closes rings with it.
    mutating func add(
        _ p: PreparedTileLayer, at tile: CoveringTile, layer: StyleLayer, filter: inout FeatureFilter
    ) {
        let frame = p.frame
        let o = tile.origin
        for i in 0..<p.count {
            let g = p.geometries[i]
            guard !g.isEmpty, g.overlaps(frame, margin: 0) else { continue }
            let ctx = EvaluationContext(zoom: zoom, feature: TileFeatureContext(layer: p.keys, index: i))
            guard filter.accepts(i, ctx), let k = kernel(layer, ctx) else { continue }
            for part in p.parts(g) {
                let r = p.partRange(part)
                for j in r where frame.containsPoint(p.points[j]) {
                    add(Point(x: p.points[j].x + o.x, y: p.points[j].y + o.y), k)
                }
                if g.type == .polygon, let first = r.first, frame.containsPoint(p.points[first]) {
                    add(Point(x: p.points[first].x + o.x, y: p.points[first].y + o.y), k)
                }
            }
        }
    }
}

/// `heatmap-color` as MapLibre samples it: 256 entries for densities `i / 255`, stored as 8-bit
/// straight colour (`floor(channel · 255)`, alpha `floor(alpha · 255)`) and premultiplied on
/// upload, as its colour ramp texture is.
struct HeatmapRamp {
    /// Premultiplied RGBA, 0…1, entry after entry.
    let premultiplied: [Float]

    static let entries = 256

    init(_ layer: StyleLayer, _ zoom: EvaluationContext) {
        var out: [Float] = []
        out.reserveCapacity(Self.entries * 4)
        for i in 0..<Self.entries {
            let density = Double(i) / Double(Self.entries - 1)
            let ctx = EvaluationContext(zoom: zoom.zoom, heatmapDensity: density)
            let c = layer.paint.color(.heatmapColor, ctx)
            let a = Self.byte(c.alpha)
            for v in [c.red, c.green, c.blue] {
                let straight = a == 0 ? 0 : Self.byte(v)
                out.append(Float((straight * a + 127) / 255) / 255)
            }
            out.append(Float(a) / 255)
        }
        premultiplied = out
    }

    /// `floor(v · 255)`, clamped to 0…255.
    private static func byte(_ v: Double) -> Int {
        guard v.isFinite else { return 0 }
        return Int(min(max(v * 255, 0), 255).rounded(.down))
    }
}
