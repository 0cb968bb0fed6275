/// Douglas–Peucker simplification of a polyline (https://doi.org/10.3138/FM57-6770-U75U-7727):
/// the points within `tolerance` of the chord between the points kept are dropped; the first
/// and last points always stay. Units are the points' own. Iterative (no recursion), O(n log n)
/// on typical lines.
public enum PolylineSimplification {
    public static func douglasPeucker(_ points: [Point], tolerance: Double) -> [Point] {
        guard points.count > 2, tolerance > 0 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var spans = [(0, points.count - 1)]
        let limit = tolerance * tolerance
        while let (first, last) = spans.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first]
            let b = points[last]
            let dx = b.x - a.x
            let dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            var worst = -1.0
            var index = first
            for i in (first + 1)..<last {
                let p = points[i]
                var d2: Double
                if length2 == 0 {
                    d2 = (p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)
                } else {
                    let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
                    let qx = a.x + t * dx - p.x
                    let qy = a.y + t * dy - p.y
                    d2 = qx * qx + qy * qy
                }
                if d2 > worst {
                    worst = d2
                    index = i
                }
            }
            if worst > limit {
                keep[index] = true
                spans.append((first, index))
                spans.append((index, last))
            }
        }
        return zip(points, keep).compactMap { $1 ? $0 : nil }
    }
}

extension PolylineSimplification {
    /// Calls `emit` with the vertices of `points[range]` (then `closing`, when given, as one
    /// more vertex) that a stroke or fill needs, in one pass: a vertex closer than `minStep` to
    /// the last one kept is dropped, and so is a vertex whose neighbours since the last one
    /// kept all lie within `tolerance` of the chord from it to the next vertex (a greedy
    /// Reumann–Witkam-like pass checking every skipped vertex against the chord, at most
    /// `maxRun` in a row). The first and last vertices always stay. Units are the points' own.
    ///
    /// Map geometry is dense where it curves or where tile coordinates zigzag by their
    /// quantum; such vertices make short segments whose joins a rasterizer pays for pixel by
    /// pixel, while moving the line by a tenth of a pixel changes no visible coverage.
    @inlinable
    public static func forEachKept(
        _ points: UnsafeBufferPointer<Point>, _ range: Range<Int>, closing: Point?, minStep: Double,
        tolerance: Double, maxRun: Int = 32, _ emit: (Point) -> Void
    ) {
        guard !range.isEmpty else { return }
        let first = points[range.lowerBound]
        emit(first)
        let lastIndex = closing == nil ? range.upperBound - 1 : range.upperBound
        guard lastIndex > range.lowerBound else { return }
        @inline(__always) func at(_ k: Int) -> Point { k < range.upperBound ? points[k] : (closing ?? first) }
        let minSq = minStep * minStep
        let tolSq = tolerance * tolerance
        var anchor = first
        // The vertices skipped since `anchor` that are candidates for the chord: from..<to.
        var from = range.lowerBound + 1
        var to = from
        for i in (range.lowerBound + 1)...lastIndex {
            let q = at(i)
            if i == lastIndex {
                if to > from && !chordHolds(from..<to, at, anchor, q, tolSq) { emit(at(to - 1)) }
                emit(q)
                return
            }
            let dx = q.x - anchor.x
            let dy = q.y - anchor.y
            if dx * dx + dy * dy < minSq { continue }
            if to == from || (to - from < maxRun && chordHolds(from..<to, at, anchor, q, tolSq)) {
                if to == from { from = i }
                to = i + 1
            } else {
                anchor = at(to - 1)
                emit(anchor)
                let ex = q.x - anchor.x
                let ey = q.y - anchor.y
                (from, to) = ex * ex + ey * ey < minSq ? (i + 1, i + 1) : (i, i + 1)
            }
        }
    }

    /// Whether every vertex `at(k)`, `k` in `run`, lies within √`tolSq` of the segment `a`–`b`.
    @inlinable
    static func chordHolds(
        _ run: Range<Int>, _ at: (Int) -> Point, _ a: Point, _ b: Point, _ tolSq: Double
    ) -> Bool {
        guard tolSq > 0 else { return false }
        let dx = b.x - a.x
        let dy = b.y - a.y
        let l2 = dx * dx + dy * dy
        let inv = l2 > 0 ? 1 / l2 : 0
        for k in run {
            let p = at(k)
            let px = p.x - a.x
            let py = p.y - a.y
            let t = min(max((px * dx + py * dy) * inv, 0), 1)
            let ex = px - t * dx
            let ey = py - t * dy
            if ex * ex + ey * ey > tolSq { return false }
        }
        return true
    }
}
