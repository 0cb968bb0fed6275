import Foundation

/// The colour of a slope under the `hillshade` layer's light, as MapLibre GL JS 5.24's
/// `hillshade` fragment shader computes it for each `hillshade-method`: standard (MapLibre's
/// classic look with the accent colour), basic and multidirectional (Lambertian light from one
/// or several directions), combined (slope times aspect), igor (Igor Nikolaev's shading, shadows
/// only where slopes face away from the light).
///
/// Colours are premultiplied RGBA in 0…1, as the shader's uniforms; the result is premultiplied
/// too and is composited over what is below (source over).
/// Spec: https://maplibre.org/maplibre-style-spec/layers/#hillshade
public struct HillshadeShading: Sendable {
    public enum Method: String, Sendable, CaseIterable {
        case standard, basic, combined, igor, multidirectional
    }

    /// One light: where it comes from and what it paints.
    public struct Light: Sendable, Equatable {
        /// Direction the light comes from, radians clockwise from north (map north, plus the
        /// camera's bearing when anchored to the viewport).
        public var azimuth: Float
        /// Height of the light above the horizon, radians.
        public var altitude: Float
        /// Premultiplied RGBA of the shadows and the highlights.
        public var shadow: SIMD4<Float>
        public var highlight: SIMD4<Float>

        public init(azimuth: Float, altitude: Float, shadow: SIMD4<Float>, highlight: SIMD4<Float>) {
            self.azimuth = azimuth
            self.altitude = altitude
            self.shadow = shadow
            self.highlight = highlight
        }
    }

    public var method: Method
    /// At least one light; all but the first are used by `multidirectional` only.
    public var lights: [Light]
    /// Premultiplied RGBA of the accent (`standard` only).
    public var accent: SIMD4<Float>
    /// `hillshade-exaggeration`, 0…1.
    public var exaggeration: Float

    // Per light: sine and cosine of the altitude and of the azimuth (turned as each method does).
    private let terms: [(sinAlt: Float, cosAlt: Float, cosAz: Float, sinAz: Float)]
    /// The functions of the slope's length a method needs (see `slopeTerms`), tabulated over
    /// 0…`tableEnd` for linear lookup; longer slopes are computed.
    private let table: [SIMD2<Float>]
    /// The first light and its terms, kept apart: the per-pixel paths read nothing from arrays
    /// but the table.
    private let light0: Light
    private let term0: (sinAlt: Float, cosAlt: Float, cosAz: Float, sinAz: Float)
    static let tableEnd: Float = 8
    static let tableSteps = 2048

    public init(method: Method, lights: [Light], accent: SIMD4<Float>, exaggeration: Float) {
        self.method = method
        self.lights =
            lights.isEmpty
            ? [Light(azimuth: 335 * .pi / 180, altitude: .pi / 4, shadow: [0, 0, 0, 1], highlight: [1, 1, 1, 1])]
            : lights
        self.accent = accent
        self.exaggeration = exaggeration
        terms = self.lights.map { light in
            // multidirectional turns by −cos/−sin of the azimuth, the others by azimuth + π: the same.
            (sin(light.altitude), cos(light.altitude), -cos(light.azimuth), -sin(light.azimuth))
        }
        light0 = self.lights[0]
        term0 = terms[0]
        let (m, e) = (method, exaggeration)
        table = (0...Self.tableSteps).map { i in
            Self.slopeTerms(Float(i) * Self.tableEnd / Float(Self.tableSteps), method: m, exaggeration: e)
        }
    }

    /// What depends on the slope's length alone: for `standard`, the accent's and the shade's
    /// strengths ((1 − cos s′)·k, sin s′·k, s′ MapLibre's scaled slope, k = clamp(2·exaggeration));
    /// for `igor`, atan(len)·2/π; for `combined`, atan(len)·4/π² (len × 2·exaggeration for those).
    static func slopeTerms(_ length: Float, method: Method, exaggeration: Float) -> SIMD2<Float> {
        switch method {
        case .standard:
            let slope = atan(0.625 * length)
            let base = 1.875 - exaggeration * 1.75
            let maxValue = Float.pi / 2
            let scaled = exaggeration != 0.5 ? ((pow(base, slope) - 1) / (pow(base, maxValue) - 1)) * maxValue : slope
            let strength = min(max(exaggeration * 2, 0), 1)
            return SIMD2((1 - cos(scaled)) * strength, sin(scaled) * strength)
        case .igor: return SIMD2(atan(length) * 2 / .pi, 0)
        case .combined: return SIMD2(atan(length) * 4 / (.pi * .pi), 0)
        case .basic, .multidirectional: return .zero
        }
    }

    @inline(__always)
    private func lookup(_ length: Float, _ tb: UnsafeBufferPointer<SIMD2<Float>>) -> SIMD2<Float> {
        guard length < Self.tableEnd else { return Self.slopeTerms(length, method: method, exaggeration: exaggeration) }
        let t = length * (Float(Self.tableSteps) / Self.tableEnd)
        let i = Int(t)
        return tb[i] + (tb[i + 1] - tb[i]) * (t - Float(i))
    }

    /// acos(x) for x in −1…1 within 2·10⁻⁸ (Abramowitz and Stegun 4.4.46).
    @inline(__always)
    static func fastAcos(_ x: Float) -> Float {
        let a = min(abs(x), 1)
        var p: Float = -0.001_262_491_1
        p = p * a + 0.006_670_090_1
        p = p * a - 0.017_088_125_6
        p = p * a + 0.030_891_881_0
        p = p * a - 0.050_174_304_6
        p = p * a + 0.088_978_987_4
        p = p * a - 0.214_598_801_6
        p = p * a + 1.570_796_305_0
        let r = (1 - a).squareRoot() * p
        return x >= 0 ? r : .pi - r
    }

    /// MapLibre's |mod((aspect + azimuth + π)/π + 0.5, 2) − 1| for the slope (dx, dy) of length
    /// `length`: the angle between the light and the slope's facing, over π (see `standard`).
    @inline(__always)
    private func facing(_ dx: Float, _ dy: Float, _ length: Float) -> Float {
        let t = term0
        // sin(aspect + azimuth + π) with sin(aspect) = dy/len, cos(aspect) = −dx/len; −cosAz and
        // −sinAz are stored, hence the signs.
        let s = length > 0 ? (dy * t.cosAz - dx * t.sinAz) / length : -t.cosAz
        return Self.fastAcos(min(max(s, -1), 1)) / .pi
    }

    /// The premultiplied colour for the derivative (dx, dy) (metres per metre, east and south,
    /// already divided by the cosine of the latitude).
    public func color(dx: Float, dy: Float) -> SIMD4<Float> {
        table.withUnsafeBufferPointer { tb in
            terms.withUnsafeBufferPointer { tm in
                lights.withUnsafeBufferPointer { lt in color(dx, dy, tb, tm, lt) }
            }
        }
    }

    /// Shades `count` slopes (`dx[i]`, `dy[i]`, as `color`) into premultiplied ARGB words.
    public func shadeRow(
        dx: UnsafePointer<Float>, dy: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt32>
    ) {
        table.withUnsafeBufferPointer { tb in
            terms.withUnsafeBufferPointer { tm in
                lights.withUnsafeBufferPointer { lt in
                    for i in 0..<count { out[i] = Self.word(color(dx[i], dy[i], tb, tm, lt)) }
                }
            }
        }
    }

    /// Premultiplied RGBA 0…1 → an ARGB word, each channel clamped and rounded to a byte.
    @inline(__always)
    static func word(_ c: SIMD4<Float>) -> UInt32 {
        byte(c.w) << 24 | byte(c.x) << 16 | byte(c.y) << 8 | byte(c.z)
    }

    /// round(clamp(v, 0, 1) · 255), written so that NaN gives 0.
    @inline(__always)
    static func byte(_ v: Float) -> UInt32 {
        let c = v * 255 + 0.5
        return c >= 1 ? (c < 255 ? UInt32(c) : 255) : 0
    }

    @inline(__always)
    private func color(
        _ dx: Float, _ dy: Float, _ tb: UnsafeBufferPointer<SIMD2<Float>>,
        _ tm: UnsafeBufferPointer<(sinAlt: Float, cosAlt: Float, cosAz: Float, sinAz: Float)>,
        _ lt: UnsafeBufferPointer<Light>
    ) -> SIMD4<Float> {
        switch method {
        case .standard:
            let length = (dx * dx + dy * dy).squareRoot()
            let k = lookup(length, tb)
            let light = light0
            let shadeColor = (light.shadow + (light.highlight - light.shadow) * facing(dx, dy, length)) * k.y
            return accent * k.x * (1 - shadeColor.w) + shadeColor
        case .igor:
            let (x, y) = (dx * exaggeration * 2, dy * exaggeration * 2)
            let length = (x * x + y * y).squareRoot()
            let slope = lookup(length, tb).x
            let aspect = 1 - facing(x, y, length)
            return light0.shadow * (slope * aspect) + light0.highlight * (slope * (1 - aspect))
        case .combined:
            let (x, y) = (dx * exaggeration * 2, dy * exaggeration * 2)
            let t = term0
            let length2 = x * x + y * y
            let cosine = (t.sinAlt - (y * t.cosAz * t.cosAlt - x * t.sinAz * t.cosAlt)) / (1 + length2).squareRoot()
            let cang = min(Self.fastAcos(min(max(cosine, -1), 1)), .pi / 2)
            let steep = lookup(length2.squareRoot(), tb).x
            return light0.shadow * (cang * steep) + light0.highlight * ((.pi / 2 - cang) * steep)
        case .basic, .multidirectional:
            return Self.lambert(
                dx * exaggeration * 2, dy * exaggeration * 2, lights: method == .basic ? 1 : tm.count, tm, lt)
        }
    }

    /// `color` computed with the shader's own functions (no tables): the reference the fast
    /// path is tested against.
    public func exactColor(dx: Float, dy: Float) -> SIMD4<Float> {
        switch method {
        case .standard: return standard(dx, dy)
        case .basic, .multidirectional:
            return terms.withUnsafeBufferPointer { tm in
                lights.withUnsafeBufferPointer { lt in
                    Self.lambert(
                        dx * exaggeration * 2, dy * exaggeration * 2, lights: method == .basic ? 1 : tm.count, tm, lt)
                }
            }
        case .combined: return combined(dx * exaggeration * 2, dy * exaggeration * 2)
        case .igor: return igor(dx * exaggeration * 2, dy * exaggeration * 2)
        }
    }

    @inline(__always)
    static func aspect(_ dx: Float, _ dy: Float) -> Float {
        dx != 0 ? atan2(dy, -dx) : .pi / 2 * (dy > 0 ? 1 : -1)
    }

    /// GLSL's mod: x − y·floor(x / y).
    @inline(__always)
    static func glslMod(_ x: Float, _ y: Float) -> Float { x - y * (x / y).rounded(.down) }

    private func standard(_ dx: Float, _ dy: Float) -> SIMD4<Float> {
        let light = lights[0]
        let azimuth = light.azimuth + .pi
        let slope = atan(0.625 * (dx * dx + dy * dy).squareRoot())
        let intensity = exaggeration
        let base = 1.875 - intensity * 1.75
        let maxValue = Float.pi / 2
        let scaledSlope =
            intensity != 0.5 ? ((pow(base, slope) - 1) / (pow(base, maxValue) - 1)) * maxValue : slope
        let strength = min(max(intensity * 2, 0), 1)
        let accentColor = (1 - cos(scaledSlope)) * accent * strength
        let shade = abs(Self.glslMod((Self.aspect(dx, dy) + azimuth) / .pi + 0.5, 2) - 1)
        let shadeColor = (light.shadow + (light.highlight - light.shadow) * shade) * sin(scaledSlope) * strength
        return accentColor * (1 - shadeColor.w) + shadeColor
    }

    /// `basic` (the first light) and `multidirectional` (the mean over `count` lights).
    @inline(__always)
    static func lambert(
        _ dx: Float, _ dy: Float, lights count: Int,
        _ tm: UnsafeBufferPointer<(sinAlt: Float, cosAlt: Float, cosAz: Float, sinAz: Float)>,
        _ lt: UnsafeBufferPointer<Light>
    ) -> SIMD4<Float> {
        let norm = 1 / (1 + dx * dx + dy * dy).squareRoot()
        var out = SIMD4<Float>(repeating: 0)
        for i in 0..<count {
            let t = tm[i]
            let cang = (t.sinAlt - (dy * t.cosAz * t.cosAlt - dx * t.sinAz * t.cosAlt)) * norm
            let shade = min(max(cang, 0), 1)
            out += shade > 0.5 ? lt[i].highlight * (2 * shade - 1) : lt[i].shadow * (1 - 2 * shade)
        }
        return count == 1 ? out : out / Float(count)
    }

    private func combined(_ dx: Float, _ dy: Float) -> SIMD4<Float> {
        let t = terms[0]
        let length = (dx * dx + dy * dy).squareRoot()
        let cosine =
            (t.sinAlt - (dy * t.cosAz * t.cosAlt - dx * t.sinAz * t.cosAlt)) / (1 + length * length).squareRoot()
        let cang = min(max(acos(min(max(cosine, -1), 1)), 0), .pi / 2)
        let steep = atan(length) * 4 / (.pi * .pi)
        return lights[0].shadow * (cang * steep) + lights[0].highlight * ((.pi / 2 - cang) * steep)
    }

    private func igor(_ dx: Float, _ dy: Float) -> SIMD4<Float> {
        let azimuth = lights[0].azimuth + .pi
        let slopeStrength = atan((dx * dx + dy * dy).squareRoot()) * 2 / .pi
        let aspectStrength = 1 - abs(Self.glslMod((Self.aspect(dx, dy) + azimuth) / .pi + 0.5, 2) - 1)
        return lights[0].shadow * (slopeStrength * aspectStrength)
            + lights[0].highlight * (slopeStrength * (1 - aspectStrength))
    }
}
