import MapSnapJSON

/// A compiled style expression (https://maplibre.org/maplibre-style-spec/expressions/).
///
/// Compile once with `parse`, then `evaluate` as often as needed: evaluation never throws or traps.
/// When the spec says an expression fails at runtime (a type assertion on feature data, `at` out
/// of bounds, a string that is not a colour …), `evaluate` returns nil; property accessors then use
/// the property's default value and filters treat the feature as not matching, as the spec
/// prescribes. Use `evaluateResult` to see why.
///
/// `dependsOnZoom` / `dependsOnFeature` tell the renderer how often a value can change: a constant
/// once per style, a zoom-only expression once per tile or image, a data expression per feature.
///
/// Named `StyleExpression` because Foundation also declares an `Expression` type; the
/// `Expression` alias works in files that do not import Foundation (or as `MapSnapStyle.Expression`).
public final class StyleExpression: Hashable, Sendable, CustomStringConvertible {
    /// The compiled tree (structure: equality, analysis).
    let node: ExpressionNode
    /// The executable tree made from `node`.
    let evaluator: EvalNode
    /// The static result type.
    public let type: ExpressionType
    /// True when the value can change with the zoom level.
    public let dependsOnZoom: Bool
    /// True when the value can change from one feature to the next (properties, geometry type,
    /// id; also heatmap density and line progress).
    public let dependsOnFeature: Bool
    /// The value, when the expression is a constant.
    public let constantValue: StyleValue?
    /// How MapLibre mixes the expression between integer zooms when it is a paint property's
    /// (see `TileZoomRamp`); nil when it is evaluated at the camera's zoom.
    let tileZoomRamp: TileZoomRamp?

    init(node: ExpressionNode, type: ExpressionType, dependsOnZoom: Bool, dependsOnFeature: Bool) {
        self.node = node
        self.evaluator = node.makeEvaluator()
        self.type = type
        self.dependsOnZoom = dependsOnZoom
        self.dependsOnFeature = dependsOnFeature
        if case .literal(let v) = node { constantValue = v } else { constantValue = nil }
        tileZoomRamp = Self.tileZoomRamp(node, zoom: dependsOnZoom, feature: dependsOnFeature)
    }

    convenience init(_ parsed: ExpressionParser.Parsed) {
        self.init(node: parsed.node, type: parsed.type, dependsOnZoom: parsed.zoom, dependsOnFeature: parsed.feature)
    }

    /// An expression that always gives `value`.
    public static func literal(_ value: StyleValue) -> StyleExpression {
        StyleExpression(node: .literal(value), type: .of(value), dependsOnZoom: false, dependsOnFeature: false)
    }

    /// True when the value never changes.
    public var isConstant: Bool { !dependsOnZoom && !dependsOnFeature }

    /// Compiles expression JSON. `expected` is the type the result must have (a property's type);
    /// nil accepts any type. Errors name the path of the offending part, e.g.
    /// `[2][1]: Expected number but found string instead.`, with the byte offset of the innermost
    /// enclosing array.
    public static func parse(_ json: JSONValue, expecting expected: ExpressionType? = nil) throws(StyleError)
        -> StyleExpression
    {
        var parser = ExpressionParser()
        do {
            return StyleExpression(try parser.parse(json, expected: expected))
        } catch {
            throw error.styleError
        }
    }

    /// The value for `ctx`, or nil when evaluation fails (see the type's notes).
    @inline(__always)
    public func evaluate(_ ctx: EvaluationContext) -> StyleValue? {
        if let constantValue { return constantValue }
        do {
            return try evaluator.eval(ctx)
        } catch {
            return nil
        }
    }

    /// The value for `ctx`, or why evaluation failed.
    public func evaluateResult(_ ctx: EvaluationContext) -> Result<StyleValue, ExpressionRuntimeError> {
        do {
            return .success(try evaluator.eval(ctx))
        } catch {
            return .failure(error)
        }
    }

    /// A filter's verdict: true only when the expression gives `true` (errors and other values
    /// are false).
    @inline(__always)
    public func matches(_ ctx: EvaluationContext) -> Bool {
        do {
            if case .bool(true) = try evaluator.eval(ctx) { return true }
            return false
        } catch {
            return false
        }
    }

    /// Structural equality of the compiled trees.
    public static func == (lhs: StyleExpression, rhs: StyleExpression) -> Bool {
        lhs === rhs || (lhs.node == rhs.node && lhs.type == rhs.type)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(node)
        hasher.combine(type)
    }

    /// A debugging dump of the compiled tree.
    public var description: String { "StyleExpression<\(type)>(\(node))" }
}

/// The spec calls it `Expression`; see `StyleExpression` on the name clash with Foundation.
public typealias Expression = StyleExpression

// MARK: - Structure

extension ExpressionNode {
    /// The direct sub-expressions.
    var children: [ExpressionNode] {
        switch self {
        case .literal, .zoom, .heatmapDensity, .elevation, .lineProgress, .geometryType, .featureID, .featureProperties,
            .getProperty, .hasProperty, .legacyFilter:
            return []
        case .get(let key, let object), .has(let key, let object):
            return [key] + (object.map { [$0] } ?? [])
        case .at(let index, let array): return [index, array]
        case .contains(let needle, let haystack): return [needle, haystack]
        case .indexOf(let needle, let haystack, let from): return [needle, haystack] + (from.map { [$0] } ?? [])
        case .slice(let input, let start, let end): return [input, start] + (end.map { [$0] } ?? [])
        case .length(let n), .not(let n), .toString(let n), .toBoolean(let n), .typeOf(let n), .upcase(let n),
            .downcase(let n), .toRGBA(let n), .mathFunction(_, let n):
            return [n]
        case .all(let nodes), .any(let nodes), .coalesce(let nodes), .assertType(_, let nodes), .toNumber(let nodes),
            .toColor(let nodes), .concat(let nodes), .rgba(let nodes), .arithmetic(_, let nodes):
            return nodes
        case .equals(let a, let b, _), .order(_, let a, let b): return [a, b]
        case .conditional(let t):
            var result: [ExpressionNode] = []
            for (c, o) in zip(t.conditions, t.outputs) { result += [c, o] }
            return result + [t.fallback]
        case .match(let t): return [t.input] + t.outputs + [t.fallback]
        case .step(let t): return [t.input] + t.outputs
        case .interpolate(let t): return [t.input] + t.outputs
        case .format(let sections): return sections.map(\.content)
        case .numberFormat(let n, let o):
            return [n] + [o.locale, o.currency, o.minFractionDigits, o.maxFractionDigits].compactMap { $0 }
        }
    }

    /// Whether this node reads the zoom level directly.
    var isZoom: Bool {
        if case .zoom = self { return true }
        return false
    }

    /// The zoom curve rule of the spec for layout and paint properties: `["zoom"]` may only be
    /// the input of one top-level `step` or `interpolate` (possibly inside `coalesce`). Returns
    /// the curve (nil if there is none) or an error message.
    func findZoomCurve() -> Result<ExpressionNode?, ZoomCurveError> {
        var result: ExpressionNode?
        switch self {
        case .coalesce(let nodes):
            for node in nodes {
                switch node.findZoomCurve() {
                case .failure(let e): return .failure(e)
                case .success(let curve?):
                    result = curve
                case .success(nil): continue
                }
                if result != nil { break }
            }
        case .assertType(_, let nodes) where nodes.count == 1,
            .toColor(let nodes) where nodes.count == 1:
            // The type check the parser wraps around a whole expression is transparent (GL JS
            // would reject a curve inside `coalesce` once wrapped; the spec allows it).
            switch nodes[0].findZoomCurve() {
            case .failure(let e): return .failure(e)
            case .success(let curve): result = curve
            }
        case .toString(let node):
            switch node.findZoomCurve() {
            case .failure(let e): return .failure(e)
            case .success(let curve): result = curve
            }
        case .step(let t) where t.input.isZoom:
            result = self
        case .interpolate(let t) where t.input.isZoom:
            result = self
        default:
            break
        }
        for child in children {
            switch child.findZoomCurve() {
            case .failure(let e): return .failure(e)
            case .success(nil): continue
            case .success(let curve?):
                if result == nil { return .failure(.notTopLevel) }
                if result != curve { return .failure(.moreThanOne) }
            }
        }
        return .success(result)
    }
}

enum ZoomCurveError: Error, CustomStringConvertible {
    case notTopLevel, moreThanOne

    var description: String {
        switch self {
        case .notTopLevel:
            return
                "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."
        case .moreThanOne:
            return "Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression."
        }
    }
}

// MARK: - What an expression reads of a feature

extension StyleExpression {
    /// The feature property names this expression can read (`get`, `has`, legacy filter keys),
    /// or nil when it can read any (a computed key, `properties`). The geometry type and the id
    /// are not properties and are not listed.
    public var propertyKeys: Set<String>? { node.propertyKeys }
}

extension StylePropertyValue {
    /// The feature property names the value can read (none for a constant), or nil for any.
    public var propertyKeys: Set<String>? {
        switch self {
        case .constant: return []
        case .expression(let e): return e.propertyKeys
        }
    }
}

extension ExpressionNode {
    var propertyKeys: Set<String>? {
        var keys: Set<String> = []
        switch self {
        case .featureProperties: return nil
        case .getProperty(let k), .hasProperty(let k): keys.insert(k)
        case .get(let key, let object), .has(let key, let object):
            // A literal key of the feature; a computed one, or a key of another object, may be any.
            guard object == nil, case .literal(.string(let k)) = key else { return object == nil ? nil : [] }
            keys.insert(k)
        case .legacyFilter(let test):
            switch test {
            case .compare(let key, _, _), .contains(let key, _), .has(let key):
                if case .property(let k) = key { keys.insert(k) }
            }
        default: break
        }
        for child in children {
            guard let more = child.propertyKeys else { return nil }
            keys.formUnion(more)
        }
        return keys
    }
}

extension StyleExpression {
    /// Whether the expression can read the feature's id (`["id"]`, legacy `$id`).
    public var readsFeatureID: Bool { node.readsFeatureID }
}

extension StylePropertyValue {
    /// Whether the value can read the feature's id.
    public var readsFeatureID: Bool {
        switch self {
        case .constant: return false
        case .expression(let e): return e.readsFeatureID
        }
    }
}

extension ExpressionNode {
    var readsFeatureID: Bool {
        switch self {
        case .featureID: return true
        case .legacyFilter(let test):
            switch test {
            case .compare(let key, _, _), .contains(let key, _), .has(let key): if key == .id { return true }
            }
        default: break
        }
        return children.contains { $0.readsFeatureID }
    }
}

extension StyleLayer {
    /// The feature properties the layer's layout and paint read, sorted, when that is all of
    /// the feature they read besides its geometry type: two features alike in these (and in
    /// their geometry type) get the same layout and paint, so a renderer may evaluate them
    /// once. Nil when a value may read any property (a computed key, `properties`) or the id.
    public var styleKeys: [String]? {
        var keys: Set<String> = []
        for props in [layout, paint] {
            for p in props.properties {
                guard let value = props[p], !value.readsFeatureID, let k = value.propertyKeys else { return nil }
                keys.formUnion(k)
            }
        }
        return keys.sorted()
    }
}

// MARK: - What a filter demands of one property

extension StyleExpression {
    /// When this filter can pass only for features whose property `key` has one of `values`
    /// (`["==", ["get", k], v]`, `["match", ["get", k], [v …], true, false]`, a legacy
    /// `["==", k, v]` or `["in", k, v …]`, or one of those inside `all`), that key and those
    /// values; nil otherwise. A renderer may then visit only the features with those values.
    /// A null value is never given (a missing property would equal it).
    public var requiredValues: (key: String, values: Set<StyleValue>)? { node.requiredValues }
}

extension ExpressionNode {
    var requiredValues: (key: String, values: Set<StyleValue>)? {
        switch self {
        case .assertType(_, let nodes) where nodes.count == 1:
            return nodes[0].requiredValues
        case .all(let nodes):
            return nodes.lazy.compactMap(\.requiredValues).first
        case .equals(let a, let b, negated: false):
            if case .getProperty(let k) = a, case .literal(let v) = b, !v.isNull { return (k, [v]) }
            if case .getProperty(let k) = b, case .literal(let v) = a, !v.isNull { return (k, [v]) }
            return nil
        case .match(let t):
            guard case .getProperty(let k) = t.input, case .literal(.bool(false)) = t.fallback else { return nil }
            var values: Set<StyleValue> = []
            for (label, output) in zip(t.labels, t.labelOutputs) {
                guard output < t.outputs.count, case .literal(let o) = t.outputs[output] else { return nil }
                if case .bool(true) = o { values.insert(label) }
            }
            return values.contains(where: \.isNull) ? nil : (k, values)
        case .legacyFilter(.compare(.property(let k), .equal, let v)) where !v.isNull:
            return (k, [v])
        case .legacyFilter(.contains(.property(let k), let vs)) where !vs.contains(where: \.isNull):
            return (k, Set(vs))
        default:
            return nil
        }
    }
}
