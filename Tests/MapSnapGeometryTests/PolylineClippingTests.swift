import XCTest

@testable import MapSnapGeometry

final class PolylineClippingTests: XCTestCase {
    private let box = Rect(x: 0, y: 0, width: 10, height: 10)

    func testALineCrossingTheBoxIsCutAtItsEdges() {
        let parts = PolylineClipping.clip([Point(x: -5, y: 5), Point(x: 5, y: 5), Point(x: 15, y: 5)], to: box)
        XCTAssertEqual(parts, [[Point(x: 0, y: 5), Point(x: 5, y: 5), Point(x: 10, y: 5)]])
    }

    func testALineLeavingAndComingBackMakesTwoParts() {
        let line = [Point(x: 2, y: 2), Point(x: 2, y: 20), Point(x: 8, y: 20), Point(x: 8, y: 2)]
        let parts = PolylineClipping.clip(line, to: box)
        XCTAssertEqual(parts, [[Point(x: 2, y: 2), Point(x: 2, y: 10)], [Point(x: 8, y: 10), Point(x: 8, y: 2)]])
    }

    func testALineInsideStaysWholeAndOneOutsideVanishes() {
        let inside = [Point(x: 1, y: 1), Point(x: 9, y: 3), Point(x: 4, y: 8)]
        XCTAssertEqual(PolylineClipping.clip(inside, to: box), [inside])
        XCTAssertEqual(PolylineClipping.clip([Point(x: 11, y: 0), Point(x: 20, y: 30)], to: box), [])
        XCTAssertEqual(PolylineClipping.clip([Point(x: 1, y: 1)], to: box), [])
        XCTAssertEqual(PolylineClipping.clip([], to: box), [])
    }

    func testADiagonalIsCutWhereItCrosses() throws {
        let parts = PolylineClipping.clip([Point(x: -10, y: -5), Point(x: 10, y: 5)], to: box)
        let part = try XCTUnwrap(parts.first)
        XCTAssertEqual(parts.count, 1)
        XCTAssertEqual(part[0].x, 0, accuracy: 1e-12)
        XCTAssertEqual(part[0].y, 0, accuracy: 1e-12)
        XCTAssertEqual(part[1], Point(x: 10, y: 5))
    }
}
