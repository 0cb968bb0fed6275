/// The plateau method (see `RouteSearch`'s alternatives) over vertex trees: a plateau is a
/// chain of arcs that both trees use, arc b from u to v being on it when the forward tree
/// reaches v by b and the backward tree leaves u by b.
extension NodeSearch {
    public mutating func plateauCandidates(
        from source: EdgePoint, to target: EdgePoint, best: Double,
        rules: RouteSearch.AlternativeRules = RouteSearch.AlternativeRules()
    ) -> [RouteSearch.Candidate] {
        prepare(source, target, mode: .separate)
        let limit = best * (1 + rules.stretch)
        var ignoredBest = Double.infinity
        var ignoredMeeting = -1
        while forward.heap.topKey <= limit { stepForward(best: &ignoredBest, meeting: &ignoredMeeting) }
        while backward.heap.topKey <= limit { stepBackward(best: &ignoredBest, meeting: &ignoredMeeting) }
        let w = costs.weight
        /// True when the arc into `v` of the forward tree is one the backward tree leaves its
        /// tail by: v continues a plateau.
        func continues(_ v: Int) -> Bool {
            let b = forward.link(v)
            guard b >= 0 else { return false }
            let u = graph.tail(b)
            return backward.has(u) && backward.link(u) == b
        }
        var candidates: [RouteSearch.Candidate] = []
        for raw in forward.touched {
            let v = Int(raw)
            guard backward.has(v), !continues(v) else { continue }
            let total = forward.distance(v) + backward.distance(v)
            guard total <= limit else { continue }
            var plateau = 0.0
            var u = v
            while true {
                let b = backward.link(u)
                guard b >= 0 else { break }
                let next = graph.head(b)
                guard forward.has(next), forward.link(next) == b else { break }
                plateau += Double(w[b])
                u = next
            }
            guard plateau >= rules.minPlateau * total else { continue }
            candidates.append(RouteSearch.Candidate(meeting: v, weight: total, plateau: plateau))
        }
        candidates.sort { $0.weight != $1.weight ? $0.weight < $1.weight : $0.meeting < $1.meeting }
        return candidates
    }

    /// The path of `candidate` from the trees of the last `plateauCandidates` call.
    public func path(of candidate: RouteSearch.Candidate, from source: EdgePoint, to target: EdgePoint) -> ArcPath {
        ArcPath(
            source: source, target: target, arcs: arcs(through: candidate.meeting), directForward: false,
            weight: candidate.weight)
    }
}
