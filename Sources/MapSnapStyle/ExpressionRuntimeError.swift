/// Why an expression failed at evaluation time
/// (https://maplibre.org/maplibre-style-spec/expressions/ — "if the check fails, … the property
/// falls back to its default value").
///
/// Cases carry only cheap payloads (no formatted strings), so failing is as fast as succeeding:
/// filters such as `[">", ["get", "rank"], 3]` fail for every feature without a rank.
public enum ExpressionRuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A value had the wrong type (`["number", "a"]`, `["<", "a", 1]` with feature data).
    case wrongType(expected: ExpressionType, found: ExpressionType)
    /// A conversion (`to-number`, `to-color`) had nothing it could convert.
    case cannotConvert(StyleValue, to: ExpressionType)
    /// `at` with an index outside the array or not an integer.
    case indexOutOfBounds(index: Double, count: Int)
    /// `rgb`/`rgba` with a component outside 0…255 (alpha 0…1).
    case colorComponentOutOfRange(Double)
    /// Interpolation between arrays of different lengths.
    case mismatchedArrayLengths(Int, Int)
    /// `number-format` with max-fraction-digits below min-fraction-digits, or out of 0…20.
    case invalidFormatOptions

    public var description: String {
        switch self {
        case .wrongType(let expected, let found):
            return "Expected value to be of type \(expected), but found \(found) instead."
        case .cannotConvert(let value, let type):
            var json = ""
            StyleValueFormatter.appendJSON(value, to: &json)
            return "Could not convert \(json) to \(type)."
        case .indexOutOfBounds(let index, let count):
            if index != index.rounded(.down) { return "Array index must be an integer, but found \(index) instead." }
            if index < 0 { return "Array index out of bounds: \(StyleValueFormatter.numberToString(index)) < 0." }
            return "Array index out of bounds: \(StyleValueFormatter.numberToString(index)) > \(count - 1)."
        case .colorComponentOutOfRange(let v):
            return "Invalid rgba value: component \(StyleValueFormatter.numberToString(v)) is out of range."
        case .mismatchedArrayLengths(let a, let b):
            return "Cannot interpolate arrays of different lengths (\(a) and \(b))."
        case .invalidFormatOptions:
            return "Invalid number-format options (fraction digits must be 0…20, max ≥ min)."
        }
    }
}
