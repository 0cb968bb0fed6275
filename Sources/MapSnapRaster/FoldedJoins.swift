import MapSnapGeometry

/// Where a line's join geometry folds over itself, as MapLibre builds it
/// (https://github.com/maplibre/maplibre-gl-js/blob/main/src/data/bucket/line_bucket.ts): at a
/// join sharper than `v = 1 / cos(θ / 2) > 2` (a turn θ beyond 120°) that is not mitered (a
/// miter join within its limit), MapLibre's "flip bevel" and round joins leave the two segments'
/// quads overlapping, so a translucent line blends twice there — where a union of the strokes
/// blends once.
package enum FoldedJoins {
    /// Calls `body` with the runs of `pts` (device pixels) between the joins where the line
    /// folds — turns whose `v` exceeds `max(2, unfoldedUpTo)` — each with whether it starts and
    /// ends at such a join. A line without such joins is one run.
    package static func forEachRun(
        _ pts: UnsafeBufferPointer<Point>, unfoldedUpTo limit: Double,
        _ body: (UnsafeBufferPointer<Point>, _ startsAtFold: Bool, _ endsAtFold: Bool) -> Void
    ) {
        let n = pts.count
        guard n >= 3 else { return body(pts, false, false) }
        // v > L ⇔ cos²(θ/2) = (1 + cos θ) / 2 < 1 / L² ⇔ cos θ < −k with k = 1 − 2 / L² (> 0):
        // with d1 · d2 = |d1| |d2| cos θ, d1 · d2 < 0 and (d1 · d2)² > k² |d1|² |d2|² (no roots).
        let l = max(2, limit)
        let k = 1 - 2 / (l * l)
        let k2 = k * k
        var start = 0
        var previous: (x: Double, y: Double, n2: Double)?
        var last = 0
        for i in 1..<n {
            let dx = pts[i].x - pts[last].x
            let dy = pts[i].y - pts[last].y
            let n2 = dx * dx + dy * dy
            guard n2 > 0 else { continue }
            let dot = previous.map { $0.x * dx + $0.y * dy } ?? 0
            if let p = previous, dot < 0, dot * dot > k2 * p.n2 * n2 {
                body(UnsafeBufferPointer(rebasing: pts[start...last]), start > 0, true)
                start = last
            }
            previous = (dx, dy, n2)
            last = i
        }
        body(UnsafeBufferPointer(rebasing: pts[start..<n]), start > 0, false)
    }
}
