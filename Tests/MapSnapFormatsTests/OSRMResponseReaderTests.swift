import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import XCTest

/// OSRM's route answers (http://project-osrm.org/docs/v5.24.0/api/#route-service) and Mapbox
/// Directions' (https://docs.mapbox.com/api/navigation/directions/): lines, figures, steps.
final class OSRMResponseReaderTests: XCTestCase {
    typealias S = RouterSamples

    func testPolyline5RouteAndAlternative() throws {
        let features = try readRouteAnswer(S.osrm())
        XCTAssertEqual(features.count, 2)
        assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB, S.routeC])
        assertCoordinates(lineCoordinates(features[1]), [S.routeA, S.routeD, S.routeC])
        XCTAssertEqual(
            features[0].properties.keys, ["route", "router", "distance", "duration", "mode", "steps"],
            "no `alternative` on the first route")
        XCTAssertEqual(features[0][property: "route"], .bool(true))
        XCTAssertEqual(features[0][property: "router"], .string("osrm"))
        XCTAssertEqual(features[0][property: "distance"], .number(530.6))
        XCTAssertEqual(features[0][property: "duration"], .number(61.2))
        XCTAssertEqual(features[0][property: "mode"], .string("driving"))
        XCTAssertNil(features[0].elevations)
        XCTAssertEqual(features[1][property: "alternative"], .bool(true))
        XCTAssertEqual(features[1][property: "distance"], .number(702.4))
        XCTAssertEqual(features[1][property: "duration"], .number(88.5))
        assertSteps(
            features[0],
            [
                ("Head west on Lombard Street", 530.6, 61.2, S.routeA),
                ("Arrive at your destination", 0, 0, S.routeC),
            ])
        assertSteps(
            features[1],
            [
                ("Head west on Lombard Street", 380.2, 40.5, S.routeA),
                ("Turn left onto Hyde Street", 322.2, 48, S.routeD),
                ("Arrive at your destination", 0, 0, S.routeC),
            ])
    }

    /// `geometries=polyline6`: the answer does not say so; the first step's location tells.
    func testPolyline6IsToldFromTheStepLocations() throws {
        for precision in [5, 6] {
            let features = try readRouteAnswer(
                S.osrm(main: "\"\(S.main6)\"", alternative: "\"\(S.alternative6)\""), precision: precision)
            assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB, S.routeC])
            assertCoordinates(lineCoordinates(features[1]), [S.routeA, S.routeD, S.routeC])
        }
        // And polyline5 read with --polyline6 still reads as precision 5.
        let five = try readRouteAnswer(S.osrm(), precision: 6)
        assertCoordinates(lineCoordinates(five[0]), [S.routeA, S.routeB, S.routeC])
    }

    /// Without steps or waypoints there is nothing to tell by: the precision asked for is used.
    func testPolylinePrecisionWithoutReferenceIsTheOneAskedFor() throws {
        let bare = #"{"code": "Ok", "routes": [{"geometry": "\#(S.main6)", "distance": 1, "duration": 2}]}"#
        assertCoordinates(lineCoordinates(try readRouteAnswer(bare, precision: 6)[0]), [S.routeA, S.routeB, S.routeC])
        XCTAssertEqual(
            routeError(bare, precision: 5),
            "r.json:1:27: \"geometry\" is not an encoded polyline of precision 5: character 1: latitude 378.02 is "
                + "outside -90…90")
    }

    func testGeoJSONGeometry() throws {
        let features = try readRouteAnswer(S.osrm(main: S.mainGeoJSON, alternative: S.mainGeoJSON))
        assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB, S.routeC])
        XCTAssertEqual(features[1][property: "alternative"], .bool(true))
    }

    func testMapboxKeepsItsInstructions() throws {
        let features = try readRouteAnswer(S.mapbox)
        XCTAssertEqual(features.count, 1)
        XCTAssertEqual(features[0][property: "router"], .string("mapbox"))
        XCTAssertEqual(features[0][property: "mode"], .string("walking"))
        XCTAssertEqual(features[0][property: "distance"], .number(530.6))
        XCTAssertEqual(features[0][property: "duration"], .number(380.5))
        assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB, S.routeC])
        assertSteps(
            features[0],
            [
                ("Walk west on Lombard Street.", 530.6, 380.5, S.routeA),
                ("You have arrived at your destination.", 0, 0, S.routeC),
            ])
    }

    func testNoRoutesIsNoFeatures() throws {
        XCTAssertEqual(try readRouteAnswer(#"{"code": "Ok", "routes": [], "waypoints": []}"#).count, 0)
    }
}
