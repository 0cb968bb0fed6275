import MapSnapGeometry
import XCTest

@testable import MapSnapTerrain

/// Lines of neighbouring tiles meet on the shared edge: each end on it is, bit for bit, an end
/// of the neighbour's line of the same elevation, and one line runs on where the other stops.
final class ContourContinuityTests: XCTestCase {
    /// Two tiles side by side and two one above the other, cut from one surface, their borders
    /// filled from each other: the ends on the shared edge coincide, smoothed or not, with 32
    /// pixels a side (128 units a pixel) or 30 (136.53…, no exact scale).
    func testLinesMeetAcrossATileBorder() {
        for dim in [32, 30] {
            let west = ContourTestTiles.tile(dim: dim, tx: 0, ty: 0, surface: ContourTestTiles.hills)
            let east = ContourTestTiles.tile(dim: dim, tx: 1, ty: 0, surface: ContourTestTiles.hills)
            let south = ContourTestTiles.tile(dim: dim, tx: 0, ty: 1, surface: ContourTestTiles.hills)
            for passes in [0, 1, 2] {
                let tracer = ContourTracer(smoothingPasses: passes)
                let w = tracer.lines(in: west, interval: 10)
                let e = tracer.lines(in: east, interval: 10)
                let s = tracer.lines(in: south, interval: 10)
                let shared = Self.ends(of: w, x: 4096)
                XCTAssertGreaterThan(shared.count, 5, "lines cross the shared edge")
                XCTAssertEqual(
                    shared, Self.flipped(Self.ends(of: e, x: 0)), "west | east, dim \(dim), passes \(passes)")
                let below = Self.ends(of: w, y: 4096)
                XCTAssertGreaterThan(below.count, 5)
                XCTAssertEqual(
                    below, Self.flipped(Self.ends(of: s, y: 0)), "north / south, dim \(dim), passes \(passes)")
            }
        }
    }

    /// The Monaco fixture's 2 × 2 z13 tiles, borders filled from each other: the same, on the
    /// four shared edges (but for their outer half pixel, whose border corners no tile filled).
    func testMonacoTilesMeetAcrossTheirBorders() throws {
        let block = try ContourTestTiles.monacoBlock()
        let tracer = ContourTracer()
        let lines = block.map { row in row.map { tracer.lines(in: $0, zoom: 13) } }
        let inner = 8.0...4096  // away from the block's outer edge: half a pixel is 8 units
        let outer = 0.0...4088
        // North-west | north-east and south-west | south-east.
        XCTAssertEqual(
            Self.ends(of: lines[0][0], x: 4096, within: inner),
            Self.flipped(Self.ends(of: lines[0][1], x: 0, within: inner)))
        XCTAssertEqual(
            Self.ends(of: lines[1][0], x: 4096, within: outer),
            Self.flipped(Self.ends(of: lines[1][1], x: 0, within: outer)))
        // North-west / south-west and north-east / south-east.
        let nwsw = Self.ends(of: lines[0][0], y: 4096, within: inner)
        XCTAssertGreaterThan(nwsw.count, 20)
        XCTAssertEqual(nwsw, Self.flipped(Self.ends(of: lines[1][0], y: 0, within: inner)))
        XCTAssertEqual(
            Self.ends(of: lines[0][1], y: 4096, within: outer),
            Self.flipped(Self.ends(of: lines[1][1], y: 0, within: outer)))
    }

    /// An end of a line on a tile edge: elevation, place along the edge (tile units), and
    /// whether the line starts (true) or stops there.
    struct End: Comparable {
        let elevation: Double
        let along: Double
        let starts: Bool

        static func < (a: End, b: End) -> Bool {
            (a.elevation, a.along, a.starts ? 1 : 0) < (b.elevation, b.along, b.starts ? 1 : 0)
        }
    }

    /// The ends of `lines` on the vertical edge x = `x`, sorted.
    static func ends(of lines: [ContourLine], x: Double, within range: ClosedRange<Double> = 0...4096) -> [End] {
        ends(of: lines) { p in p.x == x && range.contains(p.y) ? p.y : nil }
    }

    /// The ends of `lines` on the horizontal edge y = `y`, sorted.
    static func ends(of lines: [ContourLine], y: Double, within range: ClosedRange<Double> = 0...4096) -> [End] {
        ends(of: lines) { p in p.y == y && range.contains(p.x) ? p.x : nil }
    }

    private static func ends(of lines: [ContourLine], along: (Point) -> Double?) -> [End] {
        var out: [End] = []
        for line in lines where !line.isClosed {
            if let a = along(line.points[0]) { out.append(End(elevation: line.elevation, along: a, starts: true)) }
            if let last = line.points.last, let a = along(last) {
                out.append(End(elevation: line.elevation, along: a, starts: false))
            }
        }
        return out.sorted()
    }

    /// The neighbour's view: where one line stops the other starts.
    static func flipped(_ ends: [End]) -> [End] {
        ends.map { End(elevation: $0.elevation, along: $0.along, starts: !$0.starts) }.sorted()
    }
}
