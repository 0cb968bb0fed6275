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
///
/// An array of rows of numbers, all of one length from 1 to 3 (a GeoJSON LineString's
/// positions), is kept packed by the parser (`rows`): some 20 bytes a row instead of about a
/// hundred for a `JSONValue` array each. Its `elements` are then made on access, the same
/// values with the same offsets; readers of large coordinate lists read `rows` instead.
public struct JSONArray: Sendable, Equatable {
    private var storage: [JSONValue]
    /// The packed rows of an array the parser found to hold only them, else nil.
    public private(set) var rows: JSONNumberRows?
    /// Byte offset of `[` in the source (0 for values built in code).
    public var offset: Int

    public init(_ elements: [JSONValue], offset: Int = 0) {
        self.storage = elements
        self.offset = offset
    }

    /// An array of packed rows (what the parser makes of a list of positions).
    public init(rows: JSONNumberRows, offset: Int = 0) {
        self.storage = []
        self.rows = rows
        self.offset = offset
    }

    /// The elements; for packed rows, made anew on each access (read `rows` in loops).
    public var elements: [JSONValue] {
        get { rows.map { r in (0..<r.count).map { r.element($0) } } ?? storage }
        set {
            storage = newValue
            rows = nil
        }
    }

    public var count: Int { rows?.count ?? storage.count }
    public subscript(index: Int) -> JSONValue { rows?.element(index) ?? storage[index] }

    /// Equal elements at equal offsets, however they are stored.
    public static func == (a: JSONArray, b: JSONArray) -> Bool {
        if a.offset != b.offset || a.count != b.count { return false }
        if let x = a.rows, let y = b.rows { return x == y }
        return a.elements == b.elements
    }
}

/// Rows of numbers, all of `width` numbers, packed: what a JSON array of arrays of one to three
/// numbers each (`[[lon, lat], …]`) is parsed into.
public struct JSONNumberRows: Sendable, Equatable {
    /// Numbers per row, 1 to 3.
    public let width: Int
    /// The numbers, row after row.
    public let numbers: [Double]
    /// Byte offset of each row's `[` in the source.
    public let offsets: [UInt32]

    public init(width: Int, numbers: [Double], offsets: [UInt32]) {
        self.width = width
        self.numbers = numbers
        self.offsets = offsets
    }

    /// Rows.
    public var count: Int { offsets.count }

    /// Row `index` as a JSON array value.
    public func element(_ index: Int) -> JSONValue {
        let first = index * width
        return .array(JSONArray(numbers[first..<first + width].map { .number($0) }, offset: Int(offsets[index])))
    }
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
