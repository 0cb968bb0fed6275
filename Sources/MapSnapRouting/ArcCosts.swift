import MapSnapGeometry
import MapSnapTerrain

/// What the search minimises on each arc for one profile, and the time it reports.
///
/// `time[a]` is the seconds to travel arc `a` (infinite: it may not be used); `weight[a]` is
/// `time[a]` times the way's priority, or the length in metres for the shortest route.
/// `metresPerWeight` bounds length / weight over every usable arc: the A* potential divides
/// straight-line distance by it, which never overestimates.
public struct ArcCosts: Sendable {
    /// What is minimised.
    public enum Metric: String, Sendable, CaseIterable {
        /// Travel time weighted by the profile's priorities (the default).
        case fastest
        /// Length in metres (GraphHopper's `shortest`), among the arcs the profile may use.
        case shortest
    }

    public let profile: RoutingProfile
    public let metric: Metric
    public let model: HikingTimeModel
    /// Seconds per arc (`.infinity`: not usable).
    public let time: [Float]
    /// Weight per arc (`.infinity`: not usable).
    public let weight: [Float]
    /// An upper bound of length / weight over usable arcs (metres per weight unit).
    public let metresPerWeight: Double

    /// The costs of `profile` on `graph`: flat speeds, or slope-aware times when the graph
    /// has elevations (walking by `model`, cycling slowed uphill). Arcs of edges harder than
    /// `maxSAC` are not usable.
    public init(
        graph: RoadGraph, profile: RoutingProfile, metric: Metric = .fastest, model: HikingTimeModel = .tobler,
        maxSAC: SACScale
    ) {
        self.profile = profile
        self.metric = metric
        self.model = model
        let speed = graph.arcSpeed[profile.index]
        let priority = graph.arcPriority[profile.index]
        let kind = graph.arcKind[profile.index]
        var time = [Float](repeating: .infinity, count: graph.arcCount)
        var weight = time
        var ratio = 0.0
        let hasElevation = !graph.vertexElevation.isEmpty && profile.isSlopeAware
        for a in 0..<graph.arcCount where speed[a] > 0 {
            let e = a >> 1
            if graph.edgeSAC[e] > UInt8(maxSAC.rawValue) { continue }
            let length = Double(graph.edgeLength[e])
            let k = Traversal.Kind(rawValue: kind[a]) ?? .normal
            let v = Double(speed[a])
            var t: Double
            if hasElevation && k != .ferry, let shape = Self.slopeShape(graph, arc: a) {
                t = TravelTime.time(shape, profile: profile, kind: k, speed: v, model: model)
            } else {
                t = length / (v / 3.6)
            }
            t = max(t, 0.001)
            time[a] = Float(t)
            let w = metric == .shortest ? max(length, 0.001) : t * Double(priority[a])
            weight[a] = Float(w)
            ratio = max(ratio, length / Double(Float(w)))
        }
        self.time = time
        self.weight = weight
        self.metresPerWeight = ratio > 0 ? ratio * 1.0001 : 1
    }

    /// The horizontal distances and rises of arc `a`'s segments, in its direction (metres).
    static func slopeShape(_ graph: RoadGraph, arc a: Int) -> [(dx: Double, dh: Double)]? {
        let e = a >> 1
        guard let ele = graph.edgeElevations(e) else { return nil }
        let points = graph.edgeShape(e)
        var result: [(dx: Double, dh: Double)] = []
        result.reserveCapacity(points.count - 1)
        for i in 1..<points.count {
            let rise = ele[i] - ele[i - 1]
            result.append((Geodesy.distance(points[i - 1], points[i]), rise.isFinite ? rise : 0))
        }
        if a & 1 == 1 { result = result.reversed().map { ($0.dx, -$0.dh) } }
        return result
    }
}

/// Slope-aware travel times of one arc.
enum TravelTime {
    /// Seconds over `segments` (horizontal metres and rise) at flat speed `speed` km/h.
    ///
    /// Walking (`foot`, `hiking`, pushing a bicycle): the time model's time, stretched by the
    /// way's slowing (`speed` / walking speed); on steps at least the steps speed's time.
    /// Cycling: uphill the speed is divided by 1 + 12 · grade (18 km/h becomes 11 at 5 %, 8 at
    /// 10 %; never below 4 km/h), downhill multiplied by 1 + 3 · |grade| (at most 1.4).
    static func time(
        _ segments: [(dx: Double, dh: Double)], profile: RoutingProfile, kind: Traversal.Kind, speed: Double,
        model: HikingTimeModel
    ) -> Double {
        let walking = profile == .foot || profile == .hiking || kind == .pushing
        if walking {
            var t = walkingTime(segments, model: model)
            let length = segments.reduce(0) { $0 + $1.dx }
            if kind == .steps {
                t = max(t, length / (ProfileTable.stepsSpeed / 3.6))
            } else {
                t *= ProfileTable.walkingSpeed / max(speed, 0.1)
            }
            return t
        }
        var t = 0.0
        for s in segments where s.dx > 0 {
            let grade = s.dh / s.dx
            var v = speed
            if grade > 0 {
                v = max(speed / (1 + 12 * grade), min(4, speed))
            } else {
                v = speed * min(1 + 3 * -grade, 1.4)
            }
            t += s.dx / (v / 3.6)
        }
        return t
    }

    /// Walking seconds by `model`: Tobler and the Swiss formula per segment; Naismith and DIN
    /// 33466 over the arc's total ascent and descent (an arc is one short section).
    static func walkingTime(_ segments: [(dx: Double, dh: Double)], model: HikingTimeModel) -> Double {
        switch model {
        case .tobler: return segments.reduce(0) { $0 + HikingTimeModel.toblerTime($1.dx, $1.dh) }
        case .swiss: return segments.reduce(0) { $0 + HikingTimeModel.swissTime($1.dx, $1.dh) }
        case .naismith, .din33466:
            // The horizontal distance shared between the climbing and the descending part.
            let dx = segments.reduce(0) { $0 + $1.dx }
            let up = segments.reduce(0) { $0 + max($1.dh, 0) }
            let down = segments.reduce(0) { $0 + max(-$1.dh, 0) }
            let rule = model == .naismith ? HikingTimeModel.naismithTime : HikingTimeModel.dinTime
            guard up + down > 0 else { return rule(dx, 0) }
            return rule(dx * up / (up + down), up) + rule(dx * down / (up + down), -down)
        }
    }
}
