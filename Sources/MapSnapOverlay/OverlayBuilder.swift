import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import MapSnapStyle

/// Turns features read from files into overlays: what each is (trail, route, area, pin, callout,
/// label) and what the file says of its look; the rest of the look is the style's overlay layers'.
///
/// Styling follows simplestyle-spec 1.1 (https://github.com/mapbox/simplestyle-spec/tree/master/1.1.0)
/// where a feature has those properties (`stroke`, `stroke-width`, `stroke-opacity`, `fill`,
/// `fill-opacity`, `marker-color`, `marker-symbol`, `marker-size`, `title`), and the trail model
/// of the seed app otherwise (`difficulty` easy / moderate / hard, coloured by the style's layers).
/// Lines with `"route": true` (or from a route file) are computed routes: dashed, above trails.
/// Points with `"callout": true` become capsule callouts; points with a `label` (or `text`)
/// string become plain labels; other points are balloon pins.
///
/// Inside the package only: library users set the same things on `SnapshotOptions`.
package struct OverlayBuilder {
    /// Trail name to emphasise; the others fade.
    package var highlight: String?
    /// Start and end flags on every trail.
    package var flags = true
    /// A capsule callout with the trail's name along each named trail.
    package var trailCallouts = true

    package init() {}

    /// Errors that come from the user's options rather than the data.
    package enum BuildError: Error, Equatable, CustomStringConvertible {
        case noSuchTrail(String, available: [String])

        package var description: String {
            switch self {
            case .noSuchTrail(let n, let available):
                let list =
                    available.isEmpty ? "there are no named trails" : "trails: " + available.joined(separator: ", ")
                return "no trail is named \"\(n)\" (\(list))"
            }
        }
    }

    /// Builds the scene. `routes` are features that are routes whatever their properties say.
    package func build(features: [Feature], routes: [Feature] = []) throws(BuildError) -> OverlayScene {
        var scene = OverlayScene()
        var trails: [(LineOverlay, symbol: BuiltinSymbol?)] = []
        let all = features.map { ($0, false) } + routes.map { ($0, true) }
        for (feature, forcedRoute) in all {
            add(feature, forcedRoute: forcedRoute, geometry: feature.geometry, to: &scene, trails: &trails)
        }
        if let name = highlight {
            let names = trails.compactMap(\.0.name)
            guard names.contains(name) else { throw .noSuchTrail(name, available: names) }
            for i in trails.indices {
                trails[i].0.emphasis = trails[i].0.name == name ? .highlighted : .faded
            }
            // The highlighted trail is drawn last, above the faded ones.
            trails = trails.filter { $0.0.name != name } + trails.filter { $0.0.name == name }
        }
        let routes = scene.lines
        scene.lines = []
        let (named, wanting) =
            trailCallouts ? Self.calloutTrails(trails.map(\.0), highlight: highlight) : (Set<Int>(), 0)
        if named.count < wanting {
            scene.warnings.append(
                "only the \(named.count) longest of \(wanting) named trails get a name callout (there is no room "
                    + "for more; --no-callouts leaves them all out)")
        }
        let (flagged, wantingFlags) = flags ? Self.flaggedTrails(trails.map(\.0), highlight: highlight) : ([], 0)
        if flagged.count < wantingFlags {
            scene.warnings.append(
                "only the \(flagged.count) longest of \(wantingFlags) trails get start and end flags (there is no "
                    + "room for more; --no-flags leaves them all out)")
        }
        for (index, (trail, symbol)) in trails.enumerated() {
            scene.lines.append(trail)
            if flagged.contains(index) { addFlags(trail, to: &scene) }
            if named.contains(index), let name = trail.name, let part = trail.parts.max(by: { $0.count < $1.count }) {
                scene.callouts.append(
                    CalloutOverlay(
                        text: name, anchors: Self.calloutAnchors(part), trail: scene.lines.count - 1, symbol: symbol,
                        affectsFit: false,
                        flagAnchor: flags ? trail.parts.first?.first : nil))
            }
        }
        // Routes above trails, alternatives under the routes they are alternatives to; the start
        // and end of each best route flagged, as directions show them.
        scene.lines += routes.filter(\.isAlternative) + routes.filter { !$0.isAlternative }
        if flags {
            for route in routes.filter({ !$0.isAlternative }).prefix(Self.maxFlaggedTrails) {
                addFlags(route, to: &scene)
            }
        }
        let categories = Set(scene.pins.compactMap(\.category)).sorted()
        let index = Dictionary(uniqueKeysWithValues: categories.enumerated().map { ($1, $0) })
        for i in scene.pins.indices { scene.pins[i].categoryIndex = scene.pins[i].category.flatMap { index[$0] } }
        return scene
    }

    // MARK: - Per geometry

    private func add(
        _ f: Feature, forcedRoute: Bool, geometry: Geometry, to scene: inout OverlayScene,
        trails: inout [(LineOverlay, symbol: BuiltinSymbol?)]
    ) {
        let p = f.properties
        let name = p["name"]?.stringValue ?? p["title"]?.stringValue
        switch geometry {
        case .lineString(let cs):
            addLine([cs], f, name: name, forcedRoute: forcedRoute, to: &scene, trails: &trails)
        case .multiLineString(let parts):
            addLine(parts, f, name: name, forcedRoute: forcedRoute, to: &scene, trails: &trails)
        case .polygon(let rings):
            scene.areas.append(area([rings], p, name: name))
        case .multiPolygon(let polys):
            scene.areas.append(area(polys, p, name: name))
        case .point(let c):
            addPoint(c, p, to: &scene)
        case .multiPoint(let cs):
            for c in cs { addPoint(c, p, to: &scene) }
        case .geometryCollection(let gs):
            for g in gs { add(f, forcedRoute: forcedRoute, geometry: g, to: &scene, trails: &trails) }
        }
    }

    private func addLine(
        _ parts: [[Coordinate]], _ f: Feature, name: String?, forcedRoute: Bool, to scene: inout OverlayScene,
        trails: inout [(LineOverlay, symbol: BuiltinSymbol?)]
    ) {
        let p = f.properties
        let parts = parts.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return }
        let isRoute = forcedRoute || p["route"]?.boolValue == true
        if isRoute {
            var route = LineOverlay(
                kind: .route, name: name, parts: parts, stroke: color(p["stroke"]),
                strokeWidth: number(p["stroke-width"]), strokeOpacity: number(p["stroke-opacity"]))
            route.isAlternative = p["alternative"]?.boolValue == true
            route.distance = number(p["distance"])
            route.duration = number(p["duration"])
            route.steps = RouteStep.steps(p["steps"])
            scene.lines.append(route)
            return
        }
        let line = LineOverlay(
            kind: .trail, name: name, parts: parts, stroke: color(p["stroke"]), strokeWidth: number(p["stroke-width"]),
            strokeOpacity: number(p["stroke-opacity"]), difficulty: p["difficulty"]?.stringValue?.lowercased())
        // `marker-symbol` is simplestyle's (an unknown one is said); `icon` is the seed app's SF
        // Symbols name, used when a built-in matches.
        let symbol =
            p["marker-symbol"]?.stringValue.flatMap { Self.symbol($0, warnings: &scene.warnings) }
            ?? p["icon"]?.stringValue.flatMap(BuiltinSymbol.named)
        trails.append((line, symbol))
    }

    private func area(_ polygons: [[[Coordinate]]], _ p: JSONObject, name: String?) -> AreaOverlay {
        AreaOverlay(
            name: name, polygons: polygons, fill: color(p["fill"]), fillOpacity: number(p["fill-opacity"]),
            stroke: color(p["stroke"]), strokeWidth: number(p["stroke-width"]),
            strokeOpacity: number(p["stroke-opacity"]))
    }

    private func addPoint(_ c: Coordinate, _ p: JSONObject, to scene: inout OverlayScene) {
        let title = p["title"]?.stringValue ?? p["name"]?.stringValue
        if let text = p["label"]?.stringValue ?? p["text"]?.stringValue {
            scene.labels.append(LabelOverlay(text: text, anchors: [c], color: color(p["label-color"])))
            return
        }
        let tint = color(p["marker-color"])
        if p["callout"]?.boolValue == true, let title {
            let symbol = Self.symbol(p["marker-symbol"]?.stringValue, warnings: &scene.warnings)
            scene.callouts.append(
                CalloutOverlay(
                    text: title, anchors: [c], color: tint, textColor: tint.map(Color.readableText), symbol: symbol))
            return
        }
        let symbolName = p["marker-symbol"]?.stringValue ?? p["sym"]?.stringValue
        if let name = symbolName, name.count > 3 { _ = Self.symbol(name, warnings: &scene.warnings) }
        let size = p["marker-size"]?.stringValue.flatMap { PinOverlay.Size(rawValue: $0.lowercased()) }
        let category = p["category"]?.stringValue ?? p["category"]?.doubleValue.map { "\($0)" }
        scene.pins.append(
            PinOverlay(
                kind: .marker, coordinate: c, color: tint, glyph: Self.glyph(symbolName), size: size, title: title,
                category: category))
    }

    /// The built-in symbol `name` stands for; a name that has none gets one warning (the
    /// overlay is drawn without a symbol).
    static func symbol(_ name: String?, warnings: inout [String]) -> BuiltinSymbol? {
        guard let name, !name.isEmpty else { return nil }
        if let s = BuiltinSymbol.named(name) { return s }
        let message =
            "symbol \"\(name)\" is not a built-in symbol, so it is left out (symbols: "
            + BuiltinSymbol.allCases.map(\.rawValue).joined(separator: ", ")
            + ", with maki names such as water, mountain, attraction, and GPS ones such as Summit)"
        if !warnings.contains(message) { warnings.append(message) }
        return nil
    }

    /// `marker-symbol`: a built-in symbol name, or a short text (a letter or number).
    package static func glyph(_ name: String?) -> PinGlyph {
        guard let name, !name.isEmpty else { return .none }
        if let s = BuiltinSymbol.named(name) { return .symbol(s) }
        if name.count <= 3 { return .text(name) }
        return .none
    }

    // MARK: - Trail decorations

    private func addFlags(_ trail: LineOverlay, to scene: inout OverlayScene) {
        guard let first = trail.parts.first?.first, let last = trail.parts.last?.last else { return }
        // A loop ends where it starts (within 30 m, GPS noise): one flag, start and end in one.
        if Geodesy.distance(first, last) < 30 {
            scene.pins.append(PinOverlay(kind: .loopFlag, coordinate: first))
            return
        }
        scene.pins.append(PinOverlay(kind: .startFlag, coordinate: first))
        scene.pins.append(PinOverlay(kind: .endFlag, coordinate: last))
    }

    /// At most this many trails get a name callout (each tries some 130 spots).
    static let maxTrailCallouts = 40

    /// The indices of the named trails that get a name callout — all but faded ones, or the
    /// `maxTrailCallouts` longest of them (ties by name, then input order) — and how many
    /// would have had one.
    static func calloutTrails(_ trails: [LineOverlay], highlight: String?) -> (Set<Int>, wanting: Int) {
        let candidates = trails.indices.filter { i in
            trails[i].name != nil && (highlight == nil || trails[i].name == highlight)
        }
        return (longest(candidates, of: trails, limit: maxTrailCallouts), candidates.count)
    }

    /// At most this many trails get start and end flags (flags yield to flags, so more would
    /// mostly be dropped again, at a cost in placement).
    static let maxFlaggedTrails = 200

    /// The indices of the trails that get flags — all but faded ones, or the `maxFlaggedTrails`
    /// longest of them — and how many would have had them.
    static func flaggedTrails(_ trails: [LineOverlay], highlight: String?) -> (Set<Int>, wanting: Int) {
        let candidates = trails.indices.filter { i in highlight == nil || trails[i].name == highlight }
        return (longest(candidates, of: trails, limit: maxFlaggedTrails), candidates.count)
    }

    /// The `limit` longest of the trails at `candidates` (ties by name, then input order); all
    /// of them when there are no more.
    private static func longest(_ candidates: [Int], of trails: [LineOverlay], limit: Int) -> Set<Int> {
        guard candidates.count > limit else { return Set(candidates) }
        let lengths = candidates.map { i in
            (index: i, length: trails[i].parts.reduce(0) { $0 + (cumulativeLengths($1).last ?? 0) })
        }
        let longest = lengths.sorted { a, b in
            if a.length != b.length { return a.length > b.length }
            let (na, nb) = (trails[a.index].name ?? "", trails[b.index].name ?? "")
            return na != nb ? na < nb : a.index < b.index
        }
        return Set(longest.prefix(limit).map(\.index))
    }

    /// Vertices of a trail to try for its name callout: the middle first, then alternately
    /// further towards both ends (never the end points, where the flags stand).
    static func calloutAnchors(_ part: [Coordinate]) -> [Coordinate] {
        guard part.count > 2 else { return part.isEmpty ? [] : [part[part.count / 2]] }
        // Interpolate along the line by fraction of its length, so sparse lines get good anchors.
        let cum = cumulativeLengths(part)
        guard let total = cum.last, total > 0 else { return [part[0]] }
        let fractions: [Double] = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.45, 0.55, 0.35, 0.65, 0.25, 0.75]
        return fractions.sorted { abs($0 - 0.5) < abs($1 - 0.5) || (abs($0 - 0.5) == abs($1 - 0.5) && $0 < $1) }.map {
            f in
            let target = f * total
            let j = segmentIndex(cum, reaching: target)
            let seg = cum[j + 1] - cum[j]
            let t = seg > 0 ? (target - cum[j]) / seg : 0
            return Coordinate(
                latitude: part[j].latitude + (part[j + 1].latitude - part[j].latitude) * t,
                longitude: part[j].longitude + (part[j + 1].longitude - part[j].longitude) * t)
        }
    }

    /// The index `j` (0…`cum.count - 2`) of the segment where the length `target` is reached:
    /// the first with `cum[j + 1] >= target`, or the last segment when none is. `cum` is a
    /// non-decreasing list of lengths (`cumulativeLengths`) of at least two entries; a binary
    /// search, so a million-vertex line costs some 20 steps per anchor, not a scan from its start.
    static func segmentIndex(_ cum: [Double], reaching target: Double) -> Int {
        var lo = 0
        var hi = cum.count - 2
        while lo < hi {
            let mid = (lo + hi) / 2
            if cum[mid + 1] < target { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The length along `part` up to each vertex, in degrees (planar; enough to compare lines
    /// and pick fractions along one).
    static func cumulativeLengths(_ part: [Coordinate]) -> [Double] {
        var cum: [Double] = [0]
        cum.reserveCapacity(part.count)
        for i in part.indices.dropFirst() {
            let dx = part[i].longitude - part[i - 1].longitude
            let dy = part[i].latitude - part[i - 1].latitude
            cum.append(cum[i - 1] + (dx * dx + dy * dy).squareRoot())
        }
        return cum
    }

    // MARK: - Property helpers

    private func color(_ v: JSONValue?) -> Color? { v?.stringValue.flatMap { Color(css: $0) } }

    private func number(_ v: JSONValue?) -> Double? {
        if let d = v?.doubleValue, d.isFinite, d >= 0 { return d }
        if let s = v?.stringValue, let d = Double(s), d.isFinite, d >= 0 { return d }
        return nil
    }
}
