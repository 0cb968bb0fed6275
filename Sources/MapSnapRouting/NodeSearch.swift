/// Least-cost search between two edge points over vertices: bidirectional A* with the same
/// potentials as `RouteSearch`, for graphs and profiles without turn restrictions (walking,
/// cycling, driving where the data has none). There a path never gains by a U-turn, so a vertex
/// needs one label per direction instead of one per arc: about a third of the heap work.
///
/// Forward labels are the weight from the start to a vertex (link: the arc that reached it, or
/// −2 − a for the start's own arc `a`); backward labels the weight from a vertex to the
/// destination (link: the arc taken from it, or −2 − a for the destination's arc `a`). They meet
/// at a vertex both have labelled. The answer is the same `ArcPath` `RouteSearch` gives, and the
/// same weight (`SearchTests` checks both against a plain Dijkstra over arcs).
public struct NodeSearch {
    public let graph: RoadGraph
    public let costs: ArcCosts
    var forward: ArcLabels
    var backward: ArcLabels
    var bounds: SearchBounds
    /// Vertices settled by the last search (both directions), a figure for benchmarks.
    public private(set) var settled = 0

    public init(graph: RoadGraph, costs: ArcCosts) {
        self.graph = graph
        self.costs = costs
        forward = ArcLabels(count: graph.vertexCount)
        backward = ArcLabels(count: graph.vertexCount)
        bounds = SearchBounds(graph: graph, costs: costs)
    }

    /// The least-weight path from `source` to `target`, nil when there is none.
    public mutating func route(from source: EdgePoint, to target: EdgePoint) -> ArcPath? {
        prepare(source, target, mode: .average)
        var best = costs.directWeight(source, target, graph: graph)
        var meeting = -1
        initialMeetings(best: &best, meeting: &meeting)
        while !(forward.heap.isEmpty && backward.heap.isEmpty) {
            if forward.heap.topKey + backward.heap.topKey >= best { break }
            if forward.heap.topKey <= backward.heap.topKey {
                stepForward(best: &best, meeting: &meeting)
            } else {
                stepBackward(best: &best, meeting: &meeting)
            }
        }
        return path(source, target, best: best, meeting: meeting)
    }

    mutating func prepare(_ source: EdgePoint, _ target: EdgePoint, mode: SearchBounds.Mode) {
        forward.reset()
        backward.reset()
        bounds.begin(source.coordinate, target.coordinate, mode: mode)
        settled = 0
        let w = costs.weight
        for a in [2 * source.edge, 2 * source.edge + 1] where w[a].isFinite {
            let v = graph.head(a)
            let d = Double(w[a]) * (1 - graph.share(a, upTo: source))
            if forward.improve(v, d, link: -2 - a) { forward.heap.push(d + bounds.forward(v), v) }
        }
        for t in [2 * target.edge, 2 * target.edge + 1] where w[t].isFinite {
            let v = graph.tail(t)
            let d = Double(w[t]) * graph.share(t, upTo: target)
            if backward.improve(v, d, link: -2 - t) { backward.heap.push(d + bounds.backward(v), v) }
        }
    }

    mutating func initialMeetings(best: inout Double, meeting: inout Int) {
        for raw in forward.touched where backward.has(Int(raw)) {
            let v = Int(raw)
            let total = forward.distance(v) + backward.distance(v)
            if total < best {
                best = total
                meeting = v
            }
        }
    }

    /// Settles the forward vertex with the least key and relaxes its arcs.
    mutating func stepForward(best: inout Double, meeting: inout Int) {
        guard let (key, u) = forward.heap.pop() else { return }
        let du = forward.distance(u)
        if key > du + bounds.forward(u) + 1e-9 { return }
        settled += 1
        let w = costs.weight
        for i in Int(graph.outStart[u])..<Int(graph.outStart[u + 1]) {
            let b = Int(graph.outArcs[i])
            let wb = w[b]
            guard wb.isFinite else { continue }
            let v = graph.head(b)
            let d = du + Double(wb)
            guard forward.improve(v, d, link: b) else { continue }
            forward.heap.push(d + bounds.forward(v), v)
            if backward.has(v), d + backward.distance(v) < best {
                best = d + backward.distance(v)
                meeting = v
            }
        }
    }

    /// Settles the backward vertex with the least key and relaxes the arcs arriving at it.
    mutating func stepBackward(best: inout Double, meeting: inout Int) {
        guard let (key, v) = backward.heap.pop() else { return }
        let dv = backward.distance(v)
        if key > dv + bounds.backward(v) + 1e-9 { return }
        settled += 1
        let w = costs.weight
        for i in Int(graph.outStart[v])..<Int(graph.outStart[v + 1]) {
            let b = Int(graph.outArcs[i]) ^ 1  // arrives at v
            let wb = w[b]
            guard wb.isFinite else { continue }
            let u = graph.tail(b)
            let d = dv + Double(wb)
            guard backward.improve(u, d, link: b) else { continue }
            backward.heap.push(d + bounds.backward(u), u)
            if forward.has(u), d + forward.distance(u) < best {
                best = d + forward.distance(u)
                meeting = u
            }
        }
    }

    /// The path through vertex `meeting` (or the direct one), nil when `best` is infinite.
    func path(_ source: EdgePoint, _ target: EdgePoint, best: Double, meeting: Int) -> ArcPath? {
        guard best.isFinite else { return nil }
        guard meeting >= 0 else {
            let forwardDirect = source.offset <= target.offset && costs.weight[2 * source.edge].isFinite
            return ArcPath(source: source, target: target, arcs: [], directForward: forwardDirect, weight: best)
        }
        return ArcPath(source: source, target: target, arcs: arcs(through: meeting), directForward: false, weight: best)
    }

    /// The arcs from the start's arc to vertex `m` (forward links), then on to the destination's
    /// arc (backward links).
    func arcs(through m: Int) -> [Int] {
        var before: [Int] = []
        var v = m
        while true {
            let link = forward.link(v)
            if link <= -2 {
                before.append(-2 - link)
                break
            }
            before.append(link)
            v = graph.tail(link)
        }
        var arcs = Array(before.reversed())
        v = m
        while true {
            let link = backward.link(v)
            if link <= -2 {
                arcs.append(-2 - link)
                break
            }
            arcs.append(link)
            v = graph.head(link)
        }
        return arcs
    }
}
