import MapSnapJSON

/// Compiles expression JSON into `ExpressionNode` trees with the spec's static typing
/// (https://maplibre.org/maplibre-style-spec/expressions/, "Type system"), following the rules of
/// MapLibre GL JS's `ParsingContext`:
///
/// - every sub-expression is parsed against the type its position expects;
/// - a value of unknown type (`["get", …]`) where a string, number, boolean, object or array is
///   expected gets a runtime assertion; where a colour, formatted text or image is expected, a
///   coercion (strings are parsed as CSS colours);
/// - any other mismatch is a compile error;
/// - sub-trees that depend on neither zoom nor feature are evaluated once and become literals
///   (a failure there is a compile error).
struct ExpressionParser {
    /// A compiled sub-expression with its static type and what it depends on.
    struct Parsed {
        var node: ExpressionNode
        var type: ExpressionType
        var zoom: Bool = false
        /// Depends on the feature (or on the heatmap density / line progress inputs).
        var feature: Bool = false

        var isLiteral: Bool {
            if case .literal = node { return true }
            return false
        }
    }

    private struct Binding {
        var name: String
        var value: Parsed
    }

    private var scope: [Binding] = []
    private var path: [Int] = []
    private var offsets: [Int] = []

    init() {}

    // MARK: - Entry

    /// Parses `json` expecting `expected` (nil: any type). `omitAnnotations` leaves value-typed
    /// results unwrapped (for `coalesce` arguments, so that null falls through).
    mutating func parse(
        _ json: JSONValue, expected: ExpressionType?, omitAnnotations: Bool = false
    ) throws(ExpressionParseError) -> Parsed {
        var parsed: Parsed
        switch json {
        case .array(let array):
            offsets.append(array.offset)
            defer { offsets.removeLast() }
            guard array.count > 0 else {
                throw error(
                    "Expected an array with at least one element. If you wanted a literal array, use [\"literal\", []]."
                )
            }
            guard case .string(let op) = array[0] else {
                throw error(
                    "Expression name must be a string, but found \(Self.jsonTypeName(array[0])) instead. "
                        + "If you wanted a literal array, use [\"literal\", [...]].")
            }
            parsed = try parseOperator(op, array, expected: expected)
            parsed = try annotate(parsed, expected: expected, omit: omitAnnotations)
            parsed = try fold(parsed)
        case .object:
            throw error("Bare objects invalid. Use [\"literal\", {...}] instead.")
        default:
            let value = StyleValue(json)
            parsed = Parsed(node: .literal(value), type: ExpressionType.of(value))
            parsed = try annotate(parsed, expected: expected, omit: omitAnnotations)
            parsed = try fold(parsed)
        }
        return parsed
    }

    /// Parses `array[index]` (path and error positions follow).
    mutating func child(
        _ array: JSONArray, _ index: Int, _ expected: ExpressionType?, omitAnnotations: Bool = false
    ) throws(ExpressionParseError) -> Parsed {
        path.append(index)
        defer { path.removeLast() }
        return try parse(array[index], expected: expected, omitAnnotations: omitAnnotations)
    }

    /// Parses a member of an options object (`format`, `number-format`, `collator`), reported at
    /// the object's index in the enclosing array.
    mutating func option(
        _ json: JSONValue, at index: Int, _ expected: ExpressionType
    ) throws(ExpressionParseError) -> Parsed {
        path.append(index)
        defer { path.removeLast() }
        return try parse(json, expected: expected)
    }

    // MARK: - Errors

    func error(_ message: String, at index: Int? = nil) -> ExpressionParseError {
        ExpressionParseError(message: message, path: index.map { path + [$0] } ?? path, offset: offsets.last)
    }

    static func jsonTypeName(_ json: JSONValue) -> String {
        switch json {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    // MARK: - Types

    /// Wraps `parsed` in the assertion or coercion its position needs, or rejects it.
    private func annotate(
        _ parsed: Parsed, expected: ExpressionType?, omit: Bool
    ) throws(ExpressionParseError) -> Parsed {
        guard let expected else { return parsed }
        var result = parsed
        switch (expected, parsed.type) {
        case (.string, .value), (.number, .value), (.boolean, .value), (.object, .value), (.array, .value):
            if omit { return parsed }
            result.node = .assertType(expected, [parsed.node])
            result.type = expected
            return result
        case (.color, .value), (.color, .string):
            if omit {
                // Still turn constant colour strings into colours (to-color of a colour is itself).
                if case .literal(.string(let s)) = parsed.node, let c = Color(css: s) {
                    return Parsed(node: .literal(.color(c)), type: .color)
                }
                return parsed
            }
            result.node = .toColor([parsed.node])
            result.type = .color
            return result
        case (.formatted, .value), (.resolvedImage, .value):
            if omit { return parsed }
            result.node = .toString(parsed.node)
            result.type = expected
            return result
        case (.formatted, .string), (.resolvedImage, .string):
            // A string is its own text and its own image name.
            result.type = expected
            return result
        default:
            guard expected.accepts(parsed.type) else {
                throw error("Expected \(expected) but found \(parsed.type) instead.")
            }
            return parsed
        }
    }

    /// Evaluates a sub-tree that needs neither zoom nor feature, once, into a literal.
    private func fold(_ parsed: Parsed) throws(ExpressionParseError) -> Parsed {
        guard !parsed.zoom, !parsed.feature, !parsed.isLiteral else { return parsed }
        do {
            let value = try parsed.node.makeEvaluator().eval(EvaluationContext(zoom: 0))
            return Parsed(node: .literal(value), type: parsed.type)
        } catch {
            throw self.error(error.description)
        }
    }

    /// A node built from `parts`, depending on whatever they depend on.
    func make(_ node: ExpressionNode, _ type: ExpressionType, _ parts: [Parsed]) -> Parsed {
        var p = Parsed(node: node, type: type)
        for part in parts {
            p.zoom = p.zoom || part.zoom
            p.feature = p.feature || part.feature
        }
        return p
    }

    // MARK: - Operators

    private mutating func parseOperator(
        _ op: String, _ a: JSONArray, expected: ExpressionType?
    ) throws(ExpressionParseError) -> Parsed {
        switch op {
        case "literal": return try parseLiteral(a, expected: expected)
        case "let": return try parseLet(a, expected: expected)
        case "var": return try parseVar(a)
        case "string", "number", "boolean", "object": return try parseAssertion(op, a)
        case "array": return try parseArrayAssertion(a)
        case "to-string", "to-boolean", "to-number", "to-color": return try parseCoercion(op, a)
        case "typeof":
            let args = try fixed(a, [.value])
            return make(.typeOf(args[0].node), .string, args)
        case "format": return try parseFormat(a)
        case "image":
            let args = try fixed(a, [.string])
            return make(args[0].node, .resolvedImage, args)
        case "number-format": return try parseNumberFormat(a)
        case "collator": return try parseCollator(a)
        case "resolved-locale":
            _ = try fixed(a, [.collator])
            return Parsed(node: .literal(.string("en")), type: .string)
        case "is-supported-script":
            _ = try fixed(a, [.string])
            return Parsed(node: .literal(.bool(true)), type: .boolean)

        // Feature data and context
        case "get", "has": return try parseGetHas(op, a)
        case "properties":
            _ = try fixed(a, [])
            return Parsed(node: .featureProperties, type: .object, feature: true)
        case "geometry-type":
            _ = try fixed(a, [])
            return Parsed(node: .geometryType, type: .string, feature: true)
        case "id":
            _ = try fixed(a, [])
            return Parsed(node: .featureID, type: .value, feature: true)
        case "feature-state", "global-state":
            _ = try fixed(a, [.string])
            return Parsed(node: .literal(.null), type: .value)
        case "accumulated":
            _ = try fixed(a, [])
            return Parsed(node: .literal(.null), type: .value)
        case "zoom":
            _ = try fixed(a, [])
            return Parsed(node: .zoom, type: .number, zoom: true)
        case "heatmap-density":
            _ = try fixed(a, [])
            return Parsed(node: .heatmapDensity, type: .number, feature: true)
        case "elevation":
            _ = try fixed(a, [])
            return Parsed(node: .elevation, type: .number, feature: true)
        case "line-progress":
            _ = try fixed(a, [])
            return Parsed(node: .lineProgress, type: .number, feature: true)

        // Lookup
        case "at": return try parseAt(a, expected: expected)
        case "in": return try parseIn(a)
        case "index-of": return try parseIndexOf(a)
        case "slice": return try parseSlice(a)
        case "length": return try parseLength(a)

        // Decision
        case "!":
            let args = try fixed(a, [.boolean])
            return make(.not(args[0].node), .boolean, args)
        case "all", "any":
            let args = try variadic(a, .boolean)
            let nodes = args.map(\.node)
            return make(op == "all" ? .all(nodes) : .any(nodes), .boolean, args)
        case "==", "!=", "<", "<=", ">", ">=": return try parseComparison(op, a)
        case "case": return try parseCase(a, expected: expected)
        case "match": return try parseMatch(a, expected: expected)
        case "coalesce": return try parseCoalesce(a, expected: expected)
        case "within", "distance":
            guard a.count == 2 else {
                throw error("'\(op)' expression requires exactly one argument, but found \(a.count - 1) instead.")
            }
            guard case .object = a[1] else {
                throw error(
                    "'\(op)' expression requires a valid GeoJSON object, but found \(Self.jsonTypeName(a[1])) instead.")
            }
            // Not supported: `within` is false, `distance` null (the property uses its default).
            return op == "within"
                ? Parsed(node: .literal(.bool(false)), type: .boolean)
                : Parsed(node: .literal(.null), type: .number)

        // Ramps
        case "step": return try parseStep(a, expected: expected)
        case "interpolate", "interpolate-hcl", "interpolate-lab":
            return try parseInterpolate(op, a, expected: expected)

        // Strings
        case "concat":
            let args = try variadic(a, .value)
            return make(.concat(args.map(\.node)), .string, args)
        case "upcase", "downcase":
            let args = try fixed(a, [.string])
            return make(op == "upcase" ? .upcase(args[0].node) : .downcase(args[0].node), .string, args)

        // Colour
        case "rgb", "rgba":
            let args = try fixed(a, [ExpressionType](repeating: .number, count: op == "rgb" ? 3 : 4))
            return make(.rgba(args.map(\.node)), .color, args)
        case "to-rgba":
            let args = try fixed(a, [.color])
            return make(.toRGBA(args[0].node), .array(.number, 4), args)

        // Math
        case "+", "*", "min", "max":
            let args = try variadic(a, .number)
            let opr: ArithmeticOperator = op == "+" ? .add : op == "*" ? .multiply : op == "min" ? .min : .max
            return make(.arithmetic(opr, args.map(\.node)), .number, args)
        case "-":
            let args = a.count == 2 ? try fixed(a, [.number]) : try fixed(a, [.number, .number])
            return make(.arithmetic(.subtract, args.map(\.node)), .number, args)
        case "/", "%", "^":
            let args = try fixed(a, [.number, .number])
            let opr: ArithmeticOperator = op == "/" ? .divide : op == "%" ? .remainder : .power
            return make(.arithmetic(opr, args.map(\.node)), .number, args)
        case "pi", "e", "ln2":
            _ = try fixed(a, [])
            let v = op == "pi" ? Double.pi : op == "e" ? 2.718281828459045 : 0.6931471805599453
            return Parsed(node: .literal(.number(v)), type: .number)
        default:
            if let function = MathFunction(rawValue: op), function != .negate {
                let args = try fixed(a, [.number])
                return make(.mathFunction(function, args[0].node), .number, args)
            }
            throw error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", at: 0)
        }
    }

    /// Parses exactly `types.count` arguments with those expected types.
    mutating func fixed(_ a: JSONArray, _ types: [ExpressionType]) throws(ExpressionParseError) -> [Parsed] {
        guard a.count - 1 == types.count else {
            throw error(
                "Expected \(types.count) argument\(types.count == 1 ? "" : "s"), but found \(a.count - 1) instead.")
        }
        var result: [Parsed] = []
        for (i, type) in types.enumerated() { result.append(try child(a, i + 1, type)) }
        return result
    }

    /// Parses any number of arguments, all of `type`.
    mutating func variadic(_ a: JSONArray, _ type: ExpressionType) throws(ExpressionParseError) -> [Parsed] {
        var result: [Parsed] = []
        var i = 1
        while i < a.count {
            result.append(try child(a, i, type))
            i += 1
        }
        return result
    }

    // MARK: - Types and variables

    private mutating func parseLiteral(
        _ a: JSONArray, expected: ExpressionType?
    ) throws(ExpressionParseError) -> Parsed {
        guard a.count == 2 else {
            throw error("'literal' expression requires exactly one argument, but found \(a.count - 1) instead.")
        }
        let value = StyleValue(a[1])
        var type = ExpressionType.of(value)
        // An empty literal array takes the array type its position expects.
        if case .array(_, 0) = type, case .array(_, let n)? = expected, n == nil || n == 0, let expected {
            type = expected
        }
        return Parsed(node: .literal(value), type: type)
    }

    private mutating func parseLet(_ a: JSONArray, expected: ExpressionType?) throws(ExpressionParseError) -> Parsed {
        guard a.count >= 4 else { throw error("Expected at least 3 arguments, but found \(a.count - 1) instead.") }
        guard a.count % 2 == 0 else { throw error("Expected an odd number of arguments.") }
        var bindings: [Binding] = []
        var i = 1
        while i < a.count - 1 {
            guard case .string(let name) = a[i] else {
                throw error("Expected string, but found \(Self.jsonTypeName(a[i])) instead.", at: i)
            }
            guard !name.isEmpty,
                name.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
                })
            else {
                throw error("Variable names must contain only alphanumeric characters or '_'.", at: i)
            }
            bindings.append(Binding(name: name, value: try child(a, i + 1, nil)))
            i += 2
        }
        let saved = scope.count
        scope.append(contentsOf: bindings)
        defer { scope.removeSubrange(saved...) }
        return try child(a, a.count - 1, expected)
    }

    private mutating func parseVar(_ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count == 2, case .string(let name) = a[1] else {
            throw error("'var' expression requires exactly one string literal argument.")
        }
        guard let binding = scope.last(where: { $0.name == name }) else {
            throw error(
                "Unknown variable \"\(name)\". Make sure \"\(name)\" has been bound in an enclosing \"let\" expression before using it.",
                at: 1)
        }
        return binding.value
    }

    private mutating func parseAssertion(_ op: String, _ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count >= 2 else { throw error("Expected at least one argument.") }
        let type: ExpressionType =
            op == "string" ? .string : op == "number" ? .number : op == "boolean" ? .boolean : .object
        let args = try variadic(a, .value)
        if args.count == 1, args[0].type == type { return args[0] }
        return make(.assertType(type, args.map(\.node)), type, args)
    }

    private mutating func parseArrayAssertion(_ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count >= 2 && a.count <= 4 else {
            throw error("Expected 1, 2, or 3 arguments, but found \(a.count - 1) instead.")
        }
        var itemType = ExpressionType.value
        var length: Int?
        if a.count > 2 {
            switch a[1] {
            case .string("string"): itemType = .string
            case .string("number"): itemType = .number
            case .string("boolean"): itemType = .boolean
            default:
                throw error("The item type argument of \"array\" must be one of string, number, boolean", at: 1)
            }
        }
        if a.count > 3 {
            guard case .number(let n) = a[2], n >= 0, n == n.rounded(.down), n < 1e9 else {
                throw error("The length argument to \"array\" must be a positive integer literal", at: 2)
            }
            length = Int(n)
        }
        let value = try child(a, a.count - 1, .value)
        let type = ExpressionType.array(itemType, length)
        if type.accepts(value.type), value.type.isArray {
            return Parsed(node: value.node, type: value.type, zoom: value.zoom, feature: value.feature)
        }
        return make(.assertType(type, [value.node]), type, [value])
    }

    private mutating func parseCoercion(_ op: String, _ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        if op == "to-boolean" || op == "to-string" {
            guard a.count == 2 else { throw error("Expected one argument.") }
        } else {
            guard a.count >= 2 else { throw error("Expected at least one argument.") }
        }
        let args = try variadic(a, .value)
        let nodes = args.map(\.node)
        switch op {
        case "to-string":
            if args[0].type == .string { return args[0] }
            return make(.toString(nodes[0]), .string, args)
        case "to-boolean": return make(.toBoolean(nodes[0]), .boolean, args)
        case "to-number": return make(.toNumber(nodes), .number, args)
        default: return make(.toColor(nodes), .color, args)
        }
    }

    private mutating func parseFormat(_ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count >= 2 else { throw error("Expected at least one argument.") }
        if case .object = a[1] { throw error("First argument must be an image or text section.") }
        var sections: [FormatSection] = []
        var parts: [Parsed] = []
        var mayBeOptions = false
        var i = 1
        while i < a.count {
            if mayBeOptions, case .object(let options) = a[i] {
                mayBeOptions = false
                // Section options are checked but not used (plain text only).
                if let scale = options["font-scale"] { parts.append(try option(scale, at: i, .number)) }
                if let font = options["text-font"] { parts.append(try option(font, at: i, .array(.string, nil))) }
                if let color = options["text-color"] { parts.append(try option(color, at: i, .color)) }
                if let align = options["vertical-align"] { parts.append(try option(align, at: i, .string)) }
            } else {
                let content = try child(a, i, .value)
                switch content.type {
                case .string, .value, .null, .resolvedImage: break
                default: throw error("Formatted text type must be 'string', 'value', 'image' or 'null'.", at: i)
                }
                sections.append(FormatSection(content: content.node, isImage: content.type == .resolvedImage))
                parts.append(content)
                mayBeOptions = true
            }
            i += 1
        }
        return make(.format(sections), .formatted, parts)
    }

    private mutating func parseNumberFormat(_ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count == 3 else { throw error("Expected two arguments.") }
        let number = try child(a, 1, .number)
        guard case .object(let o) = a[2] else { throw error("NumberFormat options argument must be an object.") }
        var parts = [number]
        var options = NumberFormatOptions()
        if let v = o["locale"] {
            let p = try option(v, at: 2, .string)
            parts.append(p)
            options.locale = p.node
        }
        if let v = o["currency"] {
            let p = try option(v, at: 2, .string)
            parts.append(p)
            options.currency = p.node
        }
        if let v = o["min-fraction-digits"] {
            let p = try option(v, at: 2, .number)
            parts.append(p)
            options.minFractionDigits = p.node
        }
        if let v = o["max-fraction-digits"] {
            let p = try option(v, at: 2, .number)
            parts.append(p)
            options.maxFractionDigits = p.node
        }
        return make(.numberFormat(number.node, options), .string, parts)
    }

    private mutating func parseCollator(_ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count == 2 else { throw error("Expected one argument.") }
        guard case .object(let o) = a[1] else { throw error("Collator options argument must be an object.") }
        if let v = o["case-sensitive"] { _ = try option(v, at: 1, .boolean) }
        if let v = o["diacritic-sensitive"] { _ = try option(v, at: 1, .boolean) }
        if let v = o["locale"] { _ = try option(v, at: 1, .string) }
        // Comparisons ignore collators: the value is never looked at.
        return Parsed(node: .literal(.null), type: .collator)
    }
}

extension ExpressionParser {
    /// Every operator name the parser knows (an array starting with one of these is an
    /// expression; other arrays in property values are constants).
    static let operatorNames: Set<String> = [
        "literal", "let", "var", "string", "number", "boolean", "object", "array", "to-string", "to-boolean",
        "to-number", "to-color", "typeof", "format", "image", "number-format", "collator", "resolved-locale",
        "is-supported-script", "get", "has", "properties", "geometry-type", "id", "feature-state", "global-state",
        "accumulated", "zoom", "heatmap-density", "elevation", "line-progress", "at", "in", "index-of", "slice",
        "length", "!",
        "all", "any", "==", "!=", "<", "<=", ">", ">=", "case", "match", "coalesce", "within", "distance", "step",
        "interpolate", "interpolate-hcl", "interpolate-lab", "concat", "upcase", "downcase", "rgb", "rgba",
        "to-rgba", "+", "*", "min", "max", "-", "/", "%", "^", "pi", "e", "ln2", "sqrt", "log10", "ln", "log2",
        "sin", "cos", "tan", "asin", "acos", "atan", "abs", "floor", "ceil", "round",
    ]
}
