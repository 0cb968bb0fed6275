import MapSnapGeometry

extension CoverageMask {
    /// `segment` for thin strokes (edge ≤ `thinEdge` pixels): the same coverage for every pixel,
    /// reached by stepping along the segment's major axis and visiting only the few pixels across
    /// it at each step, where the row-by-row scan pays a fixed cost for every row a thin,
    /// steep segment crosses.
    static let thinEdge = 2.5

    func thinSegment(_ px: SegmentPixels, _ bounds: PixelRect) {
        let s = px.s
        let (a, b, dx, dy, len, invLen) = (s.a, s.b, s.dx, s.dy, s.len, s.invLen)
        let e = px.e
        let xMajor = abs(dx) >= abs(dy)
        // Across the major axis, pixels within `e` of the infinite line lie within `reach` of it.
        let reach = e * len / (xMajor ? abs(dx) : abs(dy))
        let slope = xMajor ? dy / dx : dx / dy
        var touched = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

        let (data, stride) = (self.data, self.stride)
        let union = px.union
        // No soft ends, no smoothstep, a union: beside the segment coverage is the ramp alone.
        let plainUnion = union && px.soft == 0 && !px.smooth
        let invRamp = px.invRamp
        @inline(__always) func visit(_ x: Int, _ y: Int) -> Bool {
            let p = data + y * stride + x
            // A pixel already full gains nothing from a union (joins, dense scribbles).
            if union && p.pointee == 255 { return false }
            let ux = Double(x) + 0.5 - a.x
            let uy = Double(y) + 0.5 - a.y
            let cross = (ux * dy - uy * dx) * invLen
            // At `e` or more from the line a pixel is at least as far from the segment (and its
            // ends' discs, cuts and fades only lower coverage): nothing, whatever its `along`.
            if abs(cross) >= e { return false }
            let along = (ux * dx + uy * dy) * invLen
            if plainUnion && along >= 0 && along <= len {
                // Beside the segment, away from its ends: `coverage`'s arithmetic for that case.
                return px.write(min((e - abs(cross)) * invRamp, 1), at: p)
            }
            let c = px.coverage(ux: ux, uy: uy, along: along, cross: cross)
            return c > 0 && px.write(c, at: p)
        }

        // Step along the major axis; across it, visit the pixels within `reach` of the line.
        let (majorA, minorA) = xMajor ? (a.x, a.y) : (a.y, a.x)
        let (majorB, _) = xMajor ? (b.x, b.y) : (b.y, b.x)
        let (majorLo, majorHi) = xMajor ? (bounds.x0, bounds.x1) : (bounds.y0, bounds.y1)
        let (minorLo, minorHi) = xMajor ? (bounds.y0, bounds.y1) : (bounds.x0, bounds.x1)
        let m0 = max(majorLo, floorInt(min(majorA, majorB) - e - 0.5))
        let m1 = min(majorHi, ceilInt(max(majorA, majorB) + e - 0.5) + 1)
        guard m0 < m1 else { return }
        var minMinor = Int.max
        var maxMinor = Int.min
        for i in m0..<m1 {
            let centre = minorA + (Double(i) + 0.5 - majorA) * slope
            // A pixel whose centre is `reach` or more from `centre` along the minor axis is `e`
            // or more from the line: the pixels strictly within, j + 0.5 in (centre ± reach).
            let j0 = max(minorLo, floorInt(centre - reach - 0.5) + 1)
            let j1 = min(minorHi, ceilInt(centre + reach - 0.5))
            guard j0 < j1 else { continue }
            var wrote = false
            if xMajor {
                for j in j0..<j1 where visit(i, j) { wrote = true }
            } else {
                for j in j0..<j1 where visit(j, i) { wrote = true }
            }
            // The step's whole range counts as touched (at most a pixel or two more than was
            // written, where coverage stays 0: what is composited and cleared is the same).
            if wrote {
                minMinor = min(minMinor, j0)
                maxMinor = max(maxMinor, j1 - 1)
            }
        }
        if minMinor <= maxMinor {
            touched =
                xMajor
                ? PixelRect(x0: m0, y0: minMinor, x1: m1, y1: maxMinor + 1)
                : PixelRect(x0: minMinor, y0: m0, x1: maxMinor + 1, y1: m1)
        }
        if !touched.isEmpty { markDirty(touched) }
    }
}
