import MapSnapGeometry
import XCTest

final class GeodesicDistanceTests: XCTestCase {
    /// Vincenty's own test line (Survey Review 1975), as Geoscience Australia publishes it:
    /// Flinders Peak to Buninyong, 54 972.271 m on the GRS 80 / WGS 84 ellipsoid.
    func testFlindersPeakToBuninyong() {
        func deg(_ d: Double, _ m: Double, _ s: Double) -> Double { d + m / 60 + s / 3600 }
        let flinders = Coordinate(latitude: -deg(37, 57, 3.72030), longitude: deg(144, 25, 29.52440))
        let buninyong = Coordinate(latitude: -deg(37, 39, 10.15610), longitude: deg(143, 55, 35.38390))
        XCTAssertEqual(Geodesy.geodesicDistance(flinders, buninyong), 54_972.271, accuracy: 0.001)
    }

    /// One degree of longitude on the equator is a / 180 · π; one of latitude at the pole
    /// differs from one at the equator (the ellipsoid, not the sphere).
    func testEquatorAndMeridian() {
        let equator = Geodesy.geodesicDistance(
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1))
        XCTAssertEqual(equator, Geodesy.wgs84SemiMajorAxis * .pi / 180, accuracy: 0.001)
        let nearEquator = Geodesy.geodesicDistance(
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 0))
        let nearPole = Geodesy.geodesicDistance(
            Coordinate(latitude: 89, longitude: 0), Coordinate(latitude: 90, longitude: 0))
        // 110 574 m and 111 694 m (the meridian arc of WGS 84).
        XCTAssertEqual(nearEquator, 110_574, accuracy: 1)
        XCTAssertEqual(nearPole, 111_694, accuracy: 1)
        XCTAssertEqual(
            Geodesy.geodesicDistance(Coordinate(latitude: 46, longitude: 13), Coordinate(latitude: 46, longitude: 13)),
            0)
    }

    func testNearlyAntipodalPointsFallBackToTheSphere() {
        let d = Geodesy.geodesicDistance(
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0.5, longitude: 179.7))
        XCTAssertEqual(d, 19_936_000, accuracy: 0.01 * 19_936_000)
    }
}
