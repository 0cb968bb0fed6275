/// A syntax error in a JSON document, located by line and column.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation
    /// Byte offset where the error was found.
    public var offset: Int

    public init(message: String, location: SourceLocation, offset: Int) {
        self.message = message
        self.location = location
        self.offset = offset
    }

    public var description: String { "\(location): \(message)" }
}
