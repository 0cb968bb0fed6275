import Foundation

/// The runtime semantics of the expression operators on values
/// (https://maplibre.org/maplibre-style-spec/expressions/), following MapLibre GL JS where the
/// spec leaves details to JavaScript: strict equality, `String()`/`Number()` conversions,
/// relative indices of `slice`/`index-of`, rounding half away from zero.
enum ExpressionSemantics {
    typealias Failure = ExpressionRuntimeError

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

    /// `<`, `<=`, `>`, `>=`: both numbers or both strings (compared by UTF-16 code units, as
    /// JavaScript does); anything else is an error.
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
    /// from stop i (inclusive) to stop i + 1 (exclusive). NaN gives 0.
    @inline(__always)
    static func stepIndex(_ stops: [Double], _ input: Double) -> Int {
        if stops.isEmpty || !(input >= stops[0]) { return 0 }
        let last = stops.count - 1
        if input >= stops[last] { return last + 1 }
        return lastStop(atOrBelow: input, in: stops) + 1
    }

    /// The index of the last stop ≤ `input`, for `stops[0] <= input < stops.last`.
    @inline(__always)
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

    /// `in`: substring of a string (the needle as JavaScript `String()` renders it) or element
    /// of an array (strict equality). A falsy haystack (null, false, 0, "") contains nothing.
    static func contains(needle: StyleValue, haystack: StyleValue) throws(Failure) -> Bool {
        switch haystack {
        case .null, .bool(false): return false
        case .number(let d) where d == 0 || d.isNaN: return false
        case .string(let s) where s.isEmpty: return false
        default: break
        }
        guard isScalarForIn(needle) else { throw .wrongType(expected: .value, found: ExpressionType.of(needle)) }
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

    /// `index-of`: position (in Unicode scalars for strings) or -1.
    static func indexOf(needle: StyleValue, haystack: StyleValue, from: Double?) throws(Failure) -> Double {
        guard isScalarForIn(needle) else { throw .wrongType(expected: .value, found: ExpressionType.of(needle)) }
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

    /// `slice` of an array or string (Unicode scalars), JavaScript index rules.
    static func slice(_ input: StyleValue, start: Double, end: Double?) throws(Failure) -> StyleValue {
        switch input {
        case .string(let s):
            let scalars = Array(s.unicodeScalars)
            let from = clampIndex(start, count: scalars.count, negativeFromEnd: true)
            let to = end.map { clampIndex($0, count: scalars.count, negativeFromEnd: true) } ?? scalars.count
            guard from < to else { return .string("") }
            return .string(String(String.UnicodeScalarView(scalars[from..<to])))
        case .array(let items):
            let from = clampIndex(start, count: items.count, negativeFromEnd: true)
            let to = end.map { clampIndex($0, count: items.count, negativeFromEnd: true) } ?? items.count
            guard from < to else { return .array([]) }
            return .array(Array(items[from..<to]))
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

    /// JavaScript `===` on the scalar values `in`, `index-of` and legacy filters compare.
    @inline(__always)
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

    /// `rgb`/`rgba`: components 0…255, alpha 0…1, else an error.
    static func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double) throws(Failure) -> Color {
        for c in [r, g, b] where !(c >= 0 && c <= 255) { throw .colorComponentOutOfRange(c) }
        guard a >= 0 && a <= 1 else { throw .colorComponentOutOfRange(a) }
        return Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
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

    /// Interpolation between two stop outputs of `interpolate`.
    static func interpolate(
        _ kind: InterpolateTable.OutputKind, _ space: ColorInterpolationSpace, _ lower: StyleValue,
        _ upper: StyleValue, _ t: Double
    ) throws(Failure) -> StyleValue {
        switch (kind, lower, upper) {
        case (.number, .number(let a), .number(let b)):
            return .number(a + t * (b - a))
        case (.color, .color(let a), .color(let b)):
            return .color(Color.interpolate(a, b, t, in: space))
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
            let expected: ExpressionType = kind == .number ? .number : kind == .color ? .color : .array(.number, nil)
            let bad = value(lower, hasType: expected) ? upper : lower
            throw .wrongType(expected: expected, found: ExpressionType.of(bad))
        }
    }
}

extension LegacyFilterTest {
    func evaluate(_ ctx: EvaluationContext) -> Bool {
        switch self {
        case .compare(let key, let op, let value):
            guard let actual = key.value(ctx) else { return false }
            if op == .equal { return ExpressionSemantics.strictlyEqual(actual, value) }
            return Self.compare(op, actual, value)
        case .contains(let key, let values):
            guard let actual = key.value(ctx) else { return false }
            return values.contains { ExpressionSemantics.strictlyEqual($0, actual) }
        case .has(let key):
            switch key {
            case .geometryType: return true
            case .id: return ctx.subject.featureID.map { !$0.isNull } ?? false
            case .property(let name): return ctx.subject.property(name) != nil
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
        case .property(let name): return ctx.subject.property(name)
        case .geometryType: return .string(ctx.subject.geometryType.rawValue)
        case .id: return ctx.subject.featureID ?? .null
        }
    }
}
