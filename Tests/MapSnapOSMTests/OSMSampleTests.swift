import MapSnapOSM
import MapSnapTestSupport
import XCTest

/// Real extracts read end to end.
///
/// Expected counts come from osmium-tool 1.15: `osmium fileinfo -e FILE` for everything (nodes,
/// ways, relations); for the routing filter `osmium tags-filter FILE w/highway w/route=ferry -o
/// ways.pbf` (which adds the nodes those ways use) and then `osmium fileinfo -e ways.pbf`, and
/// `osmium tags-filter -R FILE r/type=restriction` for the restrictions.
final class OSMSampleTests: XCTestCase {
    static let monaco = TestPaths.packageRoot.appendingPathComponent("Samples/osm/monaco-latest.osm.pbf").path

    func testMonacoEverything() throws {
        let data = try OSMReader.read(path: Self.monaco)
        XCTAssertEqual(data.nodes.count, 39586)
        XCTAssertEqual(data.ways.count, 5777)
        XCTAssertEqual(data.relations.count, 309)
        XCTAssertEqual(data.warnings, [])
        let box = try XCTUnwrap(data.bounds)
        XCTAssertEqual(box.west, 7.408583, accuracy: 1e-9)
        XCTAssertEqual(box.north, 43.75293, accuracy: 1e-9)
    }

    func testMonacoRouting() throws {
        let data = try OSMReader.read(path: Self.monaco, options: .routing)
        XCTAssertEqual(data.ways.count, 3335)
        XCTAssertEqual(data.nodes.count, 14325)
        XCTAssertEqual(data.relations.count, 46)
        XCTAssertTrue(data.ways.allSatisfy { $0.tags["highway"] != nil || $0.tags["route"] == "ferry" })
        XCTAssertTrue(data.relations.allSatisfy { $0.tags["type"] == "restriction" })
        XCTAssertEqual(data.ways.filter { $0.tags["route"] == "ferry" }.count, 1)
    }

    /// The shared extracts (skipped with a message when ../shared is absent): San Francisco
    /// whole and for routing, and the clipped Helsinki centre, whose ways lose nodes.
    func testSharedExtracts() throws {
        let sf = try TestPaths.shared("data/osm/sf_central.osm.pbf").path
        let all = try OSMReader.read(path: sf)
        XCTAssertEqual(all.nodes.count, 78124)
        XCTAssertEqual(all.ways.count, 20898)
        let routing = try OSMReader.read(path: sf, options: .routing)
        XCTAssertGreaterThan(routing.ways.count, 0)
        XCTAssertLessThan(routing.nodes.count, all.nodes.count)

        let helsinki = try TestPaths.shared("data/osm/helsinki_center.osm.pbf").path
        let h = try OSMReader.read(path: helsinki)
        XCTAssertEqual(h.nodes.count, 24260)
        XCTAssertEqual(h.relations.count, 620)
        XCTAssertEqual(h.warnings.count, 1, "\(h.warnings)")
        XCTAssertTrue(h.warnings.first?.contains("missing from the file") ?? false)
        for way in h.ways { XCTAssertTrue(way.nodes.allSatisfy { h.nodes.index(of: $0) != nil }) }
    }
}
