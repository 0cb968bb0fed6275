/// Why an encoded polyline cannot be decoded.
public struct PolylineError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// UTF-8 offset (0-based) of the offending character in the decoded text; the length of the
    /// text when the polyline ends too early.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "character \(offset + 1): \(message)" }
}
