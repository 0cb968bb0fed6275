import Foundation
import MapSnapFormats
import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle

/// Layers over a `geojson` source: features in degrees, projected straight to image points
/// (no tiling), in the world copy nearest the camera; the painter clips what falls outside.
extension BaseMapPainter {
    func drawGeoJSON(_ layer: StyleLayer, layerIndex: Int, source: GeoJSONSource, symbols: inout [SymbolCandidate]) {
        // Filter verdicts and paint that do not depend on the zoom are remembered per feature.
        let memo = GeoJSONSource.memoizes(layer) ? source.takeMemo(for: layer) : nil
        defer { if let memo { source.putMemo(memo) } }
        if layer.type == .symbol {
            collectGeoJSONSymbols(layer, layerIndex: layerIndex, source: source, memo: memo, into: &symbols)
        } else {
            drawGeoJSONFeatures(layer, source: source, memo: memo)
        }
    }

    /// Whether feature `index` (in `ctx`) passes `layer`'s filter, the verdict kept in `memo`.
    static func accepts(
        _ layer: StyleLayer, _ index: Int, _ ctx: EvaluationContext, memo: GeoJSONSource.FeatureMemo?
    ) -> Bool {
        guard let memo else { return layer.accepts(ctx) }
        if memo.verdicts[index] == 0 { memo.verdicts[index] = layer.accepts(ctx) ? 1 : 2 }
        return memo.verdicts[index] == 1
    }

    /// The label candidates of a symbol layer: at points, and along lines with line placement.
    private func collectGeoJSONSymbols(
        _ layer: StyleLayer, layerIndex: Int, source: GeoJSONSource, memo: GeoJSONSource.FeatureMemo?,
        into symbols: inout [SymbolCandidate]
    ) {
        let zoom = camera.zoom
        let frame = Rect(x: 0, y: 0, width: camera.size.width, height: camera.size.height)
        let linePlacement = layer.layout.enumValue(.symbolPlacement, EvaluationContext(zoom: zoom)) != "point"
        let isOverlay = layer.source == OverlayStyleSource.id
        for index in source.candidates(for: layer) ?? Array(source.items.indices) {
            let item = source.items[index]
            let ctx = EvaluationContext(zoom: zoom, feature: GeoJSONFeatureContext(item: item))
            guard Self.accepts(layer, index, ctx, memo: memo) else { continue }
            let text = SymbolCandidate.text(of: layer, ctx)
            let icon = layer.layout.string(.iconImage, ctx)
            guard !text.isEmpty || !icon.isEmpty else { continue }
            Self.forEachPart(item.feature.geometry) { g in
                let geometry: SymbolCandidate.Geometry
                switch g {
                case .point(let c): geometry = .point(camera.point(for: c))
                case .lineString(let cs) where linePlacement: geometry = .lines([project(cs)], clip: frame)
                default: return
                }
                symbols.append(
                    SymbolCandidate(
                        layer: layer, layerIndex: layerIndex, ctx: ctx, text: text, geometry: geometry, icon: icon,
                        overlayFeature: isOverlay ? index : nil))
            }
        }
    }

    /// Draws the features of a fill, line or circle layer.
    private func drawGeoJSONFeatures(_ layer: StyleLayer, source: GeoJSONSource, memo: GeoJSONSource.FeatureMemo?) {
        let zoom = camera.zoom
        // Opaque paint that does not depend on the feature: one path for the whole layer, one
        // paint call (translucent paint stays per feature, so overlaps blend as in MapLibre;
        // opaque paint that does is drawn per run of features that share it).
        let batch = Self.isUniformOpaque(layer, zoom: zoom)
        var pending: LayerPaint?
        var paints = FeaturePaints(layer, zoom: zoom, memo: memo)
        let fixed = paints.fixed
        let m = canvas.deviceTransform
        // A style's GeoJSON is cut into tiles in MapLibre, and dashes and line patterns start
        // afresh in each (not so the overlay's routes: their dashes run on unbroken).
        let tiledZoomLimit =
            layer.source == OverlayStyleSource.id ? nil : map.style.source(id: layer.source ?? "")?.maxzoom ?? 18
        // The image before the layer's `*-translate`, which the canvas applies after the features.
        let t = Self.translation(layer, EvaluationContext(zoom: zoom))
        let visible = imageRect.offsetBy(dx: -t.x, dy: -t.y)
        var indices = source.candidates(for: layer) ?? Array(source.items.indices)
        if !canvas.canRasterizeCoverage && Self.strokesCommute(layer, fixed, zoom: zoom) {
            indices = Self.groupedByPaint(indices, layer, source, memo: memo, &paints)
        }
        for index in indices {
            let item = source.items[index]
            let ctx = EvaluationContext(zoom: zoom, feature: GeoJSONFeatureContext(item: item))
            guard Self.accepts(layer, index, ctx, memo: memo) else { continue }
            // The paint first: it decides whether the geometry goes to the coverage rasterizers
            // (recorded in device pixels) or to the painter's path.
            let paint = paints.paint(index, ctx)
            // A run of features with the same opaque paint is drawn in one call, as a uniform
            // layer is (what they overlap is covered once); a change of paint ends the run.
            if !batch, let run = pending, run != paint {
                apply(run)
                pending = nil
            }
            if let maxzoom = tiledZoomLimit, layer.type == .line, paint.restartsPerTile {
                if let run = pending { apply(run) }
                pending = nil
                Self.forEachPart(item.feature.geometry) { drawPerTile($0, paint, maxzoom: maxzoom) }
                // Translucent features blend one by one, as below.
                if !batch && !paint.isOpaque { canvas.blendCoverage() }
                continue
            }
            let record = drawsByCoverage(paint)
            var drew = false
            // What the strokes can reach of the image, in the features' own points: parts wholly
            // outside it are left out, as tiles leave out their features (vector output would
            // carry them otherwise).
            let reach = visible.insetBy(dx: -paint.reach - 2, dy: -paint.reach - 2)
            Self.forEachPart(item.feature.geometry) { g in
                if addGeoJSONGeometry(g, layer, ctx, record: record, offset: paint.offset, visible: reach, m) {
                    drew = true
                }
            }
            guard drew else { continue }
            if batch || paint.isOpaque {
                pending = paint
            } else {
                apply(paint)
                canvas.blendCoverage()
            }
        }
        if let paint = pending { apply(paint) }
    }

    /// Whether the features of line `layer` may be drawn in any order: one opaque colour for all,
    /// only how wide or where a line is depending on the feature (`line-width`,
    /// `line-gap-width`, `line-offset`). Opaque strokes of one colour unite whatever their
    /// order, so on vector output the features of each paint can share one path (a road casing
    /// layer whose width follows the road's class: four paths, not one per feature).
    static func strokesCommute(_ layer: StyleLayer, _ fixed: LayerPaint, zoom: Double) -> Bool {
        guard layer.type == .line, fixed.dependsOnFeature, fixed.pattern == nil else { return false }
        let geometric: Set<StyleProperty> = [.lineWidth, .lineGapWidth, .lineOffset]
        let paint = layer.paint
        if paint.properties.contains(where: { !geometric.contains($0) && paint.dependsOnFeature($0) }) { return false }
        if layer.layout.properties.contains(where: { $0 != .lineSortKey && layer.layout.dependsOnFeature($0) }) {
            return false
        }
        let ctx = EvaluationContext(zoom: zoom)
        return paint.number(.lineOpacity, ctx) >= 1 && paint.color(.lineColor, ctx).alpha >= 1
    }

    /// At most this many distinct paints are grouped (`groupedByPaint`).
    static var groupedPaintLimit: Int { 64 }

    /// The features of `indices` that `layer` accepts, reordered so that features of the same
    /// paint follow one another (stable: paints in the order they first occur, features in
    /// their own order within each); `indices` as they are beyond `groupedPaintLimit` paints.
    static func groupedByPaint(
        _ indices: [Int], _ layer: StyleLayer, _ source: GeoJSONSource, memo: GeoJSONSource.FeatureMemo?,
        _ paints: inout FeaturePaints
    ) -> [Int] {
        var distinct: [LayerPaint] = []
        var ranked: [(rank: Int, index: Int)] = []
        ranked.reserveCapacity(indices.count)
        for index in indices {
            let ctx = EvaluationContext(zoom: paints.zoom, feature: GeoJSONFeatureContext(item: source.items[index]))
            guard accepts(layer, index, ctx, memo: memo) else { continue }
            let p = paints.paint(index, ctx)
            let rank = distinct.firstIndex(of: p) ?? distinct.count
            if rank == distinct.count {
                // Paint that varies without bound (a width read from a number) gains nothing here.
                guard rank < Self.groupedPaintLimit else { return indices }
                distinct.append(p)
            }
            ranked.append((rank, index))
        }
        // By rank, then by position in `indices` (a stable order).
        return ranked.indices.sorted { (ranked[$0].rank, $0) < (ranked[$1].rank, $1) }.map { ranked[$0].index }
    }

    /// Adds the single geometry `g` of a feature (in `ctx`) as `layer` draws it: to the
    /// painter's path, or recorded for the coverage rasterizers (`record`, device pixels by `m`).
    /// Returns whether `layer` draws a geometry of its type.
    private func addGeoJSONGeometry(
        _ g: Geometry, _ layer: StyleLayer, _ ctx: EvaluationContext, record: Bool, offset: Double = 0,
        visible: Rect, _ m: DeviceTransform
    ) -> Bool {
        switch (layer.type, g) {
        case (.fill, .polygon(let rings)):
            for shift in worldCopies(rings, reaching: visible) {
                for ring in rings where ring.count > 2 {
                    if record {
                        recordGeoJSONLine(ring, closed: true, shift, m)
                    } else {
                        canvas.addRing(project(ring, shift))
                    }
                }
            }
        case (.line, .lineString(let cs)):
            for shift in worldCopies([cs], reaching: visible) {
                if record {
                    recordGeoJSONLine(cs, closed: false, shift, m)
                } else {
                    canvas.addPolyline(Self.offset(project(cs, shift), by: offset))
                }
            }
        case (.line, .polygon(let rings)):
            for shift in worldCopies(rings, reaching: visible) {
                for ring in rings where ring.count > 1 {
                    if record {
                        recordGeoJSONLine(ring, closed: true, shift, m)
                    } else {
                        canvas.addPolyline(Self.offset(project(ring + [ring[0]], shift), by: offset))
                    }
                }
            }
        case (.circle, .point(let c)):
            addCircle(camera.point(for: c), radius: layer.paint.number(.circleRadius, ctx))
        case (.circle, .lineString(let cs)):
            // MapLibre draws a circle at every vertex of a line or polygon.
            addCircles(cs, layer, ctx)
        case (.circle, .polygon(let rings)):
            for ring in rings {
                addCircles(ring.count > 1 && ring.first == ring.last ? ring.dropLast() : ring, layer, ctx)
            }
        default:
            return false
        }
        return true
    }

    /// Strokes the line or polygon rings `g` with `paint` (dashed or patterned) as MapLibre draws
    /// a GeoJSON source cut into tiles: of the zoom at or below the camera's (at most `maxzoom`),
    /// 512 points at that zoom, with a buffer of 128 each side as the source's default; in each
    /// tile the parts of the line inside its buffered square are drawn clipped to the tile, the
    /// dashes or pattern starting where each part begins.
    private func drawPerTile(_ g: Geometry, _ paint: LayerPaint, maxzoom: Double) {
        // The coverage rasterizer moves each tile's part by line-offset itself, dashing it by the
        // original's distances as MapLibre does; for the painter's path the lines move first.
        var paint = paint
        let offset = drawsByCoverage(paint) ? 0 : paint.offset
        if offset != 0 { paint.offset = 0 }
        let lines: [[Point]]
        switch g {
        case .lineString(let cs): lines = [Self.offset(project(cs), by: offset)]
        case .polygon(let rings):
            lines = rings.filter { $0.count > 1 }.map { Self.offset(project($0 + [$0[0]]), by: offset) }
        default: return
        }
        let tileZoom = min(max((camera.zoom + 1e-9).rounded(.down), 0), max(maxzoom.rounded(.down), 0))
        let size = 512 * exp2(camera.zoom - tileZoom)
        let buffer = size * 128 / 512
        let o = camera.origin
        let visible = imageRect.insetBy(dx: -paint.reach - 2, dy: -paint.reach - 2)
        for line in lines where line.count > 1 {
            guard let box = Self.bounds(line)?.insetBy(dx: -buffer, dy: -buffer), box.intersects(visible) else {
                continue
            }
            let columns =
                Int(
                    ((max(box.minX, visible.minX) + o.x) / size).rounded(.down))...Int(
                    ((min(box.maxX, visible.maxX) + o.x) / size).rounded(.down))
            let rows =
                Int(
                    ((max(box.minY, visible.minY) + o.y) / size).rounded(.down))...Int(
                    ((min(box.maxY, visible.maxY) + o.y) / size).rounded(.down))
            guard columns.count * rows.count <= 4096 else { continue }
            for row in rows {
                for column in columns {
                    let tile = Rect(
                        x: Double(column) * size - o.x, y: Double(row) * size - o.y, width: size, height: size)
                    let parts = PolylineClipping.clip(line, to: tile.insetBy(dx: -buffer, dy: -buffer))
                    guard !parts.isEmpty else { continue }
                    canvas.save()
                    canvas.newPath()
                    canvas.clipToPixels(tile)
                    canvas.newPath()
                    for part in parts { canvas.addPolyline(part) }
                    apply(paint)
                    canvas.restore()
                }
            }
        }
    }

    /// The smallest rectangle holding `points`, nil for none.
    private static func bounds(_ points: [Point]) -> Rect? {
        guard let first = points.first else { return nil }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        for p in points {
            x0 = min(x0, p.x)
            y0 = min(y0, p.y)
            x1 = max(x1, p.x)
            y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Records the line `coords` (then its first point again when `closed` and it does not end
    /// there) for the coverage rasterizers, in device pixels (`m` maps points to pixels), thinned
    /// to a quarter pixel.
    private func recordGeoJSONLine(_ coords: [Coordinate], closed: Bool, _ shift: Double, _ m: DeviceTransform) {
        camera.forEachImagePoint(coords, shiftedBy: shift, minStep: 0.25 / camera.scale) { p in
            canvas.recordPoint(m.apply(p))
        }
        canvas.endRecordedPolyline(closing: closed)
    }

    /// Adds a circle (the layer's radius at `ctx`) at each of `coords`.
    private func addCircles<C: Collection<Coordinate>>(_ coords: C, _ layer: StyleLayer, _ ctx: EvaluationContext) {
        let r = layer.paint.number(.circleRadius, ctx)
        for c in coords { addCircle(camera.point(for: c), radius: r) }
    }

    /// True when no paint or layout property of `layer` depends on the feature and its colour
    /// and opacity are fully opaque at `zoom`.
    static func isUniformOpaque(_ layer: StyleLayer, zoom: Double) -> Bool {
        if layer.paint.properties.contains(where: { layer.paint.dependsOnFeature($0) }) { return false }
        if layer.layout.properties.contains(where: { layer.layout.dependsOnFeature($0) }) { return false }
        let ctx = EvaluationContext(zoom: zoom)
        switch layer.type {
        case .fill:
            return layer.paint.number(.fillOpacity, ctx) >= 1 && layer.paint.color(.fillColor, ctx).alpha >= 1
                && layer.paint.color(.fillOutlineColor, ctx).alpha >= 1
        case .line:
            return layer.paint.number(.lineOpacity, ctx) >= 1 && layer.paint.color(.lineColor, ctx).alpha >= 1
        case .circle:
            return layer.paint.number(.circleOpacity, ctx) >= 1 && layer.paint.color(.circleColor, ctx).alpha >= 1
                && layer.paint.number(.circleStrokeWidth, ctx) == 0
        default:
            return false
        }
    }

    /// Calls `body` with each single geometry of `g` (multi-geometries and collections split).
    static func forEachPart(_ g: Geometry, _ body: (Geometry) -> Void) {
        switch g {
        case .multiPoint(let cs): for c in cs { body(.point(c)) }
        case .multiLineString(let ls): for l in ls { body(.lineString(l)) }
        case .multiPolygon(let ps): for p in ps { body(.polygon(p)) }
        case .geometryCollection(let gs): for part in gs { forEachPart(part, body) }
        default: body(g)
        }
    }

    /// Image points of a line in degrees, thinned to a quarter pixel like the tile layers.
    private func project(_ coords: [Coordinate]) -> [Point] {
        camera.imagePoints(coords, minStep: 0.25 / camera.scale)
    }

    /// `coords` in image points in the world copy `shift` degrees of longitude away.
    private func project(_ coords: [Coordinate], _ shift: Double) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(Swift.min(coords.count, 65_536))
        camera.forEachImagePoint(coords, shiftedBy: shift, minStep: 0.25 / camera.scale) { out.append($0) }
        return out
    }

    /// The world copies (longitude shifts) in which the parts `parts` of a feature reach
    /// `visible` (points). A style's GeoJSON coordinates are taken as given (a ring may run from
    /// -334° to 31°); as in MapLibre, where geojson-vt wraps what lies beyond ±180° into the
    /// world and every world copy is drawn, the feature is drawn in each copy that reaches the
    /// image. The box's corners are projected as the vertices are (Web Mercator is monotonic in
    /// each axis), so the test is exact for the drawn points.
    private func worldCopies(_ parts: [[Coordinate]], reaching visible: Rect) -> [Double] {
        var box: BoundingBox?
        for part in parts {
            guard let b = BoundingBox(coordinates: part) else { continue }
            box = box.map { $0.union(b) } ?? b
        }
        guard let box else { return [] }
        // A copy reaching within a view's width of the image may show its strokes' width.
        return camera.worldCopies(west: box.west, east: box.east, margin: camera.size.width).filter { shift in
            let r = camera.imageRect(of: box, shiftedBy: shift)
            return r.maxX >= visible.minX && r.minX <= visible.maxX && r.maxY >= visible.minY && r.minY <= visible.maxY
        }
    }
}

/// What a layer's layout and paint read of a feature (`StyleLayer.styleKeys`): its geometry type
/// and the values of those properties. Features alike in these are styled alike.
struct StyleFacts: Hashable {
    let type: StyleGeometryType
    let values: [StyleValue?]

    init(_ ctx: EvaluationContext, _ keys: [String]) {
        type = ctx.feature?.geometryType ?? .unknown
        values = keys.map { ctx.feature?.property($0) }
    }
}

/// The paint of a GeoJSON layer's features: the layer's own when nothing depends on the
/// feature, else evaluated once per distinct set of the facts it reads (and kept in the
/// source's memo when the zoom does not matter).
struct FeaturePaints {
    let layer: StyleLayer
    let zoom: Double
    let fixed: LayerPaint
    private let memo: GeoJSONSource.FeatureMemo?
    private let factKeys: [String]?
    private var byFacts: [StyleFacts: LayerPaint] = [:]

    init(_ layer: StyleLayer, zoom: Double, memo: GeoJSONSource.FeatureMemo?) {
        self.layer = layer
        self.zoom = zoom
        self.memo = memo
        fixed = LayerPaint(layer, EvaluationContext(zoom: zoom), perFeature: false)
        factKeys = fixed.dependsOnFeature ? layer.styleKeys : nil
    }

    /// The paint of feature `index` (its context `ctx`).
    mutating func paint(_ index: Int, _ ctx: EvaluationContext) -> LayerPaint {
        guard fixed.dependsOnFeature else { return fixed }
        if let known = memo?.paints[index] { return known }
        let paint: LayerPaint
        if let keys = factKeys {
            let facts = StyleFacts(ctx, keys)
            if let known = byFacts[facts] {
                paint = known
            } else {
                paint = LayerPaint(layer, ctx, perFeature: true)
                byFacts[facts] = paint
            }
        } else {
            paint = LayerPaint(layer, ctx, perFeature: true)
        }
        memo?.paints[index] = paint
        return paint
    }
}
