import MapSnapGeometry

/// A computed route: what `mapsnap route` writes and `render --route` draws.
public struct Route: Sendable, Equatable {
    public var profile: RoutingProfile
    /// The line from the start to the destination, degrees.
    public var coordinates: [Coordinate]
    /// Elevations along `coordinates`, metres (nil: no DEM).
    public var elevations: [Double]?
    /// Length, metres.
    public var distance: Double
    /// Expected travel time, seconds.
    public var duration: Double
    /// Total ascent and descent, metres, filtered as `mapsnap info` filters them (nil: no DEM).
    public var ascent: Double?
    public var descent: Double?
    /// Turn-by-turn steps, from the departure to the arrival.
    public var steps: [RouteStepInstruction]
    /// The points asked for as they were snapped onto the network (start, vias, destination).
    public var waypoints: [EdgePoint]
    /// True for an alternative to the best route.
    public var isAlternative: Bool

    public init(
        profile: RoutingProfile, coordinates: [Coordinate], elevations: [Double]?, distance: Double,
        duration: Double, ascent: Double?, descent: Double?, steps: [RouteStepInstruction],
        waypoints: [EdgePoint], isAlternative: Bool
    ) {
        self.profile = profile
        self.coordinates = coordinates
        self.elevations = elevations
        self.distance = distance
        self.duration = duration
        self.ascent = ascent
        self.descent = descent
        self.steps = steps
        self.waypoints = waypoints
        self.isAlternative = isAlternative
    }
}

/// One manoeuvre of a route and the stretch up to the next.
public struct RouteStepInstruction: Sendable, Equatable {
    /// What happens (OSRM's maneuver types where they apply).
    public enum Kind: String, Sendable, Equatable {
        case depart, turn, `continue`, arrive, waypoint, ferry
    }

    public var kind: Kind
    /// "left", "slight right", "sharp left", "straight", "uturn", "up", "down" or "" (none).
    public var modifier: String
    /// The sentence: "Turn left onto Lombard Street", "Continue on the footpath for 300 m".
    public var instruction: String
    /// The way's name or a description of it ("the footpath"), empty at the arrival.
    public var name: String
    /// Metres and seconds from this manoeuvre to the next.
    public var distance: Double
    public var duration: Double
    /// Where the manoeuvre is, degrees.
    public var location: Coordinate
    /// Index into the route's `coordinates` of `location`.
    public var coordinateIndex: Int
}
