import MapSnapGeometry
import MapSnapStyle
import MapSnapText

/// The scale bar (bottom left) and attribution (bottom right): boxes first, so placement can
/// keep labels clear of them, then drawing on top of everything.
enum DecorationPainter {
    struct Placed {
        /// `.scaleBar` or `.attribution`.
        var kind: Annotations.Kind
        var label: String
        /// Box in points.
        var box: Rect
        var text: TextLayout
        /// Bar length in points (scale bar only).
        var barWidth: Double
    }

    static let margin = 6.0
    static let fontSize = 9.0

    static func layout(_ d: Decorations, camera: Camera, size: Size, text: TextEngine) -> [Placed] {
        var out: [Placed] = []
        if let units = d.scaleBar, let bar = ScaleBar(camera: camera, units: units, maxWidth: min(100, size.width / 4))
        {
            let t = text.layout(bar.label, size: fontSize, face: .bold)
            let w = max(bar.width, t.width) + 4
            let h = t.height + 7
            out.append(
                Placed(
                    kind: .scaleBar, label: bar.label,
                    box: Rect(x: margin, y: size.height - margin - h, width: w, height: h), text: t, barWidth: bar.width
                ))
        }
        if let full = d.attribution, !full.isEmpty {
            let a = credit(full, imageWidth: size.width, text: text)
            let t = text.layout(a, size: fontSize, face: .regular, maxWidth: size.width * 0.7)
            let w = t.width + 8
            let h = t.height + 3
            out.append(
                Placed(
                    kind: .attribution, label: a,
                    box: Rect(x: size.width - w, y: size.height - h, width: w, height: h), text: t, barWidth: 0))
        }
        return out
    }

    /// The credit line for an image `imageWidth` points wide: `full`, or, when that would take
    /// more than half the width (a thumbnail), the compact form the OpenStreetMap Foundation's
    /// attribution guidelines allow on small images ("© OpenStreetMap" for "© OpenStreetMap
    /// contributors"); other credits stay as they are.
    static func credit(_ full: String, imageWidth: Double, text: TextEngine) -> String {
        let width = text.layout(full, size: fontSize, face: .regular).width + 8
        guard width > imageWidth / 2 else { return full }
        return full.replacingOccurrences(of: "OpenStreetMap contributors", with: "OpenStreetMap")
    }

    static func draw(_ p: Placed, canvas: some Painter) {
        let ink = Color(red: 0.2, green: 0.2, blue: 0.22)
        switch p.kind {
        case .scaleBar:
            let x0 = p.box.x + 2
            let y = p.box.maxY - 2
            let bar = [
                Point(x: x0, y: y - 5), Point(x: x0, y: y), Point(x: x0 + p.barWidth, y: y),
                Point(x: x0 + p.barWidth, y: y - 5),
            ]
            canvas.newPath()
            canvas.addPolyline(bar)
            canvas.stroke(color: .white, opacity: 0.9, width: 3.5, cap: .square, join: .miter)
            canvas.newPath()
            canvas.addPolyline(bar)
            canvas.stroke(color: ink, width: 1.5, cap: .square, join: .miter)
            canvas.drawText(p.text, at: Point(x: x0 + 1, y: p.box.y), color: ink, halo: .white, haloWidth: 1.5)
        default:
            canvas.newPath()
            canvas.addRoundedRect(p.box, radius: 3)
            canvas.fill(color: .white, opacity: 0.75)
            canvas.drawText(p.text, at: Point(x: p.box.x + 4, y: p.box.y + 1.5), color: ink)
        }
    }
}
