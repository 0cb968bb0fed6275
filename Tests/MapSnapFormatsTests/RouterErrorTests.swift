import MapSnapFormats
import MapSnapJSON
import XCTest

/// A router's error answer says the router's own message; a malformed answer says where.
final class RouterErrorTests: XCTestCase {
    typealias S = RouterSamples

    func testErrorAnswersNameTheFileAndTheRoutersMessage() {
        XCTAssertEqual(
            routeError(S.osrmError),
            "r.json: the router answered \"NoRoute\": Impossible route between points (an error, not a route)")
        XCTAssertEqual(
            routeError(S.valhallaError, file: "v.json"),
            "v.json: Valhalla answered error 171: No suitable edges near location (an error, not a route)")
        XCTAssertEqual(
            routeError(S.graphHopperError, file: "g.json"),
            "g.json: GraphHopper answered: Cannot find point 0: 52.5,13.4 (an error, not a route)")
        XCTAssertEqual(
            routeError(#"{"message": "Not Authorized - Invalid Token"}"#),
            "r.json: the router answered: Not Authorized - Invalid Token (an error, not a route)")
    }

    func testMalformedOSRMAnswers() {
        let noGeometry = #"{"code": "Ok", "routes": [{"distance": 1, "duration": 1}]}"#
        XCTAssertEqual(
            routeError(noGeometry),
            "r.json:1:27: a route needs \"geometry\" (ask the router for overview=full)")
        let broken = S.osrm(main: #""oeveFv}djVnAvQnAv""#)
        XCTAssertEqual(
            routeError(broken),
            "r.json:4:5: \"geometry\" is not an encoded polyline of precision 5: character 17: the polyline ends "
                + "in the middle of a value (truncated?)")
        let wrongType = S.osrm().replacingOccurrences(
            of: #""distance": 530.6, "duration": 61.2,"#, with: #""distance": "530.6", "duration": 61.2,"#)
        XCTAssertEqual(
            routeError(wrongType),
            "r.json:9:13: \"distance\" must be a number (metres), found a string")
        let noLocation = S.osrm().replacingOccurrences(of: #""location": [-122.423, 37.803], "#, with: "")
        XCTAssertEqual(
            routeError(noLocation),
            "r.json:36:27: a maneuver needs \"location\" [longitude, latitude]")
        let onePoint = #"{"code": "Ok", "routes": [{"geometry": "oeveFv}djV", "distance": 1, "duration": 1}]}"#
        XCTAssertEqual(
            routeError(onePoint), "r.json:1:27: a route's line needs at least 2 points, found 1")
        let badLine = S.osrm(main: #"{"type": "LineString", "coordinates": [[-122.4, 95]]}"#)
        XCTAssertEqual(
            routeError(badLine), "r.json:5:57: a LineString needs at least 2 positions, found 1")
    }

    func testMalformedValhallaAndGraphHopperAnswers() {
        let pastTheShape = S.valhallaMiles.replacingOccurrences(
            of: #""begin_shape_index": 1, "end_shape_index": 1"#, with: #""begin_shape_index": 7, "end_shape_index": 7"#
        )
        XCTAssertEqual(
            routeError(pastTheShape),
            "r.json:24:11: \"begin_shape_index\" 7 is not a point of the route's 2")
        let noShape = #"{"trip": {"legs": [{"maneuvers": []}], "summary": {"time": 1, "length": 1}}}"#
        XCTAssertEqual(
            routeError(noShape),
            "r.json:1:20: a leg needs \"shape\" (an encoded polyline of precision 6)")
        let badMultiplier = S.graphHopperEncodedElevation.replacingOccurrences(of: "1000000", with: "1234")
        XCTAssertEqual(
            routeError(badMultiplier),
            "r.json:3:5: \"points_encoded_multiplier\" must be a power of ten from 1e1 to 1e10 (1e5 or 1e6), found 1234"
        )
        let badInterval = S.graphHopper.replacingOccurrences(
            of: #""interval": [2, 2], "text": "Arrive"#, with: #""interval": [9, 9], "text": "Arrive"#)
        XCTAssertEqual(
            routeError(badInterval),
            "r.json:12:9: \"interval\" starts at point 9, past the path's 3")
        let notAPath = #"{"paths": [{"distance": 1, "time": 1, "points": 12}]}"#
        XCTAssertEqual(
            routeError(notAPath),
            "r.json:1:12: \"points\" must be an encoded polyline or a GeoJSON LineString, found a number")
    }
}
