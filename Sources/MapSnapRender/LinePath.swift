import Foundation
import MapSnapGeometry

/// A polyline prepared for setting symbols along it (image points): its points, simplified,
/// and the distance along it to each. Reset for each line and reused, so placing labels along
/// many lines allocates nothing once its buffers have grown.
struct LinePath {
    private(set) var points: [Point] = []
    /// Distance along the line to each point (0 for the first).
    private(set) var distances: [Double] = []
    /// Douglas–Peucker work: which points stay, and the spans still to look at.
    private var keep: [Bool] = []
    private var spans: [Int] = []

    /// How far (points) the simplified line may stray from the given one. Tile coordinates
    /// come on a grid of an eighth of a point or so: the short zigzags between grid points are
    /// noise that would tilt glyphs and add up to sharp "corners" for text-max-angle.
    static let tolerance = 0.25

    init() {}

    init(_ path: [Point], tolerance: Double = LinePath.tolerance) { reset(path, tolerance: tolerance) }

    /// Total length.
    var length: Double { distances.last ?? 0 }

    /// Takes `path`, simplified within `tolerance` points (repeated points dropped: they have
    /// no direction).
    mutating func reset(_ path: [Point], tolerance: Double = LinePath.tolerance) {
        points.removeAll(keepingCapacity: true)
        distances.removeAll(keepingCapacity: true)
        for p in path {
            if let last = points.last, Self.distance(last, p) <= 1e-6 { continue }
            points.append(p)
        }
        if points.count > 2 && tolerance > 0 { simplify(tolerance) }
        for (i, p) in points.enumerated() {
            distances.append(i == 0 ? 0 : distances[i - 1] + Self.distance(points[i - 1], p))
        }
    }

    /// Douglas–Peucker: drops the points within `tolerance` of the line between the points kept
    /// either side of them.
    private mutating func simplify(_ tolerance: Double) {
        let n = points.count
        keep.removeAll(keepingCapacity: true)
        keep.append(contentsOf: repeatElement(false, count: n))
        keep[0] = true
        keep[n - 1] = true
        spans.removeAll(keepingCapacity: true)
        spans.append(0)
        spans.append(n - 1)
        while let last = spans.popLast(), let first = spans.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first
            var most = tolerance
            for i in (first + 1)..<last {
                let d = Self.distance(points[i], toSegment: points[first], points[last])
                if d > most {
                    most = d
                    farthest = i
                }
            }
            guard farthest != first else { continue }
            keep[farthest] = true
            spans.append(first)
            spans.append(farthest)
            spans.append(farthest)
            spans.append(last)
        }
        var w = 0
        for i in 0..<n where keep[i] {
            points[w] = points[i]
            w += 1
        }
        points.removeLast(n - w)
    }

    /// Distance from `p` to the segment `a`–`b`.
    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        guard len2 > 0 else { return distance(p, a) }
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
        return distance(p, Point(x: a.x + t * dx, y: a.y + t * dy))
    }

    /// The segment at distance `d` (clamped to the line): the index of its end point.
    func segment(at d: Double) -> Int {
        let n = points.count
        guard n > 2 else { return 1 }
        // The first point at or beyond `d`, among 1..<n.
        var lo = 1
        var hi = n - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if distances[mid] < d { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The point at distance `d` along the line and the direction of its segment there
    /// (radians, image axes: y down). Needs at least two points.
    func locate(_ d: Double) -> (point: Point, angle: Double) {
        let i = segment(at: d)
        let a = points[i - 1]
        let b = points[i]
        let span = distances[i] - distances[i - 1]
        let t = span > 0 ? (d - distances[i - 1]) / span : 0
        return (Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), atan2(b.y - a.y, b.x - a.x))
    }

    /// The point at distance `d` along the line.
    func point(at d: Double) -> Point { locate(d).point }

    /// MapLibre's check for line labels (`checkMaxAngle`): false when, between distances
    /// `from` and `to`, the turns at the corners within any stretch of `window` points add up
    /// to more than `maxAngle` (radians).
    func bendWithin(from: Double, to: Double, window: Double, maxAngle: Double) -> Bool {
        let n = points.count
        guard n > 2 else { return true }
        // The first corner after `from`.
        var first = segment(at: from)
        if distances[first] <= from { first += 1 }
        var sum = 0.0
        var oldest = first
        var i = first
        while i < n - 1 && distances[i] < to {
            sum += turn(at: i)
            while oldest < i && distances[i] - distances[oldest] > window {
                sum -= turn(at: oldest)
                oldest += 1
            }
            if sum > maxAngle { return false }
            i += 1
        }
        return true
    }

    /// How far the line turns at corner `i` (0 to π).
    func turn(at i: Int) -> Double {
        let a = points[i - 1]
        let b = points[i]
        let c = points[i + 1]
        var d = abs(atan2(c.y - b.y, c.x - b.x) - atan2(b.y - a.y, b.x - a.x))
        if d > .pi { d = 2 * .pi - d }
        return d
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}

/// Where one glyph cluster of a line label goes: the middle of its advance, at half the text's
/// height, on `center`, turned by `angle` (radians).
struct GlyphPlacement: Equatable {
    var center: Point
    var angle: Double
}
