/// Failures of the image codecs. `description` is shown to users.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The PNG encoder failed (libpng's or libdeflate's message).
    case encoder(String)
    /// An image could not be decoded: damaged, truncated or of a format MapSnap does not read
    /// (the decoder's message).
    case decoding(String)

    public var description: String {
        switch self {
        case .encoder(let m): return "PNG encoder: \(m)"
        case .decoding(let m): return "cannot decode the image: \(m)"
        }
    }
}
