import MapSnapGeometry

/// Cutting one segment of a border cell to the tile's clip box, in the cell's coordinates.
enum ContourCellClip {
    /// Cuts `a`–`b` to `box`, one side after another; an end moved onto the box gets the box's
    /// exact bound as that coordinate and its crossing index (`ea`, `eb`) becomes −1: the cut
    /// point is a new point, which ends the line. The cut
    /// point is always a + t(b − a) with t measured from `a`, so the two tiles that share an
    /// edge, which trace the same cell, compute the same point bit for bit.
    /// - Returns: false when nothing of the segment (or only a point of it) is inside.
    static func clip(
        _ a: inout Point, _ b: inout Point, _ ea: inout Int32, _ eb: inout Int32, to box: ContourCellBox
    ) -> Bool {
        // u ≥ uLow, u ≤ uHigh, v ≥ vLow, v ≤ vHigh, as (bound, is-u, keep-above).
        if !cut(&a, &b, &ea, &eb, bound: box.uLow, alongU: true, keepAbove: true) { return false }
        if !cut(&a, &b, &ea, &eb, bound: box.uHigh, alongU: true, keepAbove: false) { return false }
        if !cut(&a, &b, &ea, &eb, bound: box.vLow, alongU: false, keepAbove: true) { return false }
        if !cut(&a, &b, &ea, &eb, bound: box.vHigh, alongU: false, keepAbove: false) { return false }
        return a != b || (ea >= 0 && eb >= 0)
    }

    /// One half-plane: keeps the part with coordinate ≥ bound (`keepAbove`) or ≤ bound.
    private static func cut(
        _ a: inout Point, _ b: inout Point, _ ea: inout Int32, _ eb: inout Int32,
        bound: Double, alongU: Bool, keepAbove: Bool
    ) -> Bool {
        guard bound.isFinite else { return true }
        let ca = alongU ? a.x : a.y
        let cb = alongU ? b.x : b.y
        let aOut = keepAbove ? ca < bound : ca > bound
        let bOut = keepAbove ? cb < bound : cb > bound
        if aOut && bOut { return false }
        if !aOut && !bOut { return true }
        let t = (bound - ca) / (cb - ca)
        let other = alongU ? a.y + t * (b.y - a.y) : a.x + t * (b.x - a.x)
        let cutPoint = alongU ? Point(x: bound, y: other) : Point(x: other, y: bound)
        if aOut {
            a = cutPoint
            ea = -1
        } else {
            b = cutPoint
            eb = -1
        }
        return true
    }
}
