import Foundation

/// OSM `maxspeed` values (https://wiki.openstreetmap.org/wiki/Key:maxspeed) as km/h.
enum MaxSpeed {
    /// `50`, `30 mph`, `20 knots`, `walk`, `none` (no limit: nil, the table's speed stays) and
    /// the common zone values (`DE:urban`, `FR:rural`, …); nil for values it cannot read.
    static func kmh(_ value: String) -> Double? {
        let v = value.trimmingCharacters(in: .whitespaces).lowercased()
        if v == "walk" { return 6 }
        if v == "none" || v == "signals" || v == "variable" { return nil }
        if let zone = zones[v] { return zone }
        if v.hasSuffix("urban") { return 50 }
        if v.hasSuffix("rural") { return 90 }
        if v.hasSuffix("motorway") { return 120 }
        if v.hasSuffix("living_street") { return 10 }
        let parts = v.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = parts.first, let number = Double(first.replacingOccurrences(of: ",", with: ".")),
            number > 0, number < 400
        else {
            // "50;30" and "50 km/h" forms.
            if let semi = v.split(separator: ";").first, semi.count < v.count { return kmh(String(semi)) }
            if v.hasSuffix("km/h"), let n = Double(v.dropLast(4).trimmingCharacters(in: .whitespaces)) {
                return n > 0 ? n : nil
            }
            return nil
        }
        if parts.count > 1 {
            switch parts[1] {
            case "mph": return number * 1.609344
            case "knots": return number * 1.852
            default: return number
            }
        }
        return number
    }

    static let zones: [String: Double] = [
        "de:zone30": 30, "de:zone:30": 30, "de:bicycle_road": 30, "ru:living_street": 20, "gb:nsl_single": 96.56,
        "gb:nsl_dual": 112.65, "uk:nsl_single": 96.56, "uk:nsl_dual": 112.65,
    ]
}
