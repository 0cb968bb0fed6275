import Foundation
import MapSnapOSM

/// How one profile may travel one way in one direction.
public struct Traversal: Sendable, Equatable {
    /// What kind of travel it is (it names the step in instructions and changes speed rules).
    public enum Kind: UInt8, Sendable, Equatable {
        case normal = 0
        /// Steps (walking: `ProfileTable.stepsSpeed`, or the slower of it and Tobler with a DEM).
        case steps = 1
        /// Pushing a bicycle (footways, against a one-way street, `bicycle=dismount`).
        case pushing = 2
        /// A ferry (no slope rule).
        case ferry = 3
    }

    /// Speed on the flat, km/h (more than 0).
    public var speed: Double
    /// Weight factor (time × priority is what the search minimises).
    public var priority: Double
    public var kind: Kind
}

/// Which ways a profile may use, in which direction and how fast: the rules over OSM tags that
/// go with `ProfileTable`. Tags: https://wiki.openstreetmap.org/wiki/Key:access (and `foot`,
/// `bicycle`, `motor_vehicle`, `oneway`, `oneway:foot`, `oneway:bicycle`, `sac_scale`,
/// `surface`, `smoothness`, `maxspeed`, `route=ferry`, `junction=roundabout`).
public enum WayRules {
    /// The two directions of a way (forward: in the order of its nodes); nil where it may not
    /// be used.
    public struct Access: Sendable, Equatable {
        public var forward: Traversal?
        public var backward: Traversal?

        public static let none = Access(forward: nil, backward: nil)
        public var isUsable: Bool { forward != nil || backward != nil }
    }

    /// The SAC grade a way is tagged with (nil: none or unknown).
    public static func sacGrade(_ tags: OSMTags) -> SACScale? {
        tags["sac_scale"].flatMap(SACScale.init(tagValue:))
    }

    /// How `profile` may travel a way with `tags` (the SAC limit is applied at query time, see
    /// `RouteQuery.maxSAC`; the speed here already includes the grade's slowing).
    public static func access(_ tags: OSMTags, profile: RoutingProfile) -> Access {
        if tags["route"] == "ferry" { return ferry(tags, profile: profile) }
        guard let highway = tags["highway"] else { return .none }
        if ["construction", "proposed", "abandoned", "razed", "disused"].contains(highway) { return .none }
        if tags["area"] == "yes" && highway != "pedestrian" && highway != "footway" { return .none }
        if let s = tags["smoothness"], ["impassable"].contains(s), profile != .foot, profile != .hiking {
            return .none
        }
        let grant = accessGrant(tags, profile: profile)
        if grant == false { return .none }
        let column = ProfileTable.column(profile)
        var entry: ProfileTable.Entry
        if let e = column[highway] {
            entry = e
        } else if accessGrant(tags, profile: profile, keys: specificKeys(profile)) == true
            || (grant == nil && profile == .bicycle && bicycleDismount(tags))
        {
            // A way type the profile does not use, opened to it by its own tag (`foot=yes` on a
            // trunk road); a plain `access=yes` does not open a footway to cars.
            entry = ProfileTable.Entry(ProfileTable.grantedSpeed(profile))
        } else {
            return .none
        }
        var kind: Traversal.Kind = highway == "steps" ? .steps : .normal
        switch profile {
        case .foot, .hiking:
            if let grade = sacGrade(tags) { entry.speed *= ProfileTable.sacFactor(grade) }
        case .bicycle:
            if highway == "steps" { return .none }
            let footwayLike = ["footway", "pedestrian", "platform", "pier"].contains(highway)
            // A footway signed for bicycles (`bicycle=yes` or `designated`) is ridden.
            let ridden = footwayLike && ["yes", "designated", "permissive", "official"].contains(tags["bicycle"] ?? "")
            if ridden { entry = ProfileTable.sharedFootway }
            if (footwayLike && !ridden) || bicycleDismount(tags) {
                kind = .pushing
                entry = ProfileTable.Entry(ProfileTable.walkingSpeed, 1.5)
            } else {
                entry.speed *= tags["surface"].flatMap { ProfileTable.bicycleSurface[$0] } ?? 1
                entry.speed *= tags["smoothness"].flatMap { ProfileTable.smoothness[$0] } ?? 1
            }
        case .car:
            if let limit = tags["maxspeed"].flatMap(MaxSpeed.kmh) { entry.speed = 0.8 * limit }
            entry.speed *= tags["surface"].flatMap { ProfileTable.carSurface[$0] } ?? 1
            entry.speed *= tags["smoothness"].flatMap { ProfileTable.smoothness[$0] } ?? 1
        }
        let speed = max(entry.speed, Double(RoadGraph.minimumSpeed))
        let traversal = Traversal(speed: speed, priority: entry.priority, kind: kind)
        return directions(tags, highway: highway, profile: profile, traversal: traversal)
    }

    /// The access tags from the most to the least specific for `profile`.
    static func accessKeys(_ profile: RoutingProfile) -> [String] {
        switch profile {
        case .foot, .hiking: ["foot", "access"]
        case .bicycle: ["bicycle", "vehicle", "access"]
        case .car: ["motorcar", "motor_vehicle", "vehicle", "access"]
        }
    }

    /// The access keys that name the profile's own mode (no `access`, no `vehicle` for cars).
    static func specificKeys(_ profile: RoutingProfile) -> [String] {
        switch profile {
        case .foot, .hiking: ["foot"]
        case .bicycle: ["bicycle"]
        case .car: ["motorcar", "motor_vehicle"]
        }
    }

    /// Values that open a way (`destination`, `customers`, `delivery`: the way may be used to
    /// reach a place on it, which a route to that place does).
    static let grantingValues: Set<String> = [
        "yes", "designated", "permissive", "official", "destination", "customers", "delivery",
    ]
    /// Values that close it (also the vehicle classes a car, a bicycle or a walker is not).
    static let forbiddingValues: Set<String> = [
        "no", "private", "agricultural", "forestry", "use_sidepath", "military", "emergency", "psv", "bus", "taxi",
        "hov", "restricted", "permit", "discouraged_not",
    ]

    /// true: the most specific access tag of `keys` (default: all of the profile's) allows the
    /// profile; false: it forbids it; nil: no tag decides. A list (`agricultural;forestry`)
    /// grants when any of its values grants, else forbids when one forbids.
    static func accessGrant(_ tags: OSMTags, profile: RoutingProfile, keys: [String]? = nil) -> Bool? {
        for key in keys ?? accessKeys(profile) {
            guard let raw = tags[key] else { continue }
            let values = raw.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            if values.contains(where: grantingValues.contains) { return true }
            if values.contains(where: forbiddingValues.contains) { return false }
            if values.contains("dismount") {
                if profile == .bicycle { return nil }
                if key != "vehicle" { return true }
            }
        }
        return nil
    }

    static func bicycleDismount(_ tags: OSMTags) -> Bool {
        tags["bicycle"] == "dismount" || (tags["bicycle"] == nil && tags["vehicle"] == "dismount")
    }

    /// Applies one-way rules: `oneway:foot` for walkers; `oneway`, `junction=roundabout` and
    /// motorways for vehicles; `oneway:bicycle=no` and `cycleway=opposite*` let bicycles go both
    /// ways, else they may be pushed against the flow.
    static func directions(
        _ tags: OSMTags, highway: String, profile: RoutingProfile, traversal: Traversal
    ) -> Access {
        let sense: Int
        switch profile {
        case .foot, .hiking:
            sense = onewaySense(tags["oneway:foot"])
        case .bicycle:
            if tags["oneway:bicycle"] == "no" || (tags["cycleway"] ?? "").hasPrefix("opposite") {
                sense = 0
            } else if let s = tags["oneway:bicycle"] {
                sense = onewaySense(s)
            } else {
                sense = vehicleSense(tags, highway: highway)
            }
        case .car:
            if ["reversible", "alternating"].contains(tags["oneway"] ?? "") { return .none }
            sense = vehicleSense(tags, highway: highway)
        }
        switch sense {
        case 1: return Access(forward: traversal, backward: against(traversal, profile: profile))
        case -1: return Access(forward: against(traversal, profile: profile), backward: traversal)
        default: return Access(forward: traversal, backward: traversal)
        }
    }

    /// What a profile may do against a one-way: bicycles are pushed, others may not.
    static func against(_ traversal: Traversal, profile: RoutingProfile) -> Traversal? {
        guard profile == .bicycle else { return nil }
        return Traversal(speed: ProfileTable.walkingSpeed, priority: 2, kind: .pushing)
    }

    /// 1 (forward only), −1 (backward only) or 0 (both) for a `oneway`-style value.
    static func onewaySense(_ value: String?) -> Int {
        switch value {
        case "yes", "true", "1": 1
        case "-1", "reverse": -1
        default: 0
        }
    }

    /// The vehicle one-way sense: `oneway`, else implied by roundabouts and motorways.
    static func vehicleSense(_ tags: OSMTags, highway: String) -> Int {
        if let value = tags["oneway"] { return onewaySense(value) }
        if ["roundabout", "circular"].contains(tags["junction"] ?? "") { return 1 }
        if highway == "motorway" { return 1 }
        return 0
    }

    /// A ferry: every profile may board unless its access tag says no; speed from `duration`
    /// is applied by the graph builder (it knows the length).
    static func ferry(_ tags: OSMTags, profile: RoutingProfile) -> Access {
        if accessGrant(tags, profile: profile) == false { return .none }
        if profile == .car && tags["motor_vehicle"] == nil && tags["motorcar"] == nil && tags["access"] == nil {
            // Passenger ferries are the common case; a car ferry says so.
            return .none
        }
        let t = Traversal(speed: ProfileTable.ferrySpeed, priority: 1, kind: .ferry)
        return Access(forward: t, backward: t)
    }
}
