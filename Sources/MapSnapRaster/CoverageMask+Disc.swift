import MapSnapGeometry

extension CoverageMask {
    /// Which part of a circle a disc pass draws.
    package enum DiscPart {
        case fill
        case stroke
    }

    /// Adds one circle the way MapLibre's circle shader draws it
    /// (https://github.com/maplibre/maplibre-gl-js/blob/main/src/shaders/circle.fragment.glsl):
    /// with `outer` = radius + stroke width and `fade` = max(blur × outer, 1) pixels, alpha is
    /// `smoothstep(0, 1, (outer − d) / fade)` at distance `d` from the centre; of that, the
    /// stroke takes `smoothstep(0, 1, (d − radius + fade) / fade)` (when there is a stroke) and
    /// the fill the rest. All in device pixels; unites with what the mask holds.
    package func addDisc(
        center c: Point, radius: Double, strokeWidth: Double, blur: Double, part: DiscPart, clip: PixelRect
    ) {
        let outer = radius + max(strokeWidth, 0)
        guard outer > 0, c.x.isFinite, c.y.isFinite else { return }
        let fade = max(blur * outer, 1)
        let bounds = clip.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        let x0 = max(bounds.x0, floorInt(c.x - outer - 1))
        let x1 = min(bounds.x1, ceilInt(c.x + outer + 1))
        let y0 = max(bounds.y0, floorInt(c.y - outer - 1))
        let y1 = min(bounds.y1, ceilInt(c.y + outer + 1))
        guard x0 < x1, y0 < y1 else { return }
        let stroked = strokeWidth >= 0.01
        func smooth(_ t: Double) -> Double {
            let u = min(max(t, 0), 1)
            return u * u * (3 - 2 * u)
        }
        var wrote = false
        for y in y0..<y1 {
            let dy = Double(y) + 0.5 - c.y
            let row = data + y * stride
            for x in x0..<x1 {
                let dx = Double(x) + 0.5 - c.x
                let d = (dx * dx + dy * dy).squareRoot()
                let opacity = smooth((outer - d) / fade)
                guard opacity > 0 else { continue }
                let strokeShare = stroked ? smooth((d - radius + fade) / fade) : 0
                let a = opacity * (part == .fill ? 1 - strokeShare : strokeShare)
                guard a > 0 else { continue }
                let v = UInt8(min(a, 1) * 255 + 0.5)
                if v > row[x] { row[x] = v }
                wrote = true
            }
        }
        if wrote { markDirty(PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)) }
    }
}
