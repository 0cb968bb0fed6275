import Foundation

/// The interpolation types of `interpolate`
/// (https://maplibre.org/maplibre-style-spec/expressions/#interpolate).
public enum InterpolationCurve: Hashable, Sendable {
    case linear
    /// `["exponential", base]`: with base b, the output grows as (b^progress − 1)/(b^span − 1);
    /// base 1 is linear.
    case exponential(Double)
    /// `["cubic-bezier", x1, y1, x2, y2]` (control points in 0…1).
    case cubicBezier(UnitBezier)

    /// The interpolation factor 0…1 of `input` between the stops `lower` and `upper`.
    public func factor(_ input: Double, lower: Double, upper: Double) -> Double {
        switch self {
        case .linear:
            return Self.exponentialFactor(input, base: 1, lower: lower, upper: upper)
        case .exponential(let base):
            return Self.exponentialFactor(input, base: base, lower: lower, upper: upper)
        case .cubicBezier(let bezier):
            return bezier.solve(Self.exponentialFactor(input, base: 1, lower: lower, upper: upper))
        }
    }

    static func exponentialFactor(_ input: Double, base: Double, lower: Double, upper: Double) -> Double {
        let difference = upper - lower
        let progress = input - lower
        if difference == 0 { return 0 }
        if base == 1 { return progress / difference }
        return (pow(base, progress) - 1) / (pow(base, difference) - 1)
    }
}

/// A cubic Bézier easing curve from (0,0) to (1,1) with control points (x1,y1), (x2,y2), as CSS
/// `cubic-bezier()` defines it: `solve(x)` finds the curve's y at abscissa x.
public struct UnitBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double
    private let cx: Double, bx: Double, ax: Double
    private let cy: Double, by: Double, ay: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        // Polynomial coefficients; the end points are (0,0) and (1,1).
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter t whose x is `x` (Newton's method, then bisection when it stalls).
    func solveT(_ x: Double, epsilon: Double = 1e-6) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if Swift.abs(error) < epsilon { return t }
            let derivative = sampleDerivativeX(t)
            if Swift.abs(derivative) < 1e-6 { break }
            t -= error / derivative
        }
        var low = 0.0
        var high = 1.0
        t = x
        if t < low { return low }
        if t > high { return high }
        while low < high {
            let value = sampleX(t)
            if Swift.abs(value - x) < epsilon { return t }
            if x > value { low = t } else { high = t }
            t = (high - low) * 0.5 + low
            if high - low < 1e-12 { break }
        }
        return t
    }

    /// The curve's y at abscissa `x` (x clamped to 0…1).
    public func solve(_ x: Double) -> Double {
        sampleY(solveT(Swift.min(Swift.max(x, 0), 1)))
    }
}

/// The colour space `interpolate` works in: `interpolate` uses RGB, `interpolate-hcl` HCL,
/// `interpolate-lab` CIELAB; legacy functions choose with `colorSpace`.
public enum ColorInterpolationSpace: String, Hashable, Sendable {
    case rgb, hcl, lab
}
