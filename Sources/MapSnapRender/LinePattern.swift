import Foundation
import MapSnapGeometry

/// A sprite image repeated along a line (`line-pattern`), as MapLibre GL JS's line pattern
/// shader lays it (src/shaders/line_pattern.fragment.glsl): the image's height is stretched over
/// the line's whole width, its top row on the line's right-hand side (the side of the normal
/// (−dy, dx), y growing downwards), and its width repeats along the line from the start of each
/// line of a tile, every `period` points.
struct LinePattern: Equatable {
    /// The image's name in the sprites (with `image`, what makes two patterns the same).
    let name: String
    let image: SpriteAtlas.Image
    /// One repeat along the line, points: the image's width at the aspect a line `unit` points
    /// wide gives it, `unit` being `LayerPaint.dashUnit` (MapLibre's `floorwidth`, the line width
    /// of the integer zoom below the camera's, magnified with the map up to the next one).
    let period: Double

    /// The pattern of `image` on a line whose `LayerPaint.dashUnit` is `unit` points; nil when
    /// that gives no visible repeat.
    init?(name: String, image: SpriteAtlas.Image, unit: Double) {
        let (w, h) = image.pointSize
        let period = w * unit / max(h, 1e-9)
        guard period.isFinite, period > 1e-6 else { return nil }
        self.name = name
        self.image = image
        self.period = period
    }

    static func == (a: LinePattern, b: LinePattern) -> Bool { a.name == b.name && a.period == b.period }

    /// One segment of a patterned polyline and where the image lies on it.
    struct Segment: Equatable {
        /// The segment's start (points) and unit direction.
        let start: Point
        let direction: Point
        /// How far along the polyline the segment starts, points.
        let distance: Double
        /// The part of the plane this segment's pattern covers: a quadrilateral bounded by the
        /// bisectors of the joins at both ends (or, at a line's ends, by lines across it beyond
        /// the caps), so that neighbouring segments meet without overlap.
        let region: [Point]
        /// The vertices to stroke inside `region`: the segment and its neighbours, so that
        /// the joins at both ends take their shape.
        let neighbourhood: [Point]
    }

    /// The segments of `points` (a polyline, closed when `closed`) for a line `width` points wide
    /// whose joins reach at most `reach` points from a vertex; zero-length segments are skipped.
    static func segments(of points: [Point], closed: Bool, width: Double, reach: Double) -> [Segment] {
        var pts: [Point] = []
        pts.reserveCapacity(points.count)
        for p in points where pts.last.map({ hypot(p.x - $0.x, p.y - $0.y) > 1e-9 }) ?? true { pts.append(p) }
        if closed, pts.count > 2, let first = pts.first, let last = pts.last,
            hypot(first.x - last.x, first.y - last.y) <= 1e-9
        {
            pts.removeLast()
        }
        let n = pts.count
        let count = closed && n > 2 ? n : n - 1
        guard count >= 1 else { return [] }
        let dirs = (0..<count).map { i in unit(pts[i], pts[(i + 1) % n]) }
        let isClosed = count == n
        var result: [Segment] = []
        result.reserveCapacity(count)
        var distance = 0.0
        for i in 0..<count {
            let a = pts[i]
            let b = pts[(i + 1) % n]
            let u = dirs[i]
            let atStart = boundary(at: a, before: i > 0 || isClosed ? dirs[(i + count - 1) % count] : nil, after: u)
            let atEnd = boundary(at: b, before: u, after: i + 1 < count || isClosed ? dirs[(i + 1) % count] : nil)
            let startOffset = atStart.isEnd ? -(width / 2 + reach) : 0
            let endOffset = atEnd.isEnd ? width / 2 + reach : 0
            let s = Point(x: a.x + u.x * startOffset, y: a.y + u.y * startOffset)
            let e = Point(x: b.x + u.x * endOffset, y: b.y + u.y * endOffset)
            let ls = reach / max(atStart.cosine, 0.2)
            let le = reach / max(atEnd.cosine, 0.2)
            let region = [
                Point(x: s.x + atStart.line.x * ls, y: s.y + atStart.line.y * ls),
                Point(x: s.x - atStart.line.x * ls, y: s.y - atStart.line.y * ls),
                Point(x: e.x - atEnd.line.x * le, y: e.y - atEnd.line.y * le),
                Point(x: e.x + atEnd.line.x * le, y: e.y + atEnd.line.y * le),
            ]
            let around = (i - 1)...(i + 2)
            let neighbourhood = around.compactMap { k -> Point? in
                if isClosed { return pts[((k % n) + n) % n] }
                return k >= 0 && k < n ? pts[k] : nil
            }
            result.append(
                Segment(start: a, direction: u, distance: distance, region: region, neighbourhood: neighbourhood))
            distance += hypot(b.x - a.x, b.y - a.y)
        }
        return result
    }

    /// The unit vector from `a` to `b` (which differ).
    private static func unit(_ a: Point, _ b: Point) -> Point {
        let l = hypot(b.x - a.x, b.y - a.y)
        return Point(x: (b.x - a.x) / l, y: (b.y - a.y) / l)
    }

    /// The line through a vertex that separates the segment `before` it from the one `after`:
    /// the bisector of the join (along the sum of both normals), or across the line at an end.
    /// `cosine` is the cosine of half the turn (how far the join reaches along the bisector).
    private static func boundary(at p: Point, before: Point?, after: Point?) -> (
        line: Point, cosine: Double, isEnd: Bool
    ) {
        func normal(_ u: Point) -> Point { Point(x: -u.y, y: u.x) }
        guard let before, let after else {
            let u = before ?? after ?? Point(x: 1, y: 0)
            return (normal(u), 1, true)
        }
        let a = normal(before)
        let b = normal(after)
        var s = Point(x: a.x + b.x, y: a.y + b.y)
        let l = hypot(s.x, s.y)
        // A line that turns back on itself: the bisector is the line's own direction.
        guard l > 1e-6 else { return (before, 0.2, false) }
        s = Point(x: s.x / l, y: s.y / l)
        return (s, s.x * a.x + s.y * a.y, false)
    }

    /// The affine map from user space (points) to the image's pixels on `segment` of a line
    /// `width` points wide, as cairo's pattern matrix wants it: x along the line (from the
    /// line's start, `period` points a repeat), y across (the image's height over the width).
    func imageMatrix(on segment: Segment, width: Double) -> (
        xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double
    ) {
        let sx = Double(image.width) / period
        let sy = Double(image.height) / max(width, 1e-9)
        let u = segment.direction
        let p = segment.start
        return (
            xx: sx * u.x, yx: sy * u.y, xy: sx * u.y, yy: -sy * u.x,
            x0: sx * (segment.distance - u.x * p.x - u.y * p.y),
            y0: sy * (width / 2 - u.y * p.x + u.x * p.y)
        )
    }
}
