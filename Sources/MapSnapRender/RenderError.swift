import MapSnapGeometry
import MapSnapText

/// Failures inside the renderer. `description` is shown to users.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bundled fonts could not be loaded.
    case fontsMissing(String)
    /// The user's font folder (`RenderRequest.fontFolder`) or a file in it cannot be used.
    case userFonts(TextError)
    /// cairo refused to create or draw a surface (its status message).
    case cairo(String)
    /// The image is larger than the renderer accepts (pixels).
    case imageTooLarge(width: Int, height: Int)
    /// The PNG encoder failed.
    case encoder(String)
    /// An image (a raster tile) could not be decoded: damaged, truncated or of a format
    /// MapSnap does not read (the decoder's message).
    case decoding(String)
    /// The camera cannot be resolved (nothing to fit, or the markers do not fit the image).
    case camera(CameraError)
    /// A fault of MapSnap itself (a broken build, a bug): what went wrong.
    case `internal`(String)

    public var description: String {
        switch self {
        case .fontsMissing(let m): return m
        case .userFonts(let e): return e.description
        case .cairo(let m): return "cairo: \(m)"
        case .imageTooLarge(let w, let h):
            return "image of \(w)x\(h) pixels is too large (limit 16384 per side, 100 megapixels)"
        case .encoder(let m): return m
        case .decoding(let m): return "cannot decode the image: \(m)"
        case .internal(let m): return "internal error: \(m)"
        case .camera(.nothingToFit): return "nothing to fit"
        case .camera(.imageTooSmall): return "the image is too small for the padding and the markers"
        }
    }
}
