import Foundation
import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle
import MapSnapText

/// Shapes and boxes of pins, flags, callouts and labels. Boxes are relative to the anchor
/// point (0, 0), in points; the same numbers serve camera fitting, placement and drawing.
enum MarkerPainter {
    // MARK: Balloon marker (MapKit Marker look)

    static func drawBalloon(
        _ canvas: some Painter, at p: Point, pin: PinOverlay, theme: OverlayTheme, glyph: TextLayout?
    ) {
        let (w, h) = MarkerGeometry.balloonSize(pin, theme: theme)
        let r = w / 2
        let d = h - r
        // Soft shadow on the ground at the tip.
        canvas.fillSoftEllipse(
            center: Point(x: p.x, y: p.y), rx: w * 0.42, ry: w * 0.13, color: .black, opacity: theme.pin.shadowOpacity)
        // Balloon: a circle with two tangents meeting at the tip.
        let k = r / d
        let tx = r * (1 - k * k).squareRoot()
        let ty = -d + r * k
        let a0 = asinSafe(k)
        canvas.newPath()
        canvas.addPath(
            [.move(Point(x: 0, y: 0)), .line(Point(x: tx, y: ty))], transform: { Point(x: p.x + $0.x, y: p.y + $0.y) })
        canvas.arcNegative(center: Point(x: p.x, y: p.y - d), radius: r, from: a0, to: .pi - a0)
        canvas.closePath()
        canvas.fill(color: pin.color, preserve: true)
        canvas.stroke(color: darker(pin.color), width: 0.75, join: .round)
        // Glyph in the head.
        let head = Point(x: p.x, y: p.y - d)
        switch pin.glyph {
        case .none:
            canvas.newPath()
            canvas.addCircle(center: head, radius: w * 0.16)
            canvas.fill(color: theme.pin.glyphColor)
        case .symbol(let s):
            let side = w * 0.62
            let f = side / 24
            canvas.newPath()
            canvas.addPath(s.path) { Point(x: head.x - side / 2 + $0.x * f, y: head.y - side / 2 + $0.y * f) }
            canvas.fill(color: theme.pin.glyphColor, evenOdd: false)
        case .text:
            if let glyph {
                let origin = Point(x: head.x - glyph.ink.midX, y: head.y - glyph.ink.midY)
                canvas.drawText(glyph, at: origin, color: theme.pin.glyphColor)
            }
        }
    }

    // MARK: Flags

    static func drawFlag(_ canvas: some Painter, at p: Point, pin: PinOverlay, theme: OverlayTheme) {
        let h = theme.flags.height
        let fw = h * 0.78
        let fh = h * 0.48
        let top = p.y - h
        let poleX = p.x
        canvas.fillSoftEllipse(center: p, rx: 6, ry: 2.2, color: .black, opacity: theme.pin.shadowOpacity)
        // Cloth with a gentle wave, casing first so it reads on any background.
        func cloth() {
            canvas.newPath()
            canvas.addPath(
                [
                    .move(Point(x: 0, y: 0)),
                    .curve(Point(x: fw * 0.35, y: -fh * 0.12), Point(x: fw * 0.65, y: fh * 0.12), Point(x: fw, y: 0)),
                    .line(Point(x: fw, y: fh)),
                    .curve(Point(x: fw * 0.65, y: fh * 1.12), Point(x: fw * 0.35, y: fh * 0.88), Point(x: 0, y: fh)),
                    .close,
                ], transform: { Point(x: poleX + $0.x, y: top + 1 + $0.y) })
        }
        cloth()
        canvas.stroke(color: .white, width: 2.5, join: .round)
        cloth()
        if pin.kind == .loopFlag {
            // Start and end in one: the start colour above, the checkered end below.
            canvas.fill(color: pin.color, preserve: true)
            canvas.save()
            canvas.clipPreservingPath()
            let half = top + 1 + fh * 0.5
            canvas.newPath()
            canvas.addRect(Rect(x: poleX, y: half, width: fw, height: fh * 0.7))
            canvas.fill(color: .white)
            canvas.newPath()
            let cols = 4
            let cw = fw / Double(cols)
            let ch = fh * 0.3
            for r in 0..<2 {
                for c in 0..<cols where (r + c) % 2 == 0 {
                    canvas.addRect(Rect(x: poleX + Double(c) * cw, y: half + Double(r) * ch, width: cw, height: ch))
                }
            }
            canvas.fill(color: theme.pin.glyphColor)
            canvas.restore()
            cloth()
            canvas.stroke(color: darker(pin.color), width: 0.6, join: .round)
        } else if pin.kind == .endFlag {
            canvas.fill(color: .white, preserve: true)
            canvas.save()
            canvas.clipPreservingPath()
            canvas.newPath()
            let cols = 4
            let rows = 3
            let cw = fw / Double(cols)
            let ch = (fh * 1.15) / Double(rows)
            for r in 0..<rows {
                for c in 0..<cols where (r + c) % 2 == 0 {
                    canvas.addRect(
                        Rect(x: poleX + Double(c) * cw, y: top + 1 - fh * 0.08 + Double(r) * ch, width: cw, height: ch))
                }
            }
            canvas.fill(color: pin.color)
            canvas.restore()
            cloth()
            canvas.stroke(color: pin.color, width: 0.8, join: .round)
        } else {
            canvas.fill(color: pin.color, preserve: true)
            canvas.stroke(color: darker(pin.color), width: 0.6, join: .round)
        }
        // Pole with a white casing, and a foot.
        canvas.newPath()
        canvas.addPolyline([Point(x: poleX, y: p.y), Point(x: poleX, y: top)])
        canvas.stroke(color: .white, width: 3.5, cap: .round)
        canvas.newPath()
        canvas.addPolyline([Point(x: poleX, y: p.y), Point(x: poleX, y: top)])
        canvas.stroke(color: Color(red: 0.2, green: 0.2, blue: 0.22), width: 1.6, cap: .round)
        canvas.newPath()
        canvas.addCircle(center: p, radius: 2.6)
        canvas.fill(color: .white, preserve: true)
        canvas.stroke(color: pin.color, width: 1.4)
    }

    // MARK: Callouts (capsule bubble + pointer, like the trail app's annotation view)

    /// The capsule `bubble` with its pointer: `theme.callout.pointerHeight` long, under the
    /// bubble (over it when `below`), its tip at `tipX`; a white outline, a soft shadow, and the
    /// `symbol` (if any) at the bubble's left end. The text is drawn by the caller.
    static func drawCalloutBubble(
        _ canvas: some Painter, bubble: Rect, tipX: Double, below: Bool, color: Color, symbol: BuiltinSymbol?,
        symbolColor: Color, theme: OverlayTheme
    ) {
        let s = theme.callout
        let base = below ? bubble.minY + 0.5 : bubble.maxY - 0.5
        let tipY = below ? bubble.minY - s.pointerHeight : bubble.maxY + s.pointerHeight
        // Shadow: the same shape, offset and translucent.
        func shape(_ dy: Double) {
            canvas.newPath()
            canvas.addRoundedRect(bubble.offsetBy(dx: 0, dy: dy), radius: bubble.height / 2)
            canvas.addPath(
                [
                    .move(Point(x: -s.pointerWidth / 2, y: base + dy)),
                    .line(Point(x: 0, y: tipY + dy)), .line(Point(x: s.pointerWidth / 2, y: base + dy)), .close,
                ], transform: { Point(x: tipX + $0.x, y: $0.y) })
        }
        shape(1.5)
        canvas.fill(color: .black, opacity: 0.18)
        shape(0)
        canvas.fill(color: color, preserve: true)
        canvas.stroke(color: .white, width: 1, join: .round)
        if let sym = symbol {
            let side = s.fontSize * 1.3
            let f = side / 24
            let y0 = bubble.midY - side / 2
            let x0 = bubble.x + s.paddingX
            canvas.newPath()
            canvas.addPath(sym.path) { Point(x: x0 + $0.x * f, y: y0 + $0.y * f) }
            canvas.fill(color: symbolColor, evenOdd: false)
        }
    }

    // MARK: Helpers

    static func darker(_ c: Color) -> Color {
        Color(red: c.red * 0.7, green: c.green * 0.7, blue: c.blue * 0.7, alpha: c.alpha)
    }

    private static func asinSafe(_ v: Double) -> Double { asin(min(max(v, -1), 1)) }
}
