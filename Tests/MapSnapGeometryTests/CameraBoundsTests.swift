import XCTest

@testable import MapSnapGeometry

/// `Camera.imageBounds` against the box of every projected vertex.
final class CameraBoundsTests: XCTestCase {
    /// The box of `imagePoints(coords)` (no vertex dropped), as the report computed it before.
    private func projectedBox(_ camera: Camera, _ coords: [Coordinate]) -> Rect? {
        let points = camera.imagePoints(coords)
        guard let f = points.first else { return nil }
        var (x0, x1, y0, y1) = (f.x, f.x, f.y, f.y)
        for p in points {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Equal to within a millionth of a point (vertices are projected by `MercatorYSeries`).
    private func assertClose(_ a: Rect?, _ b: Rect?, file: StaticString = #filePath, line: UInt = #line) {
        guard let a, let b else { return XCTAssertEqual(a, b, file: file, line: line) }
        for (u, v) in [(a.minX, b.minX), (a.minY, b.minY), (a.maxX, b.maxX), (a.maxY, b.maxY)] {
            XCTAssertEqual(u, v, accuracy: 1e-6, file: file, line: line)
        }
    }

    func testBoxIsTheBoxOfTheProjectedVertices() {
        var rng = SystemRandomNumberGenerator()
        let camera = Camera(
            center: Coordinate(latitude: 37.75, longitude: -122.45), zoom: 12, size: Size(width: 600, height: 400))
        for _ in 0..<20 {
            var c = Coordinate(latitude: 37.75, longitude: -122.45)
            var line: [Coordinate] = []
            for _ in 0..<500 {
                line.append(c)
                c.latitude += Double.random(in: -0.001...0.001, using: &rng)
                c.longitude += Double.random(in: -0.001...0.001, using: &rng)
            }
            assertClose(camera.imageBounds(line), projectedBox(camera, line))
        }
    }

    func testBoxFollowsTheWorldCopyOfTheFirstVertex() {
        let camera = Camera(
            center: Coordinate(latitude: 0, longitude: 179.5), zoom: 6, size: Size(width: 600, height: 400))
        let line = [
            Coordinate(latitude: 0.2, longitude: -179.8), Coordinate(latitude: -0.3, longitude: -179.2),
            Coordinate(latitude: 0.1, longitude: -179.9),
        ]
        let box = camera.imageBounds(line)
        assertClose(box, projectedBox(camera, line))
        XCTAssertGreaterThan(box?.x ?? 0, 300)  // east of the centre, not a world away
        XCTAssertNil(camera.imageBounds([]))
    }

    func testLatitudesBeyondTheMercatorEdgeAreClamped() {
        let camera = Camera(
            center: Coordinate(latitude: 80, longitude: 0), zoom: 3, size: Size(width: 600, height: 400))
        let line = [Coordinate(latitude: 89.9, longitude: -10), Coordinate(latitude: 70, longitude: 10)]
        assertClose(camera.imageBounds(line), projectedBox(camera, line))
    }

    /// A geographic box's image rectangle in a world copy is the box of its corners projected
    /// as `forEachImagePoint(_:shiftedBy:)` projects vertices (the same numbers).
    func testABoxInAWorldCopyIsItsCornersProjected() {
        let camera = Camera(
            center: Coordinate(latitude: 10, longitude: 179), zoom: 3, size: Size(width: 600, height: 400))
        let box = BoundingBox(west: -185, south: -20, east: -170, north: 35)
        for shift in [0.0, 360, -360] {
            var corners: [Point] = []
            camera.forEachImagePoint(
                [
                    Coordinate(latitude: box.north, longitude: box.west),
                    Coordinate(latitude: box.south, longitude: box.east),
                ],
                shiftedBy: shift
            ) { corners.append($0) }
            XCTAssertEqual(corners.count, 2)
            guard corners.count == 2 else { continue }
            let r = camera.imageRect(of: box, shiftedBy: shift)
            XCTAssertEqual(r.minX, corners[0].x)
            XCTAssertEqual(r.minY, corners[0].y)
            XCTAssertEqual(r.maxX, corners[1].x, accuracy: 1e-9)
            XCTAssertEqual(r.maxY, corners[1].y, accuracy: 1e-9)
        }
    }
}
