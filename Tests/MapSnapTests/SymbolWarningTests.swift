import MapSnap
import XCTest

/// A symbol name MapSnap has no glyph for is said once, not silently dropped; GPX `sym`
/// names of GPS devices reach the built-in symbols.
final class SymbolWarningTests: XCTestCase {
    func point(_ properties: [JSONMember]) -> Feature {
        Feature(
            geometry: .point(Coordinate(latitude: 46.43, longitude: 13.73)), properties: JSONObject(properties))
    }

    func testAnUnknownSymbolIsWarnedOnce() throws {
        var o = SnapshotOptions()
        o.features = [
            point([JSONMember(key: "marker-symbol", value: .string("unicorn"))]),
            point([JSONMember(key: "marker-symbol", value: .string("unicorn"))]),
            point([JSONMember(key: "marker-symbol", value: .string("summit"))]),
        ]
        o.camera = .center(Coordinate(latitude: 46.43, longitude: 13.73), zoom: 14)
        let snap = try Snapshotter().snapshot(o)
        let warned = snap.warnings.filter { $0.contains("\"unicorn\" is not a built-in symbol") }
        XCTAssertEqual(warned.count, 1, "\(snap.warnings)")
        XCTAssertFalse(snap.warnings.contains { $0.contains("summit") })
    }

    func testGPXSymbolsOfGPSDevicesAreDrawn() throws {
        let gpx = #"""
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="46.43" lon="13.73"><name>Top</name><sym>Summit</sym></wpt>
            <wpt lat="46.44" lon="13.74"><name>Spring</name><sym>Drinking Water</sym></wpt>
            </gpx>
            """#
        var o = SnapshotOptions()
        o.features = try GPXReader.read(bytes: Array(gpx.utf8), file: "t.gpx")
        let snap = try Snapshotter().snapshot(o)
        XCTAssertEqual(snap.warnings.filter { $0.contains("symbol") }, [])
        XCTAssertEqual(snap.annotations.items.filter { $0.kind == .marker }.count, 2)
    }

    /// A callout the user asked for that finds no room is named in one warning; the automatic
    /// trail-name callouts are left out quietly (the annotations still list them, not placed).
    func testADroppedCalloutIsNamed() throws {
        var o = SnapshotOptions()
        let c = Coordinate(latitude: 46.43, longitude: 13.73)
        o.callouts = (1...8).map {
            CalloutOverlay(text: "Callout number \($0)", anchors: [c], color: .black, textColor: .white)
        }
        o.camera = .center(c, zoom: 14)
        o.size = Size(width: 200, height: 120)
        let snap = try Snapshotter().snapshot(o)
        let placed = snap.annotations.items.filter { $0.kind == .callout && $0.placed }.compactMap(\.name)
        let dropped = snap.annotations.items.filter { $0.kind == .callout && !$0.placed }.compactMap(\.name)
        XCTAssertGreaterThan(placed.count, 0)
        XCTAssertGreaterThan(dropped.count, 0, "eight bubbles on one point cannot all fit")
        let warned = snap.warnings.filter { $0.contains("found no room") }
        XCTAssertEqual(warned.count, 1, "\(snap.warnings)")
        for name in dropped { XCTAssertTrue(warned.first?.contains("\"\(name)\"") ?? false, "\(warned)") }
        for name in placed { XCTAssertFalse(warned.first?.contains("\"\(name)\"") ?? true, "\(warned)") }
    }
}
