import Foundation
import MapSnapStyle
import MapSnapTestSupport

/// Random styles that are valid by the spec's schema, or nearly: every layer type, every property
/// of the spec (`StylePropertyInfo.all`) with values in range, out of range, of the wrong type,
/// as zoom and data expressions, and as random expression trees. The same seed gives the same
/// style. For the style storm (`StyleStormTests`, `Scripts/style-storm`).
struct StyleGenerator {
    private var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// Source layers of the OpenMapTiles schema (the sample base maps' tiles).
    static let sourceLayers = ["water", "transportation", "building", "place", "landuse", "poi", "transportation_name"]

    /// A style with a GeoJSON source `g`, a vector source `omt` (bind it with `--source`), a
    /// raster source `r` over `rasterTemplate`, and 1–10 random layers.
    mutating func style(rasterTemplate: String) -> [String: Any] {
        var layers: [[String: Any]] = []
        for i in 0..<Int.random(in: 1...10, using: &rng) {
            layers.append(layer(index: i))
        }
        var style: [String: Any] = [
            "version": 8,
            "sources": [
                "g": ["type": "geojson", "data": geojson()],
                "omt": ["type": "vector"],
                "r": ["type": "raster", "tiles": [rasterTemplate], "tileSize": pick([256, 512, 0, -1])],
            ],
            "layers": layers,
        ]
        if chance(0.5) { style["center"] = [7.42 + number(-0.05...0.05), 43.73 + number(-0.05...0.05)] }
        if chance(0.5) { style["zoom"] = number(-2...26) }
        if chance(0.1) { style["sprite"] = pick(["missing/sprite", "", "file:///nonexistent/sprite"]) }
        return style
    }

    private mutating func layer(index: Int) -> [String: Any] {
        let type = pick(StyleLayerType.allCases)
        var layer: [String: Any] = ["id": "l\(index)", "type": type.rawValue]
        switch type {
        case .background: break
        case .raster, .hillshade: layer["source"] = chance(0.8) ? "r" : "g"
        default:
            if chance(0.5) {
                layer["source"] = "g"
            } else {
                layer["source"] = "omt"
                layer["source-layer"] = pick(Self.sourceLayers)
            }
        }
        if chance(0.3) { layer["filter"] = expression(depth: 0, want: .boolean) }
        if chance(0.2) { layer["minzoom"] = number(0...24) }
        if chance(0.2) { layer["maxzoom"] = number(0...24) }
        var layout: [String: Any] = [:]
        var paint: [String: Any] = [:]
        for info in StylePropertyInfo.all where info.layerTypes.contains(type) && chance(0.4) {
            if info.isLayout { layout[info.name] = value(info) } else { paint[info.name] = value(info) }
        }
        if type == .symbol, chance(0.8) { layout["text-field"] = pick(["{name}", "Ab", "{rank} m"]) }
        if !layout.isEmpty { layer["layout"] = layout }
        if !paint.isEmpty { layer["paint"] = paint }
        return layer
    }

    /// A value for `info`: mostly in range, sometimes out of range, of the wrong type, or an
    /// expression of zoom, of feature data, or a random tree.
    private mutating func value(_ info: StylePropertyInfo) -> Any {
        let r = number(0...1)
        if r < 0.5 { return constant(info) }
        if r < 0.62 { return outOfRange(info) }
        if r < 0.77, info.allowsZoom {
            if info.interpolated, [.number, .color].contains(info.kind) {
                return [
                    "interpolate", ["linear"], ["zoom"], number(0...10), constant(info), number(10...22),
                    constant(info),
                ]
            }
            return ["step", ["zoom"], constant(info), number(0...22), constant(info)]
        }
        if r < 0.9, info.allowsFeatureData {
            return pick(
                [
                    [
                        "match", ["get", "class"], "path", constant(info), ["road", "rail"], constant(info),
                        constant(info),
                    ],
                    ["case", ["has", "rank"], constant(info), constant(info)],
                    ["coalesce", ["get", "missing"], constant(info)],
                ] as [Any])
        }
        return expression(depth: 0, want: nil)
    }

    /// A constant of the property's type in the spec's range (at sizes a map uses).
    private mutating func constant(_ info: StylePropertyInfo) -> Any {
        switch info.kind {
        case .number: return inRangeNumber(info)
        case .color: return color()
        case .string: return pick(["", "x", "{name}"])
        case .boolean: return chance(0.5)
        case .enumeration(let values): return pick(values)
        case .numberArray(let n):
            return (0..<(n ?? Int.random(in: 0...4, using: &rng))).map { _ in inRangeNumber(info) }
        case .stringArray(let values):
            return values.isEmpty
                ? [pick(["Noto Sans Regular", "Noto Sans Bold", "Open Sans Italic", "x"])] : [pick(values)]
        case .formatted:
            return pick(
                [
                    "{name}", "Ünïcødé 😀 שלום", String(repeating: "long ", count: 40),
                    [
                        "format", ["get", "name"], ["font-scale", 1.2], "\n", [:] as [String: Any], "b",
                        ["text-color", "red"],
                    ],
                ] as [Any])
        case .image: return pick(["star", "missing-icon", ""])
        case .other: return pick([2, [1, 2], [1, 2, 3, 4], ["red", "blue"], ["top", [0, 1]], 315] as [Any])
        }
    }

    private mutating func inRangeNumber(_ info: StylePropertyInfo) -> Double {
        let lo = info.range?.lowerBound ?? -20
        let hi = min(info.range?.upperBound ?? 20, lo + 40)
        return number(lo...max(lo, hi))
    }

    /// A value the spec refuses: out of range, huge, of another type.
    private mutating func outOfRange(_ info: StylePropertyInfo) -> Any {
        let range = info.range ?? -1e6...1e6
        return pick(
            [
                range.lowerBound - 1e6, range.upperBound == .greatestFiniteMagnitude ? 1e308 : range.upperBound + 1e6,
                -1e308, 1e308, Double.leastNonzeroMagnitude, "not-a-value", ["literal", [1, "a"]], [:] as [String: Any],
                NSNull(),
                [Double](repeating: 1e300, count: 8),
            ] as [Any])
    }

    private mutating func color() -> Any {
        let c = (0..<3).map { _ in Int.random(in: 0...255, using: &rng) }
        return pick([
            String(format: "#%02x%02x%02x", c[0], c[1], c[2]), "rgba(\(c[0]),\(c[1]),\(c[2]),\(number(0...1)))",
            "hsl(\(c[0]),\(c[1] % 101)%,\(c[2] % 101)%)", "red", "transparent", "#abc",
        ])
    }

    private enum Want { case number, boolean, string }

    /// A random expression tree (depth ≤ 3), mostly well typed, sometimes not.
    private mutating func expression(depth: Int, want: Want?) -> Any {
        let leaf = depth >= 3 || chance(0.3)
        switch want ?? pick([.number, .boolean, .string]) {
        case .number:
            if leaf { return pick([number(-100...100), 0, 1e308, -1e308] as [Any] + [["get", "rank"], ["zoom"]]) }
            let op = pick([
                "+", "-", "*", "/", "%", "^", "min", "max", "sqrt", "ln", "abs", "round", "to-number", "length",
            ])
            let arity = ["sqrt", "ln", "abs", "round", "to-number", "length"].contains(op) ? 1 : 2
            return [op]
                + (0..<arity).map { _ in expression(depth: depth + 1, want: op == "length" ? .string : .number) }
        case .boolean:
            if leaf { return pick([true, false, ["has", "name"], ["get", "flag"]] as [Any]) }
            let op = pick(["==", "!=", "<", ">=", "all", "any", "!", "in"])
            if op == "!" { return ["!", expression(depth: depth + 1, want: .boolean)] }
            if op == "all" || op == "any" {
                return [op, expression(depth: depth + 1, want: .boolean), expression(depth: depth + 1, want: .boolean)]
            }
            if op == "in" { return ["in", expression(depth: depth + 1, want: .string), ["literal", ["a", "b"]]] }
            let w = pick([Want.number, .string])
            return [op, expression(depth: depth + 1, want: w), expression(depth: depth + 1, want: w)]
        case .string:
            if leaf { return pick(["", "path", ["get", "name"], ["get", "class"], ["geometry-type"]] as [Any]) }
            let op = pick(["concat", "upcase", "downcase", "to-string", "slice"])
            if op == "slice" {
                return ["slice", expression(depth: depth + 1, want: .string), Int.random(in: -3...3, using: &rng)]
            }
            return [op, expression(depth: depth + 1, want: .string)]
        }
    }

    /// Points, lines and polygons around Monaco with the properties the expressions read.
    private mutating func geojson() -> [String: Any] {
        var features: [[String: Any]] = []
        for i in 0..<Int.random(in: 0...12, using: &rng) {
            let x = 7.42 + number(-0.03...0.03)
            let y = 43.73 + number(-0.03...0.03)
            let geometry: [String: Any]
            switch i % 3 {
            case 0: geometry = ["type": "Point", "coordinates": [x, y]]
            case 1:
                geometry = [
                    "type": "LineString",
                    "coordinates": [[x, y], [x + 0.01, y + number(-0.01...0.01)], [x + 0.02, y]],
                ]
            default:
                geometry = ["type": "Polygon", "coordinates": [[[x, y], [x + 0.01, y], [x, y + 0.01], [x, y]]]]
            }
            let properties: [String: Any] = [
                "name": pick(["", "Rue Grimaldi", "😀", String(repeating: "W", count: 300), "שלום עולם"]),
                "rank": pick([1, -3, 1e308, 0.5] as [Any]), "class": pick(["path", "road", "rail", "x"]),
                "flag": chance(0.5), "icon": "star",
            ]
            features.append(["type": "Feature", "properties": properties, "geometry": geometry])
        }
        return ["type": "FeatureCollection", "features": features]
    }

    private mutating func chance(_ p: Double) -> Bool { number(0...1) < p }
    private mutating func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &rng)] }
}
