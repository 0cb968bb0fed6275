import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle
import MapSnapText

extension OverlayImage {
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
        case .startFlag, .endFlag, .loopFlag:
            let kind: PinOverlay.Kind = self == .startFlag ? .startFlag : (self == .endFlag ? .endFlag : .loopFlag)
            let pin = PinOverlay(kind: kind, coordinate: Coordinate(latitude: 0, longitude: 0), color: color)
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
