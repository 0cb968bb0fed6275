import MapSnapJSON

/// Layer filters in both forms: expressions (https://maplibre.org/maplibre-style-spec/layers/#filter)
/// and the deprecated legacy filter syntax
/// (https://maplibre.org/maplibre-style-spec/deprecations/#other-filter):
/// `["==", key, value]`, `!=`, `<`, `<=`, `>`, `>=`, `["in", key, v…]`, `!in`, `["has", key]`,
/// `!has`, `all`, `any`, `none`, where `key` is a property name, `$type` or `$id`.
///
/// Legacy comparisons are strict and never fail: a missing property equals nothing (so `!=` is
/// true), and `<`-style tests are false unless both sides have the same JSON type.
extension StyleExpression {
    /// The spec's rule for telling the two forms apart (as in MapLibre's `isExpressionFilter`):
    /// booleans are expressions; `has` with a key other than `$type`/`$id`, `in` whose key is not
    /// a string or whose second argument is an array, comparisons that are not 3 long or compare
    /// arrays, and `all`/`any` of expression filters are expressions; `!in`, `!has` and `none`
    /// are legacy; any other operator is an expression.
    public static func isExpressionFilter(_ json: JSONValue) -> Bool {
        if case .bool = json { return true }
        guard case .array(let f) = json, f.count > 0 else { return false }
        guard case .string(let op) = f[0] else { return true }
        switch op {
        case "has":
            guard f.count >= 2 else { return false }
            return f[1] != .string("$id") && f[1] != .string("$type")
        case "in":
            guard f.count >= 3 else { return false }
            if case .string = f[1], f[2].arrayValue == nil { return false }
            return true
        case "!in", "!has", "none":
            return false
        case "==", "!=", ">", ">=", "<", "<=":
            return f.count != 3 || f[1].arrayValue != nil || f[2].arrayValue != nil
        case "any", "all":
            for sub in f.elements.dropFirst() {
                if case .bool = sub { continue }
                if !isExpressionFilter(sub) { return false }
            }
            return true
        default:
            return true
        }
    }

    /// Compiles a layer filter in either form into a boolean expression; use `matches(_:)`.
    public static func filter(_ json: JSONValue) throws(StyleError) -> StyleExpression {
        if isExpressionFilter(json) { return try parse(json, expecting: .boolean) }
        let node = try LegacyFilterConverter.convert(json)
        let (zoom, feature) = node.dependencies
        return StyleExpression(node: node, type: .boolean, dependsOnZoom: zoom, dependsOnFeature: feature)
    }
}

enum LegacyFilterConverter {
    static func convert(_ json: JSONValue) throws(StyleError) -> ExpressionNode {
        switch json {
        case .bool(let b): return .literal(.bool(b))
        case .null: return .literal(.bool(true))
        case .array(let f):
            return try convert(f)
        default:
            throw StyleError(message: "a legacy filter must be an array, found \(ExpressionParser.jsonTypeName(json))")
        }
    }

    private static func fail(_ message: String, _ f: JSONArray) -> StyleError {
        StyleError(message: message, offset: f.offset)
    }

    private static func convert(_ f: JSONArray) throws(StyleError) -> ExpressionNode {
        guard f.count > 0, case .string(let op) = f[0] else {
            throw fail("a legacy filter must start with an operator name", f)
        }
        if f.count <= 1 { return .literal(.bool(op != "any")) }
        switch op {
        case "==", "!=", "<", "<=", ">", ">=":
            guard f.count == 3 else { throw fail("filter \"\(op)\" needs a key and a value", f) }
            let key = try legacyKey(f[1], f)
            let value = StyleValue(f[2])
            switch op {
            case "==": return .legacyFilter(.compare(key, .equal, value))
            case "!=": return .not(.legacyFilter(.compare(key, .equal, value)))
            case "<": return .legacyFilter(.compare(key, .less, value))
            case "<=": return .legacyFilter(.compare(key, .lessOrEqual, value))
            case ">": return .legacyFilter(.compare(key, .greater, value))
            default: return .legacyFilter(.compare(key, .greaterOrEqual, value))
            }
        case "in", "!in":
            let key = try legacyKey(f[1], f)
            let values = f.elements.dropFirst(2).map(StyleValue.init)
            let test: ExpressionNode = values.isEmpty ? .literal(.bool(false)) : .legacyFilter(.contains(key, values))
            if op == "in" { return test }
            if case .literal(.bool(let b)) = test { return .literal(.bool(!b)) }
            return .not(test)
        case "has", "!has":
            let key = try legacyKey(f[1], f)
            let test: ExpressionNode = key == .geometryType ? .literal(.bool(true)) : .legacyFilter(.has(key))
            if op == "has" { return test }
            if case .literal(.bool(let b)) = test { return .literal(.bool(!b)) }
            return .not(test)
        case "all", "any", "none":
            var parts: [ExpressionNode] = []
            for sub in f.elements.dropFirst() {
                let converted = try convert(sub)
                parts.append(op == "none" ? .not(converted) : converted)
            }
            return op == "any" ? .any(parts) : .all(parts)
        default:
            throw fail("unknown filter operator \"\(op)\"", f)
        }
    }

    private static func legacyKey(_ json: JSONValue, _ f: JSONArray) throws(StyleError) -> LegacyFilterKey {
        guard case .string(let key) = json else {
            throw fail("a legacy filter key must be a string, found \(ExpressionParser.jsonTypeName(json))", f)
        }
        switch key {
        case "$type": return .geometryType
        case "$id": return .id
        default: return .property(key)
        }
    }
}

extension ExpressionNode {
    /// Whether the tree reads the zoom level / the feature (computed by walking it).
    var dependencies: (zoom: Bool, feature: Bool) {
        switch self {
        case .literal: return (false, false)
        case .zoom: return (true, false)
        case .heatmapDensity, .elevation, .lineProgress, .geometryType, .featureID, .featureProperties, .getProperty,
            .hasProperty, .legacyFilter:
            return (false, true)
        case .get(_, nil), .has(_, nil):
            return (children.contains { $0.dependencies.zoom }, true)
        default:
            var zoom = false
            var feature = false
            for child in children {
                let d = child.dependencies
                zoom = zoom || d.zoom
                feature = feature || d.feature
            }
            return (zoom, feature)
        }
    }
}
