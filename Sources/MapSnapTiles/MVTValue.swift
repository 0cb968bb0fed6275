/// A feature property value of a Mapbox Vector Tile (the `Value` message of `vector_tile.proto`,
/// spec 4.1: https://github.com/mapbox/vector-tile-spec/tree/master/2.1#41-layers).
///
/// The cases keep the wire type, so `.int(2)`, `.uint(2)` and `.sint(2)` are different values
/// under `==`; compare numbers with `numberValue` when the encoding does not matter (style
/// expressions do not care how a number was stored).
public enum MVTValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case float(Float)
    case double(Double)
    case int(Int64)
    case uint(UInt64)
    case sint(Int64)
    case bool(Bool)

    /// The text of a `.string`, else nil.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Any numeric case as a `Double` (64-bit integers beyond 2^53 lose precision); nil for
    /// strings and booleans.
    public var numberValue: Double? {
        switch self {
        case .float(let f): Double(f)
        case .double(let d): d
        case .int(let i), .sint(let i): Double(i)
        case .uint(let u): Double(u)
        case .string, .bool: nil
        }
    }

    /// The value of a `.bool`, else nil.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The value as text the way a style would print it in a label: strings as is, integers
    /// without a fraction, booleans as `true`/`false`.
    public var description: String {
        switch self {
        case .string(let s): s
        case .float(let f): f == f.rounded() && abs(f) < 1e15 ? String(Int64(f)) : String(f)
        case .double(let d): d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case .int(let i), .sint(let i): String(i)
        case .uint(let u): String(u)
        case .bool(let b): b ? "true" : "false"
        }
    }
}
