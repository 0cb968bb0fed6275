import XCTest

@testable import MapSnapGeometry

/// `Camera.imagePoints` projects y by a series about an anchor latitude (`MercatorYSeries`): the
/// points must be those of projecting every vertex on its own, to a millionth of a point.
final class CameraImagePointsTests: XCTestCase {
    func testRepeatedLatitudesProjectAsEveryVertexOnItsOwn() {
        let camera = Camera(
            center: Coordinate(latitude: 37.75, longitude: -122.45), zoom: 12.3, size: Size(width: 600, height: 400))
        var line: [Coordinate] = []
        for i in 0..<2_000 {
            // Latitudes to 6 decimals repeat for runs of vertices; some are -0.0 and 0.0.
            let lat = i < 10 ? (i % 2 == 0 ? -0.0 : 0.0) : ((37.75 + Double(i / 7) * 1e-6) * 1e6).rounded() / 1e6
            line.append(Coordinate(latitude: lat, longitude: -122.45 + Double(i) * 3e-6))
        }
        let o = camera.origin
        let world = camera.worldSize
        let expected = line.map { c -> Point in
            let u = WebMercator.unitPoint(c)
            return Point(x: u.x * world - o.x, y: u.y * world - o.y)
        }
        let points = camera.imagePoints(line)
        XCTAssertEqual(points.count, expected.count)
        for (p, e) in zip(points, expected) {
            XCTAssertEqual(p.x, e.x)
            XCTAssertEqual(p.y, e.y, accuracy: 1e-6)
        }
    }
}
