import Foundation
import MapSnapGeometry

/// A polyline prepared for setting symbols along it (image points): its points without
/// repeats and the distance along it to each. Reset for each line and reused, so placing
/// labels along many lines allocates nothing once its buffers have grown.
struct LinePath {
    private(set) var points: [Point] = []
    /// Distance along the line to each point (0 for the first).
    private(set) var distances: [Double] = []

    init() {}

    init(_ path: [Point]) { reset(path) }

    /// Total length.
    var length: Double { distances.last ?? 0 }

    /// Takes `path` (points closer than a millionth of a point to the previous one dropped:
    /// they have no direction).
    mutating func reset(_ path: [Point]) {
        points.removeAll(keepingCapacity: true)
        distances.removeAll(keepingCapacity: true)
        for p in path {
            guard let last = points.last, let d = distances.last else {
                points.append(p)
                distances.append(0)
                continue
            }
            let step = Self.distance(last, p)
            guard step > 1e-6 else { continue }
            points.append(p)
            distances.append(d + step)
        }
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
