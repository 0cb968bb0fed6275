import Foundation

/// Colour interpolation for `interpolate`, `interpolate-hcl` and `interpolate-lab`
/// (https://maplibre.org/maplibre-style-spec/expressions/#interpolate).
///
/// RGB interpolation works on straight (not premultiplied) channels and alpha, as MapLibre GL JS
/// does since style-spec v20 (its `Color.rgb` undoes the premultiplication before interpolating):
/// halfway between opaque red and transparent blue is `rgba(127.5, 0, 127.5, 0.5)`, and a fade to
/// `rgba(r, g, b, 0)` keeps the hue. (Older Mapbox GL interpolated premultiplied channels.)
///
/// CIELAB uses the D65 white point and the sRGB primaries; HCL is LAB in polar form
/// (hue in degrees, chroma, luminance), hue taking the shorter way round and achromatic colours
/// (chroma ≈ 0) adopting the other colour's hue.
extension Color {
    /// Linear interpolation of straight RGBA channels; `t` is not clamped.
    public static func interpolateRGB(_ from: Color, _ to: Color, _ t: Double) -> Color {
        Color(
            red: from.red + t * (to.red - from.red), green: from.green + t * (to.green - from.green),
            blue: from.blue + t * (to.blue - from.blue), alpha: from.alpha + t * (to.alpha - from.alpha))
    }

    /// Interpolation in CIELAB (L, a, b and alpha linearly); the result is clipped to sRGB.
    public static func interpolateLab(_ from: Color, _ to: Color, _ t: Double) -> Color {
        let a = from.lab
        let b = to.lab
        func mix(_ x: Double, _ y: Double) -> Double { x + t * (y - x) }
        return Color(lab: (mix(a.l, b.l), mix(a.a, b.a), mix(a.b, b.b)), alpha: mix(from.alpha, to.alpha))
    }

    /// Interpolation in HCL: hue the short way round, chroma, luminance and alpha linearly.
    public static func interpolateHCL(_ from: Color, _ to: Color, _ t: Double) -> Color {
        let a = from.hcl
        let b = to.hcl
        func mix(_ x: Double, _ y: Double) -> Double { x + t * (y - x) }
        var hue: Double?
        var chroma: Double?
        if let h0 = a.h, let h1 = b.h {
            var dh = h1 - h0
            if h1 > h0 && dh > 180 {
                dh -= 360
            } else if h1 < h0 && h0 - h1 > 180 {
                dh += 360
            }
            hue = h0 + t * dh
        } else if let h0 = a.h {
            hue = h0
            if b.l == 1 || b.l == 0 { chroma = a.c }
        } else if let h1 = b.h {
            hue = h1
            if a.l == 1 || a.l == 0 { chroma = b.c }
        }
        return Color(
            hcl: (hue, chroma ?? mix(a.c, b.c), mix(a.l, b.l)), alpha: mix(from.alpha, to.alpha))
    }

    /// Interpolates in the given space.
    public static func interpolate(
        _ from: Color, _ to: Color, _ t: Double, in space: ColorInterpolationSpace
    ) -> Color {
        switch space {
        case .rgb: return interpolateRGB(from, to, t)
        case .lab: return interpolateLab(from, to, t)
        case .hcl: return interpolateHCL(from, to, t)
        }
    }

    // MARK: - Colour spaces

    private static let whiteX = 0.950470  // D65
    private static let whiteZ = 1.088830
    private static let t0 = 4.0 / 29
    private static let t1 = 6.0 / 29
    private static let t2 = 3 * t1 * t1
    private static let t3 = t1 * t1 * t1

    /// CIELAB coordinates: L 0…100, a and b roughly −128…127.
    public var lab: (l: Double, a: Double, b: Double) {
        func toLinear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func f(_ t: Double) -> Double { t > Color.t3 ? cbrt(t) : t / Color.t2 + Color.t0 }
        let r = toLinear(red)
        let g = toLinear(green)
        let b = toLinear(blue)
        let x = f((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / Color.whiteX)
        let y = f(0.2126729 * r + 0.7151522 * g + 0.0721750 * b)
        let z = f((0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / Color.whiteZ)
        let l = 116 * y - 16
        return (l < 0 ? 0 : l, 500 * (x - y), 200 * (y - z))
    }

    /// The colour of CIELAB coordinates, clipped to the sRGB gamut.
    public init(lab: (l: Double, a: Double, b: Double), alpha: Double = 1) {
        func finv(_ t: Double) -> Double { t > Color.t1 ? t * t * t : Color.t2 * (t - Color.t0) }
        func toGamma(_ c: Double) -> Double {
            let v = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
            return Swift.min(Swift.max(v, 0), 1)
        }
        let fy = (lab.l + 16) / 116
        let y = finv(fy)
        let x = Color.whiteX * finv(fy + lab.a / 500)
        let z = Color.whiteZ * finv(fy - lab.b / 200)
        self.init(
            red: toGamma(3.2404542 * x - 1.5371385 * y - 0.4985314 * z),
            green: toGamma(-0.9692660 * x + 1.8760108 * y + 0.0415560 * z),
            blue: toGamma(0.0556434 * x - 0.2040259 * y + 1.0572252 * z), alpha: alpha)
    }

    /// HCL coordinates: hue in degrees 0…360 (nil for achromatic colours), chroma, luminance 0…100.
    public var hcl: (h: Double?, c: Double, l: Double) {
        let (l, a, b) = lab
        let c = (a * a + b * b).squareRoot()
        if (c * 10000).rounded() == 0 { return (nil, c, l) }
        var h = atan2(b, a) * 180 / .pi
        h = h.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        return (h, c, l)
    }

    /// The colour of HCL coordinates (a nil hue counts as 0), clipped to the sRGB gamut.
    public init(hcl: (h: Double?, c: Double, l: Double), alpha: Double = 1) {
        let h = (hcl.h ?? 0) * .pi / 180
        self.init(lab: (hcl.l, cos(h) * hcl.c, sin(h) * hcl.c), alpha: alpha)
    }
}
