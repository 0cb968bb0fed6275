/// How a route is travelled: which ways may be used, in which direction and how fast.
///
/// The rules are a table a reader can check line by line: `ProfileTable` (speeds by way type)
/// and `WayRules` (access, direction, surface, difficulty). The README's "Routing profiles"
/// section compares them with OSRM's and GraphHopper's.
public enum RoutingProfile: String, CaseIterable, Sendable, Codable {
    /// Walking in town: streets with pedestrians, footways, steps, paths up to SAC T2.
    case foot
    /// Walking in the hills: as `foot`, preferring paths and tracks, up to a SAC limit (T3 by
    /// default), bridleways too.
    case hiking
    /// Cycling: roads, cycleways, tracks and paths; pushing on footways; never steps.
    case bicycle
    /// Driving: roads by speed tables and `maxspeed`, one-way streets, turn restrictions.
    case car

    /// The mode as the summary says it ("walking", "hiking", "cycling", "driving").
    public var travelMode: String {
        switch self {
        case .foot: "walking"
        case .hiking: "hiking"
        case .bicycle: "cycling"
        case .car: "driving"
        }
    }

    /// The profile's index in `allCases` (the column of its weights in the graph).
    public var index: Int {
        switch self {
        case .foot: 0
        case .hiking: 1
        case .bicycle: 2
        case .car: 3
        }
    }

    /// True when slopes change this profile's times (walking and cycling).
    public var isSlopeAware: Bool { self != .car }
}

/// OSM's `sac_scale` (https://wiki.openstreetmap.org/wiki/Key:sac_scale): the Swiss Alpine
/// Club's hiking difficulty, T1 (hiking) to T6 (difficult alpine hiking).
public enum SACScale: Int, Comparable, Sendable, CaseIterable {
    case t1 = 1, t2, t3, t4, t5, t6

    /// The grade of a `sac_scale` value (`hiking` … `difficult_alpine_hiking`), nil for others.
    public init?(tagValue: String) {
        switch tagValue {
        case "hiking": self = .t1
        case "mountain_hiking": self = .t2
        case "demanding_mountain_hiking": self = .t3
        case "alpine_hiking": self = .t4
        case "demanding_alpine_hiking": self = .t5
        case "difficult_alpine_hiking": self = .t6
        default: return nil
        }
    }

    /// A grade written `T1` … `T6` (any case), nil for others.
    public init?(name: String) {
        let s = name.uppercased()
        guard s.count == 2, s.first == "T", let n = Int(s.dropFirst()), let grade = SACScale(rawValue: n) else {
            return nil
        }
        self = grade
    }

    public static func < (a: SACScale, b: SACScale) -> Bool { a.rawValue < b.rawValue }
}
