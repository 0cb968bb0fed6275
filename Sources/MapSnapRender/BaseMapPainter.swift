import CCairo
import Foundation
import MapSnapGeometry
import MapSnapStyle
import MapSnapTiles

/// Draws the non-symbol layers of a base map (background, fill, line, circle) tile by tile,
/// each tile clipped to its own square so buffered geometry never draws twice and a polygon
/// cut at a tile border shows no outline along the cut; collects the symbol layers' labels for
/// the placement pass.
///
/// Style semantics follow the MapLibre style spec v8 (https://maplibre.org/maplibre-style-spec/layers/):
/// line-width and circle-radius in points, line-dasharray in multiples of the line width,
/// minzoom ≤ zoom < maxzoom.
struct BaseMapPainter {
    let map: BaseMap
    let camera: Camera
    let canvas: CairoCanvas
    /// Layer types the painter skips, each reported once.
    private(set) var warnings: [String] = []

    init(map: BaseMap, camera: Camera, canvas: CairoCanvas) {
        self.map = map
        self.camera = camera
        self.canvas = canvas
    }

    /// Tiles covering the image for each vector source, computed once per image.
    private var covers: [String: [CoveringTile]] = [:]

    private mutating func cover(_ sourceID: String, _ cache: VectorTileCache) -> [CoveringTile] {
        if let c = covers[sourceID] { return c }
        let src = map.style.source(id: sourceID)
        let minZ = Int(max(src?.minzoom ?? 0, Double(cache.source.minZoom)))
        let maxZ = Int(min(src?.maxzoom ?? 22, Double(cache.source.maxZoom)))
        let tiles = TileCover.tiles(for: camera, minZoom: minZ, maxZoom: max(minZ, maxZ))
        covers[sourceID] = tiles
        return tiles
    }

    /// Draws every visible non-symbol layer; returns the symbol layers' label candidates in
    /// style order (with their layer index) for placement.
    mutating func draw() -> [SymbolCandidate] {
        let zoom = camera.zoom
        var symbols: [SymbolCandidate] = []
        for (layerIndex, layer) in map.style.layers.enumerated() where layer.isVisible(atZoom: zoom) {
            let zctx = EvaluationContext(zoom: zoom)
            switch layer.type {
            case .background:
                let c = layer.paint.color(.backgroundColor, zctx)
                let o = layer.paint.number(.backgroundOpacity, zctx)
                canvas.save()
                canvas.setColor(c, opacity: o)
                cairo_paint(canvas.cr)
                canvas.restore()
            case .fill, .line, .circle, .symbol:
                if let sourceID = layer.source, let geojson = map.geojsonSources[sourceID] {
                    drawGeoJSON(layer, layerIndex: layerIndex, source: geojson, symbols: &symbols)
                    continue
                }
                guard let sourceID = layer.source, let cache = map.vectorSources[sourceID],
                    let sourceLayer = layer.sourceLayer
                else { continue }
                for tile in cover(sourceID, cache) {
                    guard let vt = try? cache.tile(tile.id), let tl = vt.layer(named: sourceLayer) else { continue }
                    if layer.type == .symbol {
                        collectSymbols(layer, layerIndex: layerIndex, tile: tile, layer: tl, into: &symbols)
                    } else {
                        drawTile(layer, tile: tile, layer: tl)
                    }
                }
            default:
                warnOnce("layer type \(layer.type.rawValue) is not drawn yet (layer \"\(layer.id)\")")
            }
        }
        return symbols
    }

    private mutating func warnOnce(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    // MARK: - Fill, line, circle

    private func drawTile(_ style: StyleLayer, tile: CoveringTile, layer: VectorTileLayer) {
        let zoom = camera.zoom
        let extent = layer.extent
        let scale = tile.scale(extent: extent)
        let ox = tile.origin.x
        let oy = tile.origin.y
        func pt(_ p: TilePoint) -> (Double, Double) { (ox + Double(p.x) * scale, oy + Double(p.y) * scale) }

        canvas.save()
        defer { canvas.restore() }
        // A pixel-exact clip: neighbouring tiles share edge pixels without a seam.
        cairo_set_antialias(canvas.cr, CAIRO_ANTIALIAS_NONE)
        canvas.newPath()
        canvas.addRect(tile.frame)
        cairo_clip(canvas.cr)
        cairo_set_antialias(canvas.cr, CAIRO_ANTIALIAS_DEFAULT)
        canvas.newPath()

        let paint = style.paint
        let layout = style.layout
        let batch: Bool
        switch style.type {
        case .fill:
            batch = !paint.dependsOnFeature(.fillColor) && !paint.dependsOnFeature(.fillOpacity)
                && !paint.dependsOnFeature(.fillOutlineColor)
        case .line:
            batch = !paint.dependsOnFeature(.lineColor) && !paint.dependsOnFeature(.lineWidth)
                && !paint.dependsOnFeature(.lineOpacity) && !paint.dependsOnFeature(.lineDasharray)
                && !layout.dependsOnFeature(.lineCap) && !layout.dependsOnFeature(.lineJoin)
                && !paint.dependsOnFeature(.lineGapWidth) && !paint.dependsOnFeature(.lineOffset)
        default:
            batch = false
        }
        var pending = false
        var lastCtx = EvaluationContext(zoom: zoom)
        for feature in layer.features {
            let ctx = EvaluationContext(zoom: zoom, feature: TileFeatureContext(feature: feature))
            guard style.accepts(ctx), let geometry = try? feature.geometry() else { continue }
            switch (style.type, geometry) {
            case (.fill, .polygons(let polys)):
                for poly in polys {
                    for ring in poly.rings where ring.count > 2 {
                        addLine(ring, pt)
                        cairo_close_path(canvas.cr)
                    }
                }
            case (.line, .lineStrings(let lines)):
                for line in lines where line.count > 1 { addLine(line, pt) }
            case (.line, .polygons(let polys)):
                for poly in polys {
                    for ring in poly.rings where ring.count > 2 { addLine(ring + [ring[0]], pt) }
                }
            case (.circle, .points(let pts)):
                let r = paint.number(.circleRadius, ctx)
                for p in pts {
                    let (x, y) = pt(p)
                    canvas.addCircle(center: Point(x: x, y: y), radius: r)
                }
            default:
                continue
            }
            pending = true
            lastCtx = ctx
            if !batch {
                paintPath(style, ctx)
                pending = false
            }
        }
        if pending { paintPath(style, lastCtx) }
    }

    /// Adds a polyline, dropping vertices closer than a quarter pixel to the last one kept
    /// (they change nothing visible but cost the rasterizer); the last vertex is always kept.
    private func addLine(_ line: [TilePoint], _ pt: (TilePoint) -> (Double, Double)) {
        let (x0, y0) = pt(line[0])
        cairo_move_to(canvas.cr, x0, y0)
        let minStep = 0.25 / camera.scale
        let minSq = minStep * minStep
        var lx = x0
        var ly = y0
        let last = line.count - 1
        for i in 1..<line.count {
            let (x, y) = pt(line[i])
            let dx = x - lx
            let dy = y - ly
            if dx * dx + dy * dy >= minSq || i == last {
                cairo_line_to(canvas.cr, x, y)
                lx = x
                ly = y
            }
        }
    }

    /// Paints the current path with `layer`'s paint at `ctx`, then clears it.
    func paintPath(_ layer: StyleLayer, _ ctx: EvaluationContext) {
        let paint = layer.paint
        let layout = layer.layout
        switch layer.type {
        case .fill:
            let color = paint.color(.fillColor, ctx)
            let opacity = paint.number(.fillOpacity, ctx)
            let outlined = paint[.fillOutlineColor] != nil
            canvas.fill(color: color, opacity: opacity, preserve: outlined)
            if outlined {
                // MapLibre draws the outline one device pixel wide.
                canvas.stroke(color: paint.color(.fillOutlineColor, ctx), opacity: opacity, width: 1 / camera.scale, cap: .butt, join: .miter)
            }
        case .line:
            let width = paint.number(.lineWidth, ctx)
            let gap = paint.number(.lineGapWidth, ctx)
            let color = paint.color(.lineColor, ctx)
            let opacity = paint.number(.lineOpacity, ctx)
            guard width > 0, opacity > 0 else {
                canvas.newPath()
                return
            }
            let cap: CairoCanvas.LineCap
            switch layout.enumValue(.lineCap, ctx) {
            case "round": cap = .round
            case "square": cap = .square
            default: cap = .butt
            }
            let join: CairoCanvas.LineJoin
            switch layout.enumValue(.lineJoin, ctx) {
            case "round": join = .round
            case "bevel": join = .bevel
            default: join = .miter
            }
            cairo_set_miter_limit(canvas.cr, layout.number(.lineMiterLimit, ctx))
            let dash = paint.numbers(.lineDasharray, ctx).map { $0 * width }
            let validDash = dash.count >= 2 && dash.allSatisfy { $0 >= 0 } && dash.contains { $0 > 0 }
            if gap > 0 {
                // line-gap-width: two strokes of `width` either side of a `gap`-wide hole. Drawn in
                // a group — wide stroke, then the hole cleared — and composited with the opacity.
                cairo_push_group(canvas.cr)
                canvas.stroke(color: color, width: gap + 2 * width, cap: cap, join: join, dash: validDash ? dash : [], preserve: true)
                cairo_set_operator(canvas.cr, CAIRO_OPERATOR_CLEAR)
                canvas.stroke(color: color, width: gap, cap: cap, join: join, dash: validDash ? dash : [])
                cairo_set_operator(canvas.cr, CAIRO_OPERATOR_OVER)
                cairo_pop_group_to_source(canvas.cr)
                cairo_paint_with_alpha(canvas.cr, opacity)
            } else {
                canvas.stroke(color: color, opacity: opacity, width: width, cap: cap, join: join, dash: validDash ? dash : [])
            }
        case .circle:
            let color = paint.color(.circleColor, ctx)
            let opacity = paint.number(.circleOpacity, ctx)
            let strokeWidth = paint.number(.circleStrokeWidth, ctx)
            canvas.fill(color: color, opacity: opacity, preserve: strokeWidth > 0)
            if strokeWidth > 0 {
                canvas.stroke(
                    color: paint.color(.circleStrokeColor, ctx), opacity: paint.number(.circleStrokeOpacity, ctx),
                    width: strokeWidth, cap: .butt, join: .miter)
            }
        default:
            canvas.newPath()
        }
    }

    // MARK: - Symbols

    private func collectSymbols(_ style: StyleLayer, layerIndex: Int, tile: CoveringTile, layer: VectorTileLayer, into out: inout [SymbolCandidate]) {
        let zoom = camera.zoom
        let scale = tile.scale(extent: layer.extent)
        let frame = tile.frame
        let linePlacement = style.layout.enumValue(.symbolPlacement, EvaluationContext(zoom: zoom)) != "point"
        for feature in layer.features {
            let ctx = EvaluationContext(zoom: zoom, feature: TileFeatureContext(feature: feature))
            guard style.accepts(ctx) else { continue }
            let rawText = textField(style, ctx)
            guard !rawText.isEmpty, let geometry = try? feature.geometry() else { continue }
            func pt(_ p: TilePoint) -> Point { Point(x: tile.origin.x + Double(p.x) * scale, y: tile.origin.y + Double(p.y) * scale) }
            var anchor: SymbolCandidate.Geometry?
            switch geometry {
            case .points(let pts):
                // A point in a tile's buffer belongs to the neighbouring tile.
                if let p = pts.map(pt).first(where: { frame.containsPoint($0) }) { anchor = .point(p) }
            case .lineStrings(let lines):
                if linePlacement {
                    let paths = lines.map { $0.map(pt) }.filter { $0.count > 1 }
                    if !paths.isEmpty { anchor = .lines(paths, clip: frame) }
                } else if let line = lines.max(by: { $0.count < $1.count }), !line.isEmpty {
                    let p = pt(line[line.count / 2])
                    if frame.containsPoint(p) { anchor = .point(p) }
                }
            case .polygons(let polys):
                if let ring = polys.first?.exterior, !ring.isEmpty {
                    if linePlacement {
                        anchor = .lines([ring.map(pt) + [pt(ring[0])]], clip: frame)
                    } else {
                        // Label at the ring's vertex centroid, when it falls in this tile.
                        var sx = 0.0
                        var sy = 0.0
                        for p in ring {
                            let q = pt(p)
                            sx += q.x
                            sy += q.y
                        }
                        let c = Point(x: sx / Double(ring.count), y: sy / Double(ring.count))
                        if frame.containsPoint(c) { anchor = .point(c) }
                    }
                }
            default:
                break
            }
            guard let anchor else { continue }
            out.append(SymbolCandidate(layer: style, layerIndex: layerIndex, ctx: ctx, text: rawText, geometry: anchor))
        }
    }

    func textField(_ style: StyleLayer, _ ctx: EvaluationContext) -> String {
        guard let v = style.layout.value(.textField, ctx) else { return "" }
        var s: String
        switch v {
        case .string(let t): s = t
        case .number(let d): s = d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .array(let parts): s = parts.compactMap(\.stringValue).joined()
        default: s = ""
        }
        switch style.layout.enumValue(.textTransform, ctx) {
        case "uppercase": s = s.uppercased()
        case "lowercase": s = s.lowercased()
        default: break
        }
        return s.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension Rect {
    /// True when `p` is inside (left/top edges included, right/bottom excluded).
    func containsPoint(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }
}
