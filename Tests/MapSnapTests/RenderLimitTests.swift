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

/// A label longer than the text room lays out is cut, and the image says so.
final class LongLabelTests: XCTestCase {
    func testALongTitleIsCutWithAWarning() throws {
        var options = SnapshotOptions()
        options.size = Size(width: 300, height: 200)
        options.camera = .center(Coordinate(latitude: 37.77, longitude: -122.42), zoom: 12)
        options.pins = [
            PinOverlay(
                coordinate: Coordinate(latitude: 37.77, longitude: -122.42), title: String(repeating: "a", count: 5000))
        ]
        let snapshot = try Snapshotter().snapshot(options)
        XCTAssertEqual(
            snapshot.warnings.filter { $0.contains("a label of 5000 characters is cut to its first 1000") }.count, 1,
            "\(snapshot.warnings)")
    }
}
