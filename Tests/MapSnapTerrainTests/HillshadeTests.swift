import XCTest

@testable import MapSnapTerrain

final class HillshadeTests: XCTestCase {
    private let black = SIMD4<Float>(0, 0, 0, 1)
    private let white = SIMD4<Float>(1, 1, 1, 1)

    private func shading(_ method: HillshadeShading.Method, exaggeration: Float = 0.5) -> HillshadeShading {
        let lights = [
            HillshadeShading.Light(azimuth: 335 * .pi / 180, altitude: .pi / 4, shadow: black, highlight: white),
            HillshadeShading.Light(
                azimuth: 90 * .pi / 180, altitude: .pi / 6, shadow: [0.1, 0, 0.2, 0.5], highlight: white),
        ]
        return HillshadeShading(
            method: method, lights: lights, accent: [0.2, 0.1, 0, 0.4], exaggeration: exaggeration)
    }

    /// The tables and the fast acos agree with the shader's own functions to well under one
    /// step of an 8-bit channel, for every method, over slopes of every direction and steepness.
    func testTheFastPathMatchesTheShader() {
        var rng = SystemRandomNumberGenerator()
        for method in HillshadeShading.Method.allCases {
            for exaggeration: Float in [0.2, 0.5, 0.9] {
                let s = shading(method, exaggeration: exaggeration)
                var worst: Float = 0
                for _ in 0..<4000 {
                    let dx = Float.random(in: -9...9, using: &rng)
                    let dy = Float.random(in: -9...9, using: &rng)
                    let e = s.color(dx: dx, dy: dy) - s.exactColor(dx: dx, dy: dy)
                    let d = max(max(abs(e.x), abs(e.y)), max(abs(e.z), abs(e.w)))
                    worst = max(worst, d)
                }
                XCTAssertLessThan(worst, 0.5 / 255, "\(method) at exaggeration \(exaggeration)")
            }
        }
    }

    /// Values worked by hand from the shader: a flat slope under `standard` draws nothing; under
    /// `basic` the light at 45° gives cos = sin 45° = 0.707, a highlight of 2·0.707 − 1.
    func testFlatGround() {
        XCTAssertEqual(shading(.standard).color(dx: 0, dy: 0), .zero)
        let basic = shading(.basic).color(dx: 0, dy: 0)
        XCTAssertEqual(basic.w, 2 * sin(Float.pi / 4) - 1, accuracy: 1e-5)
        XCTAssertEqual(basic.x, basic.w, accuracy: 1e-6)
    }

    /// A slope facing the light (from 335°, north-north-west) is lit, one facing away shadowed.
    func testSlopesFacingTheLightAreLit() {
        let s = shading(.basic)
        // Ground rising to the south-east faces north-west: dx > 0 (east up), dy > 0 (south up).
        let lit = s.color(dx: 0.5, dy: 0.8)
        let dark = s.color(dx: -0.5, dy: -0.8)
        XCTAssertGreaterThan(lit.x, 0.3, "a highlight: white")
        XCTAssertEqual(dark.x, 0, accuracy: 1e-6, "a shadow: black")
        XCTAssertGreaterThan(dark.w, 0.3)
    }

    /// The slope of a plane rising 1 m per pixel eastwards, at zoom 15 (no boost) on a 256-pixel
    /// tile: the Sobel sum is 8 m, times 256 / 2^(28.2562 − 15) = 0.02619, stored as
    /// 127.5 + 8·0.02619·255/8 → 134.
    func testTheSlopeOfAPlane() {
        let dim = 4
        let tile = DEMTile(dim: dim, interior: (0..<dim * dim).map { Float($0 % dim) })
        var plane = tile
        // The border of a plane continues it (the edge copies would flatten the outer pixels).
        plane.backfillBorder(
            from: DEMTile(dim: dim, interior: (0..<dim * dim).map { Float($0 % dim - dim) }), dx: -1, dy: 0)
        plane.backfillBorder(
            from: DEMTile(dim: dim, interior: (0..<dim * dim).map { Float($0 % dim + dim) }), dx: 1, dy: 0)
        let g = HillshadeGradient(tile: plane, zoom: 15)
        let expected = UInt8((127.5 + 8 * Float(dim) / Float(exp2(28.2562 - 15.0)) * 255 / 8).rounded())
        // (a 4-pixel tile: the scale uses dim = 4.) The rows away from the corners, whose
        // diagonal neighbours are not given here.
        for i in dim..<(dim * (dim - 1)) {
            XCTAssertEqual(g.bytes[2 * i], expected)
            XCTAssertEqual(g.bytes[2 * i + 1], 128, "no north-south slope")
        }
        // A window computes the same bytes for its pixels.
        let w = HillshadeGradient(tile: plane, zoom: 15, columns: 1..<3, rows: 2..<4)
        XCTAssertEqual(w.bytes.count, 2 * 2 * 2)
        XCTAssertEqual(w.bytes[0], g.bytes[2 * (2 * dim + 1)])
    }

    /// Below zoom 15 the slopes are boosted: 2^(0.3·(15 − z)).
    func testLowZoomsBoostTheSlope() {
        let dim = 2
        let tile = DEMTile(dim: dim, interior: [0, 0, 0, 0.01])
        let z15 = HillshadeGradient(tile: tile, zoom: 15)
        let z5 = HillshadeGradient(tile: tile, zoom: 5)
        XCTAssertGreaterThanOrEqual(z5.bytes[0], z15.bytes[0])
    }

    func testColorReliefRamp() {
        let ramp = ColorReliefRamp(stops: [(0, [0, 0, 1, 1]), (100, [1, 0, 0, 1]), (300, [0, 1, 0, 1])])
        XCTAssertEqual(ramp.color(at: -50), [0, 0, 1, 1])
        XCTAssertEqual(ramp.color(at: 50), [0.5, 0, 0.5, 1])
        XCTAssertEqual(ramp.color(at: 200), [0.5, 0.5, 0, 1])
        XCTAssertEqual(ramp.color(at: 1000), [0, 1, 0, 1])
        XCTAssertEqual(ColorReliefRamp(stops: []).color(at: 10), .zero, "no stops: transparent")
        XCTAssertEqual(ColorReliefRamp(stops: [(5, [1, 1, 1, 1])]).color(at: 0), [1, 1, 1, 1])
    }
}
