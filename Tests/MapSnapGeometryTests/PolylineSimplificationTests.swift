import MapSnapTestSupport
import XCTest

@testable import MapSnapGeometry

final class PolylineSimplificationTests: XCTestCase {
    func testPointsNearTheChordGoAndCornersStay() {
        let line = [
            Point(x: 0, y: 0), Point(x: 1, y: 0.1), Point(x: 2, y: -0.1), Point(x: 3, y: 0), Point(x: 3, y: 5),
            Point(x: 3.05, y: 6), Point(x: 3, y: 7),
        ]
        XCTAssertEqual(
            PolylineSimplification.douglasPeucker(line, tolerance: 0.2),
            [Point(x: 0, y: 0), Point(x: 3, y: 0), Point(x: 3, y: 7)])
        XCTAssertEqual(PolylineSimplification.douglasPeucker(line, tolerance: 0.01).count, line.count)
    }

    /// Every dropped point lies within the tolerance of the simplified line.
    func testNoPointStraysBeyondTheTolerance() {
        var rng = SystemRandomNumberGenerator()
        var line: [Point] = []
        var p = Point(x: 0, y: 0)
        for _ in 0..<500 {
            p = Point(x: p.x + Double.random(in: 0...1, using: &rng), y: p.y + Double.random(in: -1...1, using: &rng))
            line.append(p)
        }
        let simple = PolylineSimplification.douglasPeucker(line, tolerance: 0.8)
        XCTAssertLessThan(simple.count, line.count)
        XCTAssertEqual(simple.first, line.first)
        XCTAssertEqual(simple.last, line.last)
        for q in line {
            let d =
                zip(simple, simple.dropFirst()).map { a, b -> Double in
                    let dx = b.x - a.x
                    let dy = b.y - a.y
                    let t = max(0, min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / max(dx * dx + dy * dy, 1e-12)))
                    return ((a.x + t * dx - q.x) * (a.x + t * dx - q.x) + (a.y + t * dy - q.y) * (a.y + t * dy - q.y))
                        .squareRoot()
                }.min() ?? 0
            XCTAssertLessThanOrEqual(d, 0.8 + 1e-9)
        }
    }
}

/// The one-pass thinning the base-map painter applies before rasterizing (`forEachKept`).
final class PolylineThinningTests: XCTestCase {
    private func kept(_ line: [Point], closing: Point? = nil, minStep: Double, tolerance: Double) -> [Point] {
        var out: [Point] = []
        line.withUnsafeBufferPointer {
            PolylineSimplification.forEachKept(
                $0, 0..<line.count, closing: closing, minStep: minStep, tolerance: tolerance
            ) { out.append($0) }
        }
        return out
    }

    func testAZigzagWithinTheToleranceBecomesItsChordAndACornerStays() {
        let line = [
            Point(x: 0, y: 0), Point(x: 1, y: 0.05), Point(x: 2, y: -0.05), Point(x: 3, y: 0.05), Point(x: 4, y: 0),
            Point(x: 4, y: 1), Point(x: 4.05, y: 2), Point(x: 4, y: 3),
        ]
        XCTAssertEqual(
            kept(line, minStep: 0.25, tolerance: 0.1), [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 3)])
        // A deviation beyond the tolerance keeps its vertex.
        XCTAssertEqual(kept(line, minStep: 0.25, tolerance: 0.02), line)
    }

    /// Without a tolerance only vertices closer than `minStep` to the last one kept go.
    func testToleranceZeroOnlyDropsCloseVertices() {
        let line = [
            Point(x: 0, y: 0), Point(x: 0.1, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 0), Point(x: 2.1, y: 0.1),
            Point(x: 2.15, y: 0.1),
        ]
        XCTAssertEqual(
            kept(line, minStep: 0.25, tolerance: 0),
            [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 0), Point(x: 2.15, y: 0.1)])
    }

    func testAClosingVertexEndsTheLineAndARingKeepsItsCorners() {
        let square = [Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 5), Point(x: 0, y: 5)]
        XCTAssertEqual(
            kept(square, closing: square[0], minStep: 0.25, tolerance: 0.1), square + [square[0]])
    }

    /// A long straight line is merged at most `maxRun` vertices at a time.
    func testRunsAreBounded() {
        let line = (0...100).map { Point(x: Double($0), y: 0) }
        let out = kept(line, minStep: 0.25, tolerance: 0.1)
        XCTAssertEqual(out.first, line.first)
        XCTAssertEqual(out.last, line.last)
        XCTAssertEqual(out.count, 5)
    }

    /// Every vertex lies within the tolerance of the kept line (seeded random walks, curves).
    func testNoVertexStraysBeyondTheTolerance() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<50 {
            var line: [Point] = []
            var p = Point(x: 0, y: 0)
            var heading = 0.0
            for _ in 0..<300 {
                heading += Double.random(in: -0.3...0.3, using: &rng)
                let step = Double.random(in: 0.05...1.5, using: &rng)
                p = Point(x: p.x + step * cos(heading), y: p.y + step * sin(heading))
                line.append(p)
            }
            let out = kept(line, minStep: 0.25, tolerance: 0.1)
            XCTAssertLessThan(out.count, line.count)
            XCTAssertEqual(out.first, line.first)
            XCTAssertEqual(out.last, line.last)
            for q in line {
                let d = zip(out, out.dropFirst()).map { Self.distance(q, $0, $1) }.min() ?? 0
                // A vertex dropped for being near the last one kept may lie up to `minStep` off.
                XCTAssertLessThanOrEqual(d, 0.25 + 1e-9)
            }
        }
    }

    static func distance(_ q: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let t = max(0, min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / max(dx * dx + dy * dy, 1e-12)))
        let ex = a.x + t * dx - q.x
        let ey = a.y + t * dy - q.y
        return (ex * ex + ey * ey).squareRoot()
    }
}
