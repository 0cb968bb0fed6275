import MapSnapGeometry
import MapSnapTerrain

/// Routes over one graph for one set of options: snapping, the search, via points,
/// alternatives, and the result with geometry, figures and steps.
///
/// The search is `NodeSearch` where no turn restriction applies (walking and cycling always,
/// driving on data without restrictions), else `RouteSearch` over arcs.
///
/// Not thread-safe (it owns the searches' labels); make one per thread over the same graph.
public final class RoutePlanner {
    public let graph: RoadGraph
    public let options: RouteOptions
    public let costs: ArcCosts
    let index: EdgeIndex
    /// The arc search (built on first use).
    public lazy var arcSearch = RouteSearch(graph: graph, costs: costs)
    /// The vertex search (built on first use).
    public lazy var nodeSearch = NodeSearch(graph: graph, costs: costs)
    /// True when `nodeSearch` answers (no turn restriction applies to the profile).
    public let usesNodeSearch: Bool
    let elevation: (any ElevationSource)?

    /// A planner over `graph` (give it elevations with `withElevations(from:)` for slope-aware
    /// times), `elevation` the source for the route's ascent and descent.
    public init(
        graph: RoadGraph, options: RouteOptions, index: EdgeIndex? = nil, elevation: (any ElevationSource)? = nil
    ) {
        self.graph = graph
        self.options = options
        costs = ArcCosts(
            graph: graph, profile: options.profile, metric: options.metric, model: options.timeModel,
            maxSAC: options.sacLimit)
        self.index = index ?? EdgeIndex(graph: graph)
        usesNodeSearch = options.profile != .car || graph.forbiddenTurns.isEmpty
        self.elevation = elevation
    }

    /// The name of point `i` of `n` in messages ("the start", "via point 1", "the destination").
    public static func pointName(_ i: Int, of n: Int) -> String {
        i == 0 ? "the start" : i == n - 1 ? "the destination" : "via point \(i)"
    }

    /// `c` snapped onto the nearest usable edge.
    /// - Throws: `.tooFar` with the distance to the nearest usable edge (nil: none within 50 km).
    public func snap(_ c: Coordinate, name: String) throws(RoutingError) -> EdgePoint {
        let w = costs.weight
        let usable: (Int) -> Bool = { w[2 * $0].isFinite || w[2 * $0 + 1].isFinite }
        if let p = index.nearest(to: c, graph: graph, maxDistance: options.maxSnapDistance, usable: usable) {
            return p
        }
        let far = index.nearest(to: c, graph: graph, maxDistance: 50_000, usable: usable)
        throw RoutingError(
            .tooFar(point: name, distance: far?.distance, limit: options.maxSnapDistance), profile: options.profile)
    }

    /// The best route through `points` in order (start, vias, destination), then up to
    /// `options.alternatives` alternatives.
    public func routes(through points: [Coordinate]) throws(RoutingError) -> [Route] {
        guard points.count >= 2 else {
            throw RoutingError(.badPoints("a route needs a start and a destination"), profile: options.profile)
        }
        var snapped: [EdgePoint] = []
        for (i, p) in points.enumerated() {
            guard p.latitude.isFinite, p.longitude.isFinite, abs(p.latitude) <= 90, abs(p.longitude) <= 180 else {
                throw RoutingError(
                    .badPoints("\(Self.pointName(i, of: points.count)) is not a place: \(p.latitude),\(p.longitude)"),
                    profile: options.profile)
            }
            snapped.append(try snap(p, name: Self.pointName(i, of: points.count)))
        }
        var legs: [ArcPath] = []
        for i in 1..<snapped.count {
            guard let path = path(from: snapped[i - 1], to: snapped[i]) else {
                throw RoutingError(
                    .disconnected(
                        from: Self.pointName(i - 1, of: points.count), to: Self.pointName(i, of: points.count)),
                    profile: options.profile)
            }
            legs.append(path)
        }
        var result = [assemble(legs, asked: points, alternative: false)]
        if options.alternatives > 0 {
            for alt in alternativeLegs(legs, count: options.alternatives) {
                result.append(assemble(alt, asked: points, alternative: true))
            }
        }
        return result
    }

    /// The least-weight path between two snapped points, nil when there is none.
    public func path(from source: EdgePoint, to target: EdgePoint) -> ArcPath? {
        usesNodeSearch ? nodeSearch.route(from: source, to: target) : arcSearch.route(from: source, to: target)
    }

    /// Vertices (or arcs) the last search settled, a figure for benchmarks.
    public var lastSettled: Int { usesNodeSearch ? nodeSearch.settled : arcSearch.settled }

    /// The plateau candidates of a leg, with their paths, lightest first (see
    /// `RouteSearch.plateauCandidates`); `accept` is asked in that order and stops the scan by
    /// returning false.
    func candidates(
        _ leg: ArcPath, rules: RouteSearch.AlternativeRules, accept: (RouteSearch.Candidate, ArcPath) -> Bool
    ) {
        if usesNodeSearch {
            for c in nodeSearch.plateauCandidates(from: leg.source, to: leg.target, best: leg.weight, rules: rules) {
                if !accept(c, nodeSearch.path(of: c, from: leg.source, to: leg.target)) { return }
            }
        } else {
            for c in arcSearch.plateauCandidates(from: leg.source, to: leg.target, best: leg.weight, rules: rules) {
                if !accept(c, arcSearch.path(of: c, from: leg.source, to: leg.target)) { return }
            }
        }
    }

    /// The route made of `legs`.
    func assemble(_ legs: [ArcPath], asked: [Coordinate], alternative: Bool) -> Route {
        var coordinates: [Coordinate] = []
        var stretches: [RouteStretch] = []
        var distance = 0.0
        var duration = 0.0
        for (k, leg) in legs.enumerated() {
            for (i, piece) in RoutePiece.pieces(leg, graph: graph).enumerated() {
                var points = piece.points(graph)
                if !coordinates.isEmpty { points.removeFirst() }
                let first = max(coordinates.count - 1, 0)
                coordinates += points
                let length = Double(graph.edgeLength[piece.arc >> 1])
                let share = length > 0 ? piece.length / length : 0
                let time = Double(costs.time[piece.arc]) * share
                distance += piece.length
                duration += time
                let e = piece.arc >> 1
                let v = graph.tail(piece.arc)
                stretches.append(
                    RouteStretch(
                        way: Int(graph.edgeWay[e]), forward: piece.arc & 1 == 0,
                        kind: Traversal.Kind(rawValue: graph.arcKind[options.profile.index][piece.arc]) ?? .normal,
                        first: first, last: coordinates.count - 1, distance: piece.length, duration: time,
                        rise: rise(piece), startsAtJunction: i == 0 ? false : graph.degree(v) > 2,
                        viaIndex: i == 0 && k > 0 ? k : nil))
            }
        }
        var route = Route(
            profile: options.profile, coordinates: coordinates, elevations: nil, distance: distance,
            duration: duration, ascent: nil, descent: nil, steps: [],
            waypoints: legs.map(\.source) + [legs[legs.count - 1].target],
            isAlternative: alternative)
        if let source = elevation, let profile = TrackProfile.sampled(parts: [coordinates], source: source) {
            let statistics = TrackStatistics(profile: profile, model: options.timeModel)
            route.ascent = statistics.ascent
            route.descent = statistics.descent
            route.elevations = coordinates.map { source.elevation(at: $0) ?? .nan }
        }
        route.steps = RouteInstructions.steps(
            stretches, coordinates: coordinates, graph: graph, asked: asked, vias: legs.count - 1)
        return route
    }

    /// The rise over a piece from the graph's elevations (nil: none).
    func rise(_ piece: RoutePiece) -> Double? {
        guard let ele = graph.edgeElevations(piece.arc >> 1), let first = ele.first, let last = ele.last,
            first.isFinite, last.isFinite
        else { return nil }
        return piece.arc & 1 == 0 ? last - first : first - last
    }
}
