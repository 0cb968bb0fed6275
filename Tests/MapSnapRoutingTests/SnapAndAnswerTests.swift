import Foundation
import MapSnapGeometry
import MapSnapOSM
import XCTest

@testable import MapSnapRouting

/// Snapping onto edges, the errors that are answers, and the instruction text of a known route.
final class SnapAndAnswerTests: XCTestCase {
    /// Main Street east from 1 (0,0) over 2 (300,0) to 3 (600,0); Oak Avenue north from 2 to
    /// 4 (300,400) with a bend at 5 (320,200); a footway from 4 west to 6 (0,400) with steps.
    func town() -> TestNetwork {
        var n = TestNetwork()
        n.node(1, 0, 0)
        n.node(2, 300, 0)
        n.node(3, 600, 0)
        n.node(5, 320, 200)
        n.node(4, 300, 400)
        n.node(7, 150, 400)
        n.node(6, 0, 400)
        n.way(1, [1, 2, 3], ["highway": "residential", "name": "Main Street"])
        n.way(2, [2, 5, 4], ["highway": "residential", "name": "Oak Avenue"])
        n.way(3, [4, 7], ["highway": "footway"])
        n.way(4, [7, 6], ["highway": "steps", "incline": "up"])
        return n
    }

    func testSnapsOntoTheMiddleOfAnEdgeNotTheNearestNode() throws {
        let n = town()
        let planner = n.planner(.foot)
        let p = try planner.snap(TestNetwork.coordinate(150, 30), name: "the start")
        XCTAssertEqual(p.distance, 30, accuracy: 0.1)
        XCTAssertEqual(Geodesy.distance(p.coordinate, TestNetwork.coordinate(150, 0)), 0, accuracy: 0.1)
        XCTAssertEqual(p.offset, 150, accuracy: 0.2)
        // The nearest node is 150 m away; the route starts at the projected point.
        let r = try n.route(.foot, (150, 30), (450, -20))
        XCTAssertEqual(r.distance, 300, accuracy: 0.5)
        XCTAssertEqual(Geodesy.distance(r.coordinates[0], TestNetwork.coordinate(150, 0)), 0, accuracy: 0.1)
    }

    func testTooFarIsAnAnswerWithTheDistance() {
        let n = town()
        XCTAssertThrowsError(try n.route(.foot, (150, 0), (150, 1240))) { error in
            let e = error as? RoutingError
            XCTAssertEqual(
                e?.description,
                "no walking route between the points: the destination is 840 m from the nearest way open to walking (at most 500 m allowed)"
            )
        }
        XCTAssertThrowsError(try n.route(.foot, (150, 0), (150, 90_000))) { error in
            XCTAssertTrue("\(error)".contains("outside the network's data"), "\(error)")
        }
    }

    func testDisconnectedNetworkIsAnAnswer() {
        var n = town()
        n.node(20, 2000, 0)
        n.node(21, 2300, 0)
        n.way(20, [20, 21], ["highway": "residential"])
        XCTAssertThrowsError(try n.route(.foot, (100, 0), (2100, 0))) { error in
            XCTAssertEqual(
                "\(error)", "no walking route between the start and the destination: the network does not connect them")
        }
        // Cars may not drive the footway and steps: from the steps there is no car route, and
        // the distance to the nearest road (Oak Avenue at 300,400: 671 m) is the answer.
        XCTAssertThrowsError(try n.route(.car, (100, 0), (0, 1000))) { error in
            XCTAssertTrue("\(error)".contains("671 m from the nearest road open to cars"), "\(error)")
        }
    }

    func testInstructionsOfAKnownRoute() throws {
        let r = try town().route(.foot, (100, 0), (20, 410))
        let texts = r.steps.map(\.instruction)
        XCTAssertEqual(
            texts,
            [
                "Head east on Main Street", "Turn left onto Oak Avenue", "Turn left onto the footpath",
                "Take the steps up", "Arrive at the destination, on the right",
            ])
        // Distances: 200 m on Main Street, Oak Avenue's bent 401.0 m, 150 m of footpath,
        // 130 m of steps; they add up to the route.
        XCTAssertEqual(r.steps[0].distance, 200, accuracy: 0.5)
        XCTAssertEqual(r.steps[1].distance, 2 * (200.0 * 200 + 20 * 20).squareRoot(), accuracy: 0.5)
        XCTAssertEqual(r.steps[2].distance, 150, accuracy: 0.5)
        XCTAssertEqual(r.steps[3].distance, 130, accuracy: 0.5)
        XCTAssertEqual(r.steps.reduce(0) { $0 + $1.distance }, r.distance, accuracy: 0.01)
        XCTAssertEqual(r.steps.reduce(0) { $0 + $1.duration }, r.duration, accuracy: 0.01)
        // Steps at 2.5 km/h, the rest at 5.
        XCTAssertEqual(r.steps[3].duration, 130 / (2.5 / 3.6), accuracy: 0.5)
        XCTAssertEqual(r.steps[1].kind, .turn)
        XCTAssertEqual(r.steps[1].modifier, "left")
        XCTAssertEqual(Geodesy.distance(r.steps[1].location, TestNetwork.coordinate(300, 0)), 0, accuracy: 0.1)
        // Going the other way the steps lead down, and Main Street is reached by a right turn.
        let back = try town().route(.foot, (20, 410), (100, 0))
        XCTAssertEqual(back.steps.map(\.instruction)[0], "Take the steps down")
        XCTAssertTrue(
            back.steps.contains { $0.instruction == "Turn right onto Main Street" }, "\(back.steps.map(\.instruction))")
    }

    func testContinueSaysHowFar() throws {
        var n = TestNetwork()
        n.node(1, 0, 0)
        n.node(2, 300, 0)
        n.node(3, 600, 0)
        n.way(1, [1, 2], ["highway": "residential", "name": "Lombard Street"])
        n.way(2, [2, 3], ["highway": "footway"])
        let r = try n.route(.foot, (0, 0), (600, 0))
        XCTAssertEqual(
            r.steps.map(\.instruction),
            ["Head east on Lombard Street", "Continue on the footpath for 300 m", "Arrive at the destination"])
    }

    func testGeoJSONAndGPX() throws {
        let r = try town().route(.foot, (100, 0), (20, 410))
        let json = RouteGeoJSON.text([r])
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let feature = (object?["features"] as? [[String: Any]])?.first
        let props = feature?["properties"] as? [String: Any]
        XCTAssertEqual(props?["profile"] as? String, "foot")
        XCTAssertEqual(props?["distance"] as? Double ?? 0, r.distance, accuracy: 0.05)
        XCTAssertEqual((props?["steps"] as? [Any])?.count, r.steps.count)
        // The start was asked 0 m from Main Street, the destination 10 m beside the steps' end.
        let waypoints = props?["waypoints"] as? [[String: Any]]
        XCTAssertEqual(waypoints?.count, 2)
        XCTAssertEqual(waypoints?.first?["snap_distance"] as? Double ?? -1, 0, accuracy: 0.1)
        XCTAssertEqual(waypoints?.last?["snap_distance"] as? Double ?? -1, 10, accuracy: 0.2)
        XCTAssertEqual(((feature?["geometry"] as? [String: Any])?["type"] as? String), "LineString")
        XCTAssertEqual(json, RouteGeoJSON.text([r]))
        let gpx = RouteGPX.text([r])
        XCTAssertEqual(gpx.components(separatedBy: "<rtept ").count - 1, r.steps.count)
        XCTAssertEqual(gpx.components(separatedBy: "<trkpt ").count - 1, r.coordinates.count)
        XCTAssertTrue(gpx.contains("<name>Turn left onto Oak Avenue</name>"))
    }
}
