import Foundation
import XCTest

@testable import MapSnapImage
@testable import MapSnapRaster
@testable import MapSnapRender
@testable import MapSnapText

/// The raster colour paint against MapLibre GL's `raster.fragment.glsl`, colour by colour.
final class RasterColorAdjustmentTests: XCTestCase {
    typealias RGB = (Double, Double, Double)

    /// The shader step by step (spin, saturation from the original mean, contrast,
    /// brightness mix, clamp), as a reference for the composed matrix.
    func shader(_ a: RasterColorAdjustment, _ c: RGB) -> RGB {
        let (w0, w1, w2) = a.spinWeights
        var r = c.0 * w0 + c.1 * w1 + c.2 * w2
        var g = c.0 * w2 + c.1 * w0 + c.2 * w1
        var b = c.0 * w1 + c.1 * w2 + c.2 * w0
        let mean = (c.0 + c.1 + c.2) / 3
        let f = a.saturationFactor
        r += (mean - r) * f
        g += (mean - g) * f
        b += (mean - b) * f
        let k = a.contrastFactor
        r = (r - 0.5) * k + 0.5
        g = (g - 0.5) * k + 0.5
        b = (b - 0.5) * k + 0.5
        let lo = a.brightnessMin
        let hi = a.brightnessMax
        func out(_ v: Double) -> Double { min(1, max(0, lo * (1 - v) + hi * v)) }
        return (out(r), out(g), out(b))
    }

    func assertClose(_ got: RGB, _ want: RGB, _ message: String, line: UInt = #line) {
        for (x, y) in [(got.0, want.0), (got.1, want.1), (got.2, want.2)] {
            XCTAssertEqual(x, y, accuracy: 1e-6, "\(message): got \(got), want \(want)", line: line)
        }
    }

    func testKnownColours() {
        let third = 1.0 / 3
        let table: [(String, RasterColorAdjustment, RGB, RGB)] = [
            ("defaults", RasterColorAdjustment(), (0.2, 0.4, 0.6), (0.2, 0.4, 0.6)),
            ("brightness-min 0.5, black", RasterColorAdjustment(brightnessMin: 0.5), (0, 0, 0), (0.5, 0.5, 0.5)),
            ("brightness-min 0.5, red", RasterColorAdjustment(brightnessMin: 0.5), (1, 0, 0), (1, 0.5, 0.5)),
            ("brightness-max 0.5, white", RasterColorAdjustment(brightnessMax: 0.5), (1, 1, 1), (0.5, 0.5, 0.5)),
            ("contrast 0.5 doubles around 0.5", RasterColorAdjustment(contrast: 0.5), (0.25, 0.6, 0.75), (0, 0.7, 1)),
            ("contrast -0.5 halves", RasterColorAdjustment(contrast: -0.5), (0, 0.5, 1), (0.25, 0.5, 0.75)),
            ("saturation -1 greys", RasterColorAdjustment(saturation: -1), (1, 0, 0), (third, third, third)),
            (
                "saturation 0.5", RasterColorAdjustment(saturation: 0.5), (0.6, 0.4, 0.2),
                (0.6 + 0.2 * (1 / 0.501 - 1), 0.4, 0.2 - 0.2 * (1 / 0.501 - 1))
            ),
            ("hue-rotate 120 turns red green", RasterColorAdjustment(hueRotate: 120), (1, 0, 0), (0, 1, 0)),
            ("hue-rotate 240 turns red blue", RasterColorAdjustment(hueRotate: 240), (1, 0, 0), (0, 0, 1)),
            ("hue-rotate 180, clamped", RasterColorAdjustment(hueRotate: 180), (1, 0, 0), (0, 2 * third, 2 * third)),
            ("hue-rotate keeps grey", RasterColorAdjustment(hueRotate: 77), (0.3, 0.3, 0.3), (0.3, 0.3, 0.3)),
        ]
        for (name, paint, input, want) in table {
            assertClose(paint.apply(input), want, name)
            assertClose(shader(paint, input), want, name + " (shader)")
        }
    }

    func testFactorsMatchMapLibre() {
        XCTAssertEqual(RasterColorAdjustment(saturation: 0.5).saturationFactor, 1 - 1 / 0.501, accuracy: 1e-12)
        XCTAssertEqual(RasterColorAdjustment(saturation: -0.25).saturationFactor, 0.25)
        XCTAssertEqual(RasterColorAdjustment(contrast: 0.2).contrastFactor, 1.25, accuracy: 1e-12)
        XCTAssertEqual(RasterColorAdjustment(contrast: -0.2).contrastFactor, 0.8, accuracy: 1e-12)
        let w = RasterColorAdjustment(hueRotate: 0).spinWeights
        XCTAssertEqual([w.0, w.1, w.2], [1, 0, 0])
        XCTAssertTrue(RasterColorAdjustment().isIdentity)
        XCTAssertTrue(RasterColorAdjustment(hueRotate: 360).isIdentity)
        XCTAssertFalse(RasterColorAdjustment(contrast: 0.1).isIdentity)
    }

    /// Everything at once: the composed affine map equals the shader's steps.
    func testComposedMatrixEqualsTheShaderSteps() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<200 {
            let paint = RasterColorAdjustment(
                brightnessMin: next() * 0.5, brightnessMax: 0.5 + next() * 0.5, contrast: next() * 1.8 - 0.9,
                saturation: next() * 1.8 - 0.9, hueRotate: next() * 720 - 360)
            let c = (next(), next(), next())
            assertClose(paint.apply(c), shader(paint, c), "\(paint) on \(c)")
        }
    }

    func testImagesAreAdjustedOnStraightColourAndPremultipliedAgain() {
        // Opaque red, half-transparent red (premultiplied 128,0,0,128), transparent.
        let image = RasterTileImage(width: 3, height: 1, pixels: [0xFFFF_0000, 0x8080_0000, 0])
        let out = RasterColorAdjustment(brightnessMin: 0.5).apply(to: image)
        XCTAssertEqual(out.pixels, [0xFFFF_8080, 0x8080_4040, 0])
        XCTAssertEqual(RasterColorAdjustment().apply(to: image), image)
    }
}
