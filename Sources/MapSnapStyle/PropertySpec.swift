import MapSnapJSON

/// The definition of one layout or paint property, as in the spec's reference `v8.json`
/// (https://maplibre.org/maplibre-style-spec/layers/): value type, default, whether it can be
/// interpolated and whether it can depend on feature data.
struct PropertySpec: Sendable {
    enum ValueType: Sendable, Equatable {
        case number
        case color
        case string
        case boolean
        case enumeration([String])
        /// `array<number>` with an optional fixed length.
        case numberArray(Int?)
        case stringArray
        case enumArray([String])
        /// `text-field`: a string (tokens allowed) or `format`.
        case formatted
        /// Image names (`icon-image`, `*-pattern`).
        case resolvedImage
        /// `icon-padding`: a number or 1–4 numbers (CSS order).
        case padding
        /// A number or an array of numbers (hillshade illumination).
        case numberOrArray
        /// A colour or an array of colours (hillshade shading).
        case colorOrArray
        /// `text-variable-anchor-offset`: anchor, [x, y], anchor, [x, y] …
        case anchorOffsets
    }

    /// The spec's `property-type`.
    enum Kind: Sendable, Equatable {
        /// Zoom and feature expressions.
        case dataDriven
        /// Zoom expressions only.
        case dataConstant
        /// No expressions (`visibility`).
        case constant
        /// Zoom expressions only, evaluated at integer zooms (`line-dasharray`, patterns).
        case crossFaded
        case crossFadedDataDriven
        /// An expression of `heatmap-density` / `line-progress`.
        case colorRamp
    }

    let name: String
    /// The layer types it applies to (all for `visibility`).
    let layerTypes: Set<StyleLayerType>
    let isLayout: Bool
    let type: ValueType
    /// The spec default as JSON (nil: none, e.g. `fill-outline-color`, `icon-image`).
    let defaultJSON: JSONValue?
    let interpolated: Bool
    let kind: Kind
    /// `{token}` substitution in constant strings.
    let tokens: Bool
    /// Doc units ("pixels", "ems", …), for reference.
    let units: String?

    var allowsFeatureData: Bool {
        switch kind {
        case .dataDriven, .crossFadedDataDriven, .colorRamp: return true
        case .dataConstant, .constant, .crossFaded: return false
        }
    }

    /// The type a property expression must produce.
    var expressionType: ExpressionType {
        switch type {
        case .number: return .number
        case .color: return .color
        case .string, .enumeration: return .string
        case .boolean: return .boolean
        case .numberArray(let n): return .array(.number, n)
        case .stringArray, .enumArray: return .array(.string, nil)
        case .formatted: return .formatted
        case .resolvedImage: return .resolvedImage
        case .padding, .numberOrArray, .colorOrArray, .anchorOffsets: return .value
        }
    }
}

extension PropertySpec {
    private static let anchors = [
        "center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
    ]
    private static let alignments = ["map", "viewport", "auto"]
    private static let translateAnchors = ["map", "viewport"]
    private static let overlaps = ["never", "always", "cooperative"]

    private static func p(
        _ name: String, _ layer: StyleLayerType, layout: Bool = false, _ type: ValueType, _ def: JSONValue?,
        _ kind: Kind, interpolated: Bool = true, tokens: Bool = false, units: String? = nil
    ) -> PropertySpec {
        PropertySpec(
            name: name, layerTypes: [layer], isLayout: layout, type: type, defaultJSON: def, interpolated: interpolated,
            kind: kind, tokens: tokens, units: units)
    }

    private static func layout(
        _ name: String, _ layer: StyleLayerType, _ type: ValueType, _ def: JSONValue?, _ kind: Kind,
        interpolated: Bool = true, tokens: Bool = false, units: String? = nil
    ) -> PropertySpec {
        p(name, layer, layout: true, type, def, kind, interpolated: interpolated, tokens: tokens, units: units)
    }

    private static func n(_ d: Double) -> JSONValue { .number(d) }
    private static func s(_ text: String) -> JSONValue { .string(text) }
    private static func numbers(_ values: Double...) -> JSONValue { .array(JSONArray(values.map { .number($0) })) }
    private static let black: JSONValue = .string("#000000")
    private static let transparent: JSONValue = .string("rgba(0, 0, 0, 0)")

    /// Every layout and paint property of the spec, in the reference's order.
    static let all: [PropertySpec] = {
        var list: [PropertySpec] = [
            PropertySpec(
                name: "visibility", layerTypes: Set(StyleLayerType.allCases), isLayout: true,
                type: .enumeration(["visible", "none"]), defaultJSON: s("visible"), interpolated: false,
                kind: .constant,
                tokens: false, units: nil)
        ]
        list += [
            // Layout: fill, circle, line
            layout("fill-sort-key", .fill, .number, nil, .dataDriven, interpolated: false),
            layout("circle-sort-key", .circle, .number, nil, .dataDriven, interpolated: false),
            layout(
                "line-cap", .line, .enumeration(["butt", "round", "square"]), s("butt"), .dataConstant,
                interpolated: false),
            layout(
                "line-join", .line, .enumeration(["bevel", "round", "miter"]), s("miter"), .dataDriven,
                interpolated: false),
            layout("line-miter-limit", .line, .number, n(2), .dataConstant),
            layout("line-round-limit", .line, .number, n(1.05), .dataConstant),
            layout("line-sort-key", .line, .number, nil, .dataDriven, interpolated: false),
        ]
        list += [
            // Layout: symbol
            layout(
                "symbol-placement", .symbol, .enumeration(["point", "line", "line-center"]), s("point"), .dataConstant,
                interpolated: false),
            layout("symbol-spacing", .symbol, .number, n(250), .dataConstant, units: "pixels"),
            layout("symbol-avoid-edges", .symbol, .boolean, .bool(false), .dataConstant, interpolated: false),
            layout("symbol-sort-key", .symbol, .number, nil, .dataDriven, interpolated: false),
            layout(
                "symbol-z-order", .symbol, .enumeration(["auto", "viewport-y", "source"]), s("auto"), .dataConstant,
                interpolated: false),
            layout("icon-allow-overlap", .symbol, .boolean, .bool(false), .dataConstant, interpolated: false),
            layout("icon-overlap", .symbol, .enumeration(overlaps), nil, .dataConstant, interpolated: false),
            layout("icon-ignore-placement", .symbol, .boolean, .bool(false), .dataConstant, interpolated: false),
            layout("icon-optional", .symbol, .boolean, .bool(false), .dataConstant, interpolated: false),
            layout(
                "icon-rotation-alignment", .symbol, .enumeration(alignments), s("auto"), .dataConstant,
                interpolated: false),
            layout("icon-size", .symbol, .number, n(1), .dataDriven, units: "factor of the original icon size"),
            layout(
                "icon-text-fit", .symbol, .enumeration(["none", "width", "height", "both"]), s("none"), .dataConstant,
                interpolated: false),
            layout(
                "icon-text-fit-padding", .symbol, .numberArray(4), numbers(0, 0, 0, 0), .dataConstant, units: "pixels"),
            layout("icon-image", .symbol, .resolvedImage, nil, .dataDriven, interpolated: false, tokens: true),
            layout("icon-rotate", .symbol, .number, n(0), .dataDriven, units: "degrees"),
            layout("icon-padding", .symbol, .padding, numbers(2), .dataDriven, units: "pixels"),
            layout("icon-keep-upright", .symbol, .boolean, .bool(false), .dataConstant, interpolated: false),
            layout("icon-offset", .symbol, .numberArray(2), numbers(0, 0), .dataDriven),
            layout("icon-anchor", .symbol, .enumeration(anchors), s("center"), .dataDriven, interpolated: false),
            layout(
                "icon-pitch-alignment", .symbol, .enumeration(alignments), s("auto"), .dataConstant,
                interpolated: false),
            layout(
                "text-pitch-alignment", .symbol, .enumeration(alignments), s("auto"), .dataConstant,
                interpolated: false),
            layout(
                "text-rotation-alignment", .symbol, .enumeration(["map", "viewport", "viewport-glyph", "auto"]),
                s("auto"), .dataConstant, interpolated: false),
            layout("text-field", .symbol, .formatted, s(""), .dataDriven, interpolated: false, tokens: true),
            layout(
                "text-font", .symbol, .stringArray,
                .array(JSONArray([s("Open Sans Regular"), s("Arial Unicode MS Regular")])), .dataDriven,
                interpolated: false),
            layout("text-size", .symbol, .number, n(16), .dataDriven, units: "pixels"),
            layout("text-max-width", .symbol, .number, n(10), .dataDriven, units: "ems"),
            layout("text-line-height", .symbol, .number, n(1.2), .dataConstant, units: "ems"),
            layout("text-letter-spacing", .symbol, .number, n(0), .dataDriven, units: "ems"),
            layout(
                "text-justify", .symbol, .enumeration(["auto", "left", "center", "right"]), s("center"), .dataDriven,
                interpolated: false),
            layout("text-radial-offset", .symbol, .number, n(0), .dataDriven, units: "ems"),
            layout("text-variable-anchor", .symbol, .enumArray(anchors), nil, .dataConstant, interpolated: false),
            layout("text-variable-anchor-offset", .symbol, .anchorOffsets, nil, .dataDriven),
            layout("text-anchor", .symbol, .enumeration(anchors), s("center"), .dataDriven, interpolated: false),
            layout("text-max-angle", .symbol, .number, n(45), .dataConstant, units: "degrees"),
            layout(
                "text-writing-mode", .symbol, .enumArray(["horizontal", "vertical"]), nil, .dataConstant,
                interpolated: false),
            layout("text-rotate", .symbol, .number, n(0), .dataDriven, units: "degrees"),
            layout("text-padding", .symbol, .number, n(2), .dataConstant, units: "pixels"),
            layout("text-keep-upright", .symbol, .boolean, .bool(true), .dataConstant, interpolated: false),
            layout(
                "text-transform", .symbol, .enumeration(["none", "uppercase", "lowercase"]), s("none"), .dataDriven,
                interpolated: false),
            layout("text-offset", .symbol, .numberArray(2), numbers(0, 0), .dataDriven, units: "ems"),
            layout("text-allow-overlap", .symbol, .boolean, .bool(false), .dataConstant, interpolated: false),
            layout("text-overlap", .symbol, .enumeration(overlaps), nil, .dataConstant, interpolated: false),
            layout("text-ignore-placement", .symbol, .boolean, .bool(false), .dataConstant, interpolated: false),
            layout("text-optional", .symbol, .boolean, .bool(false), .dataConstant, interpolated: false),
        ]
        list += [
            // Paint: fill
            p("fill-antialias", .fill, .boolean, .bool(true), .dataConstant, interpolated: false),
            p("fill-opacity", .fill, .number, n(1), .dataDriven),
            p("fill-color", .fill, .color, black, .dataDriven),
            p("fill-outline-color", .fill, .color, nil, .dataDriven),
            p("fill-translate", .fill, .numberArray(2), numbers(0, 0), .dataConstant, units: "pixels"),
            p(
                "fill-translate-anchor", .fill, .enumeration(translateAnchors), s("map"), .dataConstant,
                interpolated: false),
            p("fill-pattern", .fill, .resolvedImage, nil, .crossFadedDataDriven, interpolated: false),
            // Paint: fill-extrusion
            p("fill-extrusion-opacity", .fillExtrusion, .number, n(1), .dataConstant),
            p("fill-extrusion-color", .fillExtrusion, .color, black, .dataDriven),
            p(
                "fill-extrusion-translate", .fillExtrusion, .numberArray(2), numbers(0, 0), .dataConstant,
                units: "pixels"),
            p(
                "fill-extrusion-translate-anchor", .fillExtrusion, .enumeration(translateAnchors), s("map"),
                .dataConstant, interpolated: false),
            p(
                "fill-extrusion-pattern", .fillExtrusion, .resolvedImage, nil, .crossFadedDataDriven,
                interpolated: false),
            p("fill-extrusion-height", .fillExtrusion, .number, n(0), .dataDriven, units: "meters"),
            p("fill-extrusion-base", .fillExtrusion, .number, n(0), .dataDriven, units: "meters"),
            p(
                "fill-extrusion-vertical-gradient", .fillExtrusion, .boolean, .bool(true), .dataConstant,
                interpolated: false),
            // Paint: line
            p("line-opacity", .line, .number, n(1), .dataDriven),
            p("line-color", .line, .color, black, .dataDriven),
            p("line-translate", .line, .numberArray(2), numbers(0, 0), .dataConstant, units: "pixels"),
            p(
                "line-translate-anchor", .line, .enumeration(translateAnchors), s("map"), .dataConstant,
                interpolated: false),
            p("line-width", .line, .number, n(1), .dataDriven, units: "pixels"),
            p("line-gap-width", .line, .number, n(0), .dataDriven, units: "pixels"),
            p("line-offset", .line, .number, n(0), .dataDriven, units: "pixels"),
            p("line-blur", .line, .number, n(0), .dataDriven, units: "pixels"),
            // Data-driven since style spec v24.2 (MapLibre GL JS 5.x).
            p("line-dasharray", .line, .numberArray(nil), nil, .dataDriven, interpolated: false, units: "line widths"),
            p("line-pattern", .line, .resolvedImage, nil, .crossFadedDataDriven, interpolated: false),
            p("line-gradient", .line, .color, nil, .colorRamp),
            // Paint: circle
            p("circle-radius", .circle, .number, n(5), .dataDriven, units: "pixels"),
            p("circle-color", .circle, .color, black, .dataDriven),
            p("circle-blur", .circle, .number, n(0), .dataDriven),
            p("circle-opacity", .circle, .number, n(1), .dataDriven),
            p("circle-translate", .circle, .numberArray(2), numbers(0, 0), .dataConstant, units: "pixels"),
            p(
                "circle-translate-anchor", .circle, .enumeration(translateAnchors), s("map"), .dataConstant,
                interpolated: false),
            p(
                "circle-pitch-scale", .circle, .enumeration(["map", "viewport"]), s("map"), .dataConstant,
                interpolated: false),
            p(
                "circle-pitch-alignment", .circle, .enumeration(["map", "viewport"]), s("viewport"), .dataConstant,
                interpolated: false),
            p("circle-stroke-width", .circle, .number, n(0), .dataDriven, units: "pixels"),
            p("circle-stroke-color", .circle, .color, black, .dataDriven),
            p("circle-stroke-opacity", .circle, .number, n(1), .dataDriven),
            // Paint: heatmap
            p("heatmap-radius", .heatmap, .number, n(30), .dataDriven, units: "pixels"),
            p("heatmap-weight", .heatmap, .number, n(1), .dataDriven),
            p("heatmap-intensity", .heatmap, .number, n(1), .dataConstant),
            p("heatmap-color", .heatmap, .color, heatmapColorDefault, .colorRamp),
            p("heatmap-opacity", .heatmap, .number, n(1), .dataConstant),
        ]
        list += [
            // Paint: symbol
            p("icon-opacity", .symbol, .number, n(1), .dataDriven),
            p("icon-color", .symbol, .color, black, .dataDriven),
            p("icon-halo-color", .symbol, .color, transparent, .dataDriven),
            p("icon-halo-width", .symbol, .number, n(0), .dataDriven, units: "pixels"),
            p("icon-halo-blur", .symbol, .number, n(0), .dataDriven, units: "pixels"),
            p("icon-translate", .symbol, .numberArray(2), numbers(0, 0), .dataConstant, units: "pixels"),
            p(
                "icon-translate-anchor", .symbol, .enumeration(translateAnchors), s("map"), .dataConstant,
                interpolated: false),
            p("text-opacity", .symbol, .number, n(1), .dataDriven),
            p("text-color", .symbol, .color, black, .dataDriven),
            p("text-halo-color", .symbol, .color, transparent, .dataDriven),
            p("text-halo-width", .symbol, .number, n(0), .dataDriven, units: "pixels"),
            p("text-halo-blur", .symbol, .number, n(0), .dataDriven, units: "pixels"),
            p("text-translate", .symbol, .numberArray(2), numbers(0, 0), .dataConstant, units: "pixels"),
            p(
                "text-translate-anchor", .symbol, .enumeration(translateAnchors), s("map"), .dataConstant,
                interpolated: false),
            // Paint: raster
            p("raster-opacity", .raster, .number, n(1), .dataConstant),
            p("raster-hue-rotate", .raster, .number, n(0), .dataConstant, units: "degrees"),
            p("raster-brightness-min", .raster, .number, n(0), .dataConstant),
            p("raster-brightness-max", .raster, .number, n(1), .dataConstant),
            p("raster-saturation", .raster, .number, n(0), .dataConstant),
            p("raster-contrast", .raster, .number, n(0), .dataConstant),
            p(
                "raster-resampling", .raster, .enumeration(["linear", "nearest"]), s("linear"), .dataConstant,
                interpolated: false),
            p("raster-fade-duration", .raster, .number, n(300), .dataConstant, units: "milliseconds"),
            // Paint: hillshade
            p("hillshade-illumination-direction", .hillshade, .numberOrArray, n(335), .dataConstant, units: "degrees"),
            p("hillshade-illumination-altitude", .hillshade, .numberOrArray, n(45), .dataConstant, units: "degrees"),
            p(
                "hillshade-illumination-anchor", .hillshade, .enumeration(["map", "viewport"]), s("viewport"),
                .dataConstant, interpolated: false),
            p("hillshade-exaggeration", .hillshade, .number, n(0.5), .dataConstant),
            p("hillshade-shadow-color", .hillshade, .colorOrArray, black, .dataConstant),
            p("hillshade-highlight-color", .hillshade, .colorOrArray, s("#FFFFFF"), .dataConstant),
            p("hillshade-accent-color", .hillshade, .color, black, .dataConstant),
            p(
                "hillshade-method", .hillshade,
                .enumeration(["standard", "basic", "combined", "igor", "multidirectional"]),
                s("standard"), .dataConstant, interpolated: false),
            // `resampling` of the hillshade and color-relief layers (MapLibre GL JS 5.24).
            PropertySpec(
                name: "resampling", layerTypes: [.hillshade, .colorRelief], isLayout: false,
                type: .enumeration(["linear", "nearest"]), defaultJSON: s("linear"), interpolated: false,
                kind: .dataConstant, tokens: false, units: nil),
            // Paint: color-relief
            p("color-relief-opacity", .colorRelief, .number, n(1), .dataConstant),
            p("color-relief-color", .colorRelief, .color, nil, .colorRamp),
            // Paint: background
            p("background-color", .background, .color, black, .dataConstant),
            p("background-pattern", .background, .resolvedImage, nil, .crossFaded, interpolated: false),
            p("background-opacity", .background, .number, n(1), .dataConstant),
        ]
        return list
    }()

    /// `heatmap-color`'s default ramp: transparent blue → royal blue → cyan → lime → yellow → red.
    private static var heatmapColorDefault: JSONValue {
        let stops: [JSONValue] = [
            n(0), s("rgba(0, 0, 255, 0)"), n(0.1), s("royalblue"), n(0.3), s("cyan"), n(0.5), s("lime"), n(0.7),
            s("yellow"), n(1), s("red"),
        ]
        return .array(
            JSONArray(
                [s("interpolate"), .array(JSONArray([s("linear")])), .array(JSONArray([s("heatmap-density")]))]
                    + stops))
    }

    /// Index into `all` by name.
    static let indexByName: [String: Int] = {
        var index: [String: Int] = [:]
        for (i, spec) in all.enumerated() { index[spec.name] = i }
        return index
    }()
}
