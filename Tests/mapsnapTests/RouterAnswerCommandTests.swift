import Foundation
import MapSnapImage
import MapSnapTestSupport
import XCTest

/// `mapsnap render` draws a saved OSRM route answer, as a file and as `--route-file`, and says
/// the router's error when the answer is one.
final class RouterAnswerCommandTests: XCTestCase {
    var runner: CLIRunner!

    override func setUpWithError() throws { runner = try CLIRunner() }
    override func tearDown() { runner.cleanUp() }

    /// `route/v1/driving/-122.419,37.802;-122.425,37.8012?steps=true`, polyline5 geometry.
    static let osrm = """
        {"code": "Ok",
         "routes": [{"geometry": "oeveFv}djVnAvQnAvQ", "distance": 530.6, "duration": 61.2,
                     "legs": [{"steps": [
                       {"maneuver": {"type": "depart", "bearing_after": 261, "location": [-122.419, 37.802]},
                        "name": "Lombard Street", "mode": "driving", "distance": 530.6, "duration": 61.2},
                       {"maneuver": {"type": "arrive", "location": [-122.425, 37.8012]},
                        "name": "Lombard Street", "mode": "driving", "distance": 0, "duration": 0}]}]}],
         "waypoints": [{"name": "Lombard Street", "location": [-122.419, 37.802]},
                       {"name": "Lombard Street", "location": [-122.425, 37.8012]}]}
        """

    private func write(_ name: String, _ text: String) -> String {
        let path = runner.folder.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func testRendersAnOSRMAnswer() throws {
        let answer = write("response.json", Self.osrm)
        for args in [[answer], ["--route-file", answer]] {
            let r = try runner.run(["render"] + args + ["--style", "none", "--out", "x.png", "--size", "200x150"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let png = try Data(contentsOf: runner.folder.appendingPathComponent("x.png"))
            let image = try RGBAImage(png: Array(png))
            XCTAssertEqual(image.width, 200)
            XCTAssertEqual(image.height, 150)
        }
    }

    func testAnErrorAnswerIsBadInput() throws {
        let answer = write("error.json", #"{"code": "NoRoute", "message": "Impossible route between points"}"#)
        let r = try runner.run(["render", answer, "--style", "none", "--out", "x.png"])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("Impossible route between points"), r.stderr)
        XCTAssertTrue(r.stderr.contains("error.json"), r.stderr)
    }

    /// The answer's figures and directions reach `--annotations`: distance, duration and each
    /// step's instruction, distance and place.
    func testTheDirectionsAreInTheAnnotations() throws {
        let answer = write("response.json", Self.osrm)
        let r = try runner.run(
            ["render", answer, "--style", "none", "--out", "x.png", "--size", "200x150", "--annotations", "a.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: runner.folder.appendingPathComponent("a.json")))
        let routes = try XCTUnwrap((json as? [String: Any])?["routes"] as? [[String: Any]])
        XCTAssertEqual(routes.count, 1)
        XCTAssertEqual(routes[0]["distance_m"] as? Double, 530.6)
        XCTAssertEqual(routes[0]["duration_s"] as? Double, 61.2)
        XCTAssertEqual(routes[0]["alternative"] as? Bool, false)
        let steps = try XCTUnwrap(routes[0]["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.count, 2)
        XCTAssertEqual(steps[0]["coordinate"] as? [Double], [37.802, -122.419])
        XCTAssertNotNil(steps[0]["instruction"] as? String)
        XCTAssertTrue((steps[1]["instruction"] as? String)?.contains("Arrive") ?? false, "\(steps[1])")
    }
}
