/// Alternative routes by the plateau method (Cambridge Vehicle Information Technology's
/// "Choice Routing", as Abraham, Delling, Goldberg and Werneck analyse it in "Alternative routes
/// in road networks", ACM JEA 2013): grow full shortest-path trees from the start and to the
/// destination up to (1 + stretch) times the best weight; where the two trees run together (a
/// *plateau*), the path start → plateau → destination is shortest on each side, so it is locally
/// optimal over at least the plateau's weight. Admissible alternatives are at most `stretch`
/// heavier than the best, share at most `maxSharing` of its length with it and with each
/// alternative taken before, and have a plateau of at least `minPlateau` of their weight.
extension RouteSearch {
    public struct AlternativeRules: Sendable, Equatable {
        public var stretch = 0.25
        public var maxSharing = 0.75
        public var minPlateau = 0.2

        public init() {}
    }

    /// A candidate: the path through one plateau, whose first arc is `meeting`.
    public struct Candidate: Sendable, Equatable {
        public var meeting: Int
        public var weight: Double
        /// The weight of its plateau.
        public var plateau: Double
    }

    /// The path of `candidate` from the trees of the last `plateauCandidates` call (before any
    /// other search on this object).
    public func path(of candidate: Candidate, from source: EdgePoint, to target: EdgePoint) -> ArcPath {
        ArcPath(
            source: source, target: target, arcs: arcs(through: candidate.meeting), directForward: false,
            weight: candidate.weight)
    }

    /// Paths through the plateaus of the two trees of `source` and `target`, lightest first,
    /// each at most `(1 + rules.stretch) · best` and with a plateau of at least
    /// `rules.minPlateau` of its weight (the best path's own plateau is among them).
    public mutating func plateauCandidates(
        from source: EdgePoint, to target: EdgePoint, best: Double, rules: AlternativeRules = AlternativeRules()
    ) -> [Candidate] {
        // Each tree only needs the arcs a path of at most `limit` can use: an A* toward the
        // other end, stopped at `limit`, settles exactly those, with exact labels.
        prepare(source, target, potentials: .separate)
        let limit = best * (1 + rules.stretch)
        var ignoredBest = Double.infinity
        var ignoredMeeting = -1
        while forward.heap.topKey <= limit { stepForward(best: &ignoredBest, meeting: &ignoredMeeting) }
        while backward.heap.topKey <= limit { stepBackward(best: &ignoredBest, meeting: &ignoredMeeting) }
        let w = costs.weight
        // A plateau arc b continues the plateau of its forward parent p when p's backward
        // successor is b: both trees hold the turn p → b.
        func continues(_ b: Int) -> Bool {
            let p = forward.link(b)
            return p >= 0 && backward.has(p) && backward.link(p) == b
        }
        var candidates: [Candidate] = []
        for raw in forward.touched {
            let b = Int(raw)
            guard backward.has(b), !continues(b) else { continue }
            let total = forward.distance(b) + backward.distance(b)
            guard total <= limit else { continue }
            // Walk the plateau from its first arc.
            var plateau = Double(w[b])
            var a = b
            while true {
                let next = backward.link(a)
                guard next >= 0, forward.has(next), forward.link(next) == a else { break }
                plateau += Double(w[next])
                a = next
            }
            guard plateau >= rules.minPlateau * total else { continue }
            candidates.append(Candidate(meeting: b, weight: total, plateau: plateau))
        }
        candidates.sort { $0.weight != $1.weight ? $0.weight < $1.weight : $0.meeting < $1.meeting }
        return candidates
    }
}
