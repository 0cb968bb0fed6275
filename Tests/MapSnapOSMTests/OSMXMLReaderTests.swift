import MapSnapIO
import MapSnapOSM
import MapSnapTestSupport
import XCTest

/// The OSM XML reader: elements, the routing filter, gzip, and errors with line:column.
final class OSMXMLReaderTests: XCTestCase {
    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="test">
          <bounds minlat="37.80" minlon="-122.31" maxlat="37.81" maxlon="-122.29"/>
          <node id="1" lat="37.8057878" lon="-122.2919937"/>
          <node id="2" lat="37.8073779" lon="-122.3006059"><tag k="highway" v="traffic_signals"/></node>
          <node id="3" lat="37.807715" lon="-122.3021362"/>
          <node id="4" lat="37.8" lon="-122.3"/>
          <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="primary"/></way>
          <way id="11"><nd ref="3"/><nd ref="4"/><tag k="building" v="yes"/></way>
          <way id="12"><nd ref="3"/><nd ref="99"/><nd ref="4"/><nd ref="1"/><tag k="route" v="ferry"/></way>
          <relation id="5">
            <member type="way" ref="10" role="from"/><member type="node" ref="3" role="via"/>
            <member type="way" ref="12" role="to"/>
            <tag k="type" v="restriction"/><tag k="restriction" v="no_left_turn"/>
          </relation>
          <relation id="6"><member type="relation" ref="5" role=""/><tag k="type" v="site"/></relation>
        </osm>
        """

    func read(_ text: String, _ options: OSMReadOptions = .everything) throws -> OSMData {
        try OSMReader.read(bytes: Array(text.utf8), file: "t.osm", options: options)
    }

    func error(_ text: String) -> OSMError? {
        do {
            _ = try OSMReader.read(bytes: Array(text.utf8), file: "t.osm")
            return nil
        } catch {
            return error
        }
    }

    func testElementsTagsAndMembers() throws {
        let data = try read(Self.sample)
        XCTAssertEqual(data.nodes.ids, [1, 2, 3, 4])
        XCTAssertEqual(data.nodes.latitudes[0], 378_057_878)
        XCTAssertEqual(data.nodes.longitudes[2], -1_223_021_362)
        XCTAssertEqual(data.nodeTags, [2: ["highway": "traffic_signals"]])
        // Way 12 loses node 99: the piece before it (one node) goes, 4-1 stays.
        XCTAssertEqual(data.ways.map(\.id), [10, 11, 12])
        XCTAssertEqual(data.ways.last?.nodes, [4, 1])
        XCTAssertEqual(data.relations.count, 2)
        XCTAssertEqual(data.ways[0].tags["highway"], "primary")
        XCTAssertNil(data.ways[0].tags["name"])
        XCTAssertEqual(data.relations[0].tags.dictionary, ["type": "restriction", "restriction": "no_left_turn"])
        XCTAssertEqual(data.relations[0].tags.map(\.key), ["type", "restriction"], "file order")
        XCTAssertEqual(data.relations[0].members[1], OSMMember(kind: .node, ref: 3, role: "via"))
        XCTAssertEqual(data.warnings.count, 1)
        XCTAssertEqual(try XCTUnwrap(data.bounds).east, -122.29)
    }

    func testRoutingFilter() throws {
        let data = try read(Self.sample, .routing)
        XCTAssertEqual(data.ways.map(\.id), [10, 12])
        XCTAssertEqual(data.nodes.ids, [1, 2, 3, 4])
        XCTAssertEqual(data.relations.map(\.id), [5])
    }

    func testGzipCompressedXML() throws {
        let gz = try Gzip.compress(Array(Self.sample.utf8))
        XCTAssertEqual(try OSMReader.read(bytes: gz, file: "t.osm.gz").ways.count, 3)
    }

    func testErrorsNameLineAndColumn() throws {
        let bad = "<osm>\n  <node id=\"1\" lat=\"95\" lon=\"0\"/>\n</osm>"
        let e = try XCTUnwrap(error(bad))
        XCTAssertEqual(e.line, 2)
        XCTAssertTrue(e.detail.contains("lat=\"95\""), e.detail)
        XCTAssertTrue(e.description.hasPrefix("t.osm: line 2, column"), e.description)
        let truncated = try XCTUnwrap(error("<osm>\n<node id=\"1\" lat=\"1\" lon=\"2\">\n<tag k=\"a\" v=\"b\"/>"))
        XCTAssertEqual(truncated.kind, .xmlSyntax)
        XCTAssertTrue(truncated.detail.contains("truncated"), truncated.detail)
        XCTAssertEqual(error("<gpx/>")?.kind, .notOSM)
        XCTAssertEqual(error("<osm><way id=\"x\"/></osm>")?.kind, .malformed)
        XCTAssertEqual(error("<!DOCTYPE osm><osm/>")?.kind, .xmlSyntax)
        XCTAssertEqual(error("<osm>\u{0}</osm>")?.kind, .xmlSyntax)
        XCTAssertEqual(error("<osm><a></b></osm>")?.kind, .xmlSyntax)
        _ = error("<osm><?foo?></osm>")  // must not trap
        // libxml2 crashed switching to UTF-7 (found by the osm-xml fuzzer): refused before it.
        let utf7 = try XCTUnwrap(error("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<osm/>"))
        XCTAssertEqual(utf7.kind, .xmlSyntax)
        XCTAssertTrue(utf7.detail.contains("UTF-7"), utf7.detail)
        XCTAssertEqual(utf7.line, 1)
        XCTAssertEqual(
            try read("<?xml version='1.0' encoding='utf-8'?><osm><node id='1' lat='1' lon='2'/></osm>").nodes.count, 1)
    }

    /// West Oakland in bzip2 (../shared). Counts from `osmium fileinfo -e` and, for routing,
    /// `osmium tags-filter FILE w/highway w/route=ferry` then `osmium fileinfo -e`.
    func testSharedBzip2XML() throws {
        let path = try TestPaths.shared("data/osm/west-oakland.osm.bz2").path
        let all = try OSMReader.read(path: path)
        XCTAssertEqual(all.nodes.count, 446)
        XCTAssertEqual(Set(all.ways.map(\.id)).count, 66)
        XCTAssertEqual(all.relations.count, 23)
        let routing = try OSMReader.read(path: path, options: .routing)
        XCTAssertEqual(routing.nodes.count, 213)
        XCTAssertEqual(Set(routing.ways.map(\.id)).count, 31)
        XCTAssertEqual(all.warnings, [], "the extract has every node its ways use")
    }

    func testBrokenBzip2IsNamed() throws {
        let path = try TestPaths.shared("data/osm/west-oakland.osm.bz2").path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertThrowsError(try OSMReader.read(bytes: Array(bytes.prefix(5000)), file: "w.osm.bz2")) { e in
            XCTAssertEqual((e as? OSMError)?.kind, .truncated, "\(e)")
        }
        var damaged = bytes
        damaged[200] ^= 0xFF
        XCTAssertThrowsError(try OSMReader.read(bytes: damaged, file: "w.osm.bz2")) { e in
            XCTAssertEqual((e as? OSMError)?.kind, .corrupt, "\(e)")
        }
    }
}
