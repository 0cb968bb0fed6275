import Foundation
import MapSnap

/// Parsers for option values (`LAT,LON`, `WxH`, …). Each names the option in its error.
enum ValueParsers {
    static func number(_ s: String, option: String) throws(SnapshotError) -> Double {
        let t = s.trimmingCharacters(in: .whitespaces)
        guard let d = Double(t), d.isFinite else { throw SnapshotError(.usage, "\(option): \"\(s)\" is not a number") }
        return d
    }

    static func numbers(_ s: String, count: Int, option: String, form: String) throws(SnapshotError) -> [Double] {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == count else { throw SnapshotError(.usage, "\(option): expected \(form), got \"\(s)\"") }
        var out: [Double] = []
        for p in parts { out.append(try number(p, option: option)) }
        return out
    }

    static func coordinate(_ lat: Double, _ lon: Double, option: String) throws(SnapshotError) -> Coordinate {
        guard (-90...90).contains(lat) else {
            throw SnapshotError(.usage, "\(option): latitude \(fmt(lat)) is outside -90…90")
        }
        guard (-180...180).contains(lon) else {
            throw SnapshotError(.usage, "\(option): longitude \(fmt(lon)) is outside -180…180")
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    static func latLon(_ s: String, option: String) throws(SnapshotError) -> Coordinate {
        let v = try numbers(s, count: 2, option: option, form: "LAT,LON")
        return try coordinate(v[0], v[1], option: option)
    }

    static func size(_ s: String) throws(SnapshotError) -> Size {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw SnapshotError(.usage, "--size: expected WIDTHxHEIGHT in points, e.g. 600x400, got \"\(s)\"")
        }
        guard w >= 16, h >= 16, w <= 8192, h <= 8192 else {
            throw SnapshotError(.usage, "--size: each side must be 16…8192 points, got \(w)x\(h)")
        }
        return Size(width: Double(w), height: Double(h))
    }

    /// `LAT,LON[,LABEL[,COLOR]]` / `LAT,LON,TEXT[,COLOR]`. The label may hold commas followed by
    /// a space ("Lyon, France"); a last part right after a comma ("Start,#34c759") is the colour,
    /// and one that does not parse as a CSS colour is an error, not part of the label.
    static func pinSpec(_ s: String, option: String, needsText: Bool) throws(SnapshotError) -> (
        Coordinate, String?, Color?
    ) {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let form = needsText ? "LAT,LON,TEXT[,COLOR]" : "LAT,LON[,LABEL[,COLOR]]"
        guard parts.count >= (needsText ? 3 : 2) else {
            throw SnapshotError(.usage, "\(option): expected \(form), got \"\(s)\"")
        }
        let c = try coordinate(
            try number(parts[0], option: option), try number(parts[1], option: option), option: option)
        var rest = Array(parts.dropFirst(2))
        var color: Color?
        if rest.count >= 2, let last = rest.last, !last.hasPrefix(" ") {
            guard let parsed = Color(css: last) else {
                throw SnapshotError(
                    .usage,
                    "\(option): \"\(last)\" is not a colour (CSS: #rrggbb, rgb(…), a colour name) in \"\(s)\"; "
                        + "for a comma in the label, follow it with a space")
            }
            color = parsed
            rest.removeLast()
        }
        let label = rest.joined(separator: ",").trimmingCharacters(in: .whitespaces)
        if needsText && label.isEmpty { throw SnapshotError(.usage, "\(option): the text is empty in \"\(s)\"") }
        return (c, label.isEmpty ? nil : label, color)
    }

    static func fmt(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
