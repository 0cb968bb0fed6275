import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import MapSnapStyle

/// The overlays' lines as the GeoJSON source named `overlay` that a style's layers can draw:
/// one feature per trail or route, in drawing order (trails, then routes), with the values the
/// overlay builder resolved (from the theme, the file's simplestyle properties, difficulty and
/// highlighting) as properties a style reads with expressions:
///
/// | property | meaning |
/// |---|---|
/// | `kind` | "trail" or "route" |
/// | `name`, `difficulty`, `stroke` | from the input file, when it had them |
/// | `color`, `opacity`, `width` | the line's colour (`#rrggbb`), opacity and width (points) |
/// | `casing-color`, `casing-width` | the casing under it (width of each side, points; 0: none) |
/// | `dash`, `casing-dash` | line-dasharray for the line and for its casing (multiples of each one's width; round caps already allowed for); absent for solid lines |
/// | `highlighted`, `faded` | with `--highlight`: the trail named, the others |
///
/// After the lines come the markers, as points: pins and flags in drawing order (flags under
/// balloons, southern ones on top), then one feature per spot each callout may take, then one
/// per anchor of each free label:
///
/// | property | meaning |
/// |---|---|
/// | `kind` | "pin", "start-flag", "end-flag", "start-end-flag" (a loop's one flag), "callout" or "label" |
/// | `color` | the balloon's, flag's or bubble's colour; a label's text colour |
/// | `glyph` / `symbol` | a pin's short text, or a built-in symbol name (pins and callouts) |
/// | `glyph-color` | the pin glyph's colour |
/// | `size`, `order` | a pin's size factor (icon-size) and its place in the drawing order (symbol-sort-key) |
/// | `icon-offset`, `icon-padding` | where the built-in image's point is, and what its collision box adds around it (a callout's pointer; see `OverlayImage`) |
/// | `title`, `title-size`, `title-color`, `halo-color`, `halo-width` | a pin's title and its look |
/// | `title-anchors` | text-variable-anchor-offset for the title: under, right of, left of, above the pin, clear of it |
/// | `text`, `text-color`, `text-size` | a callout's or label's text |
/// | `text-offset`, `below` | where a callout's text goes for this spot (ems), and whether its bubble hangs below the point |
/// | `group` | shared by a callout's or label's spots: a layer places the first that fits and leaves the others out |
///
/// A style draws them with layers on this source (the bundled styles' `overlay-*` layers; they
/// are appended to any style that has none).
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
        /// Index of the first pin's feature (the pins follow in `markerOrder`).
        public var pinStart = 0
        /// Callout features by index: the callout, the anchor tried and how far above it the
        /// pointer's tip is lifted (points).
        public var calloutTries: [Int: (callout: Int, anchor: Coordinate, lift: Double)] = [:]
        /// Label features by index: the label and the anchor tried.
        public var labelTries: [Int: (label: Int, anchor: Coordinate)] = [:]
    }

    /// The features for the lines (trails first, then routes), `pins` (already in drawing
    /// order, see `markerOrder`), then one feature per spot each callout may take (its anchors
    /// with the bubble above, then below, each with the bubble slid sideways, then on its start
    /// flag) and per anchor of each label; a callout's or label's spots share a `group`, of
    /// which a layer places the first that fits. `calloutTextSizes` are the shaped callout
    /// texts (points), for the bubble offsets.
    public static func features(
        areas: [AreaOverlay] = [], lines: [LineOverlay], pins: [PinOverlay], callouts: [CalloutOverlay],
        calloutTextSizes: [Size], labels: [LabelOverlay], theme: OverlayTheme
    ) -> FeatureSet {
        var set = FeatureSet()
        set.features = areas.map(feature)
        set.features += (lines.filter { $0.kind == .trail } + lines.filter { $0.kind == .route }).map(feature)
        set.pinStart = set.features.count
        set.features += pins.enumerated().map { feature($0.element, order: $0.offset, theme: theme) }
        let s = theme.callout
        for (i, callout) in callouts.enumerated() where i < calloutTextSizes.count {
            let text = calloutTextSizes[i]
            let iconW = callout.symbol == nil ? 0 : s.fontSize * 1.3 + 4
            let bw = text.width + 2 * s.paddingX + iconW
            let bh = text.height + 2 * s.paddingY
            let slack = max(0, bw / 2 - bh / 2 - s.pointerWidth / 2)
            var tries: [(Coordinate, lift: Double, below: Bool)] = []
            for below in [false, true] { tries += callout.anchors.map { ($0, 0, below) } }
            if let f = callout.flagAnchor { tries.append((f, theme.flags.height + 1, false)) }
            var members: [JSONMember] = [
                JSONMember(key: "kind", value: .string("callout")),
                JSONMember(key: "text", value: .string(callout.text)),
                JSONMember(key: "color", value: .string(callout.color.hex)),
                JSONMember(key: "text-color", value: .string(callout.textColor.hex)),
                JSONMember(key: "text-size", value: .number(s.fontSize)),
                JSONMember(key: "group", value: .string("callout-\(i)")),
            ]
            if let symbol = callout.symbol {
                members.append(JSONMember(key: "symbol", value: .string(symbol.rawValue)))
            }
            let em = max(s.fontSize, 1)
            for (anchor, lift, below) in tries {
                for shift in [0.0, -0.7, 0.7, -1, 1] {
                    // The text's centre: in the bubble, right of the symbol; the bubble slid by
                    // `shift` past its pointer, above or below the tip.
                    let x = shift * slack + iconW / 2
                    let y = below ? s.pointerHeight + bh / 2 : -(s.pointerHeight + bh / 2) - lift
                    let offset = JSONValue.array(JSONArray([.number(x / em), .number(y / em)]))
                    let image: OverlayImage = below ? .calloutBelow : .callout
                    let extra = [
                        JSONMember(key: "below", value: .bool(below)), JSONMember(key: "text-offset", value: offset),
                        JSONMember(key: "icon-padding", value: numbers(image.padding(theme))),
                    ]
                    set.calloutTries[set.features.count] = (i, anchor, lift)
                    set.features.append(Feature(geometry: .point(anchor), properties: JSONObject(members + extra)))
                }
            }
        }
        let l = theme.label
        for (i, label) in labels.enumerated() {
            let members: [JSONMember] = [
                JSONMember(key: "kind", value: .string("label")),
                JSONMember(key: "text", value: .string(label.text)),
                JSONMember(key: "color", value: .string((label.color ?? l.color).hex)),
                JSONMember(key: "text-size", value: .number(l.fontSize)),
                JSONMember(key: "halo-color", value: .string(l.haloColor.hex)),
                JSONMember(key: "halo-width", value: .number(l.haloWidth)),
                JSONMember(key: "group", value: .string("label-\(i)")),
            ]
            for anchor in label.anchors {
                set.labelTries[set.features.count] = (i, anchor)
                set.features.append(Feature(geometry: .point(anchor), properties: JSONObject(members)))
            }
        }
        return set
    }

    /// A JSON array of numbers.
    static func numbers(_ values: [Double]) -> JSONValue { .array(JSONArray(values.map { .number($0) })) }

    /// Pins in drawing order: flags under balloon markers; within each group the southern ones
    /// on top (MapKit's order). Ties keep the input order.
    public static func markerOrder(_ pins: [PinOverlay]) -> [PinOverlay] {
        pins.enumerated().sorted { a, b in
            let fa = a.element.kind == .marker ? 1 : 0
            let fb = b.element.kind == .marker ? 1 : 0
            if fa != fb { return fa < fb }
            if a.element.coordinate.latitude != b.element.coordinate.latitude {
                return a.element.coordinate.latitude > b.element.coordinate.latitude
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The feature of a pin or flag: a point with the resolved look (see the table above).
    static func feature(_ pin: PinOverlay, order: Int, theme: OverlayTheme) -> Feature {
        let kind: String
        switch pin.kind {
        case .marker: kind = "pin"
        case .startFlag: kind = "start-flag"
        case .endFlag: kind = "end-flag"
        case .loopFlag: kind = "start-end-flag"
        }
        let image = OverlayImage.of(pin.kind)
        let offset = image.anchorOffset(theme)
        var members: [JSONMember] = [
            JSONMember(key: "kind", value: .string(kind)),
            JSONMember(key: "color", value: .string(pin.color.hex)),
            JSONMember(key: "size", value: .number(pin.sizeFactor)),
            JSONMember(key: "order", value: .number(Double(order))),
            JSONMember(key: "icon-offset", value: .array(JSONArray([.number(offset.x), .number(offset.y)]))),
            JSONMember(key: "icon-padding", value: numbers(image.padding(theme))),
        ]
        if pin.kind == .loopFlag {
            // The checkered half in the end flag's colour (the image's second colour).
            members.append(JSONMember(key: "glyph-color", value: .string(theme.flags.end.hex)))
        }
        if pin.kind == .marker {
            members.append(JSONMember(key: "glyph-color", value: .string(theme.pin.glyphColor.hex)))
            switch pin.glyph {
            case .none: break
            case .text(let s): members.append(JSONMember(key: "glyph", value: .string(s)))
            case .symbol(let s): members.append(JSONMember(key: "symbol", value: .string(s.rawValue)))
            }
        }
        if let title = pin.title {
            let l = theme.label
            members += [
                JSONMember(key: "title", value: .string(title)),
                JSONMember(key: "title-size", value: .number(theme.pin.labelFontSize)),
                JSONMember(key: "title-color", value: .string(l.color.hex)),
                JSONMember(key: "halo-color", value: .string(l.haloColor.hex)),
                JSONMember(key: "halo-width", value: .number(l.haloWidth)),
                JSONMember(key: "title-anchors", value: .array(JSONArray(titleAnchors(pin, theme: theme)))),
            ]
        }
        return Feature(geometry: .point(pin.coordinate), properties: JSONObject(members))
    }

    /// `text-variable-anchor-offset` for a pin's title: under the pin, right of it, left of it,
    /// above it, each clear of the pin's box by half a point plus the halo (ems of the title size).
    static func titleAnchors(_ pin: PinOverlay, theme: OverlayTheme) -> [JSONValue] {
        let b = MarkerGeometry.pinBox(pin, theme: theme)
        let gap = 0.5 + theme.label.haloWidth
        let em = max(theme.pin.labelFontSize, 1)
        func pair(_ anchor: String, _ x: Double, _ y: Double) -> [JSONValue] {
            [.string(anchor), .array(JSONArray([.number(x / em), .number(y / em)]))]
        }
        return pair("top", 0, b.maxY + gap) + pair("left", b.maxX + gap, b.midY) + pair("right", b.minX - gap, b.midY)
            + pair("bottom", 0, b.minY - gap)
    }

    /// The feature of an area: its polygons with `kind` "area", `name`, `fill`, `fill-opacity`,
    /// `stroke`, `stroke-width` (points) and `stroke-opacity`.
    static func feature(_ area: AreaOverlay) -> Feature {
        var members: [JSONMember] = [
            JSONMember(key: "kind", value: .string("area")),
            JSONMember(key: "fill", value: .string(area.fill.hex)),
            JSONMember(key: "fill-opacity", value: .number(area.fillOpacity)),
            JSONMember(key: "stroke", value: .string(area.stroke.hex)),
            JSONMember(key: "stroke-width", value: .number(area.strokeWidth)),
            JSONMember(key: "stroke-opacity", value: .number(area.strokeOpacity)),
        ]
        if let name = area.name { members.append(JSONMember(key: "name", value: .string(name))) }
        let geometry: Geometry =
            area.polygons.count == 1 ? .polygon(area.polygons[0]) : .multiPolygon(area.polygons)
        return Feature(geometry: geometry, properties: JSONObject(members))
    }

    static func feature(_ line: LineOverlay) -> Feature {
        var members: [JSONMember] = [
            JSONMember(key: "kind", value: .string(line.kind.rawValue)),
            JSONMember(key: "color", value: .string(line.color.hex)),
            JSONMember(key: "opacity", value: .number(line.opacity)),
            JSONMember(key: "width", value: .number(line.width)),
            JSONMember(key: "casing-color", value: .string(line.casingColor.hex)),
            JSONMember(key: "casing-width", value: .number(line.casingWidth)),
        ]
        if let name = line.name { members.append(JSONMember(key: "name", value: .string(name))) }
        for (key, value) in line.properties.sorted(by: { $0.key < $1.key }) {
            members.append(JSONMember(key: key, value: .string(value)))
        }
        let pattern = line.roundCapDash
        if !pattern.isEmpty && line.width > 0 {
            let casingWidth = line.width + 2 * line.casingWidth
            members.append(JSONMember(key: "dash", value: .array(JSONArray(pattern.map { .number($0 / line.width) }))))
            members.append(
                JSONMember(key: "casing-dash", value: .array(JSONArray(pattern.map { .number($0 / casingWidth) }))))
        }
        let geometry: Geometry =
            line.parts.count == 1 ? .lineString(line.parts[0]) : .multiLineString(line.parts)
        return Feature(geometry: geometry, properties: JSONObject(members))
    }
}
