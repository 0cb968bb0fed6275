import Foundation
import MapSnapGeometry
import XCTest

@testable import MapSnapTerrain

/// Real relief: the Monaco fixture tiles (terrain-RGB, z13, see Fixtures/README.md).
final class ContourMonacoTests: XCTestCase {
    /// The lines of the 2 × 2 tiles at z13's 20 m are plausible: heights from the sea to the
    /// 1137 m top, index lines every 100 m, points in the tile, rings closed.
    func testTheFixtureTilesGivePlausibleLines() throws {
        let block = try ContourTestTiles.monacoBlock()
        let tracer = ContourTracer()
        let lines = block.flatMap { row in row.flatMap { tracer.lines(in: $0, zoom: 13) } }
        XCTAssertGreaterThan(lines.count, 100)
        XCTAssertEqual(lines.map(\.elevation).min(), 0)
        XCTAssertEqual(lines.map(\.elevation).max(), 1120)
        for line in lines {
            XCTAssertEqual(line.elevation.truncatingRemainder(dividingBy: 20), 0)
            XCTAssertEqual(line.isIndex, line.elevation.truncatingRemainder(dividingBy: 100) == 0)
            XCTAssertGreaterThanOrEqual(line.points.count, 2)
            for p in line.points {
                XCTAssertTrue((0...4096).contains(p.x) && (0...4096).contains(p.y), "\(p)")
            }
        }
        XCTAssertTrue(lines.contains(where: \.isClosed))
        XCTAssertTrue(lines.contains(where: \.isIndex))
    }

    /// The north-west tile (all land, 51…1137 m) at 10 m (z14's interval): the time per tile,
    /// printed. A debug build is far slower than release; the figure to judge is the release
    /// one (see the module README).
    func testTracingTimePerTile() throws {
        let tile = try ContourTestTiles.monaco(x: 4264, y: 2986)
        let tracer = ContourTracer()
        let rounds = 5
        var lines: [ContourLine] = []
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<rounds { lines = tracer.lines(in: tile, interval: 10) }
        }
        let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
        let points = lines.reduce(0) { $0 + $1.points.count }
        print("contours: \(lines.count) lines, \(points) points, \(ms / Double(rounds)) ms per 256² tile at 10 m")
        XCTAssertGreaterThan(lines.count, 100)
    }
}
