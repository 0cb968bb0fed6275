import XCTest

@testable import MapSnapTerrain

/// The relief canvas's integer paths: texel colour words mixed in 256ths, the packing of
/// colours into words, and slope colours kept between canvases.
final class ReliefCanvasWordsTests: XCTestCase {
    private func bytes(_ w: UInt32) -> [Int] { [24, 16, 8, 0].map { Int(w >> UInt32($0) & 0xFF) } }

    /// Premultiplied words (each colour byte at most its alpha), from a seeded sequence.
    private func words(_ count: Int) -> [UInt32] {
        var state: UInt32 = 0x1234_5678
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            let a = state >> 24
            let c = (0..<3).map { k in ((state >> UInt32(k * 7)) & 0xFF) * a / 255 }
            return a << 24 | c[0] << 16 | c[1] << 8 | c[2]
        }
    }

    /// Every channel within one step of the bilinear mix computed in floating point, and still
    /// premultiplied (no colour byte above the alpha).
    func testTheMixIsBilinearToAStep() {
        let w = words(4000)
        for i in stride(from: 0, to: w.count - 4, by: 4) {
            for (fx, fy) in [(0.0, 0.0), (0.5, 0.5), (0.25, 0.8), (1.0, 0.3), (0.9, 1.0)] as [(Float, Float)] {
                let (wx, wy) = (ReliefCanvas.weight(fx), ReliefCanvas.weight(fy))
                let m = bytes(ReliefCanvas.mix(w[i], w[i + 1], w[i + 2], w[i + 3], wx, wy))
                let (a, b, c, d) = (bytes(w[i]), bytes(w[i + 1]), bytes(w[i + 2]), bytes(w[i + 3]))
                for k in 0..<4 {
                    let top = Float(a[k]) + (Float(b[k]) - Float(a[k])) * fx
                    let bottom = Float(c[k]) + (Float(d[k]) - Float(c[k])) * fx
                    let exact = top + (bottom - top) * fy
                    XCTAssertLessThanOrEqual(abs(Float(m[k]) - exact), 1, "channel \(k) of \(w[i...i + 3])")
                }
                XCTAssertTrue(m[1] <= m[0] && m[2] <= m[0] && m[3] <= m[0], "premultiplied")
            }
        }
    }

    /// Weights of 0 and 1 give the texel itself, exactly (nearest resampling relies on it).
    func testWholeWeightsCopyATexel() {
        for v in words(200) {
            let other: UInt32 = 0x8040_2010
            XCTAssertEqual(ReliefCanvas.mix(v, other, other, other, 0, 0), v)
            XCTAssertEqual(ReliefCanvas.mix(other, v, other, other, 256, 0), v)
            XCTAssertEqual(ReliefCanvas.mix(other, other, v, other, 0, 256), v)
            XCTAssertEqual(ReliefCanvas.mix(other, other, other, v, 256, 256), v)
        }
    }

    /// The vector packing rounds as the scalar one, to the bit, NaN and out-of-range included.
    func testPackWordMatchesTheScalarRounding() {
        var values: [Float] = [.nan, -.infinity, .infinity, -0.1, 0, 0.5 / 255, 1, 1.1]
        for i in 0...2550 { values.append(Float(i) / 2550) }
        for (k, v) in values.enumerated() {
            let c = SIMD4<Float>(v, values[(k + 1) % values.count], values[(k + 7) % values.count], v / 2)
            XCTAssertEqual(ReliefCanvas.packWord(c), HillshadeShading.word(c), "\(c)")
        }
    }

    /// A canvas that finds the slope colours made by an earlier one draws the same pixels.
    func testKeptColourTablesChangeNoPixel() {
        let n = 16
        let tile = DEMTile(dim: n, interior: (0..<(n * n)).map { i in Float((i % n) * (i / n) % 37) * 9 })
        let gradient = HillshadeGradient(tile: tile, zoom: 12)
        let shading = HillshadeShading(
            method: .standard, lights: [], accent: [0, 0, 0, 0.5], exaggeration: 0.5)
        let frame = ReliefCanvas.TileFrame(x: 0.3, y: 0.7, size: 23, north: 45.01, south: 45)
        let tables = HillshadeColorTables()
        var drawn: [[UInt32]] = []
        for _ in 0..<2 {
            var canvas = ReliefCanvas(width: 24, height: 24, colorTables: tables)
            canvas.shade(gradient, with: shading, frame: frame)
            canvas.finish()
            drawn.append(canvas.pixels)
        }
        var alone = ReliefCanvas(width: 24, height: 24)
        alone.shade(gradient, with: shading, frame: frame)
        XCTAssertEqual(drawn[0], drawn[1])
        XCTAssertEqual(drawn[0], alone.pixels)
        XCTAssertGreaterThan(Set(alone.pixels).count, 10, "a shaded picture")
    }
}
