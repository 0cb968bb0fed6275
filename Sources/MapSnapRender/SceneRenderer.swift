import Foundation
import MapSnapGeometry
import MapSnapStyle
import MapSnapText

/// Draws an `OverlayScene` into an image: resolves the camera (fitting pins and labels whole),
/// paints areas, trails, routes and markers, places callouts and labels without overlap,
/// adds the title band and encodes.
///
/// Not thread-safe: use one renderer per thread (each owns its fonts and text context).
/// Reusing one renderer for many images keeps the font set-up out of the per-image cost.
public final class SceneRenderer {
    private let text: TextEngine
    /// Coverage buffers of the last raster image, reused by the next one of the same size.
    private var coverageBuffers: CoverageBuffers?
    /// Tile layers earlier images prepared, for the next ones (see `PreparedTiles`).
    private var preparedTiles = PreparedTiles()

    public init() throws(RenderError) {
        do {
            text = try TextEngine()
        } catch {
            throw .fontsMissing(error.description)
        }
    }

    /// Renders `scene`. Throws `RenderError` or `CameraError`.
    public func render(_ scene: OverlayScene, request: RenderRequest) throws -> RenderOutput {
        let theme = request.theme
        let size = request.size
        // A style with layers on the `overlay` source draws the trails and routes itself, and
        // with symbol layers there the pins, flags, their titles, callouts and labels too.
        let styledLines = request.baseMap.map { OverlayStyleSource.isDrawn(by: $0.style) } ?? false
        let styledMarkers = request.baseMap.map { OverlayStyleSource.drawsMarkers($0.style) } ?? false

        // 1. Shape all text and measure every marker box (relative to its anchor, points).
        // Flags under balloon markers; within each group the southern ones on top (MapKit's order).
        let pins = OverlayStyleSource.markerOrder(scene.pins)
        let pinTitles: [TextLayout?] = pins.map { pin in
            pin.title.map { text.layout($0, size: theme.pin.labelFontSize, bold: true, maxWidth: 160) }
        }
        let pinGlyphs: [TextLayout?] = pins.map { pin in
            if case .text(let s) = pin.glyph, !styledMarkers {
                return text.layout(s, size: theme.pin.width * pin.sizeFactor * (s.count > 1 ? 0.36 : 0.46), bold: true)
            }
            return nil
        }
        let pinBoxes: [Rect] = pins.indices.map { i in
            var box = MarkerPainter.pinBox(pins[i], theme: theme)
            if let t = pinTitles[i] {
                box = box.union(MarkerPainter.titleBox(t, pin: pins[i], theme: theme))
            }
            return box
        }
        let calloutTexts = scene.callouts.map { text.layout($0.text, size: theme.callout.fontSize, bold: true) }
        let calloutBoxes = scene.callouts.indices.map {
            MarkerPainter.calloutBox(calloutTexts[$0], callout: scene.callouts[$0], theme: theme)
        }
        let labelTexts = scene.labels.map {
            text.layout($0.text, size: theme.label.fontSize, bold: theme.label.bold, maxWidth: 200)
        }
        let labelBoxes = labelTexts.map {
            MarkerPainter.labelBox($0).insetBy(dx: -theme.label.haloWidth, dy: -theme.label.haloWidth)
        }
        let titleText = scene.title.map {
            text.layout($0, size: theme.title.fontSize, bold: true, maxWidth: size.width - 2 * theme.title.padding)
        }
        let band = titleText.map { $0.height + 2 * theme.title.padding } ?? 0

        // 2. Camera.
        let camera = try resolveCamera(
            request, scene: scene, pins: pins, pinBoxes: pinBoxes, calloutBoxes: calloutBoxes, labelBoxes: labelBoxes,
            band: band)

        // 3. Paint.
        let canvas = try CairoPainter(format: request.format, size: size, scale: request.scale)
        canvas.adoptCoverageBuffers(coverageBuffers)
        defer { if let b = canvas.coverageBuffers { coverageBuffers = b } }
        var baseSymbols: [SymbolCandidate] = []
        var warnings: [String] = []
        var mapLabelBoxes: [[Rect]] = []
        var overlayFeatures = OverlayStyleSource.FeatureSet()
        if var map = request.baseMap {
            if styledLines {
                overlayFeatures = OverlayStyleSource.features(
                    lines: scene.lines, pins: pins, callouts: scene.callouts,
                    calloutTextSizes: calloutTexts.map { Size(width: $0.width, height: $0.height) },
                    labels: scene.labels,
                    theme: theme)
                map.geojsonSources[OverlayStyleSource.id] = GeoJSONSource(features: overlayFeatures.features)
            }
            preparedTiles.begin(style: map.style.layers)
            var painter = BaseMapPainter(map: map, camera: camera, canvas: canvas, earlier: preparedTiles)
            baseSymbols = painter.draw()
            preparedTiles.keep(painter.prepared, caches: map.vectorSources)
            warnings = painter.warnings
        } else {
            canvas.paint(theme.background)
        }
        var items: [Annotations.Item] = []
        let minStep = 0.35 / request.scale  // vertices closer than this (points) add nothing visible

        for area in scene.areas {
            canvas.newPath()
            var bounds: Rect?
            for polygon in area.polygons {
                for ring in polygon {
                    let pts = camera.imagePoints(ring, minStep: minStep)
                    canvas.addRing(pts)
                    bounds = union(bounds, boundsOf(pts))
                }
            }
            canvas.fill(color: area.fill, opacity: area.fillOpacity, evenOdd: true, preserve: true)
            canvas.stroke(color: area.stroke, opacity: area.strokeOpacity, width: area.strokeWidth)
            if let b = bounds {
                items.append(
                    item(
                        "area", area.name, nil, nil, b.insetBy(dx: -area.strokeWidth / 2, dy: -area.strokeWidth / 2),
                        camera))
            }
        }

        let projected = scene.lines.map { line in line.parts.map { camera.imagePoints($0, minStep: minStep) } }
        let order =
            scene.lines.indices.filter { scene.lines[$0].kind == .trail }
            + scene.lines.indices.filter { scene.lines[$0].kind == .route }
        // Casings of one kind under all lines of that kind, so crossings stay clean.
        for kind in [LineOverlay.Kind.trail, .route] {
            let group = order.filter { scene.lines[$0].kind == kind }
            for i in group where scene.lines[i].casingWidth > 0 && !styledLines {
                let line = scene.lines[i]
                canvas.newPath()
                for part in projected[i] { canvas.addPolyline(part) }
                canvas.stroke(
                    color: line.casingColor, opacity: line.opacity, width: line.width + 2 * line.casingWidth,
                    cap: .round,
                    join: .round, dash: line.roundCapDash)
            }
            for i in group {
                let line = scene.lines[i]
                if !styledLines {
                    canvas.newPath()
                    for part in projected[i] { canvas.addPolyline(part) }
                    canvas.stroke(
                        color: line.color, opacity: line.opacity, width: line.width, cap: .round, join: .round,
                        dash: line.roundCapDash)
                }
                let b = projected[i].reduce(nil as Rect?) { union($0, boundsOf($1)) }
                if let b {
                    let half = line.width / 2 + line.casingWidth
                    items.append(item(kind.rawValue, line.name, nil, nil, b.insetBy(dx: -half, dy: -half), camera))
                }
            }
        }

        // 4. Markers: pins and flags always show; callouts and labels are placed where they fit.
        let frame = Rect(x: 0, y: band, width: size.width, height: size.height - band)
        var index = CollisionIndex(width: size.width, height: size.height)
        var decorationRequest = request.decorations
        if let credit = request.baseMap?.attribution {
            decorationRequest.attribution = BaseMap.joinAttribution([credit, decorationRequest.attribution ?? ""])
        }
        if !decorationRequest.showAttribution { decorationRequest.attribution = nil }
        let decorations = DecorationPainter.layout(
            decorationRequest, camera: camera, size: size, text: text, theme: theme)
        if styledMarkers {
            // The style's overlay layers place them (before the base map's labels: they win),
            // clear of the scale bar and attribution.
            let overlaySymbols = baseSymbols.filter { $0.overlayFeature != nil }
            baseSymbols.removeAll { $0.overlayFeature != nil }
            for d in decorations { index.insert(d.box) }
            var placer = SymbolPlacer(
                camera: camera, canvas: canvas, text: text, sprites: request.baseMap?.sprites ?? [], theme: theme)
            placer.place(overlaySymbols, frame: frame, index: &index)
            reportPins(
                pins, titles: pinTitles, placed: placer.overlayPlaced, firstFeature: overlayFeatures.pinStart,
                camera: camera,
                theme: theme, into: &items)
            reportCallouts(
                scene.callouts, boxes: calloutBoxes, features: overlayFeatures, placed: placer.overlayPlaced,
                camera: camera, into: &items)
            reportLabels(
                scene.labels, boxes: labelBoxes, features: overlayFeatures, placed: placer.overlayPlaced,
                camera: camera, into: &items)
        } else {
            drawPins(
                pins, titles: pinTitles, glyphs: pinGlyphs, camera: camera, theme: theme, frame: frame, canvas: canvas,
                index: &index, into: &items)
            // The corners hold the scale bar and attribution: callouts and labels keep clear of them.
            for d in decorations { index.insert(d.box) }
            for (i, callout) in scene.callouts.enumerated() {
                var placed: (Coordinate, Point, Rect, below: Bool, shift: Double)?
                // Anchors on the line first (bubble above, then below), then on top of the start flag.
                var tries: [(Coordinate, lift: Double, below: Bool)] = []
                for below in [false, true] { tries += callout.anchors.map { ($0, 0, below) } }
                if let f = callout.flagAnchor { tries.append((f, theme.flags.height + 1, false)) }
                search: for (c, lift, below) in tries {
                    for shift in [0.0, -0.7, 0.7, -1, 1] {
                        let box = MarkerPainter.calloutBox(
                            calloutTexts[i], callout: callout, theme: theme, below: below, shift: shift)
                        var p = camera.point(for: c)
                        p.y -= lift
                        if place(box, at: p, frame: frame, index: &index) {
                            placed = (c, p, box, below, shift)
                            break search
                        }
                    }
                }
                if let (c, p, box, below, shift) = placed {
                    MarkerPainter.drawCallout(
                        canvas, at: p, text: calloutTexts[i], callout: callout, theme: theme, below: below, shift: shift
                    )
                    items.append(item("callout", callout.text, c, p, box.offsetBy(dx: p.x, dy: p.y), camera))
                } else if let c = callout.anchors.first {
                    let p = camera.point(for: c)
                    items.append(
                        item(
                            "callout", callout.text, c, p, calloutBoxes[i].offsetBy(dx: p.x, dy: p.y), camera,
                            placed: false
                        ))
                }
            }
            for (i, label) in scene.labels.enumerated() {
                let placedAt = place(labelBoxes[i], anchors: label.anchors, camera: camera, frame: frame, index: &index)
                if let (c, p) = placedAt {
                    let t = labelTexts[i]
                    canvas.drawText(
                        t, at: Point(x: p.x - t.width / 2, y: p.y - t.height / 2),
                        color: label.color ?? theme.label.color,
                        halo: theme.label.haloColor, haloWidth: theme.label.haloWidth)
                    items.append(item("label", label.text, c, p, labelBoxes[i].offsetBy(dx: p.x, dy: p.y), camera))
                } else if let c = label.anchors.first {
                    let p = camera.point(for: c)
                    items.append(
                        item("label", label.text, c, p, labelBoxes[i].offsetBy(dx: p.x, dy: p.y), camera, placed: false)
                    )
                }
            }
        }

        // Base-map labels fill the space the overlays left.
        if !baseSymbols.isEmpty {
            var placer = SymbolPlacer(
                camera: camera, canvas: canvas, text: text, sprites: request.baseMap?.sprites ?? [])
            placer.place(baseSymbols, frame: frame, index: &index)
            mapLabelBoxes = placer.placed.map(\.boxes)
            for (label, boxes) in placer.placed {
                guard let first = boxes.first else { continue }
                items.append(
                    item("map-label", label, nil, nil, boxes.dropFirst().reduce(first) { $0.union($1) }, camera))
            }
        }

        // 5. Title band.
        if let t = titleText, let title = scene.title {
            let r = Rect(x: 0, y: 0, width: size.width, height: band)
            canvas.newPath()
            canvas.addRect(r)
            canvas.fill(color: theme.title.background)
            canvas.drawText(
                t, at: Point(x: (size.width - t.width) / 2, y: theme.title.padding), color: theme.title.color)
            items.append(item("title", title, nil, nil, r, camera))
        }

        for d in decorations {
            DecorationPainter.draw(d, canvas: canvas, theme: theme)
            items.append(item(d.kind, d.label, nil, nil, d.box, camera))
        }

        // A base map without an opaque background leaves transparent pixels: keep them.
        var png = request.png
        if let map = request.baseMap, !Self.hasOpaqueBackground(map.style, zoom: camera.zoom) { png.alpha = true }
        let bytes = try canvas.encode(png: png)
        var output = RenderOutput(
            warnings: warnings, bytes: bytes, camera: camera, annotations: annotations(camera, items))
        output.mapLabelBoxes = mapLabelBoxes
        return output
    }

    /// True when the style's first visible layer is a background that covers everything
    /// (opaque colour, opacity 1) at `zoom`.
    static func hasOpaqueBackground(_ style: Style, zoom: Double) -> Bool {
        guard let first = style.layers.first(where: { $0.isVisible(atZoom: zoom) }), first.type == .background else {
            return false
        }
        let ctx = EvaluationContext(zoom: zoom)
        return first.paint.color(.backgroundColor, ctx).alpha >= 1 && first.paint.number(.backgroundOpacity, ctx) >= 1
    }

    // MARK: - Camera

    private func resolveCamera(
        _ request: RenderRequest, scene: OverlayScene, pins: [PinOverlay], pinBoxes: [Rect], calloutBoxes: [Rect],
        labelBoxes: [Rect], band: Double
    ) throws -> Camera {
        let size = request.size
        switch request.camera {
        case .center(let c, let zoom):
            return Camera(center: c, zoom: zoom, size: size, scale: request.scale)
        case .region(let c, let dlat, let dlon):
            return Camera.region(center: c, latitudeDelta: dlat, longitudeDelta: dlon, size: size, scale: request.scale)
        case .bbox(let box):
            return Camera.bounding(box, size: size, scale: request.scale)
        case .fit(let padding):
            var fit: [FitItem] = []
            for line in scene.lines {
                let half = line.width / 2 + line.casingWidth
                for part in line.parts { fit += extremes(part, margin: half) }
            }
            for area in scene.areas {
                for polygon in area.polygons {
                    if let outer = polygon.first { fit += extremes(outer, margin: area.strokeWidth / 2) }
                }
            }
            for (i, pin) in pins.enumerated() {
                fit.append(FitItem(coordinate: pin.coordinate, margins: Margins(box: pinBoxes[i])))
            }
            for (i, c) in scene.callouts.enumerated() where c.affectsFit {
                if let a = c.anchors.first {
                    fit.append(FitItem(coordinate: a, margins: Margins(box: calloutBoxes[i])))
                }
            }
            for (i, l) in scene.labels.enumerated() {
                if let a = l.anchors.first { fit.append(FitItem(coordinate: a, margins: Margins(box: labelBoxes[i]))) }
            }
            let inner = Size(width: size.width, height: size.height - band)
            var camera = try Camera.fitting(fit, size: inner, scale: request.scale, padding: padding)
            // Re-centre on the full image so the fitted region sits below the title band.
            let w = WebMercator.worldPoint(camera.center, zoom: camera.zoom)
            let center = WebMercator.coordinate(worldPoint: Point(x: w.x, y: w.y - band / 2), zoom: camera.zoom)
            camera = Camera(center: center, zoom: camera.zoom, size: size, scale: request.scale)
            return camera
        }
    }

    /// The (at most four) vertices of `coords` that bound it in Mercator, each with the same margin.
    private func extremes(_ coords: [Coordinate], margin: Double) -> [FitItem] {
        guard var minX = coords.first else { return [] }
        var maxX = minX
        var minY = minX
        var maxY = minX
        for c in coords {
            if c.longitude < minX.longitude { minX = c }
            if c.longitude > maxX.longitude { maxX = c }
            if c.latitude < minY.latitude { minY = c }
            if c.latitude > maxY.latitude { maxY = c }
        }
        let m = Margins(top: margin, left: margin, bottom: margin, right: margin)
        return [minX, maxX, minY, maxY].map { FitItem(coordinate: $0, margins: m) }
    }

    // MARK: - Geometry to points

    private func boundsOf(_ pts: [Point]) -> Rect? {
        guard let f = pts.first else { return nil }
        var x0 = f.x
        var x1 = f.x
        var y0 = f.y
        var y1 = f.y
        for p in pts {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        return a.union(b)
    }

    // MARK: - Pins

    /// Draws the pins and flags (always) and their titles (where they fit), for a map whose
    /// style does not draw them.
    private func drawPins(
        _ pins: [PinOverlay], titles pinTitles: [TextLayout?], glyphs pinGlyphs: [TextLayout?], camera: Camera,
        theme: OverlayTheme, frame: Rect, canvas: CairoPainter, index: inout CollisionIndex,
        into items: inout [Annotations.Item]
    ) {
        for (i, pin) in pins.enumerated() {
            let p = camera.point(for: pin.coordinate)
            switch pin.kind {
            case .marker: MarkerPainter.drawBalloon(canvas, at: p, pin: pin, theme: theme, glyph: pinGlyphs[i])
            case .startFlag, .endFlag: MarkerPainter.drawFlag(canvas, at: p, pin: pin, theme: theme)
            }
            let box = MarkerPainter.pinBox(pin, theme: theme).offsetBy(dx: p.x, dy: p.y)
            index.insert(box)
            items.append(item(pin.kind.rawValue, pin.title, pin.coordinate, p, box, camera))
        }
        // Pin titles: under the tip if free, else beside or above the pin, else left out.
        for (i, pin) in pins.enumerated() {
            guard let t = pinTitles[i], let title = pin.title else { continue }
            let p = camera.point(for: pin.coordinate)
            let candidates = MarkerPainter.titleBoxes(t, pin: pin, theme: theme)
            var placedBox: Rect?
            for b in candidates {
                let r = b.offsetBy(dx: p.x, dy: p.y)
                if frame.contains(r) && !index.collides(r) {
                    index.insert(r)
                    placedBox = r
                    break
                }
            }
            if let r = placedBox {
                let h = theme.label.haloWidth
                canvas.drawText(
                    t, at: Point(x: r.x + h, y: r.y + h), color: theme.label.color, halo: theme.label.haloColor,
                    haloWidth: theme.label.haloWidth)
            }
            let shown = placedBox ?? candidates[0].offsetBy(dx: p.x, dy: p.y)
            items.append(item("pin-title", title, pin.coordinate, p, shown, camera, placed: placedBox != nil))
        }
    }

    /// The annotations of pins and titles the style placed (`placed`, by feature index of the
    /// overlay source, whose pins start at `firstFeature`): the boxes they got, or where they
    /// would have gone, not placed.
    private func reportPins(
        _ pins: [PinOverlay], titles pinTitles: [TextLayout?], placed: [Int: OverlayPlacement], firstFeature: Int,
        camera: Camera, theme: OverlayTheme, into items: inout [Annotations.Item]
    ) {
        for (i, pin) in pins.enumerated() {
            let p = camera.point(for: pin.coordinate)
            let box = placed[firstFeature + i]?.icon
            let shown = box ?? MarkerPainter.pinBox(pin, theme: theme).offsetBy(dx: p.x, dy: p.y)
            items.append(item(pin.kind.rawValue, pin.title, pin.coordinate, p, shown, camera, placed: box != nil))
        }
        for (i, pin) in pins.enumerated() {
            guard let t = pinTitles[i], let title = pin.title else { continue }
            let p = camera.point(for: pin.coordinate)
            let box = placed[firstFeature + i]?.text
            let shown = box ?? MarkerPainter.titleBox(t, pin: pin, theme: theme).offsetBy(dx: p.x, dy: p.y)
            items.append(item("pin-title", title, pin.coordinate, p, shown, camera, placed: box != nil))
        }
    }

    /// The annotations of callouts the style placed: each at the first of its spots that got a
    /// box (the bubble with its pointer, or the text without an icon), else where its first
    /// anchor would have had it, not placed.
    private func reportCallouts(
        _ callouts: [CalloutOverlay], boxes calloutBoxes: [Rect], features: OverlayStyleSource.FeatureSet,
        placed: [Int: OverlayPlacement], camera: Camera, into items: inout [Annotations.Item]
    ) {
        var chosen: [Int: (Coordinate, Point, Rect)] = [:]
        for f in features.calloutTries.keys.sorted() {
            guard let t = features.calloutTries[f], chosen[t.callout] == nil,
                let box = placed[f].flatMap({ $0.icon ?? $0.text })
            else { continue }
            var p = camera.point(for: t.anchor)
            p.y -= t.lift
            chosen[t.callout] = (t.anchor, p, box)
        }
        for (i, callout) in callouts.enumerated() {
            if let (c, p, box) = chosen[i] {
                items.append(item("callout", callout.text, c, p, box, camera))
            } else if let c = callout.anchors.first {
                let p = camera.point(for: c)
                items.append(
                    item(
                        "callout", callout.text, c, p, calloutBoxes[i].offsetBy(dx: p.x, dy: p.y), camera, placed: false
                    ))
            }
        }
    }

    /// The annotations of labels the style placed, as `reportCallouts` does for callouts.
    private func reportLabels(
        _ labels: [LabelOverlay], boxes labelBoxes: [Rect], features: OverlayStyleSource.FeatureSet,
        placed: [Int: OverlayPlacement], camera: Camera, into items: inout [Annotations.Item]
    ) {
        var chosen: [Int: (Coordinate, Rect)] = [:]
        for f in features.labelTries.keys.sorted() {
            guard let t = features.labelTries[f], chosen[t.label] == nil,
                let box = placed[f].flatMap({ $0.text ?? $0.icon })
            else { continue }
            chosen[t.label] = (t.anchor, box)
        }
        for (i, label) in labels.enumerated() {
            if let (c, box) = chosen[i] {
                items.append(item("label", label.text, c, camera.point(for: c), box, camera))
            } else if let c = label.anchors.first {
                let p = camera.point(for: c)
                items.append(
                    item("label", label.text, c, p, labelBoxes[i].offsetBy(dx: p.x, dy: p.y), camera, placed: false))
            }
        }
    }

    // MARK: - Placement

    private func place(
        _ box: Rect, anchors: [Coordinate], camera: Camera, frame: Rect, index: inout CollisionIndex
    ) -> (Coordinate, Point)? {
        for c in anchors {
            let p = camera.point(for: c)
            if place(box, at: p, frame: frame, index: &index) { return (c, p) }
        }
        return nil
    }

    /// Places `box` (relative to its anchor) at `p` when it stays inside `frame` and collides
    /// with nothing placed; records it in `index` then.
    private func place(_ box: Rect, at p: Point, frame: Rect, index: inout CollisionIndex) -> Bool {
        let r = box.offsetBy(dx: p.x, dy: p.y)
        guard frame.contains(r) && !index.collides(r) else { return false }
        index.insert(r)
        return true
    }

    // MARK: - Annotations

    private func item(
        _ kind: String, _ name: String?, _ c: Coordinate?, _ p: Point?, _ box: Rect, _ camera: Camera,
        placed: Bool = true
    ) -> Annotations.Item {
        let s = camera.scale
        return Annotations.Item(
            kind: kind, name: name, coordinate: c.map { [$0.latitude, $0.normalized.longitude] },
            point: p.map { [($0.x * s).centi, ($0.y * s).centi] },
            box: [(box.x * s).centi, (box.y * s).centi, (box.width * s).centi, (box.height * s).centi], placed: placed)
    }

    private func annotations(_ camera: Camera, _ items: [Annotations.Item]) -> Annotations {
        let b = camera.boundingBox
        let info = Annotations.CameraInfo(
            center: [camera.center.latitude, camera.center.normalized.longitude], zoom: camera.zoom,
            bbox: [b.west, b.south, b.east, b.north], width: camera.size.width, height: camera.size.height,
            scale: camera.scale, pixelWidth: Int((camera.size.width * camera.scale).rounded()),
            pixelHeight: Int((camera.size.height * camera.scale).rounded()))
        return Annotations(camera: info, items: items)
    }
}
