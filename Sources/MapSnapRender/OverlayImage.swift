import MapSnapGeometry
import MapSnapStyle
import MapSnapText

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
/// | `mapsnap-marker` | balloon width w × its height + 0.12 w (its shadow) | the tip, 0.12 w up from the bottom centre (`icon-anchor: bottom`, `icon-offset: [0, 0.12 w]`, the pin feature's `icon-offset`); `icon-padding: [1, 1, 0, 1]` (the feature's `icon-padding`) makes the renderer's own pin box, for its outline |
/// | `mapsnap-start-flag`, `mapsnap-end-flag` | 0.78 × pole + 4.5 × pole + 4.5 | the pole's foot, 3.5 points in from the left and up from the bottom (`icon-anchor: bottom-left`, `icon-offset: [-3.5, 3.5]`, the flag feature's `icon-offset`) |
/// | `mapsnap-callout`, `mapsnap-callout-below` | 24 × 24, meant for `icon-text-fit: both` | the capsule bubble fills the image; its pointer (the theme's pointer height) hangs below it (above it for `-below`), its tip straight under (over) the symbol's point, so `icon-padding` should add the pointer on that side (the feature's `icon-padding`); the feature's `symbol` sits at the left end, in `text-color` |
enum OverlayImage: String, CaseIterable {
    case marker = "mapsnap-marker"
    case startFlag = "mapsnap-start-flag"
    case endFlag = "mapsnap-end-flag"
    case callout = "mapsnap-callout"
    case calloutBelow = "mapsnap-callout-below"

    /// Inset of a flag's pole foot from the image's left and bottom edges, points.
    static let flagFootInset = 3.5

    /// How far a balloon's shadow reaches below its tip at icon-size 1, points.
    static func shadowDepth(_ theme: OverlayTheme) -> Double { theme.pin.width * 0.12 }

    /// Where the image's point is, from its bottom-left corner at icon-size 1 (points, y up):
    /// the `icon-offset` that puts it on the feature with `icon-anchor` bottom (a balloon) or
    /// bottom-left (a flag).
    func anchorOffset(_ theme: OverlayTheme) -> (x: Double, y: Double) {
        switch self {
        case .marker: return (0, Self.shadowDepth(theme))
        case .startFlag, .endFlag: return (-Self.flagFootInset, Self.flagFootInset)
        case .callout, .calloutBelow: return (0, 0)
        }
    }

    /// The icon-padding (top, right, bottom, left, points) that makes the image's collision box
    /// the renderer's own: a balloon's outline; a callout's pointer.
    func padding(_ theme: OverlayTheme) -> [Double] {
        switch self {
        case .marker: return [1, 1, 0, 1]
        case .startFlag, .endFlag: return [0, 0, 0, 0]
        case .callout: return [0, 0, theme.callout.pointerHeight, 0]
        case .calloutBelow: return [theme.callout.pointerHeight, 0, 0, 0]
        }
    }

    /// Size in points at icon-size 1.
    func size(_ theme: OverlayTheme) -> (width: Double, height: Double) {
        switch self {
        case .marker:
            let w = theme.pin.width
            return (w, w * 1.32 + Self.shadowDepth(theme))
        case .startFlag, .endFlag:
            let h = theme.flags.height
            return (h * 0.78 + 1 + Self.flagFootInset, h + 1 + Self.flagFootInset)
        case .callout, .calloutBelow:
            return (24, 24)
        }
    }

    /// Draws the image into `rect` (its size at some icon-size) in `color`; `glyph` is the
    /// balloon's glyph (its text already shaped) or the callout's symbol, in `glyphColor`; a
    /// callout's pointer tip is at `tipX`.
    func draw(
        _ canvas: some Painter, in rect: Rect, color: Color, glyph: PinGlyph, glyphLayout: TextLayout?,
        glyphColor: Color, tipX: Double? = nil, theme: OverlayTheme
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
                canvas, at: Point(x: rect.midX, y: rect.maxY - Self.shadowDepth(theme) * k), pin: pin, theme: look,
                glyph: glyphLayout)
        case .startFlag, .endFlag:
            let pin = PinOverlay(
                kind: self == .startFlag ? .startFlag : .endFlag, coordinate: Coordinate(latitude: 0, longitude: 0),
                color: color)
            let foot = Point(x: rect.x + Self.flagFootInset * k, y: rect.maxY - Self.flagFootInset * k)
            if k == 1 {
                MarkerPainter.drawFlag(canvas, at: foot, pin: pin, theme: look)
            } else {
                canvas.save()
                canvas.translate(x: foot.x, y: foot.y)
                canvas.scale(x: k, y: k)
                MarkerPainter.drawFlag(canvas, at: Point(x: 0, y: 0), pin: pin, theme: look)
                canvas.restore()
            }
        case .callout, .calloutBelow:
            var symbol: BuiltinSymbol?
            if case .symbol(let s) = glyph { symbol = s }
            MarkerPainter.drawCalloutBubble(
                canvas, bubble: rect, tipX: tipX ?? rect.midX, below: self == .calloutBelow, color: color,
                symbol: symbol,
                symbolColor: glyphColor, theme: theme)
        }
    }
}
