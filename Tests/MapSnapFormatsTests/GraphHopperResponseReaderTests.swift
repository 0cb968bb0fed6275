import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import XCTest

/// GraphHopper's route answers (https://docs.graphhopper.com/#operation/postRoute).
final class GraphHopperResponseReaderTests: XCTestCase {
    typealias S = RouterSamples

    func testEncodedPathsAndAnAlternative() throws {
        let features = try readRouteAnswer(S.graphHopper)
        XCTAssertEqual(features.count, 2)
        assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB, S.routeC])
        XCTAssertNil(features[0].elevations)
        XCTAssertEqual(
            features[0].properties.keys, ["route", "router", "distance", "duration", "ascent", "descent", "steps"])
        XCTAssertEqual(features[0][property: "router"], .string("graphhopper"))
        XCTAssertEqual(features[0][property: "distance"], .number(530.6))
        XCTAssertEqual(features[0][property: "duration"], .number(61.2), "milliseconds become seconds")
        XCTAssertEqual(features[0][property: "ascent"], .number(0))
        XCTAssertEqual(features[0][property: "descent"], .number(0))
        assertSteps(
            features[0],
            [
                ("Continue onto Lombard Street", 530.6, 61.2, S.routeA),
                ("Arrive at destination", 0, 0, S.routeC),
            ])
        assertCoordinates(lineCoordinates(features[1]), [S.routeA, S.routeD, S.routeC])
        XCTAssertEqual(features[1][property: "alternative"], .bool(true))
        XCTAssertEqual(features[1][property: "duration"], .number(88.512))
        assertSteps(
            features[1],
            [
                ("Continue onto Lombard Street", 380.2, 40.512, S.routeA),
                ("Turn left onto Hyde Street", 322.2, 48, S.routeD),
                ("Arrive at destination", 0, 0, S.routeC),
            ])
    }

    func testGeoJSONPointsWithElevation() throws {
        let features = try readRouteAnswer(S.graphHopperGeoJSONElevation)
        assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB, S.routeC])
        assertElevations(features[0].elevations, [[10.5, 12.25, 8]])
        XCTAssertEqual(features[0][property: "ascent"], .number(1.75))
        XCTAssertEqual(features[0][property: "descent"], .number(4.25))
        assertSteps(features[0], [("Continue onto Lombard Street", 530.6, 61.2, S.routeA)])
    }

    /// Three values per point (centimetres of height), at multiplier 1e6.
    func testEncodedPointsWithElevationAndMultiplier() throws {
        let features = try readRouteAnswer(S.graphHopperEncodedElevation)
        assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB, S.routeC])
        assertElevations(features[0].elevations, [[10.5, 12.25, 8]])
        XCTAssertEqual(features[0][property: "steps"], .array(JSONArray([])))
    }

    /// Six values are two 3D points or three 2D ones: the instructions' last index tells.
    func testTwoDimensionsOrThreeFromTheInstructions() throws {
        let twoPoints3D = "_`gbgAnrznhFs`A~WnzD}I"
        let answer = """
            {"paths": [{"distance": 1, "time": 1000, "points_encoded_multiplier": 1e6, "points": "\(twoPoints3D)",
              "instructions": [{"text": "Arrive", "distance": 0, "time": 0, "interval": [1, 1]}]}]}
            """
        let features = try readRouteAnswer(answer)
        assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB])
        assertElevations(features[0].elevations, [[10.5, 12.25]])
    }

    /// An interval's end past any line (here near `Int.max`) tells nothing and traps nothing.
    func testHugeIntervalEnd() throws {
        let answer = """
            {"paths": [{"distance": 1, "time": 1000, "points": "\(S.main5)",
              "instructions": [{"text": "Go", "distance": 1, "time": 1000, "interval": [0, 9200000000000000000]}]}]}
            """
        let features = try readRouteAnswer(answer)
        assertCoordinates(lineCoordinates(features[0]), [S.routeA, S.routeB, S.routeC])
        assertSteps(features[0], [("Go", 1, 1, S.routeA)])
    }
}
