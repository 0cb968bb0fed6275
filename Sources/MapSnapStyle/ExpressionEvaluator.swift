import Foundation

/// The executable form of a compiled expression: a tree of small final classes, one per operator,
/// made once from the `ExpressionNode` tree (https://maplibre.org/maplibre-style-spec/expressions/).
///
/// Classes rather than the enum itself because walking immutable class references needs no
/// reference counting per node, which dominated evaluation time with an indirect enum. Errors
/// propagate as typed throws (no allocation) and abort the whole expression, as in GL JS.
class EvalNode: @unchecked Sendable {
    // @unchecked: every subclass stores only immutable (`let`) Sendable values.

    func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue { .null }

    @inline(__always)
    final func number(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> Double {
        let value = try eval(ctx)
        guard case .number(let d) = value else { throw .wrongType(expected: .number, found: ExpressionType.of(value)) }
        return d
    }

    @inline(__always)
    final func string(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> String {
        let value = try eval(ctx)
        guard case .string(let s) = value else { throw .wrongType(expected: .string, found: ExpressionType.of(value)) }
        return s
    }

    @inline(__always)
    final func bool(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> Bool {
        let value = try eval(ctx)
        guard case .bool(let b) = value else { throw .wrongType(expected: .boolean, found: ExpressionType.of(value)) }
        return b
    }

    /// The value as `to-string` renders it.
    @inline(__always)
    final func text(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> String {
        let value = try eval(ctx)
        if case .string(let s) = value { return s }
        return StyleValueFormatter.toString(value)
    }
}

extension ExpressionNode {
    /// Builds the executable tree.
    func makeEvaluator() -> EvalNode {
        switch self {
        case .literal(let v): return LiteralNode(v)
        case .zoom: return ZoomNode()
        case .heatmapDensity: return HeatmapDensityNode()
        case .elevation: return ElevationNode()
        case .lineProgress: return LineProgressNode()
        case .geometryType: return GeometryTypeNode()
        case .featureID: return FeatureIDNode()
        case .featureProperties: return FeaturePropertiesNode()
        case .getProperty(let key): return GetPropertyNode(key)
        case .get(let key, let object): return GetNode(key.makeEvaluator(), object?.makeEvaluator())
        case .hasProperty(let key): return HasPropertyNode(key)
        case .has(let key, let object): return HasNode(key.makeEvaluator(), object?.makeEvaluator())
        case .at(let index, let array): return AtNode(index.makeEvaluator(), array.makeEvaluator())
        case .contains(let needle, let haystack): return InNode(needle.makeEvaluator(), haystack.makeEvaluator())
        case .indexOf(let needle, let haystack, let from):
            return IndexOfNode(needle.makeEvaluator(), haystack.makeEvaluator(), from?.makeEvaluator())
        case .slice(let input, let start, let end):
            return SliceNode(input.makeEvaluator(), start.makeEvaluator(), end?.makeEvaluator())
        case .length(let n): return LengthNode(n.makeEvaluator())
        case .not(let n): return NotNode(n.makeEvaluator())
        case .all(let nodes): return AllNode.make(nodes.map { $0.makeEvaluator() })
        case .any(let nodes): return AnyNode.make(nodes.map { $0.makeEvaluator() })
        case .equals(let lhs, let rhs, let negated):
            // Common filter shapes get direct comparisons.
            if case .geometryType = lhs, case .literal(.string(let name)) = rhs {
                return GeometryTypeIsNode(StyleGeometryType(rawValue: name), negated: negated)
            }
            if case .getProperty(let key) = lhs, case .literal(let value) = rhs {
                return PropertyEqualsNode(key, value, negated: negated)
            }
            return EqualsNode(lhs.makeEvaluator(), rhs.makeEvaluator(), negated: negated)
        case .order(let op, let lhs, let rhs): return OrderNode(op, lhs.makeEvaluator(), rhs.makeEvaluator())
        case .conditional(let t):
            return CaseNode(
                t.conditions.map { $0.makeEvaluator() }, t.outputs.map { $0.makeEvaluator() },
                t.fallback.makeEvaluator())
        case .match(let t): return MatchNode(t)
        case .coalesce(let nodes): return CoalesceNode(nodes.map { $0.makeEvaluator() })
        case .step(let t): return StepNode(t.input.makeEvaluator(), t.stops, t.outputs.map { $0.makeEvaluator() })
        case .interpolate(let t): return InterpolateNode(t)
        case .assertType(let type, let nodes): return AssertNode(type, nodes.map { $0.makeEvaluator() })
        case .toString(let n): return ToStringNode(n.makeEvaluator())
        case .toNumber(let nodes): return ToNumberNode(nodes.map { $0.makeEvaluator() })
        case .toBoolean(let n): return ToBooleanNode(n.makeEvaluator())
        case .toColor(let nodes): return ToColorNode(nodes.map { $0.makeEvaluator() })
        case .typeOf(let n): return TypeOfNode(n.makeEvaluator())
        case .format(let sections): return FormatNode(sections)
        case .numberFormat(let n, let options): return NumberFormatNode(n.makeEvaluator(), options)
        case .concat(let nodes): return ConcatNode(nodes.map { $0.makeEvaluator() })
        case .upcase(let n): return CaseConversionNode(n.makeEvaluator(), upper: true)
        case .downcase(let n): return CaseConversionNode(n.makeEvaluator(), upper: false)
        case .rgba(let nodes): return RGBANode(nodes.map { $0.makeEvaluator() })
        case .toRGBA(let n): return ToRGBANode(n.makeEvaluator())
        case .arithmetic(let op, let nodes): return ArithmeticNode(op, nodes.map { $0.makeEvaluator() })
        case .mathFunction(let f, let n): return MathFunctionNode(f, n.makeEvaluator())
        case .legacyFilter(let test): return LegacyFilterNode(test)
        }
    }
}

// MARK: - Context

final class LiteralNode: EvalNode, @unchecked Sendable {
    let value: StyleValue
    init(_ value: StyleValue) { self.value = value }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue { value }
}

final class ZoomNode: EvalNode, @unchecked Sendable {
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue { .number(ctx.zoom) }
}

final class HeatmapDensityNode: EvalNode, @unchecked Sendable {
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .number(ctx.heatmapDensity)
    }
}

final class ElevationNode: EvalNode, @unchecked Sendable {
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .number(ctx.elevation)
    }
}

final class LineProgressNode: EvalNode, @unchecked Sendable {
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .number(ctx.lineProgress)
    }
}

final class GeometryTypeNode: EvalNode, @unchecked Sendable {
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .string(ctx.subject.geometryType.rawValue)
    }
}

/// `["==", ["geometry-type"], "Polygon"]` (and `!=`) without making strings.
final class GeometryTypeIsNode: EvalNode, @unchecked Sendable {
    let type: StyleGeometryType?
    let negated: Bool
    init(_ type: StyleGeometryType?, negated: Bool) {
        self.type = type
        self.negated = negated
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .bool((ctx.subject.geometryType == type) != negated)
    }
}

final class FeatureIDNode: EvalNode, @unchecked Sendable {
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        ctx.subject.featureID ?? .null
    }
}

final class FeaturePropertiesNode: EvalNode, @unchecked Sendable {
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .object(ctx.subject.propertiesObject())
    }
}

// MARK: - Lookup

final class GetPropertyNode: EvalNode, @unchecked Sendable {
    let key: String
    init(_ key: String) { self.key = key }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        ctx.subject.property(key) ?? .null
    }
}

/// `["==", ["get", key], literal]` (and `!=`): one property lookup and one comparison.
final class PropertyEqualsNode: EvalNode, @unchecked Sendable {
    let key: String
    let value: StyleValue
    let negated: Bool
    init(_ key: String, _ value: StyleValue, negated: Bool) {
        self.key = key
        self.value = value
        self.negated = negated
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let actual = ctx.subject.property(key) ?? .null
        return .bool((actual == value) != negated)
    }
}

final class GetNode: EvalNode, @unchecked Sendable {
    let key: EvalNode
    let object: EvalNode?
    init(_ key: EvalNode, _ object: EvalNode?) {
        self.key = key
        self.object = object
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let name = try key.string(ctx)
        if let object {
            guard case .object(let o) = try object.eval(ctx) else { return .null }
            return o[name] ?? .null
        }
        return ctx.subject.property(name) ?? .null
    }
}

final class HasPropertyNode: EvalNode, @unchecked Sendable {
    let key: String
    init(_ key: String) { self.key = key }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .bool(ctx.subject.property(key) != nil)
    }
}

final class HasNode: EvalNode, @unchecked Sendable {
    let key: EvalNode
    let object: EvalNode?
    init(_ key: EvalNode, _ object: EvalNode?) {
        self.key = key
        self.object = object
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let name = try key.string(ctx)
        if let object {
            guard case .object(let o) = try object.eval(ctx) else { return .bool(false) }
            return .bool(o[name] != nil)
        }
        return .bool(ctx.subject.property(name) != nil)
    }
}

final class AtNode: EvalNode, @unchecked Sendable {
    let index: EvalNode
    let array: EvalNode
    init(_ index: EvalNode, _ array: EvalNode) {
        self.index = index
        self.array = array
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let i = try index.number(ctx)
        let value = try array.eval(ctx)
        guard case .array(let items) = value else {
            throw .wrongType(expected: .anyArray, found: ExpressionType.of(value))
        }
        guard i >= 0, i < Double(items.count), i == i.rounded(.down) else {
            throw .indexOutOfBounds(index: i, count: items.count)
        }
        return items[Int(i)]
    }
}

final class InNode: EvalNode, @unchecked Sendable {
    let needle: EvalNode
    let haystack: EvalNode
    init(_ needle: EvalNode, _ haystack: EvalNode) {
        self.needle = needle
        self.haystack = haystack
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .bool(try ExpressionSemantics.contains(needle: needle.eval(ctx), haystack: haystack.eval(ctx)))
    }
}

final class IndexOfNode: EvalNode, @unchecked Sendable {
    let needle: EvalNode
    let haystack: EvalNode
    let from: EvalNode?
    init(_ needle: EvalNode, _ haystack: EvalNode, _ from: EvalNode?) {
        self.needle = needle
        self.haystack = haystack
        self.from = from
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let n = try needle.eval(ctx)
        let h = try haystack.eval(ctx)
        let f = try from?.number(ctx)
        return .number(try ExpressionSemantics.indexOf(needle: n, haystack: h, from: f))
    }
}

final class SliceNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    let start: EvalNode
    let end: EvalNode?
    init(_ input: EvalNode, _ start: EvalNode, _ end: EvalNode?) {
        self.input = input
        self.start = start
        self.end = end
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let value = try input.eval(ctx)
        let s = try start.number(ctx)
        let e = try end?.number(ctx)
        return try ExpressionSemantics.slice(value, start: s, end: e)
    }
}

final class LengthNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    init(_ input: EvalNode) { self.input = input }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        switch try input.eval(ctx) {
        case .string(let s): return .number(Double(s.unicodeScalars.count))
        case .array(let a): return .number(Double(a.count))
        case let other: throw .wrongType(expected: .anyArray, found: ExpressionType.of(other))
        }
    }
}

// MARK: - Decision

final class NotNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    init(_ input: EvalNode) { self.input = input }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .bool(!(try input.bool(ctx)))
    }
}

/// `all` as a chain (head, then the rest): children held in `let` properties are called without
/// reference counting, which array elements are not.
final class AllNode: EvalNode, @unchecked Sendable {
    let head: EvalNode
    /// The rest of the chain; a `true` literal at the end (non-optional: no unwrapping cost).
    let rest: EvalNode
    init(_ head: EvalNode, _ rest: EvalNode) {
        self.head = head
        self.rest = rest
    }
    static func make(_ inputs: [EvalNode]) -> EvalNode {
        var chain: EvalNode = LiteralNode(.bool(true))
        for input in inputs.reversed() { chain = AllNode(input, chain) }
        return chain
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        if !(try head.bool(ctx)) { return .bool(false) }
        return try rest.eval(ctx)
    }
}

/// `any` as a chain (see `AllNode`).
final class AnyNode: EvalNode, @unchecked Sendable {
    let head: EvalNode
    /// The rest of the chain; a `false` literal at the end.
    let rest: EvalNode
    init(_ head: EvalNode, _ rest: EvalNode) {
        self.head = head
        self.rest = rest
    }
    static func make(_ inputs: [EvalNode]) -> EvalNode {
        var chain: EvalNode = LiteralNode(.bool(false))
        for input in inputs.reversed() { chain = AnyNode(input, chain) }
        return chain
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        if try head.bool(ctx) { return .bool(true) }
        return try rest.eval(ctx)
    }
}

final class EqualsNode: EvalNode, @unchecked Sendable {
    let lhs: EvalNode
    let rhs: EvalNode
    let negated: Bool
    init(_ lhs: EvalNode, _ rhs: EvalNode, negated: Bool) {
        self.lhs = lhs
        self.rhs = rhs
        self.negated = negated
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let equal = try lhs.eval(ctx) == rhs.eval(ctx)
        return .bool(equal != negated)
    }
}

final class OrderNode: EvalNode, @unchecked Sendable {
    let op: OrderOperator
    let lhs: EvalNode
    let rhs: EvalNode
    init(_ op: OrderOperator, _ lhs: EvalNode, _ rhs: EvalNode) {
        self.op = op
        self.lhs = lhs
        self.rhs = rhs
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .bool(try ExpressionSemantics.order(op, lhs.eval(ctx), rhs.eval(ctx)))
    }
}

final class CaseNode: EvalNode, @unchecked Sendable {
    let conditions: [EvalNode]
    let outputs: [EvalNode]
    let fallback: EvalNode
    init(_ conditions: [EvalNode], _ outputs: [EvalNode], _ fallback: EvalNode) {
        self.conditions = conditions
        self.outputs = outputs
        self.fallback = fallback
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        var i = 0
        while i < conditions.count {
            if try conditions[i].bool(ctx) { return try outputs[i].eval(ctx) }
            i += 1
        }
        return try fallback.eval(ctx)
    }
}

final class MatchNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    let stringLabels: Bool
    let labels: [StyleValue]
    let labelOutputs: [Int]
    let index: [StyleValue: Int]?
    let outputs: [EvalNode]
    let fallback: EvalNode

    init(_ t: MatchTable) {
        input = t.input.makeEvaluator()
        stringLabels = t.stringLabels
        labels = t.labels
        labelOutputs = t.labelOutputs
        index = t.index
        outputs = t.outputs.map { $0.makeEvaluator() }
        fallback = t.fallback.makeEvaluator()
    }

    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let value = try input.eval(ctx)
        switch value {
        case .string where stringLabels, .number where !stringLabels:
            if let index {
                if let output = index[value] { return try outputs[output].eval(ctx) }
            } else {
                var i = 0
                while i < labels.count {
                    if labels[i] == value { return try outputs[labelOutputs[i]].eval(ctx) }
                    i += 1
                }
            }
        default:
            // A value of another type than the labels takes the fallback.
            break
        }
        return try fallback.eval(ctx)
    }
}

final class CoalesceNode: EvalNode, @unchecked Sendable {
    let inputs: [EvalNode]
    init(_ inputs: [EvalNode]) { self.inputs = inputs }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        var i = 0
        while i < inputs.count {
            let value = try inputs[i].eval(ctx)
            if !value.isNull { return value }
            i += 1
        }
        return .null
    }
}

// MARK: - Ramps

final class StepNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    let stops: [Double]
    let outputs: [EvalNode]
    /// The outputs when all are literals (no evaluation needed).
    let literals: [StyleValue]?
    init(_ input: EvalNode, _ stops: [Double], _ outputs: [EvalNode]) {
        self.input = input
        self.stops = stops
        self.outputs = outputs
        let values = outputs.compactMap { ($0 as? LiteralNode)?.value }
        literals = values.count == outputs.count ? values : nil
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let value = try input.number(ctx)
        let index = ExpressionSemantics.stepIndex(stops, value)
        if let literals { return literals[index] }
        return try outputs[index].eval(ctx)
    }
}

final class InterpolateNode: EvalNode, @unchecked Sendable {
    let curve: InterpolationCurve
    let input: EvalNode
    let stops: [Double]
    let outputs: [EvalNode]
    let kind: InterpolateTable.OutputKind
    let space: ColorInterpolationSpace
    /// The outputs when all are number literals (the usual zoom curve of a width or opacity).
    let numbers: [Double]?
    /// For exponential curves, `base^(upper − lower) − 1` of each segment (saves one `pow`).
    let denominators: [Double]?

    init(_ t: InterpolateTable) {
        curve = t.curve
        input = t.input.makeEvaluator()
        stops = t.stops
        outputs = t.outputs.map { $0.makeEvaluator() }
        kind = t.kind
        space = t.colorSpace
        var numbers: [Double] = []
        for output in t.outputs {
            if case .literal(.number(let d)) = output { numbers.append(d) }
        }
        self.numbers = kind == .number && numbers.count == t.outputs.count ? numbers : nil
        if case .exponential(let base) = t.curve, t.stops.count > 1 {
            denominators = (0..<(t.stops.count - 1)).map { pow(base, t.stops[$0 + 1] - t.stops[$0]) - 1 }
        } else {
            denominators = nil
        }
    }

    @inline(__always)
    private func factor(_ value: Double, segment i: Int) -> Double {
        if let denominators, case .exponential(let base) = curve {
            return (pow(base, value - stops[i]) - 1) / denominators[i]
        }
        return curve.factor(value, lower: stops[i], upper: stops[i + 1])
    }

    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        if stops.count == 1 { return try outputs[0].eval(ctx) }
        let value = try input.number(ctx)
        if value.isNaN { throw .cannotConvert(.number(value), to: .number) }
        if let numbers {
            if value <= stops[0] { return .number(numbers[0]) }
            let last = stops.count - 1
            if value >= stops[last] { return .number(numbers[last]) }
            let i = ExpressionSemantics.lastStop(atOrBelow: value, in: stops)
            let t = factor(value, segment: i)
            return .number(numbers[i] + t * (numbers[i + 1] - numbers[i]))
        }
        if value <= stops[0] { return try outputs[0].eval(ctx) }
        let last = stops.count - 1
        if value >= stops[last] { return try outputs[last].eval(ctx) }
        let i = ExpressionSemantics.lastStop(atOrBelow: value, in: stops)
        let t = factor(value, segment: i)
        let lower = try outputs[i].eval(ctx)
        let upper = try outputs[i + 1].eval(ctx)
        if kind == .number, case .number(let a) = lower, case .number(let b) = upper { return .number(a + t * (b - a)) }
        return try ExpressionSemantics.interpolate(kind, space, lower, upper, t)
    }
}

// MARK: - Types

final class AssertNode: EvalNode, @unchecked Sendable {
    let type: ExpressionType
    let inputs: [EvalNode]
    init(_ type: ExpressionType, _ inputs: [EvalNode]) {
        self.type = type
        self.inputs = inputs
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        var value = StyleValue.null
        var i = 0
        while i < inputs.count {
            value = try inputs[i].eval(ctx)
            if ExpressionSemantics.value(value, hasType: type) { return value }
            i += 1
        }
        throw .wrongType(expected: type, found: ExpressionType.of(value))
    }
}

final class ToStringNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    init(_ input: EvalNode) { self.input = input }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let value = try input.eval(ctx)
        if case .string = value { return value }
        return .string(StyleValueFormatter.toString(value))
    }
}

final class ToNumberNode: EvalNode, @unchecked Sendable {
    let inputs: [EvalNode]
    init(_ inputs: [EvalNode]) { self.inputs = inputs }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        var value = StyleValue.null
        for input in inputs {
            value = try input.eval(ctx)
            if let n = ExpressionSemantics.toNumber(value) { return .number(n) }
        }
        throw .cannotConvert(value, to: .number)
    }
}

final class ToBooleanNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    init(_ input: EvalNode) { self.input = input }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .bool(ExpressionSemantics.toBoolean(try input.eval(ctx)))
    }
}

final class ToColorNode: EvalNode, @unchecked Sendable {
    let inputs: [EvalNode]
    init(_ inputs: [EvalNode]) { self.inputs = inputs }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        var value = StyleValue.null
        for input in inputs {
            value = try input.eval(ctx)
            if case .color = value { return value }
            if let c = try ExpressionSemantics.toColor(value) { return .color(c) }
        }
        throw .cannotConvert(value, to: .color)
    }
}

final class TypeOfNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    init(_ input: EvalNode) { self.input = input }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .string(ExpressionType.of(try input.eval(ctx)).description)
    }
}

final class FormatNode: EvalNode, @unchecked Sendable {
    let contents: [EvalNode]
    let isImage: [Bool]
    init(_ sections: [FormatSection]) {
        contents = sections.map { $0.content.makeEvaluator() }
        isImage = sections.map(\.isImage)
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        if contents.count == 1 { return isImage[0] ? .string("") : .string(try contents[0].text(ctx)) }
        var result = ""
        for i in contents.indices where !isImage[i] { result += try contents[i].text(ctx) }
        return .string(result)
    }
}

final class NumberFormatNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    let currency: EvalNode?
    let minFractionDigits: EvalNode?
    let maxFractionDigits: EvalNode?
    init(_ input: EvalNode, _ options: NumberFormatOptions) {
        self.input = input
        currency = options.currency?.makeEvaluator()
        minFractionDigits = options.minFractionDigits?.makeEvaluator()
        maxFractionDigits = options.maxFractionDigits?.makeEvaluator()
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let value = try input.number(ctx)
        return .string(
            try NumberFormatting.format(
                value, currency: currency?.string(ctx), minFractionDigits: minFractionDigits?.number(ctx),
                maxFractionDigits: maxFractionDigits?.number(ctx)))
    }
}

// MARK: - Strings and colours

final class ConcatNode: EvalNode, @unchecked Sendable {
    let inputs: [EvalNode]
    init(_ inputs: [EvalNode]) { self.inputs = inputs }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        var result = ""
        for input in inputs { result += try input.text(ctx) }
        return .string(result)
    }
}

final class CaseConversionNode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    let upper: Bool
    init(_ input: EvalNode, upper: Bool) {
        self.input = input
        self.upper = upper
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let s = try input.string(ctx)
        return .string(upper ? s.uppercased() : s.lowercased())
    }
}

final class RGBANode: EvalNode, @unchecked Sendable {
    let inputs: [EvalNode]
    init(_ inputs: [EvalNode]) { self.inputs = inputs }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let r = try inputs[0].number(ctx)
        let g = try inputs[1].number(ctx)
        let b = try inputs[2].number(ctx)
        let a = inputs.count > 3 ? try inputs[3].number(ctx) : 1
        return .color(try ExpressionSemantics.rgba(r, g, b, a))
    }
}

final class ToRGBANode: EvalNode, @unchecked Sendable {
    let input: EvalNode
    init(_ input: EvalNode) { self.input = input }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        let value = try input.eval(ctx)
        guard case .color(let c) = value else { throw .wrongType(expected: .color, found: ExpressionType.of(value)) }
        return .array([.number(c.red * 255), .number(c.green * 255), .number(c.blue * 255), .number(c.alpha)])
    }
}

// MARK: - Math

final class ArithmeticNode: EvalNode, @unchecked Sendable {
    let op: ArithmeticOperator
    let inputs: [EvalNode]
    init(_ op: ArithmeticOperator, _ inputs: [EvalNode]) {
        self.op = op
        self.inputs = inputs
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        switch op {
        case .add:
            var sum = 0.0
            for input in inputs { sum += try input.number(ctx) }
            return .number(sum)
        case .multiply:
            var product = 1.0
            for input in inputs { product *= try input.number(ctx) }
            return .number(product)
        case .min, .max:
            var result = op == .min ? Double.infinity : -Double.infinity
            for input in inputs {
                let v = try input.number(ctx)
                if v.isNaN || result.isNaN {
                    result = .nan
                } else if op == .min ? v < result : v > result {
                    result = v
                }
            }
            return .number(result)
        case .subtract:
            let a = try inputs[0].number(ctx)
            return .number(inputs.count == 1 ? -a : a - (try inputs[1].number(ctx)))
        case .divide:
            return .number(try inputs[0].number(ctx) / inputs[1].number(ctx))
        case .remainder:
            return .number(try inputs[0].number(ctx).truncatingRemainder(dividingBy: inputs[1].number(ctx)))
        case .power:
            let base = try inputs[0].number(ctx)
            let exponent = try inputs[1].number(ctx)
            return .number(pow(base, exponent))
        }
    }
}

final class MathFunctionNode: EvalNode, @unchecked Sendable {
    let function: MathFunction
    let input: EvalNode
    init(_ function: MathFunction, _ input: EvalNode) {
        self.function = function
        self.input = input
    }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .number(ExpressionSemantics.apply(function, try input.number(ctx)))
    }
}

// MARK: - Legacy filters

final class LegacyFilterNode: EvalNode, @unchecked Sendable {
    let test: LegacyFilterTest
    init(_ test: LegacyFilterTest) { self.test = test }
    override func eval(_ ctx: EvaluationContext) throws(ExpressionRuntimeError) -> StyleValue {
        .bool(test.evaluate(ctx))
    }
}
