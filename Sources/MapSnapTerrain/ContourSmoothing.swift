import MapSnapGeometry

/// Light smoothing of traced contours: Chaikin's corner cutting, which replaces each segment
/// P–Q of a line by the points ¾P + ¼Q and ¼P + ¾Q, so every pass doubles the points and
/// rounds the corners marching squares leaves at each cell (the curve stays inside the line's
/// hull, so within the clip box).
///
/// Vertices on the clip box's boundary stay fixed: a line's ends on the tile edge, where the
/// neighbour tile's line ends at the same point (traced from the same border cells). At a fixed
/// vertex the first new point lies on the original end segment, so the line also leaves the edge
/// in the same direction as before, and the neighbour's line continues it. Open lines keep their
/// ends; rings not touching the boundary are cut all round.
enum ContourSmoothing {
    /// `points` after `passes` Chaikin passes, vertices whose x or y equals `low` or `high`
    /// (the clip box, tile units) kept. `closed`: a ring, its last point equal to its first.
    static func chaikin(_ points: [Point], closed: Bool, passes: Int, low: Double, high: Double) -> [Point] {
        guard passes > 0, points.count > 2 else { return points }
        var line = points
        for _ in 0..<passes {
            line = closed ? ring(line, low: low, high: high) : open(line, low: low, high: high)
        }
        return line
    }

    /// One pass over an open line: pieces between fixed vertices (its ends included).
    private static func open(_ line: [Point], low: Double, high: Double) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(2 * line.count)
        out.append(line[0])
        var pieceStart = 0
        for i in 1..<line.count where i == line.count - 1 || isFixed(line[i], low: low, high: high) {
            cut(line, from: pieceStart, to: i, into: &out)
            pieceStart = i
        }
        return out
    }

    /// One pass over a ring: all round, or from a fixed vertex back to it when it has one.
    private static func ring(_ line: [Point], low: Double, high: Double) -> [Point] {
        let count = line.count - 1  // distinct vertices
        if let fixed = line[0..<count].firstIndex(where: { isFixed($0, low: low, high: high) }) {
            let rotated = Array(line[fixed..<count] + line[0...fixed])
            return open(rotated, low: low, high: high)
        }
        var out: [Point] = []
        out.reserveCapacity(2 * count + 1)
        for i in 0..<count {
            let p = line[i]
            let q = line[i + 1]
            out.append(mix(p, q, 0.25))
            out.append(mix(p, q, 0.75))
        }
        out.append(out[0])
        return out
    }

    /// Appends the cut corners of `line[from…to]` after `line[from]` (already in `out`),
    /// ending with `line[to]`: the first segment keeps only its ¾ point, the last its ¼ point.
    private static func cut(_ line: [Point], from: Int, to: Int, into out: inout [Point]) {
        if to - from >= 2 {
            for i in from..<to {
                let p = line[i]
                let q = line[i + 1]
                if i > from { out.append(mix(p, q, 0.25)) }
                if i < to - 1 { out.append(mix(p, q, 0.75)) }
            }
        }
        out.append(line[to])
    }

    /// The point a fraction `t` of the way from `p` to `q`.
    @inline(__always)
    private static func mix(_ p: Point, _ q: Point, _ t: Double) -> Point {
        Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
    }

    @inline(__always)
    private static func isFixed(_ p: Point, low: Double, high: Double) -> Bool {
        p.x == low || p.x == high || p.y == low || p.y == high
    }
}
