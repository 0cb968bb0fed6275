import MapSnapGeometry

extension CoverageMask {
    /// `segment` for thin strokes (edge ≤ `thinEdge` pixels): the same coverage for every pixel,
    /// reached by stepping along the segment's major axis and visiting only the few pixels across
    /// it at each step, where the row-by-row scan pays a fixed cost for every row a thin,
    /// steep segment crosses.
    static let thinEdge = 2.5

    func thinSegment(
        _ a: Point, _ b: Point, flatStart: Bool, flatEnd: Bool, endJoined: Bool,
        previous: (ux: Double, uy: Double, len: Double)?, _ stroke: Stroke, _ mode: Mode, _ bounds: PixelRect
    ) {
        let e = stroke.edge
        let e2 = e * e
        let invRamp = 1 / stroke.ramp
        let dx = b.x - a.x
        let dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        guard len2 > 0 else { return }
        let len = len2.squareRoot()
        let invLen = 1 / len
        let union = mode == .union
        let smooth = stroke.smooth
        let xMajor = abs(dx) >= abs(dy)
        // Across the major axis, pixels within `e` of the infinite line lie within `reach` of it.
        let reach = e * len / (xMajor ? abs(dx) : abs(dy))
        let slope = xMajor ? dy / dx : dx / dy
        var touched = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

        @inline(__always) func visit(_ x: Int, _ y: Int) -> Bool {
            let ux = Double(x) + 0.5 - a.x
            let uy = Double(y) + 0.5 - a.y
            let along = (ux * dx + uy * dy) * invLen
            var d = abs(ux * dy - uy * dx) * invLen
            var endFactor = 1.0
            if along < 0 {
                if flatStart {
                    endFactor = min(max(0.5 + along, 0), 1)
                } else {
                    if let p = previous {
                        let back = -(ux * p.ux + uy * p.uy)
                        if back >= 0 && back <= p.len { return false }
                    }
                    let d2 = ux * ux + uy * uy
                    if d2 >= e2 { return false }
                    d = d2.squareRoot()
                }
            } else if along > len {
                if endJoined { return false }
                if flatEnd {
                    endFactor = min(max(0.5 - (along - len), 0), 1)
                } else {
                    let vx = ux - dx
                    let vy = uy - dy
                    let d2 = vx * vx + vy * vy
                    if d2 >= e2 { return false }
                    d = d2.squareRoot()
                }
            }
            var c = min((e - d) * invRamp, 1)
            if smooth && c > 0 { c = c * c * (3 - 2 * c) }
            c *= endFactor
            guard c > 0 else { return false }
            let v: UInt8 = c >= 1 ? 255 : UInt8(c * 255 + 0.5)
            let p = data + y * stride + x
            if union {
                if v > p.pointee { p.pointee = v }
                return true
            }
            let keep = 255 - v
            if keep < p.pointee { p.pointee = keep }
            return false
        }

        if xMajor {
            let x0 = max(bounds.x0, floorInt(min(a.x, b.x) - e - 0.5))
            let x1 = min(bounds.x1, ceilInt(max(a.x, b.x) + e - 0.5) + 1)
            guard x0 < x1 else { return }
            var minY = Int.max
            var maxY = Int.min
            for x in x0..<x1 {
                let yc = a.y + (Double(x) + 0.5 - a.x) * slope
                let r0 = max(bounds.y0, floorInt(yc - reach - 0.5))
                let r1 = min(bounds.y1, ceilInt(yc + reach - 0.5) + 1)
                guard r0 < r1 else { continue }
                for y in r0..<r1 where visit(x, y) {
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
            if minY <= maxY { touched = PixelRect(x0: x0, y0: minY, x1: x1, y1: maxY + 1) }
        } else {
            let y0 = max(bounds.y0, floorInt(min(a.y, b.y) - e - 0.5))
            let y1 = min(bounds.y1, ceilInt(max(a.y, b.y) + e - 0.5) + 1)
            guard y0 < y1 else { return }
            var minX = Int.max
            var maxX = Int.min
            for y in y0..<y1 {
                let xc = a.x + (Double(y) + 0.5 - a.y) * slope
                let c0 = max(bounds.x0, floorInt(xc - reach - 0.5))
                let c1 = min(bounds.x1, ceilInt(xc + reach - 0.5) + 1)
                guard c0 < c1 else { continue }
                for x in c0..<c1 where visit(x, y) {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                }
            }
            if minX <= maxX { touched = PixelRect(x0: minX, y0: y0, x1: maxX + 1, y1: y1) }
        }
        if !touched.isEmpty { markDirty(touched) }
    }
}
