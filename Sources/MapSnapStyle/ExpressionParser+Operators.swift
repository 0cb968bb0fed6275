import MapSnapJSON

/// Lookup, decision and ramp operators
/// (https://maplibre.org/maplibre-style-spec/expressions/#lookup, #decision, #ramps-scales-curves).
extension ExpressionParser {
    // MARK: - Lookup

    mutating func parseGetHas(_ op: String, _ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count == 2 || a.count == 3 else {
            throw error("Expected 1 or 2 arguments, but found \(a.count - 1) instead.")
        }
        let key = try child(a, 1, .string)
        if a.count == 3 {
            let object = try child(a, 2, .object)
            let node: ExpressionNode =
                op == "get" ? .get(key: key.node, object: object.node) : .has(key: key.node, object: object.node)
            return make(node, op == "get" ? .value : .boolean, [key, object])
        }
        var p: Parsed
        if case .literal(.string(let name)) = key.node {
            p = Parsed(node: op == "get" ? .getProperty(name) : .hasProperty(name), type: .value)
        } else {
            p = make(op == "get" ? .get(key: key.node, object: nil) : .has(key: key.node, object: nil), .value, [key])
        }
        p.type = op == "get" ? .value : .boolean
        p.feature = true
        return p
    }

    mutating func parseAt(_ a: JSONArray, expected: ExpressionType?) throws(ExpressionParseError) -> Parsed {
        guard a.count == 3 else { throw error("Expected 2 arguments, but found \(a.count - 1) instead.") }
        let index = try child(a, 1, .number)
        let array = try child(a, 2, .array(expected ?? .value, nil))
        var itemType = ExpressionType.value
        if case .array(let item, _) = array.type { itemType = item }
        return make(.at(index: index.node, array: array.node), itemType, [index, array])
    }

    private func checkNeedle(_ needle: Parsed, at index: Int) throws(ExpressionParseError) {
        switch needle.type {
        case .boolean, .string, .number, .null, .value: return
        default:
            throw error(
                "Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead.",
                at: index)
        }
    }

    private func checkArrayOrString(_ p: Parsed, at index: Int, _ ordinal: String) throws(ExpressionParseError) {
        switch p.type {
        case .string, .value, .array: return
        default:
            throw error(
                "Expected \(ordinal) argument to be of type array or string, but found \(p.type) instead.", at: index)
        }
    }

    mutating func parseIn(_ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count == 3 else { throw error("Expected 2 arguments, but found \(a.count - 1) instead.") }
        let needle = try child(a, 1, .value)
        let haystack = try child(a, 2, .value)
        try checkNeedle(needle, at: 1)
        try checkArrayOrString(haystack, at: 2, "second")
        return make(.contains(needle: needle.node, haystack: haystack.node), .boolean, [needle, haystack])
    }

    mutating func parseIndexOf(_ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count == 3 || a.count == 4 else {
            throw error("Expected 2 or 3 arguments, but found \(a.count - 1) instead.")
        }
        let needle = try child(a, 1, .value)
        let haystack = try child(a, 2, .value)
        try checkNeedle(needle, at: 1)
        try checkArrayOrString(haystack, at: 2, "second")
        var parts = [needle, haystack]
        var from: ExpressionNode?
        if a.count == 4 {
            let f = try child(a, 3, .number)
            parts.append(f)
            from = f.node
        }
        return make(.indexOf(needle: needle.node, haystack: haystack.node, from: from), .number, parts)
    }

    mutating func parseSlice(_ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count == 3 || a.count == 4 else {
            throw error("Expected 2 or 3 arguments, but found \(a.count - 1) instead.")
        }
        let input = try child(a, 1, .value)
        try checkArrayOrString(input, at: 1, "first")
        let start = try child(a, 2, .number)
        var parts = [input, start]
        var end: ExpressionNode?
        if a.count == 4 {
            let e = try child(a, 3, .number)
            parts.append(e)
            end = e.node
        }
        var type = input.type
        if case .array(let item, _) = type { type = .array(item, nil) }
        return make(.slice(input.node, start: start.node, end: end), type, parts)
    }

    mutating func parseLength(_ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count == 2 else { throw error("Expected 1 argument, but found \(a.count - 1) instead.") }
        let input = try child(a, 1, nil)
        switch input.type {
        case .string, .value, .array: break
        default: throw error("Expected argument of type string or array, but found \(input.type) instead.", at: 1)
        }
        return make(.length(input.node), .number, [input])
    }

    // MARK: - Decision

    private static func isKindMatch(_ a: ExpressionType, _ b: ExpressionType) -> Bool {
        switch (a, b) {
        case (.array, .array): return true
        default: return a == b
        }
    }

    mutating func parseComparison(_ op: String, _ a: JSONArray) throws(ExpressionParseError) -> Parsed {
        guard a.count == 3 || a.count == 4 else { throw error("Expected two or three arguments.") }
        let isOrder = op != "==" && op != "!="
        func comparable(_ t: ExpressionType) -> Bool {
            switch t {
            case .string, .number, .value: return true
            case .boolean, .null: return !isOrder
            default: return false
            }
        }
        let lhs = try child(a, 1, .value)
        guard comparable(lhs.type) else {
            throw error("\"\(op)\" comparisons are not supported for type '\(lhs.type)'.", at: 1)
        }
        let rhs = try child(a, 2, .value)
        guard comparable(rhs.type) else {
            throw error("\"\(op)\" comparisons are not supported for type '\(rhs.type)'.", at: 2)
        }
        if !Self.isKindMatch(lhs.type, rhs.type) && !lhs.type.isValue && !rhs.type.isValue {
            throw error("Cannot compare types '\(lhs.type)' and '\(rhs.type)'.")
        }
        var parts = [lhs, rhs]
        if a.count == 4 {
            // Collator options are accepted and ignored (comparisons are exact).
            if lhs.type != .string && rhs.type != .string && !lhs.type.isValue && !rhs.type.isValue {
                throw error("Cannot use collator to compare non-string types.")
            }
            parts.append(try child(a, 3, .collator))
        }
        let node: ExpressionNode
        switch op {
        case "==": node = .equals(lhs.node, rhs.node, negated: false)
        case "!=": node = .equals(lhs.node, rhs.node, negated: true)
        case "<": node = .order(.less, lhs.node, rhs.node)
        case "<=": node = .order(.lessOrEqual, lhs.node, rhs.node)
        case ">": node = .order(.greater, lhs.node, rhs.node)
        default: node = .order(.greaterOrEqual, lhs.node, rhs.node)
        }
        return make(node, .boolean, parts)
    }

    mutating func parseCase(_ a: JSONArray, expected: ExpressionType?) throws(ExpressionParseError) -> Parsed {
        guard a.count >= 4 else { throw error("Expected at least 3 arguments, but found only \(a.count - 1).") }
        guard a.count % 2 == 0 else { throw error("Expected an odd number of arguments.") }
        var outputType: ExpressionType? = expected.flatMap { $0.isValue ? nil : $0 }
        var conditions: [ExpressionNode] = []
        var outputs: [ExpressionNode] = []
        var parts: [Parsed] = []
        var i = 1
        while i < a.count - 1 {
            let test = try child(a, i, .boolean)
            let result = try child(a, i + 1, outputType)
            outputType = outputType ?? result.type
            conditions.append(test.node)
            outputs.append(result.node)
            parts += [test, result]
            i += 2
        }
        let fallback = try child(a, a.count - 1, outputType)
        parts.append(fallback)
        let table = CaseTable(conditions: conditions, outputs: outputs, fallback: fallback.node)
        return make(.conditional(table), outputType ?? fallback.type, parts)
    }

    mutating func parseMatch(_ a: JSONArray, expected: ExpressionType?) throws(ExpressionParseError) -> Parsed {
        guard a.count >= 5 else { throw error("Expected at least 4 arguments, but found only \(a.count - 1).") }
        guard a.count % 2 == 1 else { throw error("Expected an even number of arguments.") }
        let input = try child(a, 1, .value)
        var outputType: ExpressionType? = expected.flatMap { $0.isValue ? nil : $0 }
        var inputType: ExpressionType?
        var labels: [StyleValue] = []
        var labelOutputs: [Int] = []
        var outputs: [ExpressionNode] = []
        var parts = [input]
        var i = 2
        while i < a.count - 1 {
            var branchLabels: [JSONValue] = [a[i]]
            if case .array(let list) = a[i] { branchLabels = list.elements }
            if branchLabels.isEmpty { throw error("Expected at least one branch label.", at: i) }
            for label in branchLabels {
                let value: StyleValue
                switch label {
                case .string(let s):
                    value = .string(s)
                case .number(let d):
                    guard Swift.abs(d) <= 9_007_199_254_740_991 else {
                        throw error("Branch labels must be integers no larger than 9007199254740991.", at: i)
                    }
                    guard d == d.rounded(.down) else {
                        throw error("Numeric branch labels must be integer values.", at: i)
                    }
                    value = .number(d)
                default:
                    throw error("Branch labels must be numbers or strings.", at: i)
                }
                let type = ExpressionType.of(value)
                if let inputType, inputType != type {
                    throw error("Expected \(inputType) but found \(type) instead.", at: i)
                }
                inputType = type
                if labels.contains(value) { throw error("Branch labels must be unique.", at: i) }
                labels.append(value)
                labelOutputs.append(outputs.count)
            }
            let result = try child(a, i + 1, outputType)
            outputType = outputType ?? result.type
            outputs.append(result.node)
            parts.append(result)
            i += 2
        }
        let fallback = try child(a, a.count - 1, outputType)
        parts.append(fallback)
        if let inputType, !input.type.isValue, input.type != inputType {
            throw error("Expected \(inputType) but found \(input.type) instead.", at: 1)
        }
        var index: [StyleValue: Int]?
        if labels.count > 8 {
            var dictionary: [StyleValue: Int] = [:]
            for (label, output) in zip(labels, labelOutputs) { dictionary[label] = output }
            index = dictionary
        }
        let table = MatchTable(
            input: input.node, stringLabels: inputType == .string, labels: labels, labelOutputs: labelOutputs,
            outputs: outputs, fallback: fallback.node, index: index)
        return make(.match(table), outputType ?? fallback.type, parts)
    }

    mutating func parseCoalesce(_ a: JSONArray, expected: ExpressionType?) throws(ExpressionParseError) -> Parsed {
        guard a.count >= 2 else { throw error("Expected at least one argument.") }
        var outputType: ExpressionType? = expected.flatMap { $0.isValue ? nil : $0 }
        var parts: [Parsed] = []
        var i = 1
        while i < a.count {
            // Arguments keep their own type (no assertion), so that a null falls through.
            let p = try child(a, i, outputType, omitAnnotations: true)
            outputType = outputType ?? p.type
            parts.append(p)
            i += 1
        }
        let type = outputType ?? .value
        // When an argument's type does not fit, the result is checked (or coerced) as a whole.
        let needsAnnotation = expected.map { e in parts.contains { !e.accepts($0.type) } } ?? false
        return make(.coalesce(parts.map(\.node)), needsAnnotation ? .value : type, parts)
    }

    // MARK: - Ramps

    mutating func parseStep(_ a: JSONArray, expected: ExpressionType?) throws(ExpressionParseError) -> Parsed {
        guard a.count - 1 >= 4 else { throw error("Expected at least 4 arguments, but found only \(a.count - 1).") }
        guard (a.count - 1) % 2 == 0 else { throw error("Expected an even number of arguments.") }
        let input = try child(a, 1, .number)
        var outputType: ExpressionType? = expected.flatMap { $0.isValue ? nil : $0 }
        var stops: [Double] = []
        var outputs: [ExpressionNode] = []
        var parts = [input]
        var i = 1
        while i < a.count {
            if i > 1 {
                guard case .number(let label) = a[i] else {
                    throw error(
                        "Input/output pairs for \"step\" expressions must be defined using literal numeric values (not computed expressions) for the input values.",
                        at: i)
                }
                if let last = stops.last, last >= label {
                    throw error(
                        "Input/output pairs for \"step\" expressions must be arranged with input values in strictly ascending order.",
                        at: i)
                }
                stops.append(label)
            }
            let output = try child(a, i + 1, outputType)
            outputType = outputType ?? output.type
            outputs.append(output.node)
            parts.append(output)
            i += 2
        }
        let table = StepTable(input: input.node, stops: stops, outputs: outputs)
        return make(.step(table), outputType ?? .value, parts)
    }

    mutating func parseInterpolate(
        _ op: String, _ a: JSONArray, expected: ExpressionType?
    ) throws(ExpressionParseError) -> Parsed {
        guard a.count >= 2, case .array(let kind) = a[1], kind.count > 0 else {
            throw error("Expected an interpolation type expression.", at: 1)
        }
        let curve: InterpolationCurve
        switch kind[0] {
        case .string("linear"):
            curve = .linear
        case .string("exponential"):
            guard kind.count == 2, case .number(let base) = kind[1] else {
                throw error("Exponential interpolation requires a numeric base.", at: 1)
            }
            curve = base == 1 ? .linear : .exponential(base)
        case .string("cubic-bezier"):
            var points: [Double] = []
            for p in kind.elements.dropFirst() {
                if case .number(let d) = p, d >= 0, d <= 1 { points.append(d) }
            }
            guard kind.count == 5, points.count == 4 else {
                throw error(
                    "Cubic bezier interpolation requires four numeric arguments with values between 0 and 1.", at: 1)
            }
            curve = .cubicBezier(UnitBezier(points[0], points[1], points[2], points[3]))
        default:
            throw error(
                "Unknown interpolation type \(Self.jsonTypeName(kind[0]) == "string" ? (kind[0].stringValue ?? "") : Self.jsonTypeName(kind[0]))",
                at: 1)
        }
        guard a.count - 1 >= 4 else { throw error("Expected at least 4 arguments, but found only \(a.count - 1).") }
        guard (a.count - 1) % 2 == 0 else { throw error("Expected an even number of arguments.") }
        let input = try child(a, 2, .number)
        var outputType: ExpressionType?
        let space: ColorInterpolationSpace = op == "interpolate-hcl" ? .hcl : op == "interpolate-lab" ? .lab : .rgb
        if space != .rgb {
            outputType = .color
        } else if let expected, !expected.isValue {
            outputType = expected
        }
        var stops: [Double] = []
        var outputs: [ExpressionNode] = []
        var parts = [input]
        var i = 3
        while i < a.count {
            guard case .number(let label) = a[i] else {
                throw error(
                    "Input/output pairs for \"interpolate\" expressions must be defined using literal numeric values (not computed expressions) for the input values.",
                    at: i)
            }
            if let last = stops.last, last >= label {
                throw error(
                    "Input/output pairs for \"interpolate\" expressions must be arranged with input values in strictly ascending order.",
                    at: i)
            }
            let output = try child(a, i + 1, outputType)
            outputType = outputType ?? output.type
            stops.append(label)
            outputs.append(output.node)
            parts.append(output)
            i += 2
        }
        let outputKind: InterpolateTable.OutputKind
        switch outputType {
        case .number?: outputKind = .number
        case .color?: outputKind = .color
        case .array(.number, _)?: outputKind = .numberArray
        default: throw error("Type \(outputType ?? .value) is not interpolatable.")
        }
        let table = InterpolateTable(
            curve: curve, input: input.node, stops: stops, outputs: outputs, kind: outputKind, colorSpace: space)
        return make(.interpolate(table), outputType ?? .value, parts)
    }
}
