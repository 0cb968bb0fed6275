/// The one-line summary `mapsnap route` prints and captions use: "2.4 km, 32 min walking,
/// ascent 120 m".
public enum RouteSummary {
    public static func line(_ r: Route) -> String {
        var s = "\(RouteInstructions.distanceText(r.distance)), \(durationText(r.duration)) \(r.profile.travelMode)"
        if let a = r.ascent { s += ", ascent \(Int(a.rounded())) m" }
        return s
    }

    /// "45 s", "12 min", "1 h 05 min".
    public static func durationText(_ seconds: Double) -> String {
        if seconds < 60 { return "\(Int(seconds.rounded())) s" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        let m = minutes % 60
        return "\(minutes / 60) h \(m < 10 ? "0" : "")\(m) min"
    }

    /// "840 m", "2.4 km".
    public static func distanceText(_ metres: Double) -> String { RouteInstructions.distanceText(metres) }
}
