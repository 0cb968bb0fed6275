extension CoverageMask {
    /// Adds to this mask (keeping the larger coverage) `source`'s coverage within `region` grown
    /// by `radius` pixels: each pixel takes the largest coverage of the source pixels within
    /// reach, weighted down over the last pixel of the reach, so the edge lies `radius` pixels
    /// outside the source's and stays anti-aliased. This is a text halo made from the glyphs'
    /// coverage — as MapLibre's halo is a distance from the glyphs' outlines — at a cost of a
    /// few operations per covered pixel and neighbour, rather than stroking every curve of every
    /// glyph outline. Both masks must have the same size; pixels outside the mask are ignored.
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
                        let value = UInt8(truncatingIfNeeded: (v * w + 254) / 255)
                        if value > target[dx] { target[dx] = value }
                    }
                }
            }
        }
        markDirty(out)
    }

    /// The weights (0–255) of the neighbours within `radius` + 1 pixel, by row offset: full
    /// within `radius`, falling to nothing over the next pixel (a covered pixel's centre lies
    /// about half a pixel inside the glyph's edge, and the halo's edge ramps over a pixel from
    /// half a pixel inside `radius` to half a pixel beyond, as a stroke's does).
    static func dilationKernel(radius: Double) -> (reach: Int, rows: [(Int, [(Int, Int)])]) {
        let edge = radius + 1
        let reach = Int(edge.rounded(.up))
        var rows: [(Int, [(Int, Int)])] = []
        for dy in -reach...reach {
            var span: [(Int, Int)] = []
            for dx in -reach...reach {
                let d = Double(dx * dx + dy * dy).squareRoot()
                let w = Int((min(max(edge - d, 0), 1) * 255).rounded())
                if w > 0 { span.append((dx, w)) }
            }
            if !span.isEmpty { rows.append((dy, span)) }
        }
        return (reach, rows)
    }
}
