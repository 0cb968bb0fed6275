import MapSnap
import XCTest

/// One image draws at most `Snapshotter.maximumPositions` overlay positions in all: more is a
/// `.badInput` error that says how many, before any drawing.
final class RenderLimitTests: XCTestCase {
    func testOverlayPositionsPerImageAreBounded() throws {
        let limit = Snapshotter.maximumPositions
        let line = (0..<(limit / 2 + 1)).map {
            Coordinate(latitude: 37.7 + Double($0 % 1000) * 1e-5, longitude: -122.4)
        }
        var options = SnapshotOptions()
        options.features = [Feature(geometry: .lineString(line))]
        options.routes = [Feature(geometry: .lineString(line))]
        XCTAssertThrowsError(try Snapshotter().snapshot(options)) {
            let e = $0 as? SnapshotError
            XCTAssertEqual(e?.kind, .badInput)
            XCTAssertTrue(
                e?.message.contains("\(2 * (limit / 2 + 1)) positions, more than the \(limit)") ?? false, "\($0)")
        }
    }
}
