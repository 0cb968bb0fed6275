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
