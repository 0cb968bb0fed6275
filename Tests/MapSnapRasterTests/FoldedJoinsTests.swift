import MapSnapGeometry
import XCTest

@testable import MapSnapRaster

/// Runs of a line between the joins where MapLibre's join geometry folds over (turns beyond
/// 120°, unless mitered within the limit).
final class FoldedJoinsTests: XCTestCase {
    func runs(_ pts: [Point], limit: Double = 0) -> [([Point], Bool, Bool)] {
        var out: [([Point], Bool, Bool)] = []
        pts.withUnsafeBufferPointer {
            FoldedJoins.forEachRun($0, unfoldedUpTo: limit) { run, s, e in out.append((Array(run), s, e)) }
        }
        return out
    }

    func testAHairpinSplitsTheLine() {
        let line = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 1), Point(x: 10, y: 2)]
        let out = runs(line)
        XCTAssertEqual(out.count, 3)
        XCTAssertEqual(out[0].0, [line[0], line[1]])
        XCTAssertEqual(out[1].0, [line[1], line[2]])
        XCTAssertEqual(out[2].0, [line[2], line[3]])
        XCTAssertEqual(out.map { $0.1 }, [false, true, true])
        XCTAssertEqual(out.map { $0.2 }, [true, true, false])
    }

    func testTurnsUpTo120DegreesDoNotSplit() {
        // A right angle (v = √2), then a 110° turn (v ≈ 1.74) from heading down (90°) to 200°.
        let a = 200.0 * .pi / 180
        let line = [
            Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 10 + 10 * cos(a), y: 10 + 10 * sin(a)),
        ]
        XCTAssertEqual(runs(line).count, 1)
    }

    func testAMiterWithinItsLimitDoesNotFold() {
        // A 140° turn: v = 1 / cos 70° ≈ 2.92.
        let a = 140.0 * .pi / 180
        let line = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10 + 10 * cos(a), y: 10 * sin(a))]
        XCTAssertEqual(runs(line, limit: 2).count, 2)
        XCTAssertEqual(runs(line, limit: 3).count, 1)
    }
}
