import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle
import MapSnapText

extension OverlayImage {
    /// Draws the image into `rect` (its size at some icon-size) in `color`; `glyph` is the
    /// balloon's glyph (its text already shaped) or the callout's symbol, in `glyphColor`; a
    /// callout's pointer tip is at `tipX`, its symbol `symbolSide` points square, `symbolInset`
    /// in from its left end.
    func draw(
        _ canvas: some Painter, in rect: Rect, color: Color, glyph: PinGlyph, glyphLayout: TextLayout?,
        glyphColor: Color, tipX: Double? = nil, symbolSide: Double = 0, symbolInset: Double = 0
    ) {
        let natural = size
        guard natural.width > 0, rect.width > 0 else { return }
        let k = rect.width / natural.width
        switch self {
        case .marker:
            MarkerPainter.drawBalloon(
                canvas, at: Point(x: rect.midX, y: rect.maxY - Self.shadowDepth * k), iconSize: k, color: color,
                glyph: glyph, glyphColor: glyphColor, layout: glyphLayout)
        case .startFlag, .endFlag, .loopFlag:
            let kind: PinOverlay.Kind = self == .startFlag ? .startFlag : (self == .endFlag ? .endFlag : .loopFlag)
            let foot = Point(x: rect.x + Self.flagFootInset * k, y: rect.maxY - Self.flagFootInset * k)
            if k == 1 {
                MarkerPainter.drawFlag(canvas, at: foot, kind: kind, color: color, secondColor: glyphColor)
            } else {
                canvas.save()
                canvas.translate(x: foot.x, y: foot.y)
                canvas.scale(x: k, y: k)
                MarkerPainter.drawFlag(canvas, at: Point(x: 0, y: 0), kind: kind, color: color, secondColor: glyphColor)
                canvas.restore()
            }
        case .cluster:
            MarkerPainter.drawClusterBubble(canvas, in: rect, color: color)
        case .callout, .calloutBelow:
            var symbol: BuiltinSymbol?
            if case .symbol(let s) = glyph { symbol = s }
            MarkerPainter.drawCalloutBubble(
                canvas, bubble: rect, tipX: tipX ?? rect.midX, below: self == .calloutBelow, color: color,
                symbol: symbol,
                symbolColor: glyphColor, symbolSide: symbolSide, symbolInset: symbolInset)
        }
    }
}
