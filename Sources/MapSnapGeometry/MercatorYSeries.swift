import Foundation

/// `WebMercator.unitY` for the vertices of a line whose latitude changes little from one to the
/// next (a track, a road): exact at an anchor latitude and, near it, the anchor's Taylor series
/// to the third order — a few multiplications a vertex where `unitY` costs a `sin` and a `log`.
///
/// In radians φ, `unitY = ½ − L(φ) / 2π` with `L = ln tan(π/4 + φ/2)`, `L′ = sec φ`,
/// `L″ = sec φ tan φ`, `L‴ = sec φ (tan²φ + sec²φ)`, `L⁗ = sec φ tan φ (tan²φ + 5 sec²φ)`.
/// The series is used within `reach` of its anchor, where the remainder `|L⁗| δ⁴ / 24 / 2π`
/// stays below 1e-15 of the world (two millionths of a point at zoom 22); further away, or
/// within a degree of `WebMercator.maxLatitude` (where `unitY` clamps), a new anchor is taken.
public struct MercatorYSeries {
    private var anchor = Double.nan
    /// Degrees from `anchor` within which the series is used.
    private var reach = 0.0
    private var y0 = 0.0
    private var c1 = 0.0
    private var c2 = 0.0
    private var c3 = 0.0

    /// How far the series may stray from `unitY`, in units of the world's height.
    static let tolerance = 1e-15
    /// The widest `reach`, degrees.
    static let maxReach = 0.05

    public init() {}

    /// `WebMercator.unitY(latitude:)` of `latitude` (degrees), within `tolerance`.
    @inline(__always)
    public mutating func unitY(latitude: Double) -> Double {
        let d = latitude - anchor
        // False for a NaN anchor or latitude.
        guard abs(d) <= reach else { return reanchor(latitude) }
        let r = d * (Double.pi / 180)
        return y0 + r * (c1 + r * (c2 + r * c3))
    }

    private mutating func reanchor(_ latitude: Double) -> Double {
        let y = WebMercator.unitY(latitude: latitude)
        guard abs(latitude) < WebMercator.maxLatitude - 1 else {
            anchor = .nan
            return y
        }
        let phi = latitude * .pi / 180
        let sec = 1 / cos(phi)
        let tan = Foundation.tan(phi)
        let k = -1 / (2 * Double.pi)
        anchor = latitude
        y0 = y
        c1 = k * sec
        c2 = k * sec * tan / 2
        c3 = k * sec * (tan * tan + sec * sec) / 6
        // |L⁗| grows with |φ|: bound it at the far end of the widest reach.
        let far = abs(phi) + Self.maxReach * .pi / 180
        let (fs, ft) = (1 / cos(far), Foundation.tan(far))
        let d4 = fs * ft * (ft * ft + 5 * fs * fs)
        let radians = pow(Self.tolerance * 48 * .pi / d4, 0.25)
        reach = min(radians * 180 / .pi, Self.maxReach)
        return y
    }
}
