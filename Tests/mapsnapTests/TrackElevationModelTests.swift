import Foundation
import MapSnapGeometry
import MapSnapIO
import MapSnapTerrain
import XCTest

@testable import MapSnapCLI

/// `--dem` through an injected loader, as `ElevationModel.load(paths:)` will be wired: the
/// readers are not on this branch, so a synthetic plane stands in for them.
final class TrackElevationModelTests: XCTestCase {
    /// A plane rising 0.1 m per metre northwards from 700 m at 46° N, of `cell` metres cells.
    struct Plane: ElevationSource {
        var cell: Double
        func elevation(at c: Coordinate) -> Double? { 700 + 0.1 * (c.latitude - 46) * 111_150 }
        func cellSize(near c: Coordinate) -> Double? { cell }
    }

    func testTheModelReplacesTheFileElevations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-dem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let track = folder.appendingPathComponent("t.geojson").path
        // No elevations in the file: the model gives them.
        try Data(#"{"type": "LineString", "coordinates": [[13.5, 46], [13.5, 46.009]]}"#.utf8).write(
            to: URL(fileURLWithPath: track))
        let opened = Locked<[String]>([])
        let loader: ElevationSourceLoader = { paths in
            opened.withLock { $0 = paths }
            return Plane(cell: 2)
        }
        let plan = try XCTUnwrap(
            try InfoCommand.parse([track, "--dem", "a.hgt", "--dem", "b.tif", "--format", "json"], loader: loader))
        let out = try InfoCommand.run(plan)
        XCTAssertEqual(opened.withLock { $0 }, ["a.hgt", "b.tif"])
        let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        XCTAssertEqual(o["elevation"] as? String, "model")
        XCTAssertEqual(o["threshold_m"] as? Double, 5, "a model of 2 m cells: the fine threshold")
        XCTAssertEqual(try XCTUnwrap(o["ascent_m"] as? Double), 100, accuracy: 0.2)
        let text = try InfoCommand.run(try XCTUnwrap(try InfoCommand.parse([track, "--dem", "a.hgt"], loader: loader)))
        XCTAssertTrue(text.contains("from the elevation model; climbs counted past 5 m"), text)
        // Without a loader there is no such option.
        XCTAssertThrowsError(try InfoCommand.parse([track, "--dem", "a.hgt"], loader: nil))
        XCTAssertNotNil(try ProfileCommand.parse([track, "--dem", "a.hgt", "--out", "p.png"], loader: loader))
    }
}
