import MapSnapTerrain

/// What a route query asks for besides its points.
public struct RouteOptions: Sendable, Equatable {
    public var profile: RoutingProfile
    public var metric: ArcCosts.Metric
    /// The walking time model (foot and hiking with a DEM), as `mapsnap info --time-model`.
    public var timeModel: HikingTimeModel
    /// The hardest SAC grade used (nil: the profile's default, T2 for foot, T3 for hiking, T2
    /// for bicycles; cars do not read it).
    public var maxSAC: SACScale?
    /// How far a point may be from the nearest usable way, metres.
    public var maxSnapDistance: Double
    /// How many alternatives to look for besides the best route (0…3).
    public var alternatives: Int

    public init(
        profile: RoutingProfile = .foot, metric: ArcCosts.Metric = .fastest, timeModel: HikingTimeModel = .tobler,
        maxSAC: SACScale? = nil, maxSnapDistance: Double = 500, alternatives: Int = 0
    ) {
        self.profile = profile
        self.metric = metric
        self.timeModel = timeModel
        self.maxSAC = maxSAC
        self.maxSnapDistance = maxSnapDistance
        self.alternatives = alternatives
    }

    /// The SAC limit in force.
    public var sacLimit: SACScale {
        if let s = maxSAC { return s }
        switch profile {
        case .foot, .bicycle: return .t2
        case .hiking: return .t3
        case .car: return .t6
        }
    }
}
