import MapSnapGeometry

/// Cuts polylines into the dashes of a dash pattern, so that each dash can be stroked on its own
/// (its ends capped) by the coverage rasterizer.
package enum DashPieces {
    /// Calls `body` with each dash of the polyline `pts` (device pixels), the pattern starting
    /// afresh at `pts[0]`: `pattern` alternates dash and gap lengths in device pixels (an even
    /// count; a zero-length gap joins two dashes). A zero-length dash is passed, when
    /// `keepDots`, as a piece of two points a millionth of a pixel apart along the line (a dot
    /// under round caps); otherwise it is skipped. Does nothing for a pattern without a
    /// positive length.
    ///
    /// With `measures` (one per point, not decreasing), the pattern runs by them rather than by
    /// the points' own distances: each segment spans its two measures, evenly. MapLibre lays
    /// dashes out by the distance along the original line at each vertex, so an offset line
    /// (`line-offset`) is dashed by its original's measures.
    package static func forEach(
        _ pts: UnsafeBufferPointer<Point>, pattern: [Double], keepDots: Bool,
        measures: UnsafeBufferPointer<Double>? = nil, _ body: (UnsafeBufferPointer<Point>) -> Void
    ) {
        let period = pattern.reduce(0, +)
        guard pts.count >= 2, pattern.count >= 2, pattern.count % 2 == 0, period > 0, period.isFinite else { return }
        var piece: [Point] = []
        var index = 0
        // Length left in the current dash or gap.
        var left = pattern[0]
        var on = true
        func emit() {
            if let first = piece.first, piece.contains(where: { $0 != first }) { piece.withUnsafeBufferPointer(body) }
            piece.removeAll(keepingCapacity: true)
        }
        /// Moves to the next entry of the pattern at `p` (device pixels), `u` the direction there.
        func advance(at p: Point, _ ux: Double, _ uy: Double) {
            let next = (index + 1) % pattern.count
            if on && pattern[next] == 0 {
                // A zero-length gap: the dash runs on into the next one.
                index = (next + 1) % pattern.count
                left = pattern[index]
                return
            }
            if on {
                if piece.last != p { piece.append(p) }
                emit()
            }
            index = next
            left = pattern[index]
            on = index % 2 == 0
            if on {
                piece.append(p)
                if left == 0 && keepDots { piece.append(Point(x: p.x + ux * 1e-6, y: p.y + uy * 1e-6)) }
            }
        }
        piece.append(pts[0])
        for i in 1..<pts.count {
            let a = pts[i - 1]
            let b = pts[i]
            let dx = b.x - a.x
            let dy = b.y - a.y
            let geometric = (dx * dx + dy * dy).squareRoot()
            guard geometric > 0 else { continue }
            let (ux, uy) = (dx / geometric, dy / geometric)
            // The segment's length in the pattern, and pixels per unit of it.
            let len = measures.map { max($0[i] - $0[i - 1], 0) } ?? geometric
            let step = len > 0 ? geometric / len : 0
            if left == 0 && on && piece.count == 1 && keepDots {
                piece.append(Point(x: a.x + ux * 1e-6, y: a.y + uy * 1e-6))
            }
            var done = 0.0
            while len - done > left {
                done += left
                advance(at: Point(x: a.x + ux * done * step, y: a.y + uy * done * step), ux, uy)
            }
            left -= len - done
            if on { piece.append(b) }
        }
        if on { emit() }
    }
}
