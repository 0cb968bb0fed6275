import MapSnapGeometry
import MapSnapStyle
import MapSnapText

/// The caption band across the top of the image (`--title`): white bold text centred on a
/// translucent black band. It is a decoration of the image, like the scale bar, not an overlay
/// on the map, so its look is the renderer's rather than the style's.
enum TitleBand {
    /// Text size, points.
    static let fontSize = 15.0
    /// Space above and below the text, and the least at its sides, points.
    static let padding = 8.0
    static let textColor = Color.white
    /// Black at 160/255.
    static let background = Color(red: 0, green: 0, blue: 0, alpha: 160.0 / 255)

    /// Draws the band (the full `width`, `band` points high) with `t` centred in it; returns
    /// the band's box.
    static func draw(_ t: TextLayout, band: Double, canvas: some Painter, width: Double) -> Rect {
        let r = Rect(x: 0, y: 0, width: width, height: band)
        canvas.newPath()
        canvas.addRect(r)
        canvas.fill(color: background)
        canvas.drawText(t, at: Point(x: (width - t.width) / 2, y: padding), color: textColor)
        return r
    }
}
