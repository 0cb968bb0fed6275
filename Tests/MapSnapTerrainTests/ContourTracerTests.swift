import MapSnapGeometry
import XCTest

@testable import MapSnapTerrain

final class ContourTracerTests: XCTestCase {
    /// A cone 1000 m high at the centre of a 64-pixel tile, falling 10 m per pixel: the lines
    /// every 50 m are rings of radius 5, 10, … 30 pixels round the top, and arcs cut by the edge
    /// beyond (the corners are 45.25 pixels away).
    func testAConeGivesClosedRingsAtTheRightRadii() throws {
        let tile = ContourTestTiles.tile(dim: 64) { x, y in Self.cone(x, y) }
        for passes in [0, 1] {
            let tracer = ContourTracer(smoothingPasses: passes)
            let lines = tracer.lines(in: tile, interval: 50)
            let rings = lines.filter(\.isClosed)
            XCTAssertEqual(rings.map(\.elevation), [700, 750, 800, 850, 900, 950], "passes \(passes)")
            for ring in rings {
                let radius = (1000 - ring.elevation) / 10 * 64  // tile units
                for p in ring.points {
                    let r = ((p.x - 2048) * (p.x - 2048) + (p.y - 2048) * (p.y - 2048)).squareRoot()
                    XCTAssertEqual(r, radius, accuracy: 0.1 * 64, "\(ring.elevation) m, passes \(passes)")
                }
            }
            let arcs = lines.filter { !$0.isClosed }
            XCTAssertEqual(Set(arcs.map(\.elevation)), [550, 600, 650])
            for arc in arcs {
                for end in [arc.points[0], arc.points[arc.points.count - 1]] {
                    XCTAssertTrue([0, 4096].contains(end.x) || [0, 4096].contains(end.y), "\(end) is on the edge")
                }
            }
        }
    }

    /// A tilted plane h = 3X + 1.5Y + 0.37 (X, Y in pixels): every 10 m line is one straight
    /// line, where the plane has that height (to the heights' Float precision), from tile edge to tile edge.
    func testAPlaneGivesStraightLinesAtTheRightPlaces() {
        let tile = ContourTestTiles.tile(dim: 32) { x, y in 3 * x + 1.5 * y + 0.37 }
        for passes in [0, 2] {
            let lines = ContourTracer(smoothingPasses: passes).lines(in: tile, interval: 10)
            // Heights on the tile square 0…32 pixels run from 0.37 to 144.37 m.
            XCTAssertEqual(lines.map(\.elevation), stride(from: 10.0, through: 140, by: 10).map { $0 })
            for line in lines {
                XCTAssertFalse(line.isClosed)
                for p in line.points {
                    let h = 3 * p.x / 128 + 1.5 * p.y / 128 + 0.37
                    XCTAssertEqual(h, line.elevation, accuracy: 1e-4, "\(p) of the \(line.elevation) m line")
                }
                for end in [line.points[0], line.points[line.points.count - 1]] {
                    XCTAssertTrue([0, 4096].contains(end.x) || [0, 4096].contains(end.y), "\(end) is on the edge")
                }
            }
        }
    }

    /// One saddle cell (the four pixels of a 2-pixel tile): with the centre (the corners' mean)
    /// above the level, the two high corners (top-left, bottom-right) are joined, so the
    /// diagonal between them crosses no line; with it below, the line runs between them.
    func testASaddleIsResolvedByTheCentreValue() throws {
        let levels = try XCTUnwrap(ContourLevels(intervals: [5]))
        let tracer = ContourTracer(smoothingPasses: 0)
        // Pixel centres (0.5, 0.5) and (1.5, 1.5) pixels, 2048 tile units a pixel.
        let diagonal = (Point(x: 1024, y: 1024), Point(x: 3072, y: 3072))
        let joined = tracer.lines(in: DEMTile(dim: 2, interior: [9, 4, 4, 6]), levels: levels)
        let apart = tracer.lines(in: DEMTile(dim: 2, interior: [9, 1, 1, 6]), levels: levels)
        XCTAssertEqual(joined.count, 2)
        XCTAssertEqual(apart.count, 2)
        XCTAssertFalse(joined.contains { Self.crosses($0.points, diagonal) }, "centre 5.75 m > 5 m: joined")
        XCTAssertTrue(apart.contains { Self.crosses($0.points, diagonal) }, "centre 4.25 m ≤ 5 m: apart")
    }

    /// The same tile gives the same lines twice, sorted by elevation, then first point.
    func testTheOrderIsDeterministic() {
        let tile = ContourTestTiles.tile(dim: 48, tx: 1, ty: 2, surface: ContourTestTiles.hills)
        let tracer = ContourTracer()
        let first = tracer.lines(in: tile, interval: 20)
        XCTAssertGreaterThan(first.count, 10)
        XCTAssertEqual(first, tracer.lines(in: tile, interval: 20))
        for (a, b) in zip(first, first.dropFirst()) {
            let pa = a.points[0]
            let pb = b.points[0]
            XCTAssertTrue(
                a.elevation < b.elevation || (a.elevation == b.elevation && (pa.x, pa.y) <= (pb.x, pb.y)),
                "\(a.elevation) \(pa) before \(b.elevation) \(pb)")
        }
    }

    /// Points stay in the clip box [−buffer, extent + buffer]², the buffer at most half a pixel.
    func testLinesStayInTheClipBox() {
        let tile = ContourTestTiles.tile(dim: 32, surface: ContourTestTiles.hills)
        for (buffer, bound) in [(0.0, 0.0), (16, 16), (500, 64)] {
            let lines = ContourTracer(buffer: buffer).lines(in: tile, interval: 10)
            let xs = lines.flatMap { $0.points.map(\.x) }
            let ys = lines.flatMap { $0.points.map(\.y) }
            XCTAssertEqual(xs.min(), -bound, "buffer \(buffer)")
            XCTAssertEqual(ys.max(), 4096 + bound, "buffer \(buffer)")
        }
    }

    /// No lines from a flat tile, a tile of no data, or levels that cannot be.
    func testNothingToTrace() {
        let flat = DEMTile(dim: 4, interior: [Float](repeating: 120, count: 16))
        XCTAssertEqual(ContourTracer().lines(in: flat, interval: 10), [])
        let empty = DEMTile(dim: 2, interior: [.nan, .nan, .nan, .nan])
        XCTAssertEqual(ContourTracer().lines(in: empty, interval: 10), [])
        let slope = ContourTestTiles.tile(dim: 8) { x, _ in x * 10 }
        XCTAssertEqual(ContourTracer().lines(in: slope, interval: 0), [])
        XCTAssertEqual(ContourTracer(multiplier: -1).lines(in: slope, interval: 10), [])
        XCTAssertEqual(ContourTracer().lines(in: slope, zoom: -1), [])
    }

    /// A hole of no data (NaN) in a slope cuts the lines through it: they end at the hole, on
    /// both sides, and nothing is drawn inside it (pixels 6…9 have no data, so the cells between
    /// the pixel centres 5.5 and 10.5, 1408…2688 tile units, hold no line).
    func testAHoleOfNoDataCutsTheLines() {
        let tile = ContourTestTiles.tile(dim: 16) { x, y in
            (6...10).contains(x) && (6...10).contains(y) ? .nan : 10 * x + 3
        }
        let lines = ContourTracer(smoothingPasses: 0).lines(in: tile, interval: 10)
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            for p in line.points {
                let inside = { (v: Double) in v > 1408 && v < 2688 }
                XCTAssertFalse(inside(p.x) && inside(p.y), "\(p) in the hole")
            }
        }
        // The lines crossing the hole's rows come in two pieces, one either side.
        XCTAssertGreaterThan(lines.filter { $0.elevation == 80 }.count, 1)
    }

    /// Lines that would need more than `maxPoints` points are not traced at all.
    func testTooManyPointsGiveNoLines() {
        let tile = ContourTestTiles.tile(dim: 32, surface: ContourTestTiles.hills)
        XCTAssertGreaterThan(ContourTracer().lines(in: tile, interval: 1).count, 100)
        XCTAssertEqual(ContourTracer(maxPoints: 500).lines(in: tile, interval: 1), [])
    }

    /// 1000 m at the apex (32, 32) pixels, down 10 m per pixel.
    static func cone(_ x: Double, _ y: Double) -> Double {
        1000 - 10 * ((x - 32) * (x - 32) + (y - 32) * (y - 32)).squareRoot()
    }

    /// True when the polyline crosses the segment.
    static func crosses(_ points: [Point], _ segment: (Point, Point)) -> Bool {
        func side(_ a: Point, _ b: Point, _ c: Point) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        let (p, q) = segment
        for (a, b) in zip(points, points.dropFirst())
        where side(p, q, a) * side(p, q, b) < 0 && side(a, b, p) * side(a, b, q) < 0 {
            return true
        }
        return false
    }
}
