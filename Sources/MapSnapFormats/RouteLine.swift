import MapSnapGeometry
import MapSnapJSON

/// One route of a router's answer, in MapSnap's units, before it becomes a `Feature`.
struct RouteLine {
    /// The route's line, degrees, unwrapped across the antimeridian.
    var coordinates: [Coordinate]
    /// Metres per vertex, when the router gave heights (GraphHopper with `elevation=true`).
    var elevations: [Double]?
    /// Length, metres.
    var distance: Double
    /// Travel time, seconds.
    var duration: Double
    /// Total climb and descent, metres, when the router gave them.
    var ascent: Double?
    var descent: Double?
    /// The routing profile (GraphHopper) or travel mode (OSRM's step `mode`, Valhalla's
    /// `travel_mode`) when the answer names one.
    var profile: String?
    var mode: String?
    var steps: [RouteStep] = []

    init(coordinates: [Coordinate], distance: Double, duration: Double) {
        self.coordinates = coordinates
        self.distance = distance
        self.duration = duration
    }

    /// The feature: a LineString with `route` true (drawn as a route, dashed, even from a plain
    /// overlay file), `router`, `alternative` true on every route but the first, `distance` (m),
    /// `duration` (s), `ascent` and `descent` (m), `profile` and `mode` when known, and `steps`.
    func feature(router: Router, alternative: Bool) -> Feature {
        var members = [
            JSONMember(key: "route", value: .bool(true)),
            JSONMember(key: "router", value: .string(router.rawValue)),
        ]
        if alternative { members.append(JSONMember(key: "alternative", value: .bool(true))) }
        members.append(JSONMember(key: "distance", value: .number(distance)))
        members.append(JSONMember(key: "duration", value: .number(duration)))
        if let ascent { members.append(JSONMember(key: "ascent", value: .number(ascent))) }
        if let descent { members.append(JSONMember(key: "descent", value: .number(descent))) }
        if let profile { members.append(JSONMember(key: "profile", value: .string(profile))) }
        if let mode { members.append(JSONMember(key: "mode", value: .string(mode))) }
        members.append(JSONMember(key: "steps", value: .array(JSONArray(steps.map(\.json)))))
        return Feature(
            geometry: .lineString(coordinates), properties: JSONObject(members),
            elevations: elevations.map { [$0] })
    }

    /// Throws unless the line has the two points a LineString needs; `route` is the object that
    /// gave it (for the error's place).
    static func checkLength(
        _ coordinates: [Coordinate], in route: JSONObject, decoder: RouteDecoder
    ) throws(FormatError) {
        guard coordinates.count >= 2 else {
            throw decoder.fail(
                "a route's line needs at least 2 points, found \(coordinates.count)", at: route.offset)
        }
    }
}

/// One instruction of a route: what to do where, and how far and long it lasts.
struct RouteStep: Equatable {
    /// English (or the router's language) text; nil when the router gave none and none is made.
    var instruction: String?
    /// Metres and seconds from this manoeuvre to the next.
    var distance: Double
    var duration: Double
    /// Where the manoeuvre is, degrees.
    var location: Coordinate

    /// `{"instruction", "distance", "duration", "location": [lon, lat]}` (no `instruction` when nil).
    var json: JSONValue {
        var members: [JSONMember] = []
        if let instruction { members.append(JSONMember(key: "instruction", value: .string(instruction))) }
        members.append(JSONMember(key: "distance", value: .number(distance)))
        members.append(JSONMember(key: "duration", value: .number(duration)))
        let lonLat = JSONArray([.number(location.longitude), .number(location.latitude)])
        members.append(JSONMember(key: "location", value: .array(lonLat)))
        return .object(JSONObject(members))
    }
}
