import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle

/// Collects the annotations of one image: where each overlay, map label, title and decoration
/// went (boxes in points while collecting, written in pixels), in the order areas, lines
/// (trails, then routes), pins, pin titles, callouts, labels, map labels, title, decorations.
struct AnnotationReport {
    let camera: Camera
    /// Vertices closer than this (points) add nothing to an area's box.
    let minStep: Double
    private(set) var items: [Annotations.Item] = []
    /// The texts of callouts the user asked for (`affectsFit`: not the automatic trail-name
    /// ones) that found no room, in order.
    private(set) var droppedCallouts: [String] = []
    /// The profile inset's figures, when one is drawn.
    var profile: Annotations.TrailFigures?
    /// The routes with figures or directions (see `Annotations.routes`).
    private(set) var routes: [Annotations.RouteFigures] = []

    init(camera: Camera, minStep: Double) {
        self.camera = camera
        self.minStep = minStep
    }

    /// The camera and the items, in pixels.
    var annotations: Annotations {
        let b = camera.boundingBox
        let info = Annotations.CameraInfo(
            center: [camera.center.latitude, camera.center.normalized.longitude], zoom: camera.zoom,
            bbox: [b.west, b.south, b.east, b.north], width: camera.size.width, height: camera.size.height,
            scale: camera.scale, pixelWidth: Int((camera.size.width * camera.scale).rounded()),
            pixelHeight: Int((camera.size.height * camera.scale).rounded()))
        return Annotations(camera: info, items: items, profile: profile, routes: routes.isEmpty ? nil : routes)
    }

    /// One item; `box` and `point` in points.
    mutating func add(
        _ kind: Annotations.Kind, _ name: String?, coordinate c: Coordinate? = nil, point p: Point? = nil, box: Rect,
        placed: Bool = true
    ) {
        let s = camera.scale
        items.append(
            Annotations.Item(
                kind: kind, name: name,
                coordinate: c.map { Coordinate(latitude: $0.latitude, longitude: $0.normalized.longitude) },
                pixel: p.map { Point(x: ($0.x * s).centi, y: ($0.y * s).centi) },
                pixelBox: Rect(
                    x: (box.x * s).centi, y: (box.y * s).centi, width: (box.width * s).centi,
                    height: (box.height * s).centi),
                placed: placed))
    }

    /// The scene's overlays: areas and lines by their projected bounds, markers where the
    /// style's layers placed them (`placed`, by feature index of the overlay source) or, not
    /// placed, where they would have gone.
    mutating func add(
        scene: OverlayScene, measures: SceneMeasures, features: OverlayStyleSource.FeatureSet,
        layout: MarkerLayout, placed: [Int: OverlayPlacement]
    ) {
        addAreas(scene.areas, halfWidths: measures.areaHalfWidths)
        addLines(scene.lines, halfWidths: measures.lineHalfWidths)
        addRouteFigures(scene.lines)
        addPins(measures, layout: layout, features: features, placed: placed)
        addCallouts(scene.callouts, boxes: measures.calloutBoxes, features: features, placed: placed)
        addLabels(scene.labels, boxes: measures.labelBoxes, features: features, placed: placed)
    }

    /// The figures and directions of the routes that came with them, rounded to 1/10.
    private mutating func addRouteFigures(_ lines: [LineOverlay]) {
        func tenth(_ v: Double?) -> Double? { v.map { ($0 * 10).rounded() / 10 } }
        for line in lines
        where line.kind == .route && (line.distance != nil || line.duration != nil || !line.steps.isEmpty) {
            let steps = line.steps.map { s in
                Annotations.RouteFigures.Step(
                    instruction: s.instruction, distance: tenth(s.distance), duration: tenth(s.duration),
                    coordinate: s.location.map { [$0.latitude, $0.normalized.longitude] })
            }
            routes.append(
                Annotations.RouteFigures(
                    name: line.name, alternative: line.isAlternative, distance: tenth(line.distance),
                    duration: tenth(line.duration), steps: steps))
        }
    }

    /// The base map's placed labels, each by the union of its boxes.
    mutating func addMapLabels(_ placed: [PlacedLabel]) {
        for label in placed {
            guard let first = label.boxes.first else { continue }
            add(.mapLabel, label.text, box: label.boxes.dropFirst().reduce(first) { $0.union($1) })
        }
    }

    private mutating func addAreas(_ areas: [AreaOverlay], halfWidths: [Double]) {
        for (area, half) in zip(areas, halfWidths) {
            let rings = area.polygons.flatMap { $0 }.map { camera.imagePoints($0, minStep: minStep) }
            guard let b = Self.bounds(rings) else { continue }
            add(.area, area.name, box: b.insetBy(dx: -half, dy: -half))
        }
    }

    /// Each trail, then each route, by the box of all its vertices (`Camera.imageBounds`: four
    /// projections per part, not one per vertex) grown by its half width.
    private mutating func addLines(_ lines: [LineOverlay], halfWidths: [Double]) {
        for kind in [LineOverlay.Kind.trail, .route] {
            for (line, half) in zip(lines, halfWidths) where line.kind == kind {
                let boxes = line.parts.compactMap { camera.imageBounds($0) }
                guard let first = boxes.first else { continue }
                let b = boxes.dropFirst().reduce(first) { $0.union($1) }
                add(kind == .trail ? .trail : .route, line.name, box: b.insetBy(dx: -half, dy: -half))
            }
        }
    }

    private mutating func addPins(
        _ m: SceneMeasures, layout: MarkerLayout, features: OverlayStyleSource.FeatureSet,
        placed: [Int: OverlayPlacement]
    ) {
        var clusterOf: [Int: Int] = [:]
        for (k, c) in layout.clusters.enumerated() { for i in c.members { clusterOf[i] = k } }
        for (i, pin) in m.pins.enumerated() {
            let p = camera.point(for: pin.coordinate)
            let feature = i < features.pinFeatures.count ? features.pinFeatures[i] : nil
            let box = feature.flatMap { placed[$0]?.icon }
            let shown = box ?? m.pinOnlyBoxes[i].offsetBy(dx: p.x, dy: p.y)
            add(Self.kind(pin.kind), pin.title, coordinate: pin.coordinate, point: p, box: shown, placed: box != nil)
            items[items.count - 1].cluster = clusterOf[i]
        }
        for (k, c) in layout.clusters.enumerated() {
            let p = camera.point(for: c.coordinate)
            let feature = k < features.clusterFeatures.count ? features.clusterFeatures[k] : nil
            let box = feature.flatMap { placed[$0]?.icon }
            let fallback = Rect(x: p.x + c.shift.x, y: p.y + c.shift.y, width: 0, height: 0)
            add(
                .cluster, "\(c.members.count) pins", coordinate: c.coordinate, point: p, box: box ?? fallback,
                placed: box != nil)
            items[items.count - 1].cluster = k
            items[items.count - 1].count = c.members.count
        }
        for (i, pin) in m.pins.enumerated() {
            guard let titleBox = m.titleBoxes[i], let title = pin.title, clusterOf[i] == nil else { continue }
            let p = camera.point(for: pin.coordinate)
            let feature = i < features.pinFeatures.count ? features.pinFeatures[i] : nil
            let box = feature.flatMap { placed[$0]?.text }
            let shift = i < layout.shifts.count ? layout.shifts[i] : Point(x: 0, y: 0)
            let shown = box ?? titleBox.offsetBy(dx: p.x + shift.x, dy: p.y + shift.y)
            add(.pinTitle, title, coordinate: pin.coordinate, point: p, box: shown, placed: box != nil)
        }
    }

    /// Each callout at the first of its spots that got a box (the bubble with its pointer, or
    /// the text without an icon), else where its first anchor would have had it, not placed.
    private mutating func addCallouts(
        _ callouts: [CalloutOverlay], boxes: [Rect], features: OverlayStyleSource.FeatureSet,
        placed: [Int: OverlayPlacement]
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
                add(.callout, callout.text, coordinate: c, point: p, box: box)
            } else if let c = callout.anchors.first {
                let p = camera.point(for: c)
                add(
                    .callout, callout.text, coordinate: c, point: p, box: boxes[i].offsetBy(dx: p.x, dy: p.y),
                    placed: false)
                if callout.affectsFit { droppedCallouts.append(callout.text) }
            }
        }
    }

    /// Each label where the style placed it, as `addCallouts` does for callouts.
    private mutating func addLabels(
        _ labels: [LabelOverlay], boxes: [Rect], features: OverlayStyleSource.FeatureSet,
        placed: [Int: OverlayPlacement]
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
                add(.label, label.text, coordinate: c, point: camera.point(for: c), box: box)
            } else if let c = label.anchors.first {
                let p = camera.point(for: c)
                add(
                    .label, label.text, coordinate: c, point: p, box: boxes[i].offsetBy(dx: p.x, dy: p.y),
                    placed: false)
            }
        }
    }

    /// The annotation kind of a pin or flag.
    static func kind(_ kind: PinOverlay.Kind) -> Annotations.Kind {
        switch kind {
        case .marker: return .marker
        case .startFlag: return .startFlag
        case .endFlag: return .endFlag
        case .loopFlag: return .startEndFlag
        }
    }

    /// The bounds of all points of `parts` (each part's bounds, joined), or nil when there are none.
    static func bounds(_ parts: [[Point]]) -> Rect? {
        var r: Rect?
        for part in parts {
            guard let f = part.first else { continue }
            var x0 = f.x
            var x1 = f.x
            var y0 = f.y
            var y1 = f.y
            for p in part {
                x0 = min(x0, p.x)
                x1 = max(x1, p.x)
                y0 = min(y0, p.y)
                y1 = max(y1, p.y)
            }
            let b = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            r = r.map { $0.union(b) } ?? b
        }
        return r
    }
}
