import MapSnapGeometry
import MapSnapTestSupport
import XCTest

@testable import MapSnapRender

/// The fit keeps only the extreme vertices of each 1° band per margin (`FitExtremes`): the
/// camera is the very one all the vertices give, also across the antimeridian.
final class FitExtremesTests: XCTestCase {
    func testPrunedVerticesFitLikeAllOfThem() throws {
        var rng = SplitMix64(seed: 42)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        for round in 0..<40 {
            // Around San Francisco, or straddling the antimeridian (Fiji), a few margins.
            let centre = round % 2 == 0 ? (37.7, -122.4) : (-17.0, 179.7)
            var extremes = FitExtremes()
            var all: [FitItem] = []
            for _ in 0..<Int(r(1...30)) {
                let margin = [1.5, 4.0, 7.25][Int(r(0...2.99))]
                var c = Coordinate(latitude: centre.0 + r(-2...2), longitude: centre.1 + r(-3...3))
                var line: [Coordinate] = []
                for _ in 0..<Int(r(2...60)) {
                    line.append(c)
                    c = Coordinate(latitude: c.latitude + r(-0.2...0.2), longitude: c.longitude + r(-0.3...0.3))
                }
                extremes.add(line, margin: margin)
                let m = Margins(top: margin, left: margin, bottom: margin, right: margin)
                all += line.map { FitItem(coordinate: $0, margins: m) }
            }
            let size = Size(width: 600, height: 400)
            let pruned = try Camera.fitting(extremes.items, size: size, scale: 1, padding: 20)
            let full = try Camera.fitting(all, size: size, scale: 1, padding: 20)
            // Four per band of 1° and margin: 3 margins over at most some 30 bands here.
            XCTAssertLessThanOrEqual(extremes.items.count, 4 * 3 * 30)
            XCTAssertEqual(pruned.zoom, full.zoom, accuracy: 1e-9, "round \(round)")
            XCTAssertEqual(pruned.center.latitude, full.center.latitude, accuracy: 1e-9, "round \(round)")
            XCTAssertEqual(
                pruned.center.normalized.longitude, full.center.normalized.longitude, accuracy: 1e-9, "round \(round)")
        }
    }
}
