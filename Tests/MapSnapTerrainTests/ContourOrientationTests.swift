import MapSnapGeometry
import XCTest

@testable import MapSnapTerrain

/// Every contour runs with higher ground on its left (y down, as on screen), so a label along
/// it with its top to the left of the direction of travel reads with its top uphill.
final class ContourOrientationTests: XCTestCase {
    /// Round a cone, the rings and the arcs the edge cuts all have the top on their left.
    func testOnAConeUphillIsOnTheLeft() {
        let tile = ContourTestTiles.tile(dim: 64) { x, y in ContourTracerTests.cone(x, y) }
        for passes in [0, 2] {
            let lines = ContourTracer(smoothingPasses: passes).lines(in: tile, interval: 50)
            ContourTestTiles.assertUphillOnTheLeft(lines) { x, y in ContourTracerTests.cone(x / 64, y / 64) }
        }
        // And a pit (the cone upside down): the rings turn the other way.
        let pit = ContourTestTiles.tile(dim: 64) { x, y in -ContourTracerTests.cone(x, y) }
        let lines = ContourTracer().lines(in: pit, interval: 50)
        ContourTestTiles.assertUphillOnTheLeft(lines) { x, y in -ContourTracerTests.cone(x / 64, y / 64) }
    }

    /// On slopes rising to the east, south, west and north, the lines head south, west, north
    /// and east (facing south, the left hand points east: uphill).
    func testOnASlopeUphillIsOnTheLeft() throws {
        let cases: [(String, (Double, Double) -> Double, (Double, Double))] = [
            ("east", { x, _ in 5 * x + 0.3 }, (0, 1)),
            ("south", { _, y in 5 * y + 0.3 }, (-1, 0)),
            ("west", { x, _ in -5 * x + 0.3 }, (0, -1)),
            ("north", { _, y in -5 * y + 0.3 }, (1, 0)),
        ]
        for (rising, surface, heading) in cases {
            let tile = ContourTestTiles.tile(dim: 16, surface: surface)
            let lines = ContourTracer().lines(in: tile, interval: 10)
            XCTAssertFalse(lines.isEmpty, rising)
            for line in lines {
                let first = line.points[0]
                let last = try XCTUnwrap(line.points.last)
                let dx = (last.x - first.x).rounded()
                let dy = (last.y - first.y).rounded()
                XCTAssertEqual(dx.sign == .minus ? -1 : dx == 0 ? 0 : 1, heading.0, "rising \(rising)")
                XCTAssertEqual(dy.sign == .minus ? -1 : dy == 0 ? 0 : 1, heading.1, "rising \(rising)")
            }
            ContourTestTiles.assertUphillOnTheLeft(lines) { x, y in surface(x / 256, y / 256) }
        }
    }

    /// Over rolling hills with saddles, every segment of every line keeps the rule.
    func testOverHillsUphillIsOnTheLeft() {
        let tile = ContourTestTiles.tile(dim: 64, tx: 3, ty: 1, surface: ContourTestTiles.hills)
        let lines = ContourTracer(smoothingPasses: 0).lines(in: tile, interval: 25)
        ContourTestTiles.assertUphillOnTheLeft(lines, step: 4) { x, y in
            ContourTestTiles.hills(3 * 64 + x / 64, 64 + y / 64)
        }
    }
}
