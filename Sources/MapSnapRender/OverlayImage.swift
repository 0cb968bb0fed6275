import CCairo
import MapSnapGeometry
import MapSnapStyle

/// The built-in icon images of the overlay layers, drawn by `MarkerPainter` so a style's
/// markers look like the renderer's own: `icon-image` names them (after the sprites, so a
/// sprite image of the same name wins), `icon-color` colours them, and the balloon draws the
/// glyph the feature names (`glyph`: a short text, or `symbol`: a built-in symbol name; in
/// `glyph-color`).
///
/// Sizes at `icon-size` 1 come from the overlay theme (pin width, flag height), so the pins of
/// a style look as the theme says:
///
/// | image | size | where the point goes |
/// |---|---|---|
/// | `mapsnap-marker` | balloon width + 2 × its height + 1 | the tip: centre of the bottom edge (`icon-anchor: bottom`); its soft shadow falls just below |
/// | `mapsnap-start-flag`, `mapsnap-end-flag` | 0.78 × pole + 4.5 × pole + 4.5 | the pole's foot, 3.5 points in from the left and up from the bottom (`icon-anchor: bottom-left`, `icon-offset: [-3.5, 3.5]`) |
enum OverlayImage: String, CaseIterable {
    case marker = "mapsnap-marker"
    case startFlag = "mapsnap-start-flag"
    case endFlag = "mapsnap-end-flag"

    /// Inset of a flag's pole foot from the image's left and bottom edges, points.
    static let flagFootInset = 3.5

    /// Size in points at icon-size 1.
    func size(_ theme: OverlayTheme) -> (width: Double, height: Double) {
        switch self {
        case .marker:
            let w = theme.pin.width
            return (w + 2, w * 1.32 + 1)
        case .startFlag, .endFlag:
            let h = theme.flags.height
            return (h * 0.78 + 1 + Self.flagFootInset, h + 1 + Self.flagFootInset)
        }
    }

    /// Draws the image into `rect` (its size at some icon-size) in `color`; `glyph` is the
    /// balloon's glyph, its text already shaped.
    func draw(
        _ canvas: CairoCanvas, in rect: Rect, color: Color, glyph: PinGlyph, glyphLayout: TextLayout?,
        glyphColor: Color, theme: OverlayTheme
    ) {
        let natural = size(theme)
        guard natural.width > 0, rect.width > 0 else { return }
        let k = rect.width / natural.width
        var look = theme
        look.pin.glyphColor = glyphColor
        switch self {
        case .marker:
            let pin = PinOverlay(
                coordinate: Coordinate(latitude: 0, longitude: 0), color: color, glyph: glyph, sizeFactor: k)
            MarkerPainter.drawBalloon(
                canvas, at: Point(x: rect.midX, y: rect.maxY), pin: pin, theme: look, glyph: glyphLayout)
        case .startFlag, .endFlag:
            let pin = PinOverlay(
                kind: self == .startFlag ? .startFlag : .endFlag, coordinate: Coordinate(latitude: 0, longitude: 0),
                color: color)
            let foot = Point(x: rect.x + Self.flagFootInset * k, y: rect.maxY - Self.flagFootInset * k)
            if k == 1 {
                MarkerPainter.drawFlag(canvas, at: foot, pin: pin, theme: look)
            } else {
                canvas.save()
                cairo_translate(canvas.cr, foot.x, foot.y)
                cairo_scale(canvas.cr, k, k)
                MarkerPainter.drawFlag(canvas, at: Point(x: 0, y: 0), pin: pin, theme: look)
                canvas.restore()
            }
        }
    }
}
