import XCTest

@testable import MapSnapTerrain

final class ContourLevelsTests: XCTestCase {
    /// Lines every interval, an index line every fifth (a multiple of 5 × the interval).
    func testIndexLinesAreEveryFifth() throws {
        let tile = ContourTestTiles.tile(dim: 16) { x, _ in 20 * x + 3 }  // 3…323 m
        let lines = ContourTracer().lines(in: tile, interval: 10)
        XCTAssertEqual(lines.map(\.elevation), stride(from: 10.0, through: 320, by: 10).map { $0 })
        for line in lines {
            XCTAssertEqual(line.isIndex, line.elevation.truncatingRemainder(dividingBy: 50) == 0, "\(line.elevation)")
            XCTAssertEqual(line.level, line.isIndex ? 1 : 0)
        }
    }

    /// maplibre-contour's levels: the highest index whose interval divides the elevation.
    func testLevelsOfAList() throws {
        let levels = try XCTUnwrap(ContourLevels(intervals: [20, 100, 500]))
        XCTAssertEqual(levels.minor, 20)
        XCTAssertEqual([20, 100, 140, 500, 1000, 0, -100].map(levels.level(of:)), [0, 1, 0, 2, 2, 2, 1])
        let decimetres = try XCTUnwrap(ContourLevels(intervals: [0.1, 0.5]))
        XCTAssertEqual(decimetres.level(of: 0.1 * 15), 1)
        XCTAssertEqual(decimetres.level(of: 0.1 * 7), 0)
        XCTAssertNil(ContourLevels(intervals: []))
        XCTAssertNil(ContourLevels(intervals: [10, -50]))
        XCTAssertNil(ContourLevels(interval: .infinity))
        XCTAssertNil(ContourLevels(interval: 10, indexEvery: 1))
        XCTAssertEqual(ContourLevels(interval: 25)?.intervals, [25, 125])
    }

    /// Lines traced with a [minor, major] list carry its levels.
    func testTracedLinesCarryTheLevelsOfTheirList() throws {
        let tile = ContourTestTiles.tile(dim: 16) { x, _ in 20 * x + 3 }
        let levels = try XCTUnwrap(ContourLevels(intervals: [20, 100]))
        let lines = ContourTracer().lines(in: tile, levels: levels)
        XCTAssertEqual(lines.filter(\.isIndex).map(\.elevation), [100, 200, 300])
        XCTAssertEqual(lines.count, 16)
    }

    /// In feet (maplibre-contour's multiplier 3.28084), the levels are feet.
    func testAMultiplierChangesTheUnit() throws {
        let tile = ContourTestTiles.tile(dim: 16) { x, _ in 20 * x + 3 }  // 3…323 m = 9.8…1059.7 ft
        let lines = ContourTracer(multiplier: 3.28084).lines(in: tile, interval: 100)
        XCTAssertEqual(lines.map(\.elevation), stride(from: 100.0, through: 1000, by: 100).map { $0 })
    }

    /// The default table: z ≤ 10: 200 m, z11: 100 m, z12: 50 m, z13: 20 m, z ≥ 14: 10 m, an index
    /// line every fifth; a table a style gives takes the entry of the highest zoom key ≤ z.
    func testTheIntervalTable() throws {
        let standard = ContourIntervals.standard
        let minor = [0, 5, 10, 11, 12, 13, 14, 15, 22].map { standard.levels(atZoom: $0)?.minor }
        XCTAssertEqual(minor, [200, 200, 200, 100, 50, 20, 10, 10, 10])
        XCTAssertEqual(standard.levels(atZoom: 13)?.intervals, [20, 100])
        // maplibre-contour's README example (feet there; any unit here).
        let readme = try XCTUnwrap(
            ContourIntervals(lists: [11: [200, 1000], 12: [100, 500], 14: [50, 200], 15: [20, 100]]))
        XCTAssertNil(readme.levels(atZoom: 10))
        XCTAssertEqual(readme.levels(atZoom: 13)?.intervals, [100, 500])
        XCTAssertEqual(readme.levels(atZoom: 14)?.intervals, [50, 200])
        XCTAssertEqual(readme.levels(atZoom: 20)?.intervals, [20, 100])
        XCTAssertNil(ContourIntervals(lists: [12: []]))
        // The tracer picks the zoom's levels.
        let tile = ContourTestTiles.tile(dim: 16) { x, _ in 20 * x + 3 }
        XCTAssertEqual(ContourTracer().lines(in: tile, zoom: 11).map(\.elevation), [100, 200, 300])
        XCTAssertEqual(ContourTracer(intervals: readme).lines(in: tile, zoom: 10), [])
    }
}
