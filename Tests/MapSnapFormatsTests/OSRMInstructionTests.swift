import MapSnapFormats
import XCTest

/// The English instructions made for OSRM's steps, through whole answers (the maker is internal).
final class OSRMInstructionTests: XCTestCase {
    /// The instruction of a one-route answer whose only step has `maneuver` and `extra` members.
    private func instruction(_ maneuver: String, _ extra: String = #""name": "Lombard Street""#) throws -> String? {
        let answer = """
            {"code": "Ok", "routes": [{"geometry": "\(RouterSamples.main5)", "distance": 1, "duration": 1,
              "legs": [{"steps": [{"maneuver": {"location": [-122.419, 37.802], \(maneuver)}, \(extra),
                                   "distance": 1, "duration": 1}]}]}]}
            """
        return routeSteps(try readRouteAnswer(answer)[0]).first?.0
    }

    func testTurnsAndRoadChanges() throws {
        XCTAssertEqual(try instruction(#""type": "turn", "modifier": "left""#), "Turn left onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "turn", "modifier": "sharp right""#), "Turn sharp right onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "turn", "modifier": "slight left""#), "Turn slightly left onto Lombard Street")
        XCTAssertEqual(try instruction(#""type": "turn", "modifier": "uturn""#), "Make a U-turn onto Lombard Street")
        XCTAssertEqual(try instruction(#""type": "turn", "modifier": "straight""#), "Go straight onto Lombard Street")
        XCTAssertEqual(try instruction(#""type": "new name", "modifier": "straight""#), "Continue onto Lombard Street")
        XCTAssertEqual(try instruction(#""type": "continue", "modifier": "straight""#), "Continue on Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "continue", "modifier": "slight right""#),
            "Continue slightly right on Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "end of road", "modifier": "right""#),
            "At the end of the road, turn right onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "fork", "modifier": "slight left""#), "Keep left at the fork onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "merge", "modifier": "slight right""#), "Merge right onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "on ramp", "modifier": "right""#),
            "Take the ramp on the right onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "off ramp", "modifier": "slight left""#),
            "Take the exit on the left onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "use lane", "modifier": "straight""#),
            "Use the lane to go straight onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "notification", "modifier": "straight""#), "Continue on Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "a type OSRM adds later", "modifier": "right""#),
            "Turn right onto Lombard Street", "read as turn")
    }

    func testRoundaboutsDeparturesAndNames() throws {
        XCTAssertEqual(
            try instruction(#""type": "roundabout", "modifier": "right", "exit": 2"#),
            "Enter the roundabout and take the 2nd exit onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "rotary", "exit": 11"#, #""name": "Bay Street", "rotary_name": "Union Circle""#),
            "Enter Union Circle and take the 11th exit onto Bay Street")
        XCTAssertEqual(
            try instruction(#""type": "roundabout turn", "modifier": "left""#),
            "At the roundabout, turn left onto Lombard Street")
        XCTAssertEqual(
            try instruction(#""type": "exit roundabout", "modifier": "right""#),
            "Exit the roundabout onto Lombard Street")
        XCTAssertEqual(try instruction(#""type": "depart", "bearing_after": 44"#), "Head northeast on Lombard Street")
        XCTAssertEqual(try instruction(#""type": "depart""#, #""name": """#), "Depart")
        XCTAssertEqual(
            try instruction(#""type": "turn", "modifier": "left""#, #""name": "", "ref": "US 101""#),
            "Turn left onto US 101")
        XCTAssertEqual(try instruction(#""type": "turn", "modifier": "left""#, #""name": """#), "Turn left")
        XCTAssertEqual(try instruction(#""type": "arrive""#), "Arrive at your destination")
    }

    /// A via point ends a leg that is not the last: "Arrive at waypoint 1".
    func testArrivalAtAViaPoint() throws {
        let step = #"{"maneuver": {"location": [-122.419, 37.802], "type": "arrive"}, "distance": 0, "duration": 0}"#
        let answer = """
            {"code": "Ok", "routes": [{"geometry": "\(RouterSamples.main5)", "distance": 1, "duration": 1,
              "legs": [{"steps": [\(step)]}, {"steps": [\(step)]}]}]}
            """
        XCTAssertEqual(
            routeSteps(try readRouteAnswer(answer)[0]).map(\.0), ["Arrive at waypoint 1", "Arrive at your destination"])
    }
}
