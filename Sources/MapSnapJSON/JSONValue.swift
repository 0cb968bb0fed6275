/// A parsed JSON value (RFC 8259) that remembers where arrays and objects began, so that
/// readers built on it can report errors as `file:line:column`.
///
/// Numbers are `Double` (finite: the parser rejects values that overflow). Object members
/// keep the order of the source text, which keeps every output derived from them deterministic.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array(JSONArray)
    case object(JSONObject)

    /// The byte offset in the source where this value starts, when the parser recorded it
    /// (arrays and objects only; scalars carry none to keep large documents small).
    public var offset: Int? {
        switch self {
        case .array(let a): return a.offset
        case .object(let o): return o.offset
        default: return nil
        }
    }

    /// A short name of the value's JSON type, for error messages ("a string", "an array" …).
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var doubleValue: Double? {
        if case .number(let d) = self { return d }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: JSONArray? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }
}

/// A JSON array with the byte offset of its opening bracket.
public struct JSONArray: Sendable, Equatable {
    public var elements: [JSONValue]
    /// Byte offset of `[` in the source (0 for values built in code).
    public var offset: Int

    public init(_ elements: [JSONValue], offset: Int = 0) {
        self.elements = elements
        self.offset = offset
    }

    public var count: Int { elements.count }
    public subscript(index: Int) -> JSONValue { elements[index] }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object in source order, with the byte offset of its opening brace.
///
/// Lookup is a linear scan: objects in map data are small (a handful of keys), and keeping
/// source order matters more than O(1) access. When a key repeats, the last one wins (RFC 8259 §4
/// leaves this open; this is what most parsers do).
public struct JSONObject: Sendable, Equatable {
    public var members: [JSONMember]
    /// Byte offset of `{` in the source (0 for values built in code).
    public var offset: Int

    public init(_ members: [JSONMember], offset: Int = 0) {
        self.members = members
        self.offset = offset
    }

    public subscript(key: String) -> JSONValue? {
        var i = members.count - 1
        while i >= 0 {
            if members[i].key == key { return members[i].value }
            i -= 1
        }
        return nil
    }

    public var keys: [String] { members.map(\.key) }
}
