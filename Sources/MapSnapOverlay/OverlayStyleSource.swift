import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import MapSnapStyle

/// The overlays as the GeoJSON source named `overlay` that a style's layers draw: what the
/// input said of each overlay, as properties the layers read with expressions, and where the
/// built-in images and texts go. How they look is the layers' (`OverlayLayers.json`, restyled
/// or replaced by a style's own); the renderer reads back what it needs with `OverlayLook`.
///
/// First the areas, then one feature per trail or route, in drawing order (trails, then routes):
///
/// | property | meaning |
/// |---|---|
/// | `kind` | "area", "trail" or "route" |
/// | `name` | the input's name, when it had one |
/// | `stroke`, `stroke-width`, `stroke-opacity`, `fill`, `fill-opacity` | the input's own simplestyle look, when it had one (`#rrggbb`, points, 0…1) |
/// | `difficulty` | a trail's difficulty, lower-cased |
/// | `highlighted`, `faded` | true with `--highlight`: the trail named, the others |
/// | `alternative` | true on a route that is an alternative (router answers' alternatives) |
/// | `casing-dash` | a dashed route's dash (as the topmost layer drawing it has it) re-expressed in the width of the line layer under it, its casing, so the casing surrounds each dash |
///
/// After the lines come the markers, as points: pins and flags in drawing order (flags under
/// balloons, southern ones on top), then one feature per spot each callout may take, then one
/// per anchor of each free label:
///
/// | property | meaning |
/// |---|---|
/// | `kind` | "pin", "start-flag", "end-flag", "start-end-flag" (a loop's one flag), "callout" or "label" |
/// | `color` | the input's own colour of the balloon, flag, bubble or label text, when it had one |
/// | `text-color` | a callout's text colour, when its colour was given (one that reads on it) |
/// | `marker-size` | a pin's simplestyle size: small, medium, large |
/// | `glyph` / `symbol` | a pin's short text, or a built-in symbol name (pins and callouts) |
/// | `order` | a pin's place in the drawing order (symbol-sort-key) |
/// | `icon-offset`, `icon-padding` | where the built-in image's point is, and what its collision box adds around it (a callout's pointer; see `OverlayImage`) |
/// | `title`, `title-anchors` | a pin's title, and its text-variable-anchor-offset: under, right of, left of, above the pin, clear of it |
/// | `text` | a callout's or label's text |
/// | `text-offset`, `below` | where a callout's text goes for this spot (ems), and whether its bubble hangs below the point |
/// | `group` | shared by a callout's or label's spots: a layer places the first that fits and leaves the others out |
public enum OverlayStyleSource {
    /// The source id the overlay features are published under.
    public static let id = "overlay"

    /// Whether `style` has any layer on the overlay source (without one, no overlay shows).
    public static func isDrawn(by style: Style) -> Bool {
        style.layers.contains { $0.source == id }
    }

    /// The features of the overlay source and what each marker feature stands for.
    public struct FeatureSet: Sendable {
        public var features: [Feature] = []
        /// Per pin (in `markerOrder`): the index of its feature; nil when it is in a cluster.
        public var pinFeatures: [Int?] = []
        /// Per cluster of the layout: the index of its feature.
        public var clusterFeatures: [Int] = []
        /// Callout features by index: the callout, the anchor tried and how far above it the
        /// pointer's tip is lifted (points).
        public var calloutTries: [Int: (callout: Int, anchor: Coordinate, lift: Double)] = [:]
        /// Label features by index: the label and the anchor tried.
        public var labelTries: [Int: (label: Int, anchor: Coordinate)] = [:]
    }

    /// The features for the areas, the lines (trails first, then routes), `pins` (already in
    /// drawing order, see `markerOrder`), then one feature per spot each callout may take (its
    /// anchors with the bubble above, then below, each with the bubble slid sideways, then on its
    /// start flag) and per anchor of each label; a callout's or label's spots share a `group`,
    /// of which a layer places the first that fits. `calloutTextSizes` are the shaped callout
    /// texts (points), for the bubble offsets; `look` is the style's, for the sizes; `layout`
    /// says which pins are clustered and which stand beside a flag (nil: every pin as itself).
    public static func features(
        areas: [AreaOverlay] = [], lines: [LineOverlay], pins: [PinOverlay], callouts: [CalloutOverlay],
        calloutTextSizes: [Size], labels: [LabelOverlay], look: OverlayLook, layout: MarkerLayout? = nil
    ) -> FeatureSet {
        var set = FeatureSet()
        set.features = areas.map(feature)
        let ordered =
            lines.enumerated().filter { $0.element.kind == .trail }
            + lines.enumerated().filter { $0.element.kind == .route }
        var lineColors: [Int: Color] = [:]
        for (i, line) in ordered {
            let f = feature(line, look: look)
            lineColors[i] = f.color
            set.features.append(f.feature)
        }
        addMarkers(pins, layout: layout ?? MarkerLayout(pinCount: pins.count), look: look, to: &set)
        for (i, callout) in callouts.enumerated() where i < calloutTextSizes.count {
            var c = callout
            if let t = c.trail, c.color == nil, let color = lineColors[t] {
                c.color = Color(red: color.red, green: color.green, blue: color.blue)
                c.textColor = Color.readableText(on: color)
            }
            addCallout(c, index: i, text: calloutTextSizes[i], look: look, to: &set)
        }
        for (i, label) in labels.enumerated() {
            let members = labelMembers(label, index: i)
            for anchor in label.anchors {
                set.labelTries[set.features.count] = (i, anchor)
                set.features.append(Feature(geometry: .point(anchor), properties: JSONObject(members)))
            }
        }
        return set
    }

    /// The pins and flags not in a cluster, the cluster bubbles above them, and a leader from
    /// the point of each that stands beside a flag.
    private static func addMarkers(
        _ pins: [PinOverlay], layout: MarkerLayout, look: OverlayLook, to set: inout FeatureSet
    ) {
        for (i, pin) in pins.enumerated() {
            guard i < layout.drawn.count, layout.drawn[i] else {
                set.pinFeatures.append(nil)
                continue
            }
            set.pinFeatures.append(set.features.count)
            set.features.append(feature(pin, order: i, look: look, shift: layout.shifts[i]))
            if let end = layout.leaderEnds[i] { set.features += leader(from: pin.coordinate, to: end) }
        }
        for (k, c) in layout.clusters.enumerated() {
            set.clusterFeatures.append(set.features.count)
            set.features.append(feature(c, id: k, order: pins.count + k, look: look))
            if let end = c.leaderEnd { set.features += leader(from: c.coordinate, to: end) }
        }
    }

    /// What a cluster of `count` pins is (the properties its look is evaluated on), in the
    /// names MapLibre's clustered GeoJSON sources use.
    public static func clusterMembers(count: Int, id: Int) -> [JSONMember] {
        let abbreviated =
            count >= 10_000
            ? "\(Int((Double(count) / 1000).rounded()))k"
            : count >= 1000 ? "\((Double(count) / 100).rounded() / 10)k" : "\(count)"
        return [
            JSONMember(key: "kind", value: .string("cluster")), JSONMember(key: "cluster", value: .bool(true)),
            JSONMember(key: "cluster_id", value: .number(Double(id))),
            JSONMember(key: "point_count", value: .number(Double(count))),
            JSONMember(key: "point_count_abbreviated", value: .string(abbreviated)),
        ]
    }

    /// The feature of a cluster bubble.
    static func feature(_ c: MarkerLayout.Cluster, id: Int, order: Int, look: OverlayLook) -> Feature {
        var members = clusterMembers(count: c.members.count, id: id)
        if let color = c.color { members.append(JSONMember(key: "color", value: .string(color.hex))) }
        if let k = c.categoryIndex { members.append(JSONMember(key: "category-index", value: .number(Double(k % 10)))) }
        let s = max(look.iconSize(members), 0.001)
        let em = max(look.text(members).size, 1)
        members.append(JSONMember(key: "order", value: .number(Double(order))))
        members.append(JSONMember(key: "icon-offset", value: numbers([c.shift.x / s, c.shift.y / s])))
        members.append(JSONMember(key: "text-offset", value: numbers([c.shift.x / em, c.shift.y / em])))
        return Feature(geometry: .point(c.coordinate), properties: JSONObject(members))
    }

    /// A leader from a marker's point to where its image stands, and a dot on the point.
    static func leader(from a: Coordinate, to b: Coordinate) -> [Feature] {
        let kind = JSONObject([JSONMember(key: "kind", value: .string("leader"))])
        return [
            Feature(geometry: .lineString([a, b]), properties: kind), Feature(geometry: .point(a), properties: kind),
        ]
    }

    /// The properties of label `i` that all its anchors share.
    public static func labelMembers(_ label: LabelOverlay, index i: Int) -> [JSONMember] {
        var members: [JSONMember] = [
            JSONMember(key: "kind", value: .string("label")),
            JSONMember(key: "text", value: .string(label.text)),
            JSONMember(key: "group", value: .string("label-\(i)")),
        ]
        if let c = label.color { members.append(JSONMember(key: "color", value: .string(c.hex))) }
        return members
    }

    /// The properties of callout `i` that all its spots share.
    public static func calloutMembers(_ callout: CalloutOverlay, index i: Int) -> [JSONMember] {
        var members: [JSONMember] = [
            JSONMember(key: "kind", value: .string("callout")),
            JSONMember(key: "text", value: .string(callout.text)),
            JSONMember(key: "group", value: .string("callout-\(i)")),
        ]
        if let c = callout.color { members.append(JSONMember(key: "color", value: .string(c.hex))) }
        if let c = callout.textColor { members.append(JSONMember(key: "text-color", value: .string(c.hex))) }
        if let symbol = callout.symbol {
            members.append(JSONMember(key: "symbol", value: .string(symbol.rawValue)))
        }
        return members
    }

    /// One feature per spot callout `i` may take (see `features`).
    private static func addCallout(
        _ callout: CalloutOverlay, index i: Int, text: Size, look: OverlayLook, to set: inout FeatureSet
    ) {
        let members = calloutMembers(callout, index: i)
        let s = look.text(members)
        let p = s.fitPadding
        let (_, bh, slack) = MarkerGeometry.bubble(text: text, look: s)
        var tries: [(Coordinate, lift: Double, below: Bool)] = []
        for below in [false, true] { tries += callout.anchors.map { ($0, 0, below) } }
        if let f = callout.flagAnchor { tries.append((f, OverlayImage.flagHeight + 1, false)) }
        let em = max(s.size, 1)
        let pointer = OverlayImage.pointerHeight
        for (anchor, lift, below) in tries {
            for shift in [0.0, -0.7, 0.7, -1, 1] {
                // The text's centre: in the bubble between its paddings; the bubble slid by
                // `shift` past its pointer, above or below the tip.
                let x = shift * slack + (p[3] - p[1]) / 2
                let y = (below ? pointer + bh / 2 : -(pointer + bh / 2) - lift) + (p[0] - p[2]) / 2
                let offset = JSONValue.array(JSONArray([.number(x / em), .number(y / em)]))
                let image: OverlayImage = below ? .calloutBelow : .callout
                let extra = [
                    JSONMember(key: "below", value: .bool(below)), JSONMember(key: "text-offset", value: offset),
                    JSONMember(key: "icon-padding", value: numbers(image.padding)),
                ]
                set.calloutTries[set.features.count] = (i, anchor, lift)
                set.features.append(Feature(geometry: .point(anchor), properties: JSONObject(members + extra)))
            }
        }
    }

    /// `members` as a point feature the style engine can evaluate (for `OverlayLook`).
    public static func styleFeature(_ members: [JSONMember], type: StyleGeometryType = .point) -> SimpleFeature {
        SimpleFeature(members.map { ($0.key, StyleValue($0.value)) }, geometryType: type)
    }

    /// A JSON array of numbers.
    static func numbers(_ values: [Double]) -> JSONValue { .array(JSONArray(values.map { .number($0) })) }

    /// Pins in drawing order: flags under balloon markers; within each group the southern ones
    /// on top (MapKit's order). Ties keep the input order.
    public static func markerOrder(_ pins: [PinOverlay]) -> [PinOverlay] {
        // Indices are sorted, not the (large) pins themselves.
        pins.indices.sorted { a, b in
            let fa = pins[a].kind == .marker ? 1 : 0
            let fb = pins[b].kind == .marker ? 1 : 0
            if fa != fb { return fa < fb }
            if pins[a].coordinate.latitude != pins[b].coordinate.latitude {
                return pins[a].coordinate.latitude > pins[b].coordinate.latitude
            }
            return a < b
        }.map { pins[$0] }
    }

    /// What the input said of a pin (the properties its look is evaluated on).
    public static func pinMembers(_ pin: PinOverlay) -> [JSONMember] {
        let kind: String
        switch pin.kind {
        case .marker: kind = "pin"
        case .startFlag: kind = "start-flag"
        case .endFlag: kind = "end-flag"
        case .loopFlag: kind = "start-end-flag"
        }
        var members: [JSONMember] = [JSONMember(key: "kind", value: .string(kind))]
        if let c = pin.color { members.append(JSONMember(key: "color", value: .string(c.hex))) }
        if let size = pin.size { members.append(JSONMember(key: "marker-size", value: .string(size.rawValue))) }
        switch pin.glyph {
        case .none: break
        case .text(let s): members.append(JSONMember(key: "glyph", value: .string(s)))
        case .symbol(let s): members.append(JSONMember(key: "symbol", value: .string(s.rawValue)))
        }
        if let title = pin.title { members.append(JSONMember(key: "title", value: .string(title))) }
        if let c = pin.category { members.append(JSONMember(key: "category", value: .string(c))) }
        if let k = pin.categoryIndex {
            // The style's palette has ten colours (OverlayLayers.json); categories beyond repeat them.
            members.append(JSONMember(key: "category-index", value: .number(Double(k % 10))))
        }
        return members
    }

    /// The feature of a pin or flag: a point with what the input said and where its image and
    /// title go (see the table above).
    /// `shift` moves the image (and its title) off the point, points.
    static func feature(_ pin: PinOverlay, order: Int, look: OverlayLook, shift: Point = Point(x: 0, y: 0))
        -> Feature
    {
        let facts = pinMembers(pin)
        var members = facts
        let image = OverlayImage.of(pin.kind)
        let offset = image.anchorOffset
        let size = look.iconSize(facts)
        let s = max(size, 0.001)
        members += [
            JSONMember(key: "order", value: .number(Double(order))),
            JSONMember(key: "icon-offset", value: numbers([offset.x + shift.x / s, offset.y + shift.y / s])),
            JSONMember(key: "icon-padding", value: numbers(image.padding)),
        ]
        if pin.title != nil {
            let box = MarkerGeometry.pinBox(pin, iconSize: size).offsetBy(dx: shift.x, dy: shift.y)
            let text = look.text(facts)
            members.append(JSONMember(key: "title-anchors", value: .array(JSONArray(titleAnchors(box, text: text)))))
        }
        return Feature(geometry: .point(pin.coordinate), properties: JSONObject(members))
    }

    /// `text-variable-anchor-offset` for a pin's title: under the pin, right of it, left of it,
    /// above it, each clear of the pin's box `b` by half a point plus the halo (ems of the
    /// title's size).
    static func titleAnchors(_ b: Rect, text: OverlayLook.Text) -> [JSONValue] {
        let gap = 0.5 + text.haloWidth
        let em = max(text.size, 1)
        func pair(_ anchor: String, _ x: Double, _ y: Double) -> [JSONValue] {
            [.string(anchor), .array(JSONArray([.number(x / em), .number(y / em)]))]
        }
        return pair("top", 0, b.maxY + gap) + pair("left", b.maxX + gap, b.midY) + pair("right", b.minX - gap, b.midY)
            + pair("bottom", 0, b.minY - gap)
    }

    /// The feature of an area: its polygons with `kind` "area", `name` and the simplestyle look
    /// the input gave it.
    static func feature(_ area: AreaOverlay) -> Feature {
        let members = areaMembers(area)
        let geometry: Geometry =
            area.polygons.count == 1 ? .polygon(area.polygons[0]) : .multiPolygon(area.polygons)
        return Feature(geometry: geometry, properties: JSONObject(members))
    }

    /// What the input said of an area (the properties its look is evaluated on).
    public static func areaMembers(_ area: AreaOverlay) -> [JSONMember] {
        var members: [JSONMember] = [JSONMember(key: "kind", value: .string("area"))]
        if let name = area.name { members.append(JSONMember(key: "name", value: .string(name))) }
        members += simplestyle([
            ("fill", area.fill.map { .string($0.hex) }), ("fill-opacity", area.fillOpacity.map { .number($0) }),
            ("stroke", area.stroke.map { .string($0.hex) }), ("stroke-width", area.strokeWidth.map { .number($0) }),
            ("stroke-opacity", area.strokeOpacity.map { .number($0) }),
        ])
        return members
    }

    /// The members of the values given.
    private static func simplestyle(_ values: [(String, JSONValue?)]) -> [JSONMember] {
        values.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } }
    }

    /// What the input said of a line (the properties its look is evaluated on).
    public static func lineMembers(_ line: LineOverlay) -> [JSONMember] {
        var members: [JSONMember] = [JSONMember(key: "kind", value: .string(line.kind.rawValue))]
        if let name = line.name { members.append(JSONMember(key: "name", value: .string(name))) }
        members += simplestyle([
            ("stroke", line.stroke.map { .string($0.hex) }), ("stroke-width", line.strokeWidth.map { .number($0) }),
            ("stroke-opacity", line.strokeOpacity.map { .number($0) }),
            ("difficulty", line.difficulty.map { .string($0) }),
        ])
        if line.isAlternative { members.append(JSONMember(key: "alternative", value: .bool(true))) }
        switch line.emphasis {
        case .normal: break
        case .highlighted: members.append(JSONMember(key: "highlighted", value: .bool(true)))
        case .faded: members.append(JSONMember(key: "faded", value: .bool(true)))
        }
        return members
    }

    /// The feature of a line, and its colour as the style draws it (nil when no layer does).
    static func feature(_ line: LineOverlay, look: OverlayLook) -> (feature: Feature, color: Color?) {
        var members = lineMembers(line)
        let drawn = look.line(members)
        if let d = drawn, !d.dash.isEmpty, let c = d.casingWidth, c > 0, d.width > 0 {
            // Both lines have round caps: the casing's dashes, as long as the line's, then reach
            // half the width difference past each end of the line's.
            members.append(
                JSONMember(key: "casing-dash", value: numbers(d.dash.map { $0 * d.width / c })))
        }
        let geometry: Geometry =
            line.parts.count == 1 ? .lineString(line.parts[0]) : .multiLineString(line.parts)
        return (Feature(geometry: geometry, properties: JSONObject(members)), drawn?.color)
    }
}
