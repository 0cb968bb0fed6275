import MapSnapGeometry

extension CoverageMask {
    /// A segment as a one-pixel GL line draws it (what MapLibre's fill outlines are: `gl.LINES`,
    /// https://registry.khronos.org/OpenGL/specs/es/3.0/es_spec_3.0.pdf §3.5.2): one pixel per
    /// step along the major axis — the one holding the line at that pixel centre's major
    /// coordinate, for centres from the segment's start up to (not including) its end, so a
    /// ring's segments do not meet twice — with the coverage of `stroke` at the pixel centre's
    /// distance `d` from the line (MapLibre's outline shader: `1 − smoothstep(0, 1, d)`).
    func hairline(_ s: SegmentFrame, _ stroke: Stroke, _ mode: Mode, _ bounds: PixelRect) {
        let pixels = SegmentPixels(
            s, flatStart: false, flatEnd: false, endJoined: false, previous: nil, stroke, mode)
        let xMajor = abs(s.dx) >= abs(s.dy)
        let (majorA, minorA, dMajor, dMinor) = xMajor ? (s.a.x, s.a.y, s.dx, s.dy) : (s.a.y, s.a.x, s.dy, s.dx)
        let slope = dMinor / dMajor
        let (majorLo, majorHi) = xMajor ? (bounds.x0, bounds.x1) : (bounds.y0, bounds.y1)
        let (minorLo, minorHi) = xMajor ? (bounds.y0, bounds.y1) : (bounds.x0, bounds.x1)
        // Pixel centres i + ½ in [start, end) along the major axis, whichever way it runs.
        let first: Int
        let last: Int
        if dMajor > 0 {
            first = ceilInt(majorA - 0.5)
            last = ceilInt(majorA + dMajor - 0.5) - 1
        } else {
            first = floorInt(majorA + dMajor - 0.5) + 1
            last = floorInt(majorA - 0.5)
        }
        let m0 = max(majorLo, first)
        let m1 = min(majorHi - 1, last)
        guard m0 <= m1 else { return }
        var touched = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        for i in m0...m1 {
            let centre = minorA + (Double(i) + 0.5 - majorA) * slope
            let j = floorInt(centre)
            guard j >= minorLo, j < minorHi else { continue }
            let (x, y) = xMajor ? (i, j) : (j, i)
            let ux = Double(x) + 0.5 - s.a.x
            let uy = Double(y) + 0.5 - s.a.y
            let c = pixels.coverage(ux: ux, uy: uy, along: 0, cross: (ux * s.dy - uy * s.dx) * s.invLen)
            guard c > 0, pixels.write(c, at: data + y * stride + x) else { continue }
            touched = touched.union(PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1))
        }
        if !touched.isEmpty { markDirty(touched) }
    }
}
