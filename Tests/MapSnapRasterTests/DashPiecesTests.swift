import MapSnapGeometry
import XCTest

@testable import MapSnapRaster

/// Polylines cut into the dashes of a pattern, which starts afresh at each polyline's start.
final class DashPiecesTests: XCTestCase {
    func pieces(_ pts: [Point], _ pattern: [Double], keepDots: Bool = false) -> [[Point]] {
        var out: [[Point]] = []
        pts.withUnsafeBufferPointer {
            DashPieces.forEach($0, pattern: pattern, keepDots: keepDots) { out.append(Array($0)) }
        }
        return out
    }

    func testDashesAlongAStraightLine() {
        let out = pieces([Point(x: 0, y: 0), Point(x: 10, y: 0)], [3, 1])
        XCTAssertEqual(out.map { $0.map(\.x) }, [[0, 3], [4, 7], [8, 10]])
    }

    func testADashTurnsCornersWithTheLine() {
        let out = pieces([Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 2, y: 5)], [3, 1])
        XCTAssertEqual(out.count, 2)
        XCTAssertEqual(out[0], [Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 2, y: 1)])
        XCTAssertEqual(out[1], [Point(x: 2, y: 2), Point(x: 2, y: 5)])
    }

    func testAZeroLengthGapJoinsDashes() {
        // [2, 1, 1, 0]: the odd pattern [2, 1, 1] as MapLibre runs it: 2 on, 1 off, 3 on, 1 off, …
        let out = pieces([Point(x: 0, y: 0), Point(x: 12, y: 0)], [2, 1, 1, 0])
        XCTAssertEqual(out.map { $0.map(\.x) }, [[0, 2], [3, 6], [7, 10], [11, 12]])
    }

    func testALeadingZeroLengthDashOfAnOddPattern() {
        // [0, 1, 4] as MapLibre runs it, [0, 1, 4, 0]: 1 off, 4 on, over and over.
        let out = pieces([Point(x: 0, y: 0), Point(x: 12, y: 0)], [0, 1, 4, 0])
        XCTAssertEqual(out.map { $0.map(\.x) }, [[1, 5], [6, 10], [11, 12]])
    }

    func testZeroLengthDashesAreDotsOnlyWhenAsked() {
        XCTAssertEqual(pieces([Point(x: 0, y: 0), Point(x: 5, y: 0)], [0, 2]).count, 0)
        let dots = pieces([Point(x: 0, y: 0), Point(x: 5, y: 0)], [0, 2], keepDots: true)
        XCTAssertEqual(dots.map { $0[0].x }, [0, 2, 4])
        XCTAssertTrue(dots.allSatisfy { d in d.allSatisfy { abs($0.x - d[0].x) < 1e-5 } })
    }
}
