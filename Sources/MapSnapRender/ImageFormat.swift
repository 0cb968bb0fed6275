/// The file formats a snapshot can be written in.
public enum ImageFormat: String, CaseIterable, Sendable {
    /// Raster, written with libpng (8-bit RGB, or RGBA when the background is not opaque).
    case png
    /// Vector, through cairo's SVG surface (paths and glyph outlines, no embedded bitmap of the map).
    case svg
    /// Vector, through cairo's PDF surface.
    case pdf

    /// The format for a file name's extension (case-insensitive), or nil.
    public init?(fileExtension ext: String) {
        self.init(rawValue: ext.lowercased())
    }
}
