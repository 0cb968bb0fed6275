import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import XCTest

/// Valhalla's route answers (https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/).
final class ValhallaResponseReaderTests: XCTestCase {
    typealias S = RouterSamples
    let mile = 1609.344

    func testTripInMilesWithTwoLegsAndAnAlternate() throws {
        let features = try readRouteAnswer(S.valhallaMiles)
        XCTAssertEqual(features.count, 2)
        // The legs joined, C (their shared point) once.
        assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB, S.routeC, S.routeE])
        XCTAssertEqual(features[0].properties.keys, ["route", "router", "distance", "duration", "mode", "steps"])
        XCTAssertEqual(features[0][property: "router"], .string("valhalla"))
        XCTAssertEqual(features[0][property: "distance"], .number(0.5 * mile))
        XCTAssertEqual(features[0][property: "distance"], .number(804.672))
        XCTAssertEqual(features[0][property: "duration"], .number(95))
        XCTAssertEqual(features[0][property: "mode"], .string("drive"))
        assertSteps(
            features[0],
            [
                ("Drive west on Lombard Street.", 0.375 * mile, 61.2, S.routeA),
                ("You have arrived at your destination.", 0, 0, S.routeC),
                ("Drive south on Hyde Street.", 0.125 * mile, 33.8, S.routeC),
                ("Your destination is on the right.", 0, 0, S.routeE),
            ])
        assertCoordinates(lineCoordinates(features[1]), [S.routeA, S.routeD, S.routeC])
        XCTAssertEqual(features[1][property: "alternative"], .bool(true))
        XCTAssertEqual(features[1][property: "distance"], .number(0.5 * mile))
        XCTAssertEqual(features[1][property: "duration"], .number(88.5))
        assertSteps(
            features[1],
            [
                ("Drive northwest on Lombard Street.", 0.25 * mile, 40.5, S.routeA),
                ("Turn left onto Hyde Street.", 0.25 * mile, 48, S.routeD),
                ("You have arrived at your destination.", 0, 0, S.routeC),
            ])
    }

    /// Kilometres are the default units; a maneuver without `instruction` (directions_type
    /// maneuvers) gives a step without one.
    func testKilometresAndManeuversWithoutText() throws {
        let answer = """
            {"trip": {"legs": [{"shape": "\(S.main6)", "maneuvers": [
                {"type": 1, "time": 61.2, "length": 0.5, "begin_shape_index": 0, "end_shape_index": 2}]}],
              "summary": {"time": 61.2, "length": 0.5}}}
            """
        let features = try readRouteAnswer(answer)
        XCTAssertEqual(features[0][property: "distance"], .number(500))
        XCTAssertNil(features[0][property: "mode"])
        assertSteps(features[0], [(nil, 500, 61.2, S.routeA)])
        let kilometers = answer.replacingOccurrences(of: #""summary""#, with: #""units": "kilometers", "summary""#)
        XCTAssertEqual(try readRouteAnswer(kilometers)[0][property: "distance"], .number(500))
    }
}
