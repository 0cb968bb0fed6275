import Foundation

/// A scale bar's length and label for a camera: the longest "nice" distance (1, 2 or 5 × 10ⁿ
/// in the unit shown) whose length on screen is at most `maxWidth` points, measured at the
/// latitude of the image centre (Mercator scale varies with latitude).
public struct ScaleBar: Equatable, Sendable {
    public enum Units: String, Sendable, CaseIterable {
        case metric, imperial
    }

    /// Bar length in points.
    public var width: Double
    /// The distance the bar stands for, e.g. "500 m", "2 km", "1,000 ft", "0.5 mi".
    public var label: String
    /// The same distance in metres.
    public var metres: Double

    /// The bar for `camera`, or nil when even the smallest nice distance does not fit.
    public init?(camera: Camera, units: Units, maxWidth: Double = 100) {
        let mpp = WebMercator.metresPerPoint(latitude: camera.center.latitude, zoom: camera.zoom)
        guard mpp.isFinite, mpp > 0 else { return nil }
        let maxMetres = mpp * maxWidth
        switch units {
        case .metric:
            guard let d = ScaleBar.nice(maxMetres) else { return nil }
            metres = d
            label = d >= 1000 ? "\(ScaleBar.format(d / 1000)) km" : "\(ScaleBar.format(d)) m"
        case .imperial:
            let feet = maxMetres / 0.3048
            let miles = maxMetres / 1609.344
            if miles >= 0.5, let m = ScaleBar.nice(miles) {
                metres = m * 1609.344
                label = "\(ScaleBar.format(m)) mi"
            } else {
                guard let f = ScaleBar.nice(feet) else { return nil }
                metres = f * 0.3048
                label = "\(ScaleBar.format(f)) ft"
            }
        }
        width = metres / mpp
    }

    /// The largest 1, 2 or 5 × 10ⁿ not above `limit` (n may be negative), nil for limit ≤ 0.
    static func nice(_ limit: Double) -> Double? {
        guard limit > 0, limit.isFinite else { return nil }
        let p = pow(10, floor(log10(limit)))
        for m in [5.0, 2.0, 1.0] where m * p <= limit * (1 + 1e-12) { return m * p }
        return p
    }

    /// 1000 → "1,000", 0.5 → "0.5", 2 → "2".
    static func format(_ v: Double) -> String {
        if v >= 1, v == v.rounded() {
            let f = NumberFormatter()
            f.numberStyle = .decimal
            f.locale = Locale(identifier: "en_US_POSIX")
            f.groupingSeparator = ","
            f.usesGroupingSeparator = true
            return f.string(from: NSNumber(value: v)) ?? String(Int(v))
        }
        var s = String(format: "%.3f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
