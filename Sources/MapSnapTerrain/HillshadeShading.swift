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
    }

    /// The premultiplied colour for the derivative (dx, dy) (metres per metre, east and south,
    /// already divided by the cosine of the latitude).
    @inline(__always)
    public func color(dx: Float, dy: Float) -> SIMD4<Float> {
        switch method {
        case .standard: return standard(dx, dy)
        case .basic: return lambert(dx * exaggeration * 2, dy * exaggeration * 2, lights: 1)
        case .multidirectional: return lambert(dx * exaggeration * 2, dy * exaggeration * 2, lights: terms.count)
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

    /// `basic` (the first light) and `multidirectional` (the mean over `lights` lights).
    private func lambert(_ dx: Float, _ dy: Float, lights count: Int) -> SIMD4<Float> {
        let norm = 1 / (1 + dx * dx + dy * dy).squareRoot()
        var out = SIMD4<Float>(repeating: 0)
        for i in 0..<count {
            let t = terms[i]
            let cang = (t.sinAlt - (dy * t.cosAz * t.cosAlt - dx * t.sinAz * t.cosAlt)) * norm
            let shade = min(max(cang, 0), 1)
            out += shade > 0.5 ? lights[i].highlight * (2 * shade - 1) : lights[i].shadow * (1 - 2 * shade)
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
