/// Cutting polylines to a rectangle, as tilers cut lines into tiles (geojson-vt's `clip`): each
/// stretch of the line inside becomes a polyline of its own, starting where the line enters.
public enum PolylineClipping {
    /// The parts of `line` inside `rect` (closed: points on its edges count as inside), in
    /// order along the line; a segment crossing an edge is cut there (Liang–Barsky). Parts of a
    /// single point are dropped.
    public static func clip(_ line: [Point], to rect: Rect) -> [[Point]] {
        var parts: [[Point]] = []
        var current: [Point] = []
        for i in 1..<max(line.count, 1) {
            guard let (a, b) = clipSegment(line[i - 1], line[i], rect) else {
                if current.count > 1 { parts.append(current) }
                current = []
                continue
            }
            if let last = current.last, last == a {
                current.append(b)
            } else {
                if current.count > 1 { parts.append(current) }
                current = [a, b]
            }
            // Left the rectangle: the next part starts afresh.
            if b != line[i] {
                parts.append(current)
                current = []
            }
        }
        if current.count > 1 { parts.append(current) }
        return parts
    }

    /// The part of the segment `p`–`q` inside `r`, or nil when none is.
    static func clipSegment(_ p: Point, _ q: Point, _ r: Rect) -> (Point, Point)? {
        let dx = q.x - p.x
        let dy = q.y - p.y
        var t0 = 0.0
        var t1 = 1.0
        // Each edge as (denominator, numerator): the segment is inside where den·t ≤ num.
        let edges = [(-dx, p.x - r.minX), (dx, r.maxX - p.x), (-dy, p.y - r.minY), (dy, r.maxY - p.y)]
        for (den, num) in edges {
            if den == 0 {
                if num < 0 { return nil }
                continue
            }
            let t = num / den
            if den < 0 {
                t0 = max(t0, t)
            } else {
                t1 = min(t1, t)
            }
            if t0 > t1 { return nil }
        }
        let a = t0 == 0 ? p : Point(x: p.x + t0 * dx, y: p.y + t0 * dy)
        let b = t1 == 1 ? q : Point(x: p.x + t1 * dx, y: p.y + t1 * dy)
        return (a, b)
    }
}
