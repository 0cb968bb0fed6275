/// Failures of the text room: the bundled fonts cannot be found or loaded.
public enum TextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bundled fonts could not be loaded (what failed).
    case fontsMissing(String)

    public var description: String {
        switch self {
        case .fontsMissing(let m): return m
        }
    }
}
