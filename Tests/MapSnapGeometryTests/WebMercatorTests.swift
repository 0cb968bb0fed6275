import XCTest

@testable import MapSnapGeometry

/// Projection against published slippy-map tile indices (OSM wiki "Slippy map tilenames")
/// and EPSG:3857 metres, both directions. Tolerances are stated per assertion.
final class WebMercatorTests: XCTestCase {
    /// (lat, lon, zoom, tile x, tile y) from the standard XYZ scheme.
    let published: [(Double, Double, Int, Int, Int)] = [
        (37.7749, -122.4194, 12, 655, 1583),  // San Francisco
        (43.7384, 7.4246, 15, 17059, 11948),  // Monaco
        (-33.8688, 151.2093, 10, 942, 614),  // Sydney
        (51.5074, -0.1278, 17, 65489, 43584),  // London
        (0, 0, 1, 1, 1),
    ]

    func testTileIndicesAtSeveralZooms() {
        for (lat, lon, z, tx, ty) in published {
            let u = WebMercator.unitPoint(Coordinate(latitude: lat, longitude: lon))
            let n = Double(1 << z)
            XCTAssertEqual(Int((u.x * n).rounded(.down)), tx, "x at z\(z) for \(lat),\(lon)")
            XCTAssertEqual(Int((u.y * n).rounded(.down)), ty, "y at z\(z) for \(lat),\(lon)")
            // MapLibre's 512-point world: a 512-point tile at zoom z is the XYZ tile at z.
            let w = WebMercator.worldPoint(Coordinate(latitude: lat, longitude: lon), zoom: Double(z))
            XCTAssertEqual(Int((w.x / 512).rounded(.down)), tx)
            XCTAssertEqual(Int((w.y / 512).rounded(.down)), ty)
        }
    }

    func testTileCornersInverse() {
        // NW corner of tile (x, y, z): lon = x/2^z*360-180, lat = atan(sinh(π(1-2y/2^z))).
        for (_, _, z, tx, ty) in published {
            let n = Double(1 << z)
            let c = WebMercator.coordinate(unitX: Double(tx) / n, unitY: Double(ty) / n)
            XCTAssertEqual(c.longitude, Double(tx) / n * 360 - 180, accuracy: 1e-9)
            XCTAssertEqual(c.latitude, atan(sinh(.pi * (1 - 2 * Double(ty) / n))) * 180 / .pi, accuracy: 1e-9)
        }
        let top = WebMercator.coordinate(unitX: 0, unitY: 0)
        XCTAssertEqual(top.latitude, 85.0511287798, accuracy: 1e-9)
        XCTAssertEqual(top.longitude, -180, accuracy: 1e-12)
    }

    func testRoundTripAtSeveralZooms() {
        for z in [0.0, 3.5, 10, 14.25, 18, 22] {
            for (lat, lon, _, _, _) in published {
                let c = Coordinate(latitude: lat, longitude: lon)
                let back = WebMercator.coordinate(worldPoint: WebMercator.worldPoint(c, zoom: z), zoom: z)
                XCTAssertEqual(back.latitude, lat, accuracy: 1e-9, "lat at z\(z)")
                XCTAssertEqual(back.longitude, lon, accuracy: 1e-9, "lon at z\(z)")
            }
        }
    }

    func testEPSG3857Metres() {
        // San Francisco in EPSG:3857: x = R·λ, y = R·ln tan(π/4 + φ/2).
        let u = WebMercator.unitPoint(Coordinate(latitude: 37.7749, longitude: -122.4194))
        let half = .pi * WebMercator.earthRadius
        XCTAssertEqual(u.x * 2 * half - half, -13_627_665.27, accuracy: 0.01)
        XCTAssertEqual(half - u.y * 2 * half, 4_547_675.35, accuracy: 0.01)
    }

    func testLatitudeIsClamped() {
        let north = WebMercator.unitPoint(Coordinate(latitude: 89.9, longitude: 0))
        XCTAssertEqual(north.y, 0, accuracy: 1e-12)
        let south = WebMercator.unitPoint(Coordinate(latitude: -90, longitude: 0))
        XCTAssertEqual(south.y, 1, accuracy: 1e-12)
    }

    func testWorldSizeAndGroundResolution() {
        XCTAssertEqual(WebMercator.worldSize(zoom: 0), 512)
        XCTAssertEqual(WebMercator.worldSize(zoom: 2.5), 512 * pow(2, 2.5), accuracy: 1e-9)
        // At the equator, zoom 0: 40075016.686 m / 512 points.
        XCTAssertEqual(WebMercator.metresPerPoint(latitude: 0, zoom: 0), 78_271.517, accuracy: 0.01)
    }
}
