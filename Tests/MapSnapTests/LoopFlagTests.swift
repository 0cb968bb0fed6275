import MapSnap
import XCTest

/// A trail that ends where it starts (a loop, within 30 m) gets one combined start/end flag,
/// drawn and annotated; another trail gets both flags.
final class LoopFlagTests: XCTestCase {
    func line(_ coordinates: [(Double, Double)], name: String) -> Feature {
        Feature(
            geometry: .lineString(coordinates.map { Coordinate(latitude: $0.0, longitude: $0.1) }),
            properties: JSONObject([JSONMember(key: "name", value: .string(name))]))
    }

    func testALoopHasOneFlagAndAnOutAndBackHasTwo() throws {
        var o = SnapshotOptions()
        o.trailCallouts = false
        o.features = [
            line([(46.430, 13.730), (46.434, 13.736), (46.436, 13.730), (46.43015, 13.73010)], name: "Loop"),
            line([(46.420, 13.700), (46.425, 13.710)], name: "Out"),
        ]
        let kinds = try Snapshotter().snapshot(o).annotations.items.map(\.kind)
        XCTAssertEqual(kinds.filter { $0 == .startEndFlag }.count, 1, "\(kinds)")
        XCTAssertEqual(kinds.filter { $0 == .startFlag }.count, 1, "only the out-and-back trail: \(kinds)")
        XCTAssertEqual(kinds.filter { $0 == .endFlag }.count, 1)
    }
}
