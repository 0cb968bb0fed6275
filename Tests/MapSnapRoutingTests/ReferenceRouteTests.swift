import Foundation
import MapSnapGeometry
import MapSnapOSM
import MapSnapTestSupport
import XCTest

@testable import MapSnapRouting

/// Real routes in Monaco and San Francisco against an independent shortest-path computation on
/// the same files: `Scripts/reference-routes.py` (pyosmium + networkx, the foot rule written out
/// in its header) gave `Fixtures/reference_routes.json`, 25 node pairs per file. The shortest
/// foot route between the same points must agree within 1 %.
final class ReferenceRouteTests: XCTestCase {
    func testShortestFootRoutesAgreeWithTheReference() throws {
        let fixture = TestPaths.packageRoot.appendingPathComponent(
            "Tests/MapSnapRoutingTests/Fixtures/reference_routes.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any]
        let files = try XCTUnwrap(object?["files"] as? [String: [[String: Any]]])
        XCTAssertEqual(files.count, 2)
        for (name, rows) in files.sorted(by: { $0.key < $1.key }) {
            let path = TestPaths.packageRoot.appendingPathComponent("Samples/osm/\(name)").path
            let graph = RoadGraphBuilder.build(try OSMReader.read(path: path, options: .routing)).graph
            let planner = RoutePlanner(graph: graph, options: RouteOptions(profile: .foot, metric: .shortest))
            var worst = 0.0
            for row in rows {
                let from = try XCTUnwrap(row["from"] as? [Double])
                let to = try XCTUnwrap(row["to"] as? [Double])
                let expected = try XCTUnwrap(row["distance_m"] as? Double)
                let route = try planner.routes(
                    through: [
                        Coordinate(latitude: from[0], longitude: from[1]),
                        Coordinate(latitude: to[0], longitude: to[1]),
                    ])[0]
                let error = abs(route.distance - expected) / expected
                worst = max(worst, error)
                XCTAssertLessThan(error, 0.01, "\(name) \(from) → \(to): \(route.distance) m, reference \(expected) m")
            }
            print(
                "reference routes \(name): \(rows.count) pairs, worst difference \(String(format: "%.4f", worst * 100)) %"
            )
        }
    }
}
