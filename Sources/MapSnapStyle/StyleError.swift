import MapSnapJSON

/// A style that cannot be used, or an expression that cannot be compiled
/// (https://maplibre.org/maplibre-style-spec/ — root, layers, expressions).
///
/// `description` is `file:line:column: message` when the position is known. The position is that
/// of the nearest enclosing JSON array or object (scalars carry no offsets in `MapSnapJSON`).
public struct StyleError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The style file's name as given to the parser; nil for a standalone expression.
    public var file: String?
    /// Line and column, when the style's bytes were available to compute them.
    public var location: SourceLocation?
    /// Byte offset of the nearest enclosing array or object in the style, when known.
    public var offset: Int?

    public init(message: String, file: String? = nil, location: SourceLocation? = nil, offset: Int? = nil) {
        self.message = message
        self.file = file
        self.location = location
        self.offset = offset
    }

    public var description: String {
        switch (file, location) {
        case (let file?, let location?): return "\(file):\(location): \(message)"
        case (let file?, nil): return "\(file): \(message)"
        case (nil, let location?): return "\(location): \(message)"
        case (nil, nil): return message
        }
    }
}

/// Something in a style that was skipped or ignored; the rest of the style still works.
public struct StyleWarning: Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var file: String?
    public var location: SourceLocation?
    /// The layer concerned, when there is one.
    public var layerID: String?

    public init(message: String, file: String? = nil, location: SourceLocation? = nil, layerID: String? = nil) {
        self.message = message
        self.file = file
        self.location = location
        self.layerID = layerID
    }

    /// `file:line:column: message` (the parts that are known); a front end adds its own
    /// "warning:" before it.
    public var description: String {
        switch (file, location) {
        case (let file?, let location?): return "\(file):\(location): \(message)"
        case (let file?, nil): return "\(file): \(message)"
        case (nil, let location?): return "\(location): \(message)"
        case (nil, nil): return message
        }
    }
}

/// An expression compile error before it is placed in a file: the message, the path of array
/// indices to the offending part ("[2][1]") and the offset of the innermost enclosing array.
struct ExpressionParseError: Error, Sendable {
    var message: String
    var path: [Int]
    var offset: Int?

    var pathDescription: String { path.map { "[\($0)]" }.joined() }

    /// "[2][1]: message" (or just the message at the root).
    var description: String { path.isEmpty ? message : "\(pathDescription): \(message)" }

    var styleError: StyleError { StyleError(message: description, offset: offset) }
}
