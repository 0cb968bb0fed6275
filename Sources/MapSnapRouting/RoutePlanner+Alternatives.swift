/// Alternatives for a whole route, also through via points: one leg at a time takes one of its
/// plateau candidates while the others keep their best path. Each alternative is at most 25 %
/// heavier than the best route (its weight: travel time times the profile's priorities, which
/// for walking is the time; length for the shortest metric), shares at most
/// 75 % of its length with the best and with every alternative taken before it, and is locally
/// optimal over its plateau (`RouteSearch.AlternativeRules`).
extension RoutePlanner {
    func alternativeLegs(_ legs: [ArcPath], count: Int) -> [[ArcPath]] {
        let rules = RouteSearch.AlternativeRules()
        let bestWeight = legs.reduce(0) { $0 + $1.weight }
        let best = EdgeLengths(legs, graph: graph)
        var chosen: [(weight: Double, legs: [ArcPath], lengths: EdgeLengths)] = []
        var options: [(weight: Double, legs: [ArcPath], lengths: EdgeLengths)] = []
        for (k, leg) in legs.enumerated() {
            var taken = 0
            candidates(leg, rules: rules) { c, path in
                let total = bestWeight - leg.weight + c.weight
                guard total <= bestWeight * (1 + rules.stretch) + 1e-9 else { return false }
                var combined = legs
                combined[k] = path
                let lengths = EdgeLengths(combined, graph: graph)
                guard lengths.shared(with: best) <= rules.maxSharing * best.total else { return true }
                guard options.allSatisfy({ lengths.shared(with: $0.lengths) <= rules.maxSharing * $0.lengths.total })
                else { return true }
                options.append((total, combined, lengths))
                taken += 1
                return taken < count
            }
        }
        options.sort { $0.weight < $1.weight }
        for option in options where chosen.count < count {
            let distinct = chosen.allSatisfy {
                option.lengths.shared(with: $0.lengths) <= rules.maxSharing
                    * min($0.lengths.total, option.lengths.total)
            }
            if distinct { chosen.append(option) }
        }
        return chosen.map(\.legs)
    }
}

/// The metres a route travels on each edge (for sharing between routes).
struct EdgeLengths {
    var byEdge: [Int: Double] = [:]
    var total = 0.0

    init(_ legs: [ArcPath], graph: RoadGraph) {
        for leg in legs {
            for piece in RoutePiece.pieces(leg, graph: graph) {
                byEdge[piece.arc >> 1, default: 0] += piece.length
                total += piece.length
            }
        }
    }

    /// The metres both travel (on the same edges, whatever the direction).
    func shared(with other: EdgeLengths) -> Double {
        var sum = 0.0
        for (e, l) in byEdge { if let m = other.byEdge[e] { sum += min(l, m) } }
        return sum
    }
}
