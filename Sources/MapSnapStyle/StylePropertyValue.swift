import MapSnapJSON

/// A layout or paint property value after compilation
/// (https://maplibre.org/maplibre-style-spec/layers/ — "Layout properties", "Paint properties"):
/// a constant (colours parsed, tokens-free strings) or an expression. Legacy functions and
/// `{token}` strings arrive here already converted to expressions.
public enum StylePropertyValue: Hashable, Sendable {
    case constant(StyleValue)
    case expression(StyleExpression)

    /// The value for `ctx`; nil when the expression fails (use the property's default).
    @inline(__always)
    public func evaluate(_ ctx: EvaluationContext) -> StyleValue? {
        switch self {
        case .constant(let v): return v
        case .expression(let e): return e.evaluate(ctx)
        }
    }

    public var dependsOnZoom: Bool {
        if case .expression(let e) = self { return e.dependsOnZoom }
        return false
    }

    public var dependsOnFeature: Bool {
        if case .expression(let e) = self { return e.dependsOnFeature }
        return false
    }

    public var isConstant: Bool { !dependsOnZoom && !dependsOnFeature }
}

/// Compiles property JSON against a property's spec: constants are checked and converted,
/// expressions and legacy functions compiled with the property's type, and the spec's rules on
/// zoom curves and data expressions enforced
/// (https://maplibre.org/maplibre-style-spec/expressions/#zoom).
enum PropertyCompiler {
    /// Whether `json` is an expression (an array starting with an operator name); other arrays
    /// are constant values such as `[0, 0]` or `["Open Sans Regular"]`.
    static func isExpression(_ json: JSONValue) -> Bool {
        guard case .array(let a) = json, a.count > 0, case .string(let op) = a[0] else { return false }
        return ExpressionParser.operatorNames.contains(op)
    }

    static func compile(_ json: JSONValue, spec: PropertySpec) throws(StyleError) -> StylePropertyValue {
        if case .object(let function) = json {
            guard spec.kind != .constant else {
                throw StyleError(message: "\"\(spec.name)\" does not support functions", offset: function.offset)
            }
            let converted: JSONValue
            do {
                converted = try LegacyFunction.convert(function, spec: spec)
            } catch {
                throw StyleError(message: "invalid function: \(error.message)", offset: function.offset)
            }
            return try compileExpression(converted, spec: spec)
        }
        if isExpression(json) {
            guard spec.kind != .constant else {
                throw StyleError(message: "\"\(spec.name)\" does not support expressions", offset: json.offset)
            }
            return try compileExpression(json, spec: spec)
        }
        return try compileConstant(json, spec: spec)
    }

    static func compileExpression(_ json: JSONValue, spec: PropertySpec) throws(StyleError) -> StylePropertyValue {
        let expression = try StyleExpression.parse(json, expecting: spec.expressionType)
        if expression.dependsOnFeature && !spec.allowsFeatureData {
            throw StyleError(message: "data expressions are not supported for \"\(spec.name)\"", offset: json.offset)
        }
        switch expression.node.findZoomCurve() {
        case .failure(let e):
            throw StyleError(message: e.description, offset: json.offset)
        case .success(nil):
            if expression.dependsOnZoom {
                throw StyleError(message: ZoomCurveError.notTopLevel.description, offset: json.offset)
            }
        case .success(let curve?):
            if case .interpolate = curve, !spec.interpolated {
                throw StyleError(
                    message: "\"interpolate\" expressions cannot be used with \"\(spec.name)\"", offset: json.offset)
            }
        }
        if let value = expression.constantValue { return .constant(value) }
        return .expression(expression)
    }

    private static func fail(_ expected: String, _ json: JSONValue) -> StyleError {
        StyleError(message: "expected \(expected), found \(describe(json))", offset: json.offset)
    }

    private static func describe(_ json: JSONValue) -> String {
        switch json {
        case .string(let s): return "\"\(s)\""
        case .number(let d): return StyleValueFormatter.numberToString(d)
        case .bool(let b): return b ? "true" : "false"
        default: return json.typeDescription
        }
    }

    private static func numberList(_ json: JSONValue) -> [StyleValue]? {
        guard case .array(let a) = json else { return nil }
        var result: [StyleValue] = []
        for element in a.elements {
            guard case .number(let d) = element else { return nil }
            result.append(.number(d))
        }
        return result
    }

    static func compileConstant(_ json: JSONValue, spec: PropertySpec) throws(StyleError) -> StylePropertyValue {
        switch spec.type {
        case .number:
            guard case .number(let d) = json else { throw fail("a number", json) }
            return .constant(.number(d))
        case .boolean:
            guard case .bool(let b) = json else { throw fail("a boolean", json) }
            return .constant(.bool(b))
        case .string:
            guard case .string(let s) = json else { throw fail("a string", json) }
            return .constant(.string(s))
        case .color:
            guard case .string(let s) = json, let c = Color(css: s) else { throw fail("a color", json) }
            return .constant(.color(c))
        case .enumeration(let values):
            guard case .string(let s) = json, values.contains(s) else {
                throw fail("one of " + values.joined(separator: ", "), json)
            }
            return .constant(.string(s))
        case .numberArray(let length):
            guard let list = numberList(json), length == nil || list.count == length else {
                throw fail(length.map { "an array of \($0) numbers" } ?? "an array of numbers", json)
            }
            return .constant(.array(list))
        case .stringArray, .enumArray:
            guard case .array(let a) = json else { throw fail("an array of strings", json) }
            var list: [StyleValue] = []
            for element in a.elements {
                guard case .string(let s) = element else { throw fail("an array of strings", json) }
                if case .enumArray(let values) = spec.type, !values.contains(s) {
                    throw fail("an array of " + values.joined(separator: ", "), json)
                }
                list.append(.string(s))
            }
            return .constant(.array(list))
        case .formatted, .resolvedImage:
            guard case .string(let s) = json else { throw fail("a string", json) }
            if spec.tokens {
                let converted = TokenString.convert(s)
                if case .array = converted { return try compileExpression(converted, spec: spec) }
            }
            return .constant(.string(s))
        case .padding, .numberOrArray:
            if case .number(let d) = json { return .constant(.number(d)) }
            guard let list = numberList(json), !list.isEmpty, spec.type != .padding || list.count <= 4 else {
                throw fail(
                    spec.type == .padding ? "a number or 1 to 4 numbers" : "a number or an array of numbers", json)
            }
            return .constant(.array(list))
        case .colorOrArray:
            if case .string(let s) = json, let c = Color(css: s) { return .constant(.color(c)) }
            guard case .array(let a) = json, !a.elements.isEmpty else {
                throw fail("a color or an array of colors", json)
            }
            var list: [StyleValue] = []
            for element in a.elements {
                guard case .string(let s) = element, let c = Color(css: s) else {
                    throw fail("a color or an array of colors", json)
                }
                list.append(.color(c))
            }
            return .constant(.array(list))
        case .anchorOffsets:
            guard case .array(let a) = json, a.count % 2 == 0 else {
                throw fail("an array of anchor, [x, y] pairs", json)
            }
            return .constant(StyleValue(json))
        }
    }
}

extension StylePropertyValue {
    /// Compiles a property value as the style parser does: a constant, an expression, a legacy
    /// function or a `{token}` string, checked against `property`'s type and the spec's rules.
    /// Errors name the offending expression part ("[2]: Expected color but found number instead.").
    public static func compile(_ json: JSONValue, for property: StyleProperty) throws(StyleError) -> StylePropertyValue
    {
        guard let spec = property.spec else { throw StyleError(message: "unknown property") }
        return try PropertyCompiler.compile(json, spec: spec)
    }
}
