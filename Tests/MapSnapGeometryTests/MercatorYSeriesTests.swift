import MapSnapTestSupport
import XCTest

@testable import MapSnapGeometry

/// `MercatorYSeries` against `WebMercator.unitY`, vertex by vertex.
final class MercatorYSeriesTests: XCTestCase {
    /// Walks of small steps, jumps and repeats at every latitude band, the poles' clamp among
    /// them: never further than the tolerance (plus rounding) from the exact projection.
    func testTheSeriesStaysWithinItsTolerance() {
        var rng = SplitMix64(seed: 15)
        var worst = 0.0
        for start in stride(from: -89.0, through: 89.0, by: 7.5) {
            var series = MercatorYSeries()
            var lat = start
            for step in 0..<5_000 {
                let jump = step % 997 == 0
                lat += jump ? Double.random(in: -3...3, using: &rng) : Double.random(in: -0.002...0.002, using: &rng)
                lat = min(max(lat, -89.99), 89.99)
                worst = max(worst, abs(series.unitY(latitude: lat) - WebMercator.unitY(latitude: lat)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2e-15)
        XCTAssertGreaterThan(worst, 0, "the series is in use, not the exact projection every time")
    }

    func testARepeatedLatitudeIsExact() {
        var series = MercatorYSeries()
        let y = series.unitY(latitude: 37.7)
        XCTAssertEqual(series.unitY(latitude: 37.7), y)
        XCTAssertEqual(y, WebMercator.unitY(latitude: 37.7))
    }
}
