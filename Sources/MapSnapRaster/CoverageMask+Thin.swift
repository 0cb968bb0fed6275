import MapSnapGeometry

extension CoverageMask {
    /// `segment` for thin strokes (edge ≤ `thinEdge` pixels): the same coverage for every pixel,
    /// reached by stepping along the segment's major axis and visiting only the few pixels across
    /// it at each step, where the row-by-row scan pays a fixed cost for every row a thin,
    /// steep segment crosses.
    static let thinEdge = 2.5

    func thinSegment(_ px: SegmentPixels, _ bounds: PixelRect) {
        let s = px.s
        let (a, b, dx, dy, len) = (s.a, s.b, s.dx, s.dy, s.len)
        let e = px.e
        let xMajor = abs(dx) >= abs(dy)
        // Across the major axis, pixels within `e` of the infinite line lie within `reach` of it.
        let reach = e * len / (xMajor ? abs(dx) : abs(dy))
        let slope = xMajor ? dy / dx : dx / dy
        // Step along the major axis; across it, visit the pixels within `reach` of the line.
        let (majorA, minorA) = xMajor ? (a.x, a.y) : (a.y, a.x)
        let (majorB, _) = xMajor ? (b.x, b.y) : (b.y, b.x)
        let (majorLo, majorHi) = xMajor ? (bounds.x0, bounds.x1) : (bounds.y0, bounds.y1)
        let (minorLo, minorHi) = xMajor ? (bounds.y0, bounds.y1) : (bounds.x0, bounds.x1)
        let m0 = max(majorLo, floorInt(min(majorA, majorB) - e - 0.5))
        let m1 = min(majorHi, ceilInt(max(majorA, majorB) + e - 0.5) + 1)
        guard m0 < m1 else { return }
        // One step across (minor +1) moves a pixel centre this much along and across the segment.
        let (alongStep, crossStep) = xMajor ? (dy * s.invLen, -dx * s.invLen) : (dx * s.invLen, dy * s.invLen)
        // Memory offset of one step along the major and the minor axis.
        let (majorOffset, minorOffset) = xMajor ? (1, stride) : (stride, 1)
        var minMinor = Int.max
        var maxMinor = Int.min
        for i in m0..<m1 {
            let centre = minorA + (Double(i) + 0.5 - majorA) * slope
            let j0 = max(minorLo, floorInt(centre - reach - 0.5))
            let j1 = min(minorHi, ceilInt(centre + reach - 0.5) + 1)
            guard j0 < j1 else { continue }
            let (x, y) = xMajor ? (i, j0) : (j0, i)
            var ux = Double(x) + 0.5 - a.x
            var uy = Double(y) + 0.5 - a.y
            var along = (ux * dx + uy * dy) * s.invLen
            var cross = (ux * dy - uy * dx) * s.invLen
            var pixel = data + i * majorOffset + j0 * minorOffset
            var wrote = false
            for _ in j0..<j1 {
                let c: Double
                if along >= 0 && along <= len {
                    // Beside the segment (most pixels): the distance is the cross distance.
                    var v = min((e - abs(cross)) * px.invRamp, 1)
                    if px.smooth && v > 0 { v = v * v * (3 - 2 * v) }
                    c = v
                } else {
                    c = px.coverage(ux: ux, uy: uy, along: along, cross: cross)
                }
                if c > 0 && px.write(c, at: pixel) { wrote = true }
                along += alongStep
                cross += crossStep
                if xMajor { uy += 1 } else { ux += 1 }
                pixel += minorOffset
            }
            if wrote {
                minMinor = min(minMinor, j0)
                maxMinor = max(maxMinor, j1 - 1)
            }
        }
        guard minMinor <= maxMinor else { return }
        markDirty(
            xMajor
                ? PixelRect(x0: m0, y0: minMinor, x1: m1, y1: maxMinor + 1)
                : PixelRect(x0: minMinor, y0: m0, x1: maxMinor + 1, y1: m1))
    }
}
