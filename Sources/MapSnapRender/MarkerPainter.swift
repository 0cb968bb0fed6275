import Foundation
import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle
import MapSnapText

/// Shapes and boxes of pins, flags, callouts and labels. Boxes are relative to the anchor
/// point (0, 0), in points; the same numbers serve camera fitting, placement and drawing.
enum MarkerPainter {
    // MARK: Balloon marker (MapKit Marker look)

    /// A balloon `iconSize` times its natural size with its tip at `p`, in `color`, with its
    /// `glyph` (a text's shaped `layout`) in `glyphColor`.
    static func drawBalloon(
        _ canvas: some Painter, at p: Point, iconSize: Double, color: Color, glyph: PinGlyph, glyphColor: Color,
        layout: TextLayout?
    ) {
        let (w, h) = MarkerGeometry.balloonSize(iconSize: iconSize)
        let r = w / 2
        let d = h - r
        // Soft shadow on the ground at the tip.
        canvas.fillSoftEllipse(
            center: Point(x: p.x, y: p.y), rx: w * 0.42, ry: w * 0.13, color: .black,
            opacity: OverlayImage.shadowOpacity)
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
        canvas.fill(color: color, preserve: true)
        canvas.stroke(color: darker(color), width: 0.75, join: .round)
        // Glyph in the head.
        let head = Point(x: p.x, y: p.y - d)
        switch glyph {
        case .none:
            canvas.newPath()
            canvas.addCircle(center: head, radius: w * 0.16)
            canvas.fill(color: glyphColor)
        case .symbol(let s):
            let side = w * 0.62
            let f = side / 24
            canvas.newPath()
            canvas.addPath(s.path) { Point(x: head.x - side / 2 + $0.x * f, y: head.y - side / 2 + $0.y * f) }
            canvas.fill(color: glyphColor, evenOdd: false)
        case .text:
            if let layout {
                let origin = Point(x: head.x - layout.ink.midX, y: head.y - layout.ink.midY)
                canvas.drawText(layout, at: origin, color: glyphColor)
            }
        }
    }

    // MARK: Flags

    /// A flag of `kind` at natural size with its pole's foot at `p`, in `color`; a loop's flag
    /// has its checks in `secondColor`.
    static func drawFlag(_ canvas: some Painter, at p: Point, kind: PinOverlay.Kind, color: Color, secondColor: Color) {
        let h = OverlayImage.flagHeight
        let fw = h * 0.78
        let fh = h * 0.48
        let top = p.y - h
        let poleX = p.x
        canvas.fillSoftEllipse(center: p, rx: 6, ry: 2.2, color: .black, opacity: OverlayImage.shadowOpacity)
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
        if kind == .loopFlag {
            // Start and end in one: the start colour above, the checkered end below.
            canvas.fill(color: color, preserve: true)
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
            canvas.fill(color: secondColor)
            canvas.restore()
            cloth()
            canvas.stroke(color: darker(color), width: 0.6, join: .round)
        } else if kind == .endFlag {
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
            canvas.fill(color: color)
            canvas.restore()
            cloth()
            canvas.stroke(color: color, width: 0.8, join: .round)
        } else {
            canvas.fill(color: color, preserve: true)
            canvas.stroke(color: darker(color), width: 0.6, join: .round)
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
        canvas.stroke(color: color, width: 1.4)
    }

    // MARK: Cluster bubbles

    /// A cluster's count bubble filling `rect`: a soft shadow, a disc in `color` with a white
    /// ring (a sixteenth of its diameter) and a faint dark hairline round it.
    static func drawClusterBubble(_ canvas: some Painter, in rect: Rect, color: Color) {
        let c = Point(x: rect.midX, y: rect.midY)
        let r = min(rect.width, rect.height) / 2
        canvas.fillSoftEllipse(
            center: Point(x: c.x, y: c.y + r * 0.12), rx: r * 1.02, ry: r * 1.02, color: .black,
            opacity: OverlayImage.shadowOpacity * 0.6)
        canvas.newPath()
        canvas.addCircle(center: c, radius: r)
        canvas.fill(color: .white, preserve: true)
        canvas.stroke(color: Color(red: 0, green: 0, blue: 0, alpha: 0.2), width: max(r * 0.04, 0.5))
        canvas.newPath()
        canvas.addCircle(center: c, radius: r * (1 - 1.0 / 8))
        canvas.fill(color: color)
    }

    // MARK: Callouts (capsule bubble + pointer, like the trail app's annotation view)

    /// The capsule `bubble` with its pointer: `OverlayImage.pointerHeight` long, under the
    /// bubble (over it when `below`), its tip at `tipX`; a white outline, a soft shadow, and the
    /// `symbol` (if any) at the bubble's left end, `symbolSide` points square and `symbolInset`
    /// in from the edge. The text is drawn by the caller.
    static func drawCalloutBubble(
        _ canvas: some Painter, bubble: Rect, tipX: Double, below: Bool, color: Color, symbol: BuiltinSymbol?,
        symbolColor: Color, symbolSide: Double, symbolInset: Double
    ) {
        let pointerWidth = OverlayImage.pointerWidth
        let base = below ? bubble.minY + 0.5 : bubble.maxY - 0.5
        let tipY = below ? bubble.minY - OverlayImage.pointerHeight : bubble.maxY + OverlayImage.pointerHeight
        // Shadow: the same shape, offset and translucent.
        func shape(_ dy: Double) {
            canvas.newPath()
            canvas.addRoundedRect(bubble.offsetBy(dx: 0, dy: dy), radius: bubble.height / 2)
            canvas.addPath(
                [
                    .move(Point(x: -pointerWidth / 2, y: base + dy)),
                    .line(Point(x: 0, y: tipY + dy)), .line(Point(x: pointerWidth / 2, y: base + dy)), .close,
                ], transform: { Point(x: tipX + $0.x, y: $0.y) })
        }
        shape(1.5)
        canvas.fill(color: .black, opacity: 0.18)
        shape(0)
        canvas.fill(color: color, preserve: true)
        canvas.stroke(color: .white, width: 1, join: .round)
        if let sym = symbol {
            let side = symbolSide
            let f = side / 24
            let y0 = bubble.midY - side / 2
            let x0 = bubble.x + symbolInset
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
