import MapSnapJSON

/// Converts the deprecated function syntax of property values
/// (https://maplibre.org/maplibre-style-spec/deprecations/#function) into expression JSON, which
/// is then compiled like any expression. The conversion follows MapLibre's `convertFunction`:
///
/// - zoom functions `{stops: [[z, v], …], base}` → `["interpolate", ["exponential", base],
///   ["zoom"], …]` (interpolatable properties, or `type: "exponential"`) or `["step", ["zoom"], …]`
///   (`type: "interval"`, the default for other properties);
/// - property functions `{property, stops, type}` → `match` (categorical), `step` or `interpolate`
///   on `["number", ["get", property]]` (with `default` used when the value is not a number), or
///   `case` for categorical boolean stops;
/// - zoom-and-property functions (stop inputs `{zoom, value}`) → a zoom `interpolate` (linear) or
///   `step` whose outputs are the property functions at each zoom;
/// - identity functions `{property, type: "identity"}` → `["get", property]` with the property's
///   type asserted or converted;
/// - `colorSpace: "hcl" | "lab"` selects `interpolate-hcl` / `interpolate-lab`;
/// - string outputs of zoom functions of `text-field`/`icon-image` get `{token}` substitution.
///
/// One deliberate difference: a single-stop interval function is constant (GL JS appends a
/// spurious stop with value 0).
enum LegacyFunction {
    struct Failure: Error {
        var message: String
    }

    static func convert(_ f: JSONObject, spec: PropertySpec) throws(Failure) -> JSONValue {
        let b = Builder(offset: f.offset)
        guard let stopsJSON = f["stops"] else { return try identity(f, spec: spec, b) }
        guard case .array(let stopsArray) = stopsJSON, stopsArray.count > 0 else {
            throw Failure(message: "function stops must be a non-empty array")
        }
        var stops: [(input: JSONValue, output: JSONValue)] = []
        for stop in stopsArray.elements {
            guard case .array(let pair) = stop, pair.count == 2 else {
                throw Failure(message: "each function stop must be an array [input, output]")
            }
            stops.append((pair[0], pair[1]))
        }
        let zoomAndFeature: Bool
        if case .object = stops[0].input { zoomAndFeature = true } else { zoomAndFeature = false }
        let featureDependent = zoomAndFeature || f["property"] != nil
        let zoomDependent = zoomAndFeature || !featureDependent
        stops = stops.map { stop in
            if !featureDependent, spec.tokens, case .string(let s) = stop.output {
                return (stop.input, TokenString.convert(s, offset: f.offset))
            }
            return (stop.input, b.literal(stop.output))
        }
        if zoomAndFeature { return try zoomAndProperty(f, spec: spec, stops: stops, b) }
        if zoomDependent { return try zoomFunction(f, spec: spec, stops: stops, b) }
        return try propertyFunction(f, spec: spec, stops: stops, b)
    }

    /// Builds expression JSON arrays carrying the function's source offset (for error positions).
    struct Builder {
        var offset: Int

        func array(_ items: [JSONValue]) -> JSONValue { .array(JSONArray(items, offset: offset)) }
        func array(_ items: JSONValue...) -> JSONValue { array(items) }

        /// Arrays and objects must be wrapped in `literal` inside expressions.
        func literal(_ value: JSONValue) -> JSONValue {
            switch value {
            case .array, .object: return array(.string("literal"), value)
            default: return value
            }
        }

        func get(_ property: JSONValue) -> JSONValue { array(.string("get"), property) }
    }

    private static func functionType(_ f: JSONObject, spec: PropertySpec) throws(Failure) -> String {
        if let type = f["type"] {
            guard case .string(let t) = type, ["identity", "exponential", "interval", "categorical"].contains(t) else {
                throw Failure(message: "function type must be one of identity, exponential, interval, categorical")
            }
            return t
        }
        return spec.interpolated ? "exponential" : "interval"
    }

    private static func interpolateOperator(_ f: JSONObject) throws(Failure) -> String {
        switch f["colorSpace"] {
        case nil, .string("rgb")?: return "interpolate"
        case .string("hcl")?: return "interpolate-hcl"
        case .string("lab")?: return "interpolate-lab"
        default: throw Failure(message: "colorSpace must be one of rgb, hcl, lab")
        }
    }

    private static func curveJSON(_ f: JSONObject, _ b: Builder) throws(Failure) -> JSONValue {
        switch f["base"] {
        case nil: return b.array(.string("linear"))
        case .number(let base)?:
            return base == 1 ? b.array(.string("linear")) : b.array(.string("exponential"), .number(base))
        default: throw Failure(message: "function base must be a number")
        }
    }

    /// Appends a stop, skipping repeated inputs (never validated for functions) and the first
    /// input of a step curve (implicitly −∞).
    private static func append(_ curve: inout [JSONValue], _ input: JSONValue, _ output: JSONValue, step: Bool) {
        if curve.count > 3 && input == curve[curve.count - 2] { return }
        if !(step && curve.count == 2) { curve.append(input) }
        curve.append(output)
    }

    private static func fixDegenerateStep(_ curve: inout [JSONValue]) {
        if curve.count == 3, curve[0] == .string("step") {
            curve.append(.number(0))
            curve.append(curve[2])
        }
    }

    private static func zoomFunction(
        _ f: JSONObject, spec: PropertySpec, stops: [(input: JSONValue, output: JSONValue)], _ b: Builder
    ) throws(Failure) -> JSONValue {
        let zoom = b.array(.string("zoom"))
        var curve: [JSONValue]
        var isStep = false
        switch try functionType(f, spec: spec) {
        case "interval":
            curve = [.string("step"), zoom]
            isStep = true
        case "exponential":
            curve = [.string(try interpolateOperator(f)), try curveJSON(f, b), zoom]
        case let other:
            throw Failure(
                message: "\(other) functions need a \"property\" (zoom functions are exponential or interval)")
        }
        for stop in stops {
            guard case .number = stop.input else { throw Failure(message: "zoom function stop inputs must be numbers") }
            append(&curve, stop.input, stop.output, step: isStep)
        }
        fixDegenerateStep(&curve)
        return b.array(curve)
    }

    private static func fallback(_ f: JSONObject, spec: PropertySpec, _ b: Builder) -> JSONValue {
        if let d = f["default"] { return b.literal(d) }
        if let d = spec.defaultJSON { return b.literal(d) }
        return spec.type == .resolvedImage ? .string("") : .null
    }

    private static func propertyFunction(
        _ f: JSONObject, spec: PropertySpec, stops: [(input: JSONValue, output: JSONValue)], _ b: Builder
    ) throws(Failure) -> JSONValue {
        guard let property = f["property"], case .string = property else {
            throw Failure(message: "function \"property\" must be a string")
        }
        let get = b.get(property)
        let type = try functionType(f, spec: spec)
        switch type {
        case "categorical":
            if case .bool = stops[0].input {
                var expression: [JSONValue] = [.string("case")]
                for stop in stops { expression += [b.array(.string("=="), get, stop.input), stop.output] }
                expression.append(fallback(f, spec: spec, b))
                return b.array(expression)
            }
            var expression: [JSONValue] = [.string("match"), get]
            for stop in stops { append(&expression, stop.input, stop.output, step: false) }
            expression.append(fallback(f, spec: spec, b))
            return b.array(expression)
        case "interval", "exponential":
            let number = b.array(.string("number"), get)
            var expression: [JSONValue]
            if type == "interval" {
                expression = [.string("step"), number]
            } else {
                expression = [.string(try interpolateOperator(f)), try curveJSON(f, b), number]
            }
            for stop in stops {
                guard case .number = stop.input else {
                    throw Failure(message: "\(type) function stop inputs must be numbers")
                }
                append(&expression, stop.input, stop.output, step: type == "interval")
            }
            fixDegenerateStep(&expression)
            guard let d = f["default"] else { return b.array(expression) }
            return b.array(
                .string("case"), b.array(.string("=="), b.array(.string("typeof"), get), .string("number")),
                b.array(expression), b.literal(d))
        default:
            throw Failure(message: "unknown property function type \"\(type)\"")
        }
    }

    private static func zoomAndProperty(
        _ f: JSONObject, spec: PropertySpec, stops: [(input: JSONValue, output: JSONValue)], _ b: Builder
    ) throws(Failure) -> JSONValue {
        var zooms: [Double] = []
        var perZoom: [Double: [(input: JSONValue, output: JSONValue)]] = [:]
        for stop in stops {
            guard case .object(let input) = stop.input, case .number(let z)? = input["zoom"], let value = input["value"]
            else {
                throw Failure(
                    message: "zoom-and-property function stop inputs must be {\"zoom\": number, \"value\": …}")
            }
            if perZoom[z] == nil {
                zooms.append(z)
                perZoom[z] = []
            }
            perZoom[z, default: []].append((value, stop.output))
        }
        // The inner functions keep type, property and default (not base), as in GL JS.
        var inner = JSONObject([], offset: f.offset)
        for key in ["type", "property", "default"] {
            if let v = f[key] { inner.members.append(JSONMember(key: key, value: v)) }
        }
        // The zoom dimension is linear for interpolatable properties, a step otherwise.
        var curve: [JSONValue]
        let isStep = !spec.interpolated
        if isStep {
            curve = [.string("step"), b.array(.string("zoom"))]
        } else {
            curve = [.string(try interpolateOperator(f)), b.array(.string("linear")), b.array(.string("zoom"))]
        }
        for z in zooms {
            let output = try propertyFunction(inner, spec: spec, stops: perZoom[z] ?? [], b)
            append(&curve, .number(z), output, step: isStep)
        }
        fixDegenerateStep(&curve)
        return b.array(curve)
    }

    private static func identity(_ f: JSONObject, spec: PropertySpec, _ b: Builder) throws(Failure) -> JSONValue {
        guard let property = f["property"], case .string = property else {
            throw Failure(message: "a function needs \"stops\" or an identity \"property\"")
        }
        let get = b.get(property)
        guard let d = f["default"] else {
            // Legacy semantics: string properties assert rather than coerce.
            return spec.type == .string ? b.array(.string("string"), get) : get
        }
        switch spec.type {
        case .enumeration(let values):
            return b.array(.string("match"), get, b.array(values.map { .string($0) }), get, d)
        case .color: return b.array(.string("to-color"), get, b.literal(d))
        case .number: return b.array(.string("number"), get, b.literal(d))
        case .boolean: return b.array(.string("boolean"), get, b.literal(d))
        case .string, .formatted, .resolvedImage: return b.array(.string("string"), get, b.literal(d))
        default: return b.array(.string("coalesce"), get, b.literal(d))
        }
    }
}

/// `{token}` substitution in `text-field` and `icon-image` strings
/// (https://maplibre.org/maplibre-style-spec/layers/#text-field — "tokens"):
/// `"{name:latin} {name:nonlatin}"` becomes
/// `["concat", ["get", "name:latin"], " ", ["get", "name:nonlatin"]]`; a missing property gives
/// an empty string. A token is `{` then one or more characters other than braces, then `}`.
enum TokenString {
    /// The expression JSON for `s`, or `s` itself when it has no tokens.
    static func convert(_ s: String, offset: Int = 0) -> JSONValue {
        let b = LegacyFunction.Builder(offset: offset)
        var parts: [JSONValue] = [.string("concat")]
        let scalars = Array(s.unicodeScalars)
        var literalStart = 0
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "{" else {
                i += 1
                continue
            }
            var j = i + 1
            while j < scalars.count, scalars[j] != "{", scalars[j] != "}" { j += 1 }
            if j < scalars.count, scalars[j] == "}", j > i + 1 {
                if literalStart < i { parts.append(.string(text(scalars[literalStart..<i]))) }
                parts.append(b.get(.string(text(scalars[(i + 1)..<j]))))
                i = j + 1
                literalStart = i
            } else {
                i += 1
            }
        }
        if parts.count == 1 { return .string(s) }
        if literalStart < scalars.count {
            parts.append(.string(text(scalars[literalStart...])))
        } else if parts.count == 2 {
            return b.array(.string("to-string"), parts[1])
        }
        return b.array(parts)
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }
}
