extension CoverageMask {
    /// Adds to this mask (keeping the larger coverage) a halo `radius` pixels wide around
    /// `source`'s coverage within `region`: coverage `clamp(radius + 0.5 − distance)` by a
    /// pixel's distance from the source's edge, as a stroke of the outline would give (and
    /// MapLibre's halo is a distance from the glyphs' outlines). The distance is estimated from
    /// each covered pixel nearby, whose coverage `c` puts the edge `c − ½` pixel beyond its
    /// centre: `max over q of clamp(radius + c(q) − |p − q|)`. A text halo made from the
    /// glyphs' coverage costs a few operations per covered pixel and neighbour, rather than
    /// stroking every curve of every glyph outline. Both masks must have the same size.
    package func addDilation(of source: CoverageMask, region: PixelRect, radius: Double) {
        guard source.width == width, source.height == height, radius > 0 else { return }
        let bounds = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let from = region.intersection(bounds)
        guard !from.isEmpty else { return }
        let kernel = Self.dilationKernel(radius: radius)
        let reach = kernel.reach
        let out = PixelRect(x0: from.x0 - reach, y0: from.y0 - reach, x1: from.x1 + reach, y1: from.y1 + reach)
            .intersection(bounds)
        for y in from.y0..<from.y1 {
            let row = source.data + y * source.stride
            for x in from.x0..<from.x1 {
                let v = Int(row[x])
                guard v > 0 else { continue }
                // Away from the mask's edges no neighbour needs a bounds check.
                let inside = x >= reach && x + reach < width && y >= reach && y + reach < height
                for (dy, span) in kernel.rows {
                    let ty = y + dy
                    guard inside || (ty >= 0 && ty < height) else { continue }
                    let target = data + ty * stride + x
                    for (dx, w) in span {
                        guard inside || (x + dx >= 0 && x + dx < width) else { continue }
                        let value = UInt8(truncatingIfNeeded: min(max(w + v, 0), 255))
                        if value > target[dx] { target[dx] = value }
                    }
                }
            }
        }
        markDirty(out)
    }

    /// `(radius − distance) × 255` for the neighbours a covered pixel can reach (those where
    /// it is above −255), by row offset.
    static func dilationKernel(radius: Double) -> (reach: Int, rows: [(Int, [(Int, Int)])]) {
        let reach = Int((radius + 1).rounded(.up))
        var rows: [(Int, [(Int, Int)])] = []
        for dy in -reach...reach {
            var span: [(Int, Int)] = []
            for dx in -reach...reach {
                let d = Double(dx * dx + dy * dy).squareRoot()
                let t = Int(((radius - d) * 255).rounded())
                if t > -255 { span.append((dx, t)) }
            }
            if !span.isEmpty { rows.append((dy, span)) }
        }
        return (reach, rows)
    }
}
