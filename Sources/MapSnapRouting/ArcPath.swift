/// A route through the graph as the search finds it: the arcs from the one the start lies on to
/// the one the destination lies on, with the start's and the destination's place on them.
public struct ArcPath: Sendable, Equatable {
    public var source: EdgePoint
    public var target: EdgePoint
    /// The arcs in order; empty when start and destination are on the same edge and the route
    /// runs along it (`direct`).
    public var arcs: [Int]
    /// For a direct route: true when it runs in the edge's direction.
    public var directForward: Bool
    /// The weight minimised.
    public var weight: Double
}
