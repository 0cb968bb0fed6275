import Foundation
import MapSnapImage
import MapSnapStyle

/// The colour paint of a raster layer (https://maplibre.org/maplibre-style-spec/layers/#raster),
/// computed exactly as MapLibre GL's `raster.fragment.glsl` and `draw_raster` do, on straight
/// (un-premultiplied) colour channels in 0…1:
///
/// 1. hue rotation by `raster-hue-rotate` degrees: `rgb · (w0 w1 w2 / w2 w0 w1 / w1 w2 w0)` with
///    `w = ((2c + 1) / 3, (−√3 s − c + 1) / 3, (√3 s − c + 1) / 3)`, `c = cos θ`, `s = sin θ`;
/// 2. saturation: `rgb += (mean(original rgb) − rgb) · f`, `f = 1 − 1 / (1.001 − saturation)`
///    for `raster-saturation` > 0, else `−saturation`;
/// 3. contrast: `rgb = (rgb − 0.5) · k + 0.5`, `k = 1 / (1 − contrast)` for `raster-contrast`
///    > 0, else `1 + contrast`;
/// 4. brightness: `mix(raster-brightness-min, raster-brightness-max, rgb)`;
///
/// then clamped to 0…1 (as the 8-bit framebuffer does) and multiplied by alpha.
/// `raster-opacity` scales alpha and is applied when the tile is painted.
struct RasterColorAdjustment: Equatable, Sendable {
    /// `raster-brightness-min` and `-max`, 0…1 (defaults 0 and 1).
    var brightnessMin = 0.0
    var brightnessMax = 1.0
    /// `raster-contrast`, −1…1 (default 0).
    var contrast = 0.0
    /// `raster-saturation`, −1…1 (default 0).
    var saturation = 0.0
    /// `raster-hue-rotate`, degrees (default 0).
    var hueRotate = 0.0

    /// The layer's colour paint at `ctx` (its zoom).
    init(_ layer: StyleLayer, _ ctx: EvaluationContext) {
        brightnessMin = layer.paint.number(.rasterBrightnessMin, ctx)
        brightnessMax = layer.paint.number(.rasterBrightnessMax, ctx)
        contrast = layer.paint.number(.rasterContrast, ctx)
        saturation = layer.paint.number(.rasterSaturation, ctx)
        hueRotate = layer.paint.number(.rasterHueRotate, ctx)
    }

    init(
        brightnessMin: Double = 0, brightnessMax: Double = 1, contrast: Double = 0, saturation: Double = 0,
        hueRotate: Double = 0
    ) {
        self.brightnessMin = brightnessMin
        self.brightnessMax = brightnessMax
        self.contrast = contrast
        self.saturation = saturation
        self.hueRotate = hueRotate
    }

    /// True when the paint leaves every colour as it is (the spec defaults).
    var isIdentity: Bool {
        brightnessMin == 0 && brightnessMax == 1 && contrast == 0 && saturation == 0
            && hueRotate.truncatingRemainder(dividingBy: 360) == 0
    }

    /// MapLibre's `spinWeights(raster-hue-rotate)`.
    var spinWeights: (Double, Double, Double) {
        let angle = hueRotate * .pi / 180
        let s = sin(angle)
        let c = cos(angle)
        let r3 = 3.0.squareRoot()
        return ((2 * c + 1) / 3, (-r3 * s - c + 1) / 3, (r3 * s - c + 1) / 3)
    }

    /// MapLibre's `saturationFactor(raster-saturation)`.
    var saturationFactor: Double { saturation > 0 ? 1 - 1 / (1.001 - saturation) : -saturation }

    /// MapLibre's `contrastFactor(raster-contrast)`.
    var contrastFactor: Double { contrast > 0 ? 1 / (1 - contrast) : 1 + contrast }

    /// The adjusted colour of straight `rgb` (each 0…1), clamped to 0…1.
    func apply(_ rgb: (Double, Double, Double)) -> (Double, Double, Double) {
        let m = Matrix(self)
        return m.apply(rgb)
    }

    /// The whole paint as one affine map, `rgb' = L · rgb + t`: every step is affine, so they
    /// compose into one (evaluated once per layer, not per pixel).
    struct Matrix {
        var l: [Double]
        var t: Double

        init(_ a: RasterColorAdjustment) {
            let (w0, w1, w2) = a.spinWeights
            let spin = [w0, w1, w2, w2, w0, w1, w1, w2, w0]
            let f = a.saturationFactor
            let k = a.contrastFactor
            let range = a.brightnessMax - a.brightnessMin
            // saturation: (1 − f) · spin + f · mean; contrast and brightness scale and shift.
            l = spin.map { range * k * ((1 - f) * $0 + f / 3) }
            t = a.brightnessMin + range * (0.5 - 0.5 * k)
        }

        @inline(__always)
        func apply(_ rgb: (Double, Double, Double)) -> (Double, Double, Double) {
            func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
            let (r, g, b) = rgb
            return (
                clamp(l[0] * r + l[1] * g + l[2] * b + t), clamp(l[3] * r + l[4] * g + l[5] * b + t),
                clamp(l[6] * r + l[7] * g + l[8] * b + t)
            )
        }
    }

    /// `image` with every pixel adjusted (alpha kept), premultiplied again.
    func apply(to image: RasterTileImage) -> RasterTileImage {
        guard !isIdentity else { return image }
        let m = Matrix(self)
        var out = image.pixels
        for i in out.indices {
            let w = out[i]
            let a = Double(w >> 24)
            guard a > 0 else { continue }
            let s = 1 / a
            let rgb = (
                Double((w >> 16) & 0xFF) * s, Double((w >> 8) & 0xFF) * s, Double(w & 0xFF) * s
            )
            let (r, g, b) = m.apply(rgb)
            // Premultiply: channel · alpha, rounded to the nearest of 0…255.
            let pr = UInt32((r * a).rounded())
            let pg = UInt32((g * a).rounded())
            let pb = UInt32((b * a).rounded())
            out[i] = (w & 0xFF00_0000) | pr << 16 | pg << 8 | pb
        }
        return RasterTileImage(width: image.width, height: image.height, pixels: out)
    }
}
