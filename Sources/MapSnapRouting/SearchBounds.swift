import Foundation
import MapSnapGeometry

/// The A* potentials of one query: lower bounds of the weight from each vertex to the destination
/// and from the start, the straight-line (chord) distance divided by the fastest metres per
/// weight unit of any usable arc (`ArcCosts.metresPerWeight`), which never overestimates and is
/// consistent. Computed once per vertex and query.
struct SearchBounds {
    /// Which bounds order the two searches.
    enum Mode {
        /// None: plain bidirectional Dijkstra.
        case none
        /// Half the difference of the bounds to the destination and from the start, forward;
        /// its negation backward (the consistent pair of the bidirectional A*, Goldberg &
        /// Harrelson, "Computing the shortest path: A* search meets graph theory", SODA 2005).
        case average
        /// The bound to the destination forward and the bound from the start backward: each
        /// side a one-way A* (the alternatives' pruned trees).
        case separate
    }

    /// Unit vectors of the vertices.
    let unit: [SIMD3<Double>]
    /// Weight units per metre of chord on the unit sphere scaled to the Earth.
    let scale: Double
    var toTarget: [Double]
    var fromSource: [Double]
    var stamp: [UInt32]
    var generation: UInt32 = 0
    var source = SIMD3<Double>(0, 0, 0)
    var target = SIMD3<Double>(0, 0, 0)
    var mode = Mode.average

    init(graph: RoadGraph, costs: ArcCosts) {
        unit = (0..<graph.vertexCount).map { Self.unitVector(graph.vertex($0)) }
        scale = Geodesy.meanRadius / costs.metresPerWeight
        toTarget = [Double](repeating: 0, count: graph.vertexCount)
        fromSource = toTarget
        stamp = [UInt32](repeating: 0, count: graph.vertexCount)
    }

    static func unitVector(_ c: Coordinate) -> SIMD3<Double> {
        let φ = c.latitude * .pi / 180
        let λ = c.longitude * .pi / 180
        return SIMD3(cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    }

    /// Starts a query from `s` to `t`.
    mutating func begin(_ s: Coordinate, _ t: Coordinate, mode: Mode) {
        generation &+= 1
        if generation == 0 {
            for i in stamp.indices { stamp[i] = 0 }
            generation = 1
        }
        source = Self.unitVector(s)
        target = Self.unitVector(t)
        self.mode = mode
    }

    @inline(__always)
    mutating func bounds(_ v: Int) -> (toTarget: Double, fromSource: Double) {
        if stamp[v] == generation { return (toTarget[v], fromSource[v]) }
        let p = unit[v]
        let dt = p - target
        let ds = p - source
        let t = scale * (dt * dt).sum().squareRoot()
        let s = scale * (ds * ds).sum().squareRoot()
        toTarget[v] = t
        fromSource[v] = s
        stamp[v] = generation
        return (t, s)
    }

    /// The forward search's potential at vertex `v` (added to its labels for its keys).
    @inline(__always)
    mutating func forward(_ v: Int) -> Double {
        switch mode {
        case .none: return 0
        case .average:
            let b = bounds(v)
            return 0.5 * (b.toTarget - b.fromSource)
        case .separate: return bounds(v).toTarget
        }
    }

    /// The backward search's potential at vertex `v`.
    @inline(__always)
    mutating func backward(_ v: Int) -> Double {
        switch mode {
        case .none: return 0
        case .average:
            let b = bounds(v)
            return 0.5 * (b.fromSource - b.toTarget)
        case .separate: return bounds(v).fromSource
        }
    }
}

extension RoadGraph {
    /// The share of arc `a`'s length between the start of the arc and the point `p` on its edge.
    func share(_ a: Int, upTo p: EdgePoint) -> Double {
        let length = Double(edgeLength[a >> 1])
        guard length > 0 else { return 0 }
        let along = a & 1 == 0 ? p.offset : length - p.offset
        return min(max(along / length, 0), 1)
    }
}

extension ArcCosts {
    /// The weight of going straight along the shared edge, when start and destination share one
    /// (infinite otherwise, or when the edge may not be travelled that way).
    func directWeight(_ source: EdgePoint, _ target: EdgePoint, graph: RoadGraph) -> Double {
        guard source.edge == target.edge else { return .infinity }
        let e = source.edge
        let length = Double(graph.edgeLength[e])
        guard length > 0 else { return 0 }
        if source.offset <= target.offset, weight[2 * e].isFinite {
            return Double(weight[2 * e]) * (target.offset - source.offset) / length
        }
        if source.offset >= target.offset, weight[2 * e + 1].isFinite {
            return Double(weight[2 * e + 1]) * (source.offset - target.offset) / length
        }
        return .infinity
    }
}
