import MapSnapGeometry
import MapSnapStyle

extension ProfileChart {
    /// Paints the chart on `canvas` with its top-left corner at the origin (translate first to
    /// place it): card (when framed), grid, area, line, ticks, labels, markers, summary.
    func draw(on canvas: some Painter) {
        let hairline = max(textSize * 0.07, 0.6)
        if framed {
            let card = Rect(x: 0, y: 0, width: size.width, height: size.height)
            canvas.newPath()
            canvas.addRoundedRect(card, radius: textSize * 0.6)
            canvas.fill(color: .white, opacity: 0.92, preserve: true)
            canvas.stroke(color: .black, opacity: 0.12, width: hairline)
        }
        for gy in gridY {
            canvas.newPath()
            canvas.addPolyline([Point(x: plot.minX, y: gy), Point(x: plot.maxX, y: gy)])
            canvas.stroke(color: Self.grid, width: hairline, cap: .butt)
        }
        if let first = line.first, let last = line.last {
            canvas.newPath()
            canvas.move(to: Point(x: first.x, y: plot.maxY))
            for p in line { canvas.addLine(to: p) }
            canvas.addLine(to: Point(x: last.x, y: plot.maxY))
            canvas.closePath()
            canvas.fill(color: color, opacity: Self.areaOpacity)
            canvas.newPath()
            canvas.addPolyline(line)
            canvas.stroke(color: color, width: textSize * 0.19)
        }
        canvas.newPath()
        canvas.addPolyline([Point(x: plot.minX, y: plot.maxY), Point(x: plot.maxX, y: plot.maxY)])
        for x in ticksX {
            canvas.move(to: Point(x: x, y: plot.maxY))
            canvas.addLine(to: Point(x: x, y: plot.maxY + textSize * 0.3))
        }
        canvas.stroke(color: Self.axisInk, opacity: 0.6, width: hairline, cap: .butt)
        for l in labels { canvas.drawText(l.text, at: l.origin, color: Self.axisInk) }
        for m in markers {
            canvas.newPath()
            canvas.addCircle(center: m.point, radius: textSize * 0.3)
            canvas.fill(color: .white, preserve: true)
            canvas.stroke(color: color, width: textSize * 0.16)
            canvas.drawText(m.label.text, at: m.label.origin, color: Self.ink, halo: .white, haloWidth: textSize * 0.14)
        }
        if let s = summary { canvas.drawText(s.text, at: s.origin, color: Self.ink) }
    }
}
