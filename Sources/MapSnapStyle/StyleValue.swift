import MapSnapJSON

/// The runtime value of a style expression (MapLibre style spec v8,
/// https://maplibre.org/maplibre-style-spec/expressions/#types).
///
/// The spec's `formatted` and `resolvedImage` values are plain strings here: `format` evaluates to
/// its sections' text run together, `image` to the image name. A `collator` evaluates to `null`.
///
/// Numbers are `Double` (like JavaScript numbers); colours keep straight (not premultiplied) alpha.
public enum StyleValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case color(Color)
    case array([StyleValue])
    case object(StyleObject)

    /// Converts parsed JSON (numbers, strings, booleans, null, arrays, objects) to a value.
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let d): self = .number(d)
        case .string(let s): self = .string(s)
        case .array(let a): self = .array(a.elements.map(StyleValue.init))
        case .object(let o):
            var object = StyleObject()
            for member in o.members { object[member.key] = StyleValue(member.value) }
            self = .object(object)
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var numberValue: Double? {
        if case .number(let d) = self { return d }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var colorValue: Color? {
        if case .color(let c) = self { return c }
        return nil
    }

    public var arrayValue: [StyleValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var objectValue: StyleObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The runtime kind, without array item types (see `ExpressionType.of(_:)` for those).
    public var kind: StyleValueKind {
        switch self {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .array: return .array
        case .object: return .object
        }
    }
}

/// The seven runtime kinds of `StyleValue`, named as the spec's `typeof` names them.
public enum StyleValueKind: String, Sendable, CustomStringConvertible {
    case null, boolean, number, string, color, array, object

    public var description: String { rawValue }
}

/// A JSON-like object with its members in insertion order (keys unique; setting an existing key
/// replaces the value in place, as JavaScript objects do).
///
/// Lookup is a linear scan: objects in feature data and expression literals are small.
public struct StyleObject: Hashable, Sendable {
    public private(set) var keys: [String] = []
    public private(set) var values: [StyleValue] = []

    public init() {}

    public init(_ members: [(String, StyleValue)]) {
        for (key, value) in members { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: String) -> StyleValue? {
        get {
            var i = 0
            while i < keys.count {
                if keys[i] == key { return values[i] }
                i += 1
            }
            return nil
        }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// The members in order, as (key, value) pairs.
    public var members: Zip2Sequence<[String], [StyleValue]> { zip(keys, values) }
}

extension StyleValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: StyleValue...) { self = .array(elements) }
}

extension StyleValue: CustomStringConvertible {
    /// The value as the spec's `to-string` renders it (JSON for arrays and objects).
    public var description: String { StyleValueFormatter.toString(self) }
}
