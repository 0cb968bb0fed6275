import XCTest

@testable import MapSnapGeometry

/// `Camera.imagePoints` reuses a repeated latitude's y: the points must be those of projecting
/// every vertex on its own.
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
        XCTAssertEqual(camera.imagePoints(line), expected)
    }
}
