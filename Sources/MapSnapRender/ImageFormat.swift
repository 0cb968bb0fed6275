/// The file formats a snapshot can be written in.
public enum ImageFormat: String, CaseIterable, Sendable {
    /// Raster, written with libpng (8-bit RGB, or RGBA when the background is not opaque).
    case png
    /// Vector, through cairo's SVG surface (paths and glyph outlines, no embedded bitmap of the map).
    case svg
    /// Vector, through cairo's PDF surface.
    case pdf
    /// Raster, lossy, through libjpeg-turbo (no alpha: composited over white).
    case jpeg
    /// Raster, lossy or lossless, through libwebp.
    case webp

    /// The format for a file name's extension (case-insensitive, `jpg` and `jpeg` both), or nil.
    public init?(fileExtension ext: String) {
        let e = ext.lowercased()
        self.init(rawValue: e == "jpg" ? "jpeg" : e)
    }

    /// Drawn on an image surface (pixels), not a vector one.
    public var isRaster: Bool { self == .png || self == .jpeg || self == .webp }
}
