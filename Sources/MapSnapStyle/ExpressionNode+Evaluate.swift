import Foundation

/// Evaluation of compiled expressions with the runtime semantics of the spec
/// (https://maplibre.org/maplibre-style-spec/expressions/) and MapLibre GL JS.
///
/// Errors propagate (typed throws, no allocation) and abort the whole expression, as in GL JS;
/// `StyleExpression.evaluate` turns them into nil so that properties fall back to their default
/// and filters to false.
extension ExpressionNode {
    typealias Failure = ExpressionRuntimeError

    func evaluate(_ ctx: EvaluationContext) throws(Failure) -> StyleValue {
        switch self {
        case .literal(let v):
            return v

        case .zoom:
            return .number(ctx.zoom)
        case .heatmapDensity:
            return .number(ctx.heatmapDensity)
        case .lineProgress:
            return .number(ctx.lineProgress)
        case .geometryType:
            return .string((ctx.feature?.geometryType ?? .unknown).rawValue)
        case .featureID:
            return ctx.feature?.featureID ?? .null
        case .featureProperties:
            return .object(ctx.feature?.propertiesObject() ?? StyleObject())

        case .getProperty(let key):
            return ctx.feature?.property(key) ?? .null
        case .get(let keyNode, let objectNode):
            let key = try keyNode.string(ctx)
            if let objectNode {
                guard case .object(let object) = try objectNode.evaluate(ctx) else { return .null }
                return object[key] ?? .null
            }
            return ctx.feature?.property(key) ?? .null
        case .hasProperty(let key):
            return .bool(ctx.feature?.property(key) != nil)
        case .has(let keyNode, let objectNode):
            let key = try keyNode.string(ctx)
            if let objectNode {
                guard case .object(let object) = try objectNode.evaluate(ctx) else { return .bool(false) }
                return .bool(object[key] != nil)
            }
            return .bool(ctx.feature?.property(key) != nil)
        case .at(let indexNode, let arrayNode):
            let index = try indexNode.number(ctx)
            let items = try arrayNode.array(ctx)
            guard index >= 0, index < Double(items.count), index == index.rounded(.down) else {
                throw .indexOutOfBounds(index: index, count: items.count)
            }
            return items[Int(index)]
        case .contains(let needleNode, let haystackNode):
            return .bool(try Self.contains(needleNode, haystackNode, ctx))
        case .indexOf(let needleNode, let haystackNode, let fromNode):
            return .number(try Self.indexOf(needleNode, haystackNode, fromNode, ctx))
        case .slice(let inputNode, let startNode, let endNode):
            return try Self.slice(inputNode, startNode, endNode, ctx)
        case .length(let node):
            switch try node.evaluate(ctx) {
            case .string(let s): return .number(Double(s.unicodeScalars.count))
            case .array(let a): return .number(Double(a.count))
            case let other: throw .wrongType(expected: .array(.value, nil), found: ExpressionType.of(other))
            }

        case .not(let node):
            return .bool(!(try node.bool(ctx)))
        case .all(let nodes):
            for node in nodes where !(try node.bool(ctx)) { return .bool(false) }
            return .bool(true)
        case .any(let nodes):
            for node in nodes where try node.bool(ctx) { return .bool(true) }
            return .bool(false)
        case .equals(let lhs, let rhs, let negated):
            let equal = try lhs.evaluate(ctx) == rhs.evaluate(ctx)
            return .bool(equal != negated)
        case .order(let op, let lhs, let rhs):
            return .bool(try Self.order(op, lhs.evaluate(ctx), rhs.evaluate(ctx)))
        case .conditional(let table):
            var i = 0
            while i < table.conditions.count {
                if try table.conditions[i].bool(ctx) { return try table.outputs[i].evaluate(ctx) }
                i += 1
            }
            return try table.fallback.evaluate(ctx)
        case .match(let table):
            let input = try table.input.evaluate(ctx)
            if let output = table.outputIndex(for: input) { return try table.outputs[output].evaluate(ctx) }
            return try table.fallback.evaluate(ctx)
        case .coalesce(let nodes):
            var result = StyleValue.null
            for node in nodes {
                result = try node.evaluate(ctx)
                if !result.isNull { break }
            }
            return result

        case .step(let table):
            let input = try table.input.number(ctx)
            return try table.outputs[Self.stepIndex(table.stops, input)].evaluate(ctx)
        case .interpolate(let table):
            return try table.evaluate(ctx)

        case .assertType(let type, let nodes):
            var value = StyleValue.null
            for node in nodes {
                value = try node.evaluate(ctx)
                if Self.value(value, hasType: type) { return value }
            }
            throw .wrongType(expected: type, found: ExpressionType.of(value))
        case .toString(let node):
            let value = try node.evaluate(ctx)
            if case .string = value { return value }
            return .string(StyleValueFormatter.toString(value))
        case .toNumber(let nodes):
            var value = StyleValue.null
            for node in nodes {
                value = try node.evaluate(ctx)
                if let n = Self.toNumber(value) { return .number(n) }
            }
            throw .cannotConvert(value, to: .number)
        case .toBoolean(let node):
            return .bool(Self.toBoolean(try node.evaluate(ctx)))
        case .toColor(let nodes):
            var value = StyleValue.null
            for node in nodes {
                value = try node.evaluate(ctx)
                if let c = try Self.toColor(value) { return .color(c) }
            }
            throw .cannotConvert(value, to: .color)
        case .typeOf(let node):
            return .string(ExpressionType.of(try node.evaluate(ctx)).description)
        case .format(let sections):
            if sections.count == 1 {
                return sections[0].isImage ? .string("") : .string(try sections[0].content.text(ctx))
            }
            var text = ""
            for section in sections where !section.isImage { text += try section.content.text(ctx) }
            return .string(text)
        case .numberFormat(let node, let options):
            return .string(try NumberFormatting.format(node.number(ctx), options: options, ctx))

        case .concat(let nodes):
            var text = ""
            for node in nodes { text += try node.text(ctx) }
            return .string(text)
        case .upcase(let node):
            return .string(try node.string(ctx).uppercased())
        case .downcase(let node):
            return .string(try node.string(ctx).lowercased())
        case .rgba(let nodes):
            let r = try nodes[0].number(ctx)
            let g = try nodes[1].number(ctx)
            let b = try nodes[2].number(ctx)
            let a = nodes.count > 3 ? try nodes[3].number(ctx) : 1
            return .color(try Self.rgba(r, g, b, a))
        case .toRGBA(let node):
            guard case .color(let c) = try node.evaluate(ctx) else {
                throw .wrongType(expected: .color, found: .value)
            }
            return .array([.number(c.red * 255), .number(c.green * 255), .number(c.blue * 255), .number(c.alpha)])

        case .arithmetic(let op, let nodes):
            return .number(try Self.arithmetic(op, nodes, ctx))
        case .mathFunction(let function, let node):
            return .number(Self.apply(function, try node.number(ctx)))

        case .legacyFilter(let test):
            return .bool(test.evaluate(ctx))
        }
    }

    // MARK: - Typed evaluation helpers

    @inline(__always)
    func number(_ ctx: EvaluationContext) throws(Failure) -> Double {
        let value = try evaluate(ctx)
        guard case .number(let d) = value else { throw .wrongType(expected: .number, found: ExpressionType.of(value)) }
        return d
    }

    @inline(__always)
    func string(_ ctx: EvaluationContext) throws(Failure) -> String {
        let value = try evaluate(ctx)
        guard case .string(let s) = value else { throw .wrongType(expected: .string, found: ExpressionType.of(value)) }
        return s
    }

    @inline(__always)
    func bool(_ ctx: EvaluationContext) throws(Failure) -> Bool {
        let value = try evaluate(ctx)
        guard case .bool(let b) = value else { throw .wrongType(expected: .boolean, found: ExpressionType.of(value)) }
        return b
    }

    func array(_ ctx: EvaluationContext) throws(Failure) -> [StyleValue] {
        let value = try evaluate(ctx)
        guard case .array(let a) = value else { throw .wrongType(expected: .anyArray, found: ExpressionType.of(value)) }
        return a
    }

    /// The value as `to-string` renders it.
    @inline(__always)
    func text(_ ctx: EvaluationContext) throws(Failure) -> String {
        let value = try evaluate(ctx)
        if case .string(let s) = value { return s }
        return StyleValueFormatter.toString(value)
    }

    // MARK: - Operator semantics

    static func value(_ value: StyleValue, hasType type: ExpressionType) -> Bool {
        switch (type, value) {
        case (.value, _): return true
        case (.null, .null), (.number, .number), (.string, .string), (.boolean, .bool), (.color, .color),
            (.object, .object):
            return true
        case (.formatted, .string), (.resolvedImage, .string): return true
        case (.array, .array): return type.accepts(ExpressionType.of(value))
        default: return false
        }
    }

    static func order(_ op: OrderOperator, _ lhs: StyleValue, _ rhs: StyleValue) throws(Failure) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            switch op {
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            case .greaterOrEqual: return a >= b
            }
        case (.string(let a), .string(let b)):
            // JavaScript compares strings by UTF-16 code units.
            let less = a.utf16.lexicographicallyPrecedes(b.utf16)
            let greater = b.utf16.lexicographicallyPrecedes(a.utf16)
            switch op {
            case .less: return less
            case .lessOrEqual: return !greater
            case .greater: return greater
            case .greaterOrEqual: return !less
            }
        case (.number, _):
            throw .wrongType(expected: .number, found: ExpressionType.of(rhs))
        case (.string, _):
            throw .wrongType(expected: .string, found: ExpressionType.of(rhs))
        default:
            throw .wrongType(expected: .number, found: ExpressionType.of(lhs))
        }
    }

    /// Index of the output of a step with these stops for `input`: 0 below the first stop, i + 1
    /// from stop i (inclusive) to stop i + 1 (exclusive).
    static func stepIndex(_ stops: [Double], _ input: Double) -> Int {
        if stops.isEmpty || !(input >= stops[0]) { return 0 }
        let last = stops.count - 1
        if input >= stops[last] { return last + 1 }
        return lastStop(atOrBelow: input, in: stops) + 1
    }

    /// The index of the last stop ≤ `input`, for `stops[0] <= input < stops.last`.
    static func lastStop(atOrBelow input: Double, in stops: [Double]) -> Int {
        var low = 0
        var high = stops.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if stops[mid] <= input { low = mid } else { high = mid - 1 }
        }
        return low
    }

    static func isScalarForIn(_ v: StyleValue) -> Bool {
        switch v {
        case .bool, .string, .number, .null: return true
        default: return false
        }
    }

    static func contains(
        _ needleNode: ExpressionNode, _ haystackNode: ExpressionNode, _ ctx: EvaluationContext
    ) throws(Failure) -> Bool {
        let needle = try needleNode.evaluate(ctx)
        let haystack = try haystackNode.evaluate(ctx)
        // GL JS: a falsy haystack (null, false, 0, "") contains nothing.
        switch haystack {
        case .null, .bool(false): return false
        case .number(let d) where d == 0 || d.isNaN: return false
        case .string(let s) where s.isEmpty: return false
        default: break
        }
        guard isScalarForIn(needle) else {
            throw .wrongType(expected: .value, found: ExpressionType.of(needle))
        }
        switch haystack {
        case .string(let s):
            let n = javaScriptString(needle)
            return n.isEmpty || s.contains(n)
        case .array(let items):
            return items.contains { strictlyEqual($0, needle) }
        default:
            throw .wrongType(expected: .anyArray, found: ExpressionType.of(haystack))
        }
    }

    static func indexOf(
        _ needleNode: ExpressionNode, _ haystackNode: ExpressionNode, _ fromNode: ExpressionNode?,
        _ ctx: EvaluationContext
    ) throws(Failure) -> Double {
        let needle = try needleNode.evaluate(ctx)
        let haystack = try haystackNode.evaluate(ctx)
        guard isScalarForIn(needle) else { throw .wrongType(expected: .value, found: ExpressionType.of(needle)) }
        let from = try fromNode?.number(ctx)
        switch haystack {
        case .string(let s):
            let scalars = Array(s.unicodeScalars)
            let n = Array(javaScriptString(needle).unicodeScalars)
            var start = from.map { clampIndex($0, count: scalars.count, negativeFromEnd: false) } ?? 0
            while start + n.count <= scalars.count {
                if scalars[start..<(start + n.count)].elementsEqual(n) { return Double(start) }
                start += 1
            }
            return -1
        case .array(let items):
            var i = from.map { clampIndex($0, count: items.count, negativeFromEnd: true) } ?? 0
            while i < items.count {
                if strictlyEqual(items[i], needle) { return Double(i) }
                i += 1
            }
            return -1
        default:
            throw .wrongType(expected: .anyArray, found: ExpressionType.of(haystack))
        }
    }

    static func slice(
        _ inputNode: ExpressionNode, _ startNode: ExpressionNode, _ endNode: ExpressionNode?, _ ctx: EvaluationContext
    ) throws(Failure) -> StyleValue {
        let input = try inputNode.evaluate(ctx)
        let startValue = try startNode.number(ctx)
        let endValue = try endNode?.number(ctx)
        switch input {
        case .string(let s):
            let scalars = Array(s.unicodeScalars)
            let start = clampIndex(startValue, count: scalars.count, negativeFromEnd: true)
            let end = endValue.map { clampIndex($0, count: scalars.count, negativeFromEnd: true) } ?? scalars.count
            guard start < end else { return .string("") }
            return .string(String(String.UnicodeScalarView(scalars[start..<end])))
        case .array(let items):
            let start = clampIndex(startValue, count: items.count, negativeFromEnd: true)
            let end = endValue.map { clampIndex($0, count: items.count, negativeFromEnd: true) } ?? items.count
            guard start < end else { return .array([]) }
            return .array(Array(items[start..<end]))
        default:
            throw .wrongType(expected: .anyArray, found: ExpressionType.of(input))
        }
    }

    /// JavaScript's relative index clamping (`slice`, `Array.prototype.indexOf`): truncates,
    /// counts negative values from the end (or clamps them to 0), and clamps to 0…count.
    static func clampIndex(_ value: Double, count: Int, negativeFromEnd: Bool) -> Int {
        if value.isNaN { return 0 }
        var v = value.rounded(.towardZero)
        if v < 0 { v = negativeFromEnd ? Swift.max(Double(count) + v, 0) : 0 }
        return Int(Swift.min(v, Double(count)))
    }

    /// JavaScript `===` on the scalar values `in` and `index-of` look for.
    static func strictlyEqual(_ a: StyleValue, _ b: StyleValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        default: return false
        }
    }

    /// JavaScript `String(value)` for the scalars `in` accepts ("null" for null).
    static func javaScriptString(_ value: StyleValue) -> String {
        if case .null = value { return "null" }
        return StyleValueFormatter.toString(value)
    }

    /// `to-number` of one value: nil when it does not convert.
    static func toNumber(_ value: StyleValue) -> Double? {
        switch value {
        case .null: return 0
        case .bool(let b): return b ? 1 : 0
        case .number(let d): return d.isNaN ? nil : d
        case .string(let s): return StyleValueFormatter.stringToNumber(s)
        case .array(let items):
            // JavaScript converts arrays through their comma-joined text ([] → 0, [5] → 5).
            var parts: [String] = []
            for item in items { parts.append(item.isNull ? "" : StyleValueFormatter.toString(item)) }
            return StyleValueFormatter.stringToNumber(parts.joined(separator: ","))
        case .color, .object: return nil
        }
    }

    /// `to-boolean`: false for "", 0, NaN, false and null; true otherwise.
    static func toBoolean(_ value: StyleValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let b): return b
        case .number(let d): return d != 0 && !d.isNaN
        case .string(let s): return !s.isEmpty
        case .color, .array, .object: return true
        }
    }

    /// `to-color` of one value: a colour, a CSS colour string, or [r, g, b(, a)] (0…255, alpha
    /// 0…1); nil when it does not convert, an error when an array has out-of-range components.
    static func toColor(_ value: StyleValue) throws(Failure) -> Color? {
        switch value {
        case .color(let c): return c
        case .string(let s): return Color(css: s)
        case .array(let items) where items.count == 3 || items.count == 4:
            var n: [Double] = []
            for item in items {
                guard case .number(let d) = item else { return nil }
                n.append(d)
            }
            return try rgba(n[0], n[1], n[2], items.count == 4 ? n[3] : 1)
        default: return nil
        }
    }

    static func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double) throws(Failure) -> Color {
        for c in [r, g, b] where !(c >= 0 && c <= 255) { throw .colorComponentOutOfRange(c) }
        guard a >= 0 && a <= 1 else { throw .colorComponentOutOfRange(a) }
        return Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    static func arithmetic(
        _ op: ArithmeticOperator, _ nodes: [ExpressionNode], _ ctx: EvaluationContext
    ) throws(Failure) -> Double {
        switch op {
        case .add:
            var sum = 0.0
            for node in nodes { sum += try node.number(ctx) }
            return sum
        case .multiply:
            var product = 1.0
            for node in nodes { product *= try node.number(ctx) }
            return product
        case .min:
            var result = Double.infinity
            for node in nodes {
                let v = try node.number(ctx)
                if v.isNaN || result.isNaN { result = .nan } else if v < result { result = v }
            }
            return result
        case .max:
            var result = -Double.infinity
            for node in nodes {
                let v = try node.number(ctx)
                if v.isNaN || result.isNaN { result = .nan } else if v > result { result = v }
            }
            return result
        case .subtract:
            let a = try nodes[0].number(ctx)
            return nodes.count == 1 ? -a : a - (try nodes[1].number(ctx))
        case .divide:
            return try nodes[0].number(ctx) / nodes[1].number(ctx)
        case .remainder:
            return try nodes[0].number(ctx).truncatingRemainder(dividingBy: nodes[1].number(ctx))
        case .power:
            return pow(try nodes[0].number(ctx), try nodes[1].number(ctx))
        }
    }

    static func apply(_ function: MathFunction, _ x: Double) -> Double {
        switch function {
        case .sqrt: return x.squareRoot()
        case .log10: return Foundation.log10(x)
        case .ln: return Foundation.log(x)
        case .log2: return Foundation.log2(x)
        case .sin: return Foundation.sin(x)
        case .cos: return Foundation.cos(x)
        case .tan: return Foundation.tan(x)
        case .asin: return Foundation.asin(x)
        case .acos: return Foundation.acos(x)
        case .atan: return Foundation.atan(x)
        case .abs: return Swift.abs(x)
        case .floor: return x.rounded(.down)
        case .ceil: return x.rounded(.up)
        case .round: return x.rounded(.toNearestOrAwayFromZero)
        case .negate: return -x
        }
    }
}

extension MatchTable {
    /// The output for `input`, nil for the fallback (also when the input's type differs from the
    /// labels' type, as the spec says).
    @inline(__always)
    func outputIndex(for input: StyleValue) -> Int? {
        switch input {
        case .string where stringLabels, .number where !stringLabels:
            if let index { return index[input] }
            var i = 0
            while i < labels.count {
                if labels[i] == input { return labelOutputs[i] }
                i += 1
            }
            return nil
        default:
            return nil
        }
    }
}

extension InterpolateTable {
    func evaluate(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        if stops.count == 1 { return try outputs[0].evaluate(ctx) }
        let value = try input.number(ctx)
        if value.isNaN { throw .cannotConvert(.number(value), to: .number) }
        if value <= stops[0] { return try outputs[0].evaluate(ctx) }
        let last = stops.count - 1
        if value >= stops[last] { return try outputs[last].evaluate(ctx) }
        let i = ExpressionNode.lastStop(atOrBelow: value, in: stops)
        let t = curve.factor(value, lower: stops[i], upper: stops[i + 1])
        let lower = try outputs[i].evaluate(ctx)
        let upper = try outputs[i + 1].evaluate(ctx)
        switch (kind, lower, upper) {
        case (.number, .number(let a), .number(let b)):
            return .number(a + t * (b - a))
        case (.color, .color(let a), .color(let b)):
            return .color(Color.interpolate(a, b, t, in: colorSpace))
        case (.numberArray, .array(let a), .array(let b)):
            guard a.count == b.count else { throw .mismatchedArrayLengths(a.count, b.count) }
            var result: [StyleValue] = []
            result.reserveCapacity(a.count)
            for (x, y) in zip(a, b) {
                guard case .number(let p) = x, case .number(let q) = y else {
                    throw .wrongType(expected: .array(.number, nil), found: ExpressionType.of(.array(a)))
                }
                result.append(.number(p + t * (q - p)))
            }
            return .array(result)
        default:
            let expected: ExpressionType =
                kind == .number ? .number : kind == .color ? .color : .array(.number, nil)
            let bad = ExpressionNode.value(lower, hasType: expected) ? upper : lower
            throw .wrongType(expected: expected, found: ExpressionType.of(bad))
        }
    }
}

extension LegacyFilterTest {
    func evaluate(_ ctx: EvaluationContext) -> Bool {
        switch self {
        case .compare(let key, let op, let value):
            guard let actual = key.value(ctx) else { return false }
            switch op {
            case .equal: return ExpressionNode.strictlyEqual(actual, value)
            case .less, .lessOrEqual, .greater, .greaterOrEqual:
                return Self.compare(op, actual, value)
            }
        case .contains(let key, let values):
            guard let actual = key.value(ctx) else { return false }
            return values.contains { ExpressionNode.strictlyEqual($0, actual) }
        case .has(let key):
            switch key {
            case .geometryType: return true
            case .id: return ctx.feature?.featureID.map { !$0.isNull } ?? false
            case .property(let name): return ctx.feature?.property(name) != nil
            }
        }
    }

    /// JavaScript `typeof a === typeof b && a < b` (and friends).
    static func compare(_ op: LegacyComparison, _ a: StyleValue, _ b: StyleValue) -> Bool {
        func ordered<T: Comparable>(_ x: T, _ y: T) -> Bool {
            switch op {
            case .less: return x < y
            case .lessOrEqual: return x <= y
            case .greater: return x > y
            case .greaterOrEqual: return x >= y
            case .equal: return x == y
            }
        }
        switch (a, b) {
        case (.number(let x), .number(let y)): return ordered(x, y)
        case (.string(let x), .string(let y)):
            let less = x.utf16.lexicographicallyPrecedes(y.utf16)
            let greater = y.utf16.lexicographicallyPrecedes(x.utf16)
            return ordered(less ? 0 : greater ? 2 : 1, 1)
        case (.bool(let x), .bool(let y)): return ordered(x ? 1 : 0, y ? 1 : 0)
        default: return false
        }
    }
}

extension LegacyFilterKey {
    /// The feature's value for this key; nil when the property is missing (legacy filters treat
    /// missing as unequal to everything). `$id` is null when the feature has none.
    @inline(__always)
    func value(_ ctx: EvaluationContext) -> StyleValue? {
        switch self {
        case .property(let name): return ctx.feature?.property(name)
        case .geometryType: return .string((ctx.feature?.geometryType ?? .unknown).rawValue)
        case .id: return ctx.feature?.featureID ?? .null
        }
    }
}
