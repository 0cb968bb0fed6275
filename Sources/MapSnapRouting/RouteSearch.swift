import Foundation
import MapSnapGeometry

/// Least-cost search between two edge points: bidirectional A* over arcs (so turn restrictions
/// and U-turn rules are exact), potentials averaged from the straight-line distance to the start
/// and to the destination (Goldberg & Harrelson's consistent pair, "Computing the shortest
/// path: A* search meets graph theory", SODA 2005).
///
/// The search runs on the arc graph: forward labels are the weight from the start to the end of
/// an arc, backward labels the weight from the end of an arc to the destination; they meet on an
/// arc both have labelled, and stop when the two least keys add up to the best meeting found.
/// A U-turn is allowed only at a dead end; cars also obey `RoadGraph.forbiddenTurns`.
///
/// A value type so the hot loop's state is accessed statically (no dynamic exclusivity checks);
/// one per thread (the labels are reused from query to query).
public struct RouteSearch {
    public let graph: RoadGraph
    public let costs: ArcCosts
    var forward: ArcLabels
    var backward: ArcLabels
    /// The A* potentials of the current query.
    var bounds: SearchBounds
    /// Per vertex: the generation in which the forward search settled an arc into it. Without
    /// turn restrictions the first arc settled into a vertex dominates every later one (they
    /// reach it no sooner and may turn the same ways, but for U-turns, which a shortest path
    /// never needs), so later arcs into it are not expanded.
    var forwardVertexStamp: [UInt32]
    /// True when no turn restriction applies (then `forwardVertexStamp` prunes).
    let unrestricted: Bool
    /// Arcs settled by the last search (both directions), a figure for benchmarks.
    public private(set) var settled = 0

    public init(graph: RoadGraph, costs: ArcCosts) {
        self.graph = graph
        self.costs = costs
        forward = ArcLabels(count: graph.arcCount)
        backward = ArcLabels(count: graph.arcCount)
        bounds = SearchBounds(graph: graph, costs: costs)
        forwardVertexStamp = [UInt32](repeating: 0, count: graph.vertexCount)
        unrestricted = costs.profile != .car || graph.forbiddenTurns.isEmpty
    }

    @inline(__always)
    mutating func potentialF(_ v: Int) -> Double { bounds.forward(v) }

    @inline(__always)
    mutating func potentialB(_ v: Int) -> Double { bounds.backward(v) }

    /// True when the search may go from arc `a` into arc `b` at their shared vertex.
    @inline(__always)
    func mayTurn(_ a: Int, _ b: Int, at v: Int) -> Bool {
        if b == a ^ 1 && graph.degree(v) > 1 { return false }
        if costs.profile == .car { return graph.carMayTurn(from: a, to: b) }
        return true
    }

    /// The share of arc `a`'s weight between the start of the arc and the point `p` on its edge.
    func share(_ a: Int, upTo p: EdgePoint) -> Double { graph.share(a, upTo: p) }

    /// The least-weight path from `source` to `target`, nil when there is none.
    public mutating func route(from source: EdgePoint, to target: EdgePoint) -> ArcPath? {
        prepare(source, target, potentials: .average)
        var best = directWeight(source, target)
        var meeting = -1
        run(best: &best, meeting: &meeting, until: { topF, topB, mu in topF + topB >= mu })
        return path(source, target, best: best, meeting: meeting)
    }

    mutating func prepare(_ source: EdgePoint, _ target: EdgePoint, potentials: SearchBounds.Mode) {
        forward.reset()
        backward.reset()
        bounds.begin(source.coordinate, target.coordinate, mode: potentials)
        settled = 0
        let w = costs.weight
        for a in [2 * source.edge, 2 * source.edge + 1] where w[a].isFinite {
            let d = Double(w[a]) * (1 - share(a, upTo: source))
            if forward.improve(a, d, link: -1) { forward.heap.push(d + potentialF(graph.head(a)), a) }
        }
        for t in [2 * target.edge, 2 * target.edge + 1] where w[t].isFinite {
            let d = Double(w[t]) * share(t, upTo: target)
            let v = graph.tail(t)
            for i in Int(graph.outStart[v])..<Int(graph.outStart[v + 1]) {
                let b = Int(graph.outArcs[i]) ^ 1
                guard w[b].isFinite, mayTurn(b, t, at: v) else { continue }
                if backward.improve(b, d, link: -2 - t) { backward.heap.push(d + potentialB(v), b) }
            }
        }
    }

    /// The weight of going straight along the shared edge, when start and destination share one.
    func directWeight(_ source: EdgePoint, _ target: EdgePoint) -> Double {
        costs.directWeight(source, target, graph: graph)
    }

    /// Alternates the two directions until `stop(topF, topB, best)`.
    mutating func run(best: inout Double, meeting: inout Int, until stop: (Double, Double, Double) -> Bool) {
        // Meetings among the initial labels (the start's arc right before the destination's).
        for a in forward.touched where backward.has(Int(a)) {
            let total = forward.distance(Int(a)) + backward.distance(Int(a))
            if total < best {
                best = total
                meeting = Int(a)
            }
        }
        while !(forward.heap.isEmpty && backward.heap.isEmpty) {
            if stop(forward.heap.topKey, backward.heap.topKey, best) { break }
            if forward.heap.topKey <= backward.heap.topKey {
                stepForward(best: &best, meeting: &meeting)
            } else {
                stepBackward(best: &best, meeting: &meeting)
            }
        }
    }

    /// Settles the forward arc with the least key and relaxes the arcs after it.
    mutating func stepForward(best: inout Double, meeting: inout Int) {
        guard let (key, a) = forward.heap.pop() else { return }
        let v = graph.head(a)
        let da = forward.distance(a)
        if key > da + potentialF(v) + 1e-9 { return }
        if unrestricted {
            if forwardVertexStamp[v] == forward.generation { return }
            forwardVertexStamp[v] = forward.generation
        }
        settled += 1
        let w = costs.weight
        for i in Int(graph.outStart[v])..<Int(graph.outStart[v + 1]) {
            let b = Int(graph.outArcs[i])
            let wb = w[b]
            guard wb.isFinite, mayTurn(a, b, at: v) else { continue }
            let d = da + Double(wb)
            guard forward.improve(b, d, link: a) else { continue }
            forward.heap.push(d + potentialF(graph.head(b)), b)
            if backward.has(b), d + backward.distance(b) < best {
                best = d + backward.distance(b)
                meeting = b
            }
        }
    }

    /// Settles the backward arc with the least key and relaxes the arcs before it (those
    /// arriving at its tail).
    mutating func stepBackward(best: inout Double, meeting: inout Int) {
        guard let (key, c) = backward.heap.pop() else { return }
        let dc = backward.distance(c)
        if key > dc + potentialB(graph.head(c)) + 1e-9 { return }
        settled += 1
        let w = costs.weight
        let u = graph.tail(c)
        let d = dc + Double(w[c])
        let pu = potentialB(u)
        for i in Int(graph.outStart[u])..<Int(graph.outStart[u + 1]) {
            let b = Int(graph.outArcs[i]) ^ 1
            guard w[b].isFinite, mayTurn(b, c, at: u) else { continue }
            guard backward.improve(b, d, link: c) else { continue }
            backward.heap.push(d + pu, b)
            if forward.has(b), d + forward.distance(b) < best {
                best = d + forward.distance(b)
                meeting = b
            }
        }
    }

    /// The path through `meeting` (or the direct one), nil when `best` is infinite.
    func path(_ source: EdgePoint, _ target: EdgePoint, best: Double, meeting: Int) -> ArcPath? {
        guard best.isFinite else { return nil }
        guard meeting >= 0 else {
            let forwardDirect = source.offset <= target.offset && costs.weight[2 * source.edge].isFinite
            return ArcPath(source: source, target: target, arcs: [], directForward: forwardDirect, weight: best)
        }
        return ArcPath(
            source: source, target: target, arcs: arcs(through: meeting), directForward: false, weight: best)
    }

    /// The arcs of the labelled path through arc `m`: the forward links back to a start arc,
    /// then the backward links on to the destination's arc.
    func arcs(through m: Int) -> [Int] {
        var before: [Int] = []
        var a = m
        while a >= 0 {
            before.append(a)
            a = forward.link(a)
        }
        var arcs = Array(before.reversed())
        var link = backward.link(m)
        while true {
            if link <= -2 {
                arcs.append(-2 - link)
                break
            }
            arcs.append(link)
            link = backward.link(link)
        }
        return arcs
    }
}
