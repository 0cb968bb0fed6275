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
        // v > L ⇔ cos²(θ/2) = (1 + cos θ) / 2 < 1 / L².
        let bound = 1 / (max(2, limit) * max(2, limit))
        var start = 0
        var previous: (x: Double, y: Double)?
        var last = 0
        for i in 1..<n {
            let dx = pts[i].x - pts[last].x
            let dy = pts[i].y - pts[last].y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 0 else { continue }
            let u = (x: dx / len, y: dy / len)
            if let p = previous, (1 + p.x * u.x + p.y * u.y) / 2 < bound {
                body(UnsafeBufferPointer(rebasing: pts[start...last]), start > 0, true)
                start = last
            }
            previous = u
            last = i
        }
        body(UnsafeBufferPointer(rebasing: pts[start..<n]), start > 0, false)
    }
}
