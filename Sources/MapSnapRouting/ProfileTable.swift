/// The speeds and preferences of the four profiles by way type: the table docs/ROUTING-PROFILES.md
/// prints.
///
/// Speeds are km/h on the flat (walking and cycling speeds change with the slope when a DEM is
/// given, see `TravelTime`); a way type missing from a profile's column is not used by it unless
/// an access tag grants it (then `grantedSpeed`). Priorities multiply the time into the weight
/// the search minimises (below 1: preferred, above 1: avoided); the time reported is the time.
public enum ProfileTable {
    /// One cell: flat speed (km/h) and priority.
    public struct Entry: Sendable, Equatable {
        public var speed: Double
        public var priority: Double

        public init(_ speed: Double, _ priority: Double = 1) {
            self.speed = speed
            self.priority = priority
        }
    }

    /// Walking speed, km/h (Tobler's function gives 5.04 on the flat).
    public static let walkingSpeed = 5.0
    /// Speed on steps without a DEM, km/h; with one, the slower of this and Tobler's speed.
    public static let stepsSpeed = 2.5
    /// A footway signed for bicycles (`bicycle=yes` or `designated`), ridden.
    public static let sharedFootway = Entry(15, 1)
    /// Speed of a ferry when its `duration` is not tagged, km/h.
    public static let ferrySpeed = 10.0

    /// `highway` value → entry, per profile.
    public static func column(_ profile: RoutingProfile) -> [String: Entry] {
        switch profile {
        case .foot: foot
        case .hiking: hiking
        case .bicycle: bicycle
        case .car: car
        }
    }

    /// The speed of a way type not in a profile's column but granted by an access tag, km/h.
    public static func grantedSpeed(_ profile: RoutingProfile) -> Double {
        switch profile {
        case .foot, .hiking: walkingSpeed
        case .bicycle: 14
        case .car: 20
        }
    }

    static let foot: [String: Entry] = [
        "pedestrian": Entry(5), "footway": Entry(5), "path": Entry(5), "steps": Entry(stepsSpeed),
        "living_street": Entry(5), "residential": Entry(5), "service": Entry(5), "unclassified": Entry(5),
        "road": Entry(5), "track": Entry(5), "cycleway": Entry(5), "platform": Entry(5), "pier": Entry(5),
        "corridor": Entry(5), "tertiary": Entry(5), "tertiary_link": Entry(5), "secondary": Entry(5),
        "secondary_link": Entry(5), "primary": Entry(5), "primary_link": Entry(5),
    ]

    static let hiking: [String: Entry] = [
        "path": Entry(5, 0.9), "track": Entry(5, 0.9), "footway": Entry(5, 0.95), "bridleway": Entry(5, 0.95),
        "steps": Entry(stepsSpeed, 1), "pedestrian": Entry(5, 1), "living_street": Entry(5, 1.05),
        "cycleway": Entry(5, 1.1), "residential": Entry(5, 1.1), "service": Entry(5, 1.1),
        "unclassified": Entry(5, 1.1), "road": Entry(5, 1.1), "platform": Entry(5, 1.1), "pier": Entry(5, 1),
        "corridor": Entry(5, 1.1), "tertiary": Entry(5, 1.25), "tertiary_link": Entry(5, 1.25),
        "secondary": Entry(5, 1.4), "secondary_link": Entry(5, 1.4), "primary": Entry(5, 1.6),
        "primary_link": Entry(5, 1.6),
    ]

    static let bicycle: [String: Entry] = [
        "cycleway": Entry(18, 0.8), "primary": Entry(18, 1.5), "primary_link": Entry(18, 1.5),
        "secondary": Entry(18, 1.3), "secondary_link": Entry(18, 1.3), "tertiary": Entry(18, 1.1),
        "tertiary_link": Entry(18, 1.1), "unclassified": Entry(16), "residential": Entry(16),
        "living_street": Entry(10), "service": Entry(14, 1.1), "road": Entry(14), "track": Entry(12, 1.2),
        "path": Entry(12, 1.1),
        // Pushing the bicycle: walking speed, avoided.
        "footway": Entry(walkingSpeed, 1.5), "pedestrian": Entry(walkingSpeed, 1.5),
        "platform": Entry(walkingSpeed, 1.5), "pier": Entry(walkingSpeed, 1.5),
    ]

    static let car: [String: Entry] = [
        "motorway": Entry(90), "motorway_link": Entry(45), "trunk": Entry(85), "trunk_link": Entry(40),
        "primary": Entry(65), "primary_link": Entry(30), "secondary": Entry(55), "secondary_link": Entry(25),
        "tertiary": Entry(40), "tertiary_link": Entry(20), "unclassified": Entry(25), "residential": Entry(25),
        "living_street": Entry(10), "service": Entry(15), "road": Entry(20),
    ]

    /// Bicycle speed factor by `surface` (missing: paved).
    static let bicycleSurface: [String: Double] = [
        "paving_stones": 0.9, "sett": 0.7, "cobblestone": 0.7, "unhewn_cobblestone": 0.6, "compacted": 0.85,
        "fine_gravel": 0.85, "gravel": 0.7, "pebblestone": 0.6, "unpaved": 0.7, "dirt": 0.6, "earth": 0.6,
        "ground": 0.6, "grass": 0.55, "grass_paver": 0.7, "wood": 0.8, "sand": 0.4, "mud": 0.4,
    ]

    /// Car speed factor by `surface` (missing: paved).
    static let carSurface: [String: Double] = [
        "sett": 0.8, "cobblestone": 0.7, "unhewn_cobblestone": 0.5, "compacted": 0.7, "fine_gravel": 0.7,
        "gravel": 0.6, "pebblestone": 0.5, "unpaved": 0.6, "dirt": 0.5, "earth": 0.5, "ground": 0.5,
        "grass": 0.4, "sand": 0.3, "mud": 0.3,
    ]

    /// Speed factor by `smoothness` for wheels (bicycle, car); `impassable` and worse refuse.
    static let smoothness: [String: Double] = [
        "intermediate": 0.9, "bad": 0.7, "very_bad": 0.5, "horrible": 0.3, "very_horrible": 0.2,
    ]

    /// Walking speed factor by SAC grade (hiking and foot): slower on harder ground.
    static func sacFactor(_ grade: SACScale) -> Double {
        switch grade {
        case .t1: 1
        case .t2: 0.9
        case .t3: 0.75
        case .t4: 0.6
        case .t5: 0.45
        case .t6: 0.35
        }
    }
}
