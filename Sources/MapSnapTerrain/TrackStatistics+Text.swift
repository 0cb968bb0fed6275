import Foundation

/// The figures as people read them: "12.4 km", "812 m", "4 h 35 min".
extension TrackStatistics {
    /// `metres` as "850 m" below 1 km, "12.4 km" from there (one decimal below 100 km).
    public static func lengthText(_ metres: Double) -> String {
        guard metres.isFinite else { return "–" }
        if metres < 1000 { return "\(Int(metres.rounded())) m" }
        let km = metres / 1000
        return km < 100 ? String(format: "%.1f km", km) : "\(Int(km.rounded())) km"
    }

    /// `metres` of elevation as "812 m".
    public static func heightText(_ metres: Double) -> String {
        guard metres.isFinite else { return "–" }
        return "\(Int(metres.rounded())) m"
    }

    /// `seconds` as "4 h 35 min" (to the minute), "35 min" below an hour.
    public static func durationText(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "–" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// One line: "↑ 812 m ↓ 790 m · 12.4 km · 4 h 35 min" (without the arrows when the
    /// elevation is unknown).
    public var summary: String {
        var parts: [String] = []
        if let up = ascent, let down = descent {
            parts.append("↑ \(Self.heightText(up))  ↓ \(Self.heightText(down))")
        }
        parts.append(Self.lengthText(length))
        parts.append(Self.durationText(duration))
        return parts.joined(separator: "  ·  ")
    }
}
