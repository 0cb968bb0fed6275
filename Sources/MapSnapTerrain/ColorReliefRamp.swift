/// The colours of a `color-relief` layer (https://maplibre.org/maplibre-style-spec/layers/#color-relief)
/// as MapLibre GL JS 5.24 draws them: `color-relief-color` is read at the stops of its outermost
/// `interpolate` expression of `["elevation"]` only, and between two stops the colour is mixed
/// linearly in premultiplied RGBA (its ramp texture), whatever the expression's curve; below the
/// first stop and above the last the end colours hold. An expression that is not an
/// `interpolate` draws nothing, as there.
public struct ColorReliefRamp: Sendable {
    /// Stop elevations in metres, ascending (at least two).
    public let elevations: [Float]
    /// Premultiplied RGBA (0…1) at each stop, rounded to bytes as the ramp texture holds them.
    public let colors: [SIMD4<Float>]

    /// - Parameters:
    ///   - stops: (elevation in metres, premultiplied RGBA 0…1) pairs, ascending. An empty list
    ///     gives a transparent ramp; one stop, a ramp of that one colour (as MapLibre pads it).
    public init(stops: [(elevation: Double, color: SIMD4<Float>)]) {
        var e = stops.map { Float($0.elevation) }
        var c = stops.map { s in (s.color * 255).rounded(.toNearestOrAwayFromZero) / 255 }
        if e.isEmpty {
            e = [0]
            c = [.zero]
        }
        if e.count < 2, let first = e.first, let color = c.first {
            e.append(first + 1)
            c.append(color)
        }
        elevations = e
        colors = c
    }

    /// The premultiplied colour at `elevation` metres.
    @inline(__always)
    public func color(at elevation: Float) -> SIMD4<Float> {
        // Binary search as the shader does: l is the last stop at or below, r the next.
        var l = 0
        var r = elevations.count - 1
        while r - l > 1 {
            let m = (r + l) / 2
            if elevation < elevations[m] { r = m } else { l = m }
        }
        let span = elevations[r] - elevations[l]
        let t = span > 0 ? (elevation - elevations[l]) / span : 0
        // The texture lookup at (l + t + 0.5) / n, clamped to the edge texels.
        let x = min(max(Float(l) + t, 0), Float(colors.count - 1))
        let i = min(Int(x), colors.count - 2)
        let f = x - Float(i)
        return colors[i] + (colors[i + 1] - colors[i]) * f
    }

    /// The ramp × `opacity` as premultiplied ARGB words at `steps` + 1 elevations evenly spaced
    /// from the first stop to the last.
    public func words(opacity: Float, steps: Int) -> [UInt32] {
        let lo = elevations.first ?? 0
        let hi = elevations.last ?? lo
        return (0...steps).map { i in
            let e = lo + (hi - lo) * Float(i) / Float(steps)
            return HillshadeShading.word(color(at: e) * opacity)
        }
    }
}
