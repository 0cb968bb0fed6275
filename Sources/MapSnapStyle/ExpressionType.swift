/// The static type of an expression, as the spec's type system defines it
/// (https://maplibre.org/maplibre-style-spec/expressions/#types).
///
/// The parser infers one for every sub-expression and uses it the way MapLibre GL JS does: to
/// reject impossible expressions early (`["+", 1, "a"]`), to insert runtime assertions where a
/// feature value must have a type (`["+", ["get", "x"], 1]` asserts that x is a number) and to
/// coerce strings where colours are expected (`"#fff"` in an `interpolate` of a colour property).
public indirect enum ExpressionType: Hashable, Sendable, CustomStringConvertible {
    case null
    case number
    case string
    case boolean
    case color
    case object
    /// Any value (a feature property of unknown type).
    case value
    /// Text for `text-field`; evaluates to a plain string here.
    case formatted
    /// An image name (`image`, `icon-image`); evaluates to a string here.
    case resolvedImage
    case collator
    /// `array<item, length>`; `length` nil when unknown.
    case array(ExpressionType, Int?)

    /// `array` (of any values, any length).
    public static let anyArray = ExpressionType.array(.value, nil)

    /// The spec's name: "number", "array<number, 2>", "array<string>", "array".
    public var description: String {
        switch self {
        case .null: return "null"
        case .number: return "number"
        case .string: return "string"
        case .boolean: return "boolean"
        case .color: return "color"
        case .object: return "object"
        case .value: return "value"
        case .formatted: return "formatted"
        case .resolvedImage: return "resolvedImage"
        case .collator: return "collator"
        case .array(let item, let n):
            if let n { return "array<\(item), \(n)>" }
            if case .value = item { return "array" }
            return "array<\(item)>"
        }
    }

    var isValue: Bool {
        if case .value = self { return true }
        return false
    }

    var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// True when a value of type `actual` may be used where `self` is expected (GL JS
    /// `checkSubtype` returning no error).
    func accepts(_ actual: ExpressionType) -> Bool {
        switch (self, actual) {
        case (.array(let item, let n), .array(let actualItem, let actualN)):
            let emptyUntyped = actualN == 0 && actualItem.isValue
            guard emptyUntyped || item.accepts(actualItem) else { return false }
            return n == nil || n == actualN
        case (.array, _):
            return false
        case (.value, .collator):
            return false
        case (.value, _):
            return true
        default:
            return self == actual
        }
    }

    /// The type of a runtime value, with array item types (GL JS `typeOf`): `[1, 2]` is
    /// `array<number, 2>`, `[1, "a"]` is `array<value, 2>`, `[]` is `array<value, 0>`.
    public static func of(_ value: StyleValue) -> ExpressionType {
        switch value {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .object: return .object
        case .array(let items):
            var itemType: ExpressionType?
            for item in items {
                let t = ExpressionType.of(item)
                if let current = itemType {
                    // GL JS compares type objects by identity: nested array types never match.
                    if current != t || current.isArray {
                        itemType = .value
                        break
                    }
                } else {
                    itemType = t
                }
            }
            return .array(itemType ?? .value, items.count)
        }
    }
}
