/// Failures of the text room: the bundled fonts cannot be found or loaded, or a user's font
/// folder (`--fonts DIR`) or one of its files cannot be used.
public enum TextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bundled fonts could not be loaded (what failed).
    case fontsMissing(String)
    /// A user's font folder is missing, unreadable or holds no font file (the folder, why).
    case fontFolder(path: String, reason: String)
    /// A file of a user's font folder is not a font fontconfig can load (the file, why).
    case fontFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .fontsMissing(let m): return m
        case .fontFolder(let path, let reason), .fontFile(let path, let reason): return "\(path): \(reason)"
        }
    }
}
