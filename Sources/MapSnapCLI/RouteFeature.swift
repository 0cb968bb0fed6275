import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapJSON
import MapSnapRouting

/// Computed routes as overlay features, with the properties a router's answer gets
/// (`RouterResponseReader`): `route`, `router` ("mapsnap"), `alternative`, `distance`,
/// `duration`, `ascent`, `descent`, `profile`, `steps`; and `--title` placeholders filled in
/// from the first route that is not an alternative.
enum RouteFeature {
    static func feature(_ r: Route) -> Feature {
        var members = [
            JSONMember(key: "route", value: .bool(true)), JSONMember(key: "router", value: .string("mapsnap")),
        ]
        if r.isAlternative { members.append(JSONMember(key: "alternative", value: .bool(true))) }
        members.append(JSONMember(key: "distance", value: .number(r.distance)))
        members.append(JSONMember(key: "duration", value: .number(r.duration)))
        if let a = r.ascent { members.append(JSONMember(key: "ascent", value: .number(a))) }
        if let d = r.descent { members.append(JSONMember(key: "descent", value: .number(d))) }
        members.append(JSONMember(key: "profile", value: .string(r.profile.rawValue)))
        let steps = r.steps.map { s -> JSONValue in
            .object(
                JSONObject([
                    JSONMember(key: "instruction", value: .string(s.instruction)),
                    JSONMember(key: "distance", value: .number(s.distance)),
                    JSONMember(key: "duration", value: .number(s.duration)),
                    JSONMember(
                        key: "location",
                        value: .array(JSONArray([.number(s.location.longitude), .number(s.location.latitude)]))),
                ]))
        }
        members.append(JSONMember(key: "steps", value: .array(JSONArray(steps))))
        let elevations = r.elevations.flatMap { e in e.allSatisfy(\.isFinite) ? [e] : nil }
        return Feature(geometry: .lineString(r.coordinates), properties: JSONObject(members), elevations: elevations)
    }

    /// `title` with `{distance}`, `{duration}`, `{ascent}` and `{mode}` replaced by the figures of
    /// the first route among `features` that is not an alternative ("2.4 km", "32 min", "120 m",
    /// "walking"; "–" when the route has no such figure or there is no route, "" for an unknown
    /// mode).
    static func fillIn(_ title: String, routes features: [Feature]) -> String {
        guard title.contains("{") else { return title }
        let route = features.first { f in
            f.properties["distance"]?.doubleValue != nil && f.properties["alternative"]?.boolValue != true
                && (f.properties["route"]?.boolValue == true || f.properties["steps"] != nil)
        }
        let p = route?.properties
        let distance = p?["distance"]?.doubleValue.map(RouteSummary.distanceText) ?? "–"
        let duration = p?["duration"]?.doubleValue.map(RouteSummary.durationText) ?? "–"
        let ascent = p?["ascent"]?.doubleValue.map { "\(Int($0.rounded())) m" } ?? "–"
        let mode = p?["profile"]?.stringValue.flatMap(RoutingProfile.init(rawValue:))?.travelMode ?? ""
        return title.replacingOccurrences(of: "{distance}", with: distance)
            .replacingOccurrences(of: "{duration}", with: duration).replacingOccurrences(of: "{ascent}", with: ascent)
            .replacingOccurrences(of: "{mode}", with: mode).trimmingCharacters(in: .whitespaces)
    }
}
