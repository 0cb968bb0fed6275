import CCairo
import MapSnapFormats
import MapSnapGeometry
import MapSnapStyle

/// Layers over a `geojson` source: features in degrees, projected straight to image points
/// (no tiling), in the world copy nearest the camera; cairo clips what falls outside.
extension BaseMapPainter {
    func drawGeoJSON(_ layer: StyleLayer, layerIndex: Int, source: GeoJSONSource, symbols: inout [SymbolCandidate]) {
        let zoom = camera.zoom
        let frame = Rect(x: 0, y: 0, width: camera.size.width, height: camera.size.height)
        let linePlacement = layer.layout.enumValue(.symbolPlacement, EvaluationContext(zoom: zoom)) != "point"
        // Opaque paint that does not depend on the feature: one path for the whole layer, one
        // paint call (translucent paint stays per feature, so overlaps blend as in MapLibre).
        let batch = layer.type != .symbol && Self.isUniformOpaque(layer, zoom: zoom)
        var pending: EvaluationContext?
        let isOverlay = layer.source == OverlayStyleSource.id
        for (itemIndex, item) in source.items.enumerated() {
            let ctx = EvaluationContext(zoom: zoom, feature: GeoJSONFeatureContext(item: item))
            guard layer.accepts(ctx) else { continue }
            if layer.type == .symbol {
                let text = textField(layer, ctx)
                let icon = layer.layout.string(.iconImage, ctx)
                guard !text.isEmpty || !icon.isEmpty else { continue }
                for g in Self.flatten(item.feature.geometry) {
                    switch g {
                    case .point(let c):
                        symbols.append(
                            SymbolCandidate(
                                layer: layer, layerIndex: layerIndex, ctx: ctx, text: text,
                                geometry: .point(camera.point(for: c)), icon: icon,
                                overlayFeature: isOverlay ? itemIndex : nil))
                    case .lineString(let cs) where linePlacement:
                        symbols.append(
                            SymbolCandidate(
                                layer: layer, layerIndex: layerIndex, ctx: ctx, text: text,
                                geometry: .lines([project(cs)], clip: frame), icon: icon,
                                overlayFeature: isOverlay ? itemIndex : nil))
                    default:
                        continue
                    }
                }
                continue
            }
            var drew = false
            for g in Self.flatten(item.feature.geometry) {
                switch (layer.type, g) {
                case (.fill, .polygon(let rings)):
                    for ring in rings where ring.count > 2 {
                        canvas.addPolyline(project(ring))
                        cairo_close_path(canvas.cr)
                    }
                    drew = true
                case (.line, .lineString(let cs)):
                    canvas.addPolyline(project(cs))
                    drew = true
                case (.line, .polygon(let rings)):
                    for ring in rings where ring.count > 1 { canvas.addPolyline(project(ring + [ring[0]])) }
                    drew = true
                case (.circle, .point(let c)):
                    addCircle(camera.point(for: c), radius: layer.paint.number(.circleRadius, ctx))
                    drew = true
                case (.circle, .lineString(let cs)):
                    // MapLibre draws a circle at every vertex of a line or polygon.
                    addCircles(cs, layer, ctx)
                    drew = true
                case (.circle, .polygon(let rings)):
                    for ring in rings {
                        addCircles(ring.count > 1 && ring.first == ring.last ? ring.dropLast() : ring, layer, ctx)
                    }
                    drew = true
                default:
                    continue
                }
            }
            if drew {
                if batch { pending = ctx } else { paintPath(layer, ctx) }
            }
        }
        if let ctx = pending { paintPath(layer, ctx) }
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

    /// Single geometries of any geometry (multi-geometries and collections split).
    static func flatten(_ g: Geometry) -> [Geometry] {
        switch g {
        case .multiPoint(let cs): return cs.map { .point($0) }
        case .multiLineString(let ls): return ls.map { .lineString($0) }
        case .multiPolygon(let ps): return ps.map { .polygon($0) }
        case .geometryCollection(let gs): return gs.flatMap(flatten)
        default: return [g]
        }
    }

    /// Image points of a line in degrees, thinned to a quarter pixel like the tile layers.
    private func project(_ coords: [Coordinate]) -> [Point] {
        camera.imagePoints(coords, minStep: 0.25 / camera.scale)
    }
}
