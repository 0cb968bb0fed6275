import XCTest

@testable import MapSnapGeometry

final class CameraTests: XCTestCase {
    let size = Size(width: 600, height: 400)

    func testPointAndCoordinateAreInverse() {
        let cam = Camera(center: Coordinate(latitude: 37.78, longitude: -122.42), zoom: 13.3, size: size, scale: 2)
        XCTAssertEqual(cam.point(for: cam.center).x, 300, accuracy: 1e-9)
        XCTAssertEqual(cam.point(for: cam.center).y, 200, accuracy: 1e-9)
        let p = Point(x: 17.5, y: 333.25)
        let back = cam.point(for: cam.coordinate(for: p))
        XCTAssertEqual(back.x, p.x, accuracy: 1e-6)
        XCTAssertEqual(back.y, p.y, accuracy: 1e-6)
    }

    func testFitKeepsEveryItemAndItsMarginsInsideThePadding() throws {
        let items = [
            FitItem(
                coordinate: Coordinate(latitude: 37.77, longitude: -122.43),
                margins: Margins(top: 40, left: 15, bottom: 0, right: 15)),
            FitItem(
                coordinate: Coordinate(latitude: 37.79, longitude: -122.40),
                margins: Margins(top: 40, left: 80, bottom: 10, right: 80)),
            FitItem(coordinate: Coordinate(latitude: 37.76, longitude: -122.41)),
        ]
        let padding = 24.0
        let cam = try Camera.fitting(items, size: size, scale: 1, padding: padding)
        var touches = false
        for it in items {
            let p = cam.point(for: it.coordinate)
            XCTAssertGreaterThanOrEqual(p.x - it.margins.left, padding - 1e-6)
            XCTAssertLessThanOrEqual(p.x + it.margins.right, size.width - padding + 1e-6)
            XCTAssertGreaterThanOrEqual(p.y - it.margins.top, padding - 1e-6)
            XCTAssertLessThanOrEqual(p.y + it.margins.bottom, size.height - padding + 1e-6)
            if abs(p.y - it.margins.top - padding) < 0.01 || abs(p.x - it.margins.left - padding) < 0.01 {
                touches = true
            }
        }
        XCTAssertTrue(touches, "the fit should be tight on at least one side")
    }

    func testFitSinglePointStopsAtMaxZoom() throws {
        let cam = try Camera.fitting(
            [FitItem(coordinate: Coordinate(latitude: 1, longitude: 2))], size: size, scale: 1, padding: 24)
        XCTAssertEqual(cam.zoom, Camera.maxFitZoom)
        XCTAssertEqual(cam.center.latitude, 1, accuracy: 1e-9)
    }

    func testFitNothingThrows() {
        XCTAssertThrowsError(try Camera.fitting([], size: size, scale: 1, padding: 24)) {
            XCTAssertEqual($0 as? CameraError, .nothingToFit)
        }
    }

    func testFitAcrossTheAntimeridianFramesTheShortWay() throws {
        let items = [179.5, -179.5, 179.9].map { FitItem(coordinate: Coordinate(latitude: -17, longitude: $0)) }
        let cam = try Camera.fitting(items, size: size, scale: 1, padding: 24)
        XCTAssertGreaterThan(cam.zoom, 6, "one degree of longitude should fill the image, not the whole world")
        for it in items {
            let p = cam.point(for: it.coordinate)
            XCTAssertTrue((0...600).contains(p.x), "\(it.coordinate) at \(p)")
        }
        XCTAssertEqual(abs(cam.center.normalized.longitude), 180, accuracy: 0.5)
    }

    func testUnwrapLongitudesMakesTracksContinuous() {
        var track = [170.0, 179.0, -179.0, -170.0].map { Coordinate(latitude: 0, longitude: $0) }
        track.unwrapLongitudes()
        XCTAssertEqual(track.map(\.longitude), [170, 179, 181, 190])
    }

    func testRegionShowsTheWholeSpan() {
        let c = Coordinate(latitude: 37.7749, longitude: -122.4194)
        let cam = Camera.region(center: c, latitudeDelta: 0.015, longitudeDelta: 0.015, size: size, scale: 1)
        let box = cam.boundingBox
        XCTAssertLessThanOrEqual(box.south, c.latitude - 0.0075 + 1e-9)
        XCTAssertGreaterThanOrEqual(box.north, c.latitude + 0.0075 - 1e-9)
        XCTAssertLessThanOrEqual(box.west, c.longitude - 0.0075 + 1e-9)
        XCTAssertGreaterThanOrEqual(box.east, c.longitude + 0.0075 - 1e-9)
        // And it is tight on the limiting axis (latitude for a landscape image).
        XCTAssertEqual(box.north - box.south, 0.015, accuracy: 1e-5)
    }

    func testBoundingBoxCamera() {
        let b = BoundingBox(west: 7.40, south: 43.72, east: 7.44, north: 43.75)
        let cam = Camera.bounding(b, size: size, scale: 1)
        let nw = cam.point(for: Coordinate(latitude: b.north, longitude: b.west))
        let se = cam.point(for: Coordinate(latitude: b.south, longitude: b.east))
        XCTAssertGreaterThanOrEqual(nw.x, -1e-6)
        XCTAssertGreaterThanOrEqual(nw.y, -1e-6)
        XCTAssertLessThanOrEqual(se.x, 600 + 1e-6)
        XCTAssertLessThanOrEqual(se.y, 400 + 1e-6)
        XCTAssertTrue(abs(nw.y) < 1e-6 || abs(nw.x) < 1e-6, "tight on one axis")
    }

    func testNearestLongitudePicksTheCloseWorldCopy() {
        let cam = Camera(center: Coordinate(latitude: 0, longitude: 179.9), zoom: 8, size: size, scale: 1)
        XCTAssertEqual(cam.nearestLongitude(-179.9), 180.1, accuracy: 1e-9)
        XCTAssertEqual(
            cam.point(for: Coordinate(latitude: 0, longitude: -179.9)).x, 300 + 0.2 / 360 * cam.worldSize,
            accuracy: 1e-6)
    }
}

final class GeodesyTests: XCTestCase {
    func testHaversineAgainstKnownDistances() {
        // One degree of latitude ≈ 111.19 km on the mean sphere.
        XCTAssertEqual(
            Geodesy.distance(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 0)), 111_195,
            accuracy: 5)
        // San Francisco City Hall to Coit Tower ≈ 3.2 km.
        let d = Geodesy.distance(
            Coordinate(latitude: 37.7793, longitude: -122.4193), Coordinate(latitude: 37.8024, longitude: -122.4058))
        XCTAssertEqual(d, 2850, accuracy: 100)
        XCTAssertEqual(Geodesy.length([]), 0)
    }
}

final class ScaleBarTests: XCTestCase {
    func testNiceNumbers() {
        XCTAssertEqual(ScaleBar.nice(730), 500)
        XCTAssertEqual(ScaleBar.nice(199), 100)
        XCTAssertEqual(ScaleBar.nice(200), 200)
        XCTAssertEqual(ScaleBar.nice(0.07), 0.05)
        XCTAssertNil(ScaleBar.nice(0))
    }

    func testMetricAndImperialAtTheEquator() throws {
        // Zoom 10 at the equator: 78271.517 / 1024 ≈ 76.44 m per point → 100 pt ≈ 7644 m → 5 km.
        let cam = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10, size: Size(width: 600, height: 400))
        let metric = try XCTUnwrap(ScaleBar(camera: cam, units: .metric))
        XCTAssertEqual(metric.label, "5 km")
        XCTAssertEqual(metric.width, 5000 / 76.437, accuracy: 0.05)
        let imperial = try XCTUnwrap(ScaleBar(camera: cam, units: .imperial))
        XCTAssertEqual(imperial.label, "2 mi")  // 7644 m = 4.75 mi → 2
        XCTAssertLessThanOrEqual(imperial.width, 100)
    }

    func testHighLatitudeShortensTheGround() throws {
        let z = 14.0
        let eq = try XCTUnwrap(
            ScaleBar(
                camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: z, size: Size(width: 1, height: 1)),
                units: .metric))
        let north = try XCTUnwrap(
            ScaleBar(
                camera: Camera(
                    center: Coordinate(latitude: 60, longitude: 0), zoom: z, size: Size(width: 1, height: 1)),
                units: .metric))
        XCTAssertLessThan(north.metres / north.width, eq.metres / eq.width, "fewer metres per point up north")
        let feet = try XCTUnwrap(
            ScaleBar(
                camera: Camera(
                    center: Coordinate(latitude: 37.77, longitude: -122.42), zoom: 17, size: Size(width: 1, height: 1)),
                units: .imperial))
        XCTAssertTrue(feet.label.hasSuffix(" ft"), feet.label)
    }
}

final class ImagePointsTests: XCTestCase {
    func testThinningKeepsEndsAndDropsNearVertices() {
        let cam = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10, size: Size(width: 200, height: 200))
        // 0.00001° ≈ 0.0056 points at zoom 10: the middle vertices collapse.
        let line =
            (0...10).map { Coordinate(latitude: 0, longitude: Double($0) * 0.00001) } + [
                Coordinate(latitude: 0, longitude: 0.01)
            ]
        let all = cam.imagePoints(line)
        XCTAssertEqual(all.count, line.count)
        let thin = cam.imagePoints(line, minStep: 0.5)
        XCTAssertEqual(thin.count, 2)
        XCTAssertEqual(thin.first, all.first)
        XCTAssertEqual(thin.last, all.last)
        // The world copy follows the first vertex: a line starting at 179.9 continues past 180.
        let far = Camera(
            center: Coordinate(latitude: 0, longitude: 179.95), zoom: 10, size: Size(width: 200, height: 200))
        let pts = far.imagePoints([
            Coordinate(latitude: 0, longitude: 179.9), Coordinate(latitude: 0, longitude: 180.1),
        ])
        XCTAssertEqual(
            pts[1].x - pts[0].x, 0.2 / 360 * cam.worldSize, accuracy: 1e-6, "continuous, not around the world")
        XCTAssertGreaterThan(pts[1].x, pts[0].x)
    }
}
