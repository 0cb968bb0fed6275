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
