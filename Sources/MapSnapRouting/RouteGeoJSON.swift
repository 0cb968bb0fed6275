import Foundation
import MapSnapGeometry

/// Routes as GeoJSON (RFC 7946): a FeatureCollection with one LineString Feature per route,
/// the best first. Properties: `distance` (m), `duration` (s), `ascent` and `descent` (m, only
/// with a DEM), `profile`, `steps` (instruction, type, modifier, name, distance, duration,
/// location [lon, lat]), `waypoints` (each point asked for as snapped onto the network: `location`
/// [lon, lat] and `snap_distance`, metres from the point asked for) and, on alternatives,
/// `"alternative": true` — what MapSnap's own
/// overlay reader draws muted and thinner. Coordinates have 7 decimals (OSM's precision), metres
/// and seconds 1; keys are in a fixed order, so the same routes give the same bytes.
public enum RouteGeoJSON {
    public static func text(_ routes: [Route]) -> String {
        var out = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        out += routes.map(feature).joined(separator: ",\n")
        out += "\n]}\n"
        return out
    }

    static func feature(_ r: Route) -> String {
        var props: [String] = [
            "\"profile\":\(JSONText.string(r.profile.rawValue))",
            "\"distance\":\(JSONText.number(r.distance, digits: 1))",
            "\"duration\":\(JSONText.number(r.duration, digits: 1))",
        ]
        if let a = r.ascent { props.append("\"ascent\":\(JSONText.number(a, digits: 1))") }
        if let d = r.descent { props.append("\"descent\":\(JSONText.number(d, digits: 1))") }
        if r.isAlternative { props.append("\"alternative\":true") }
        props.append("\"steps\":[" + r.steps.map(step).joined(separator: ",") + "]")
        let waypoints = r.waypoints.map { w in
            "{\"location\":[\(JSONText.number(w.coordinate.longitude, digits: 7)),"
                + "\(JSONText.number(w.coordinate.latitude, digits: 7))],"
                + "\"snap_distance\":\(JSONText.number(w.distance, digits: 1))}"
        }
        props.append("\"waypoints\":[" + waypoints.joined(separator: ",") + "]")
        let coordinates = r.coordinates.enumerated().map { i, c in
            var p = "[\(JSONText.number(c.longitude, digits: 7)),\(JSONText.number(c.latitude, digits: 7))"
            if let e = r.elevations, i < e.count, e[i].isFinite { p += ",\(JSONText.number(e[i], digits: 1))" }
            return p + "]"
        }
        return "{\"type\":\"Feature\",\"properties\":{" + props.joined(separator: ",")
            + "},\"geometry\":{\"type\":\"LineString\",\"coordinates\":[" + coordinates.joined(separator: ",") + "]}}"
    }

    static func step(_ s: RouteStepInstruction) -> String {
        "{\"instruction\":\(JSONText.string(s.instruction)),\"type\":\(JSONText.string(s.kind.rawValue)),"
            + "\"modifier\":\(JSONText.string(s.modifier)),\"name\":\(JSONText.string(s.name)),"
            + "\"distance\":\(JSONText.number(s.distance, digits: 1)),\"duration\":\(JSONText.number(s.duration, digits: 1)),"
            + "\"location\":[\(JSONText.number(s.location.longitude, digits: 7)),\(JSONText.number(s.location.latitude, digits: 7))]}"
    }
}

/// JSON text pieces (RFC 8259).
package enum JSONText {
    package static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    /// `x` with at most `digits` decimals, trailing zeros dropped ("12.5", "7.4212345", "3").
    package static func number(_ x: Double, digits: Int) -> String {
        guard x.isFinite else { return "null" }
        var s = String(format: "%.\(digits)f", x)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}
