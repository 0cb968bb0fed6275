import MapSnapGeometry

/// Routes as GPX 1.1 (https://www.topografix.com/GPX/1/1/): per route an `rte` with one `rtept`
/// per step (its instruction as `name`, distance and time to the next step in `desc`), and a
/// `trk` with the full line, so GPS devices get both the turns and the way. Alternatives are
/// named "Alternative N".
public enum RouteGPX {
    public static func text(_ routes: [Route]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<gpx version=\"1.1\" creator=\"MapSnap\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        for (i, r) in routes.enumerated() {
            let title = i == 0 ? "Route" : "Alternative \(i)"
            let summary =
                "\(r.profile.rawValue), \(RouteInstructions.distanceText(r.distance)), \(RouteSummary.durationText(r.duration))"
            out += "  <rte>\n    <name>\(escape(title))</name>\n    <desc>\(escape(summary))</desc>\n"
            for s in r.steps {
                out +=
                    "    <rtept lat=\"\(JSONText.number(s.location.latitude, digits: 7))\" lon=\"\(JSONText.number(s.location.longitude, digits: 7))\">"
                out += "<name>\(escape(s.instruction))</name>"
                if s.kind != .arrive {
                    out +=
                        "<desc>\(escape(RouteInstructions.distanceText(s.distance) + ", " + RouteSummary.durationText(s.duration)))</desc>"
                }
                out += "<type>\(escape(s.kind.rawValue))</type></rtept>\n"
            }
            out += "  </rte>\n"
        }
        for (i, r) in routes.enumerated() {
            out += "  <trk>\n    <name>\(i == 0 ? "Route" : "Alternative \(i)")</name>\n    <trkseg>\n"
            for (k, c) in r.coordinates.enumerated() {
                out +=
                    "      <trkpt lat=\"\(JSONText.number(c.latitude, digits: 7))\" lon=\"\(JSONText.number(c.longitude, digits: 7))\">"
                if let e = r.elevations, k < e.count, e[k].isFinite {
                    out += "<ele>\(JSONText.number(e[k], digits: 1))</ele>"
                }
                out += "</trkpt>\n"
            }
            out += "    </trkseg>\n  </trk>\n"
        }
        return out + "</gpx>\n"
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}
