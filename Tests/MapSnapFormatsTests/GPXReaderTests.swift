import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import XCTest

/// Valid GPX 1.1 / 1.0 documents read into the expected features.
final class GPXReaderTests: XCTestCase {
    private func read(_ text: String) throws -> [Feature] {
        try GPXReader.read(bytes: text.bytes, file: "t.gpx")
    }

    private let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
          <metadata><name>Not a feature</name><bounds minlat="1" minlon="2" maxlat="3" maxlon="4"/></metadata>
          <wpt lat="46.5" lon="13.75">
            <ele>1614.5</ele>
            <name>Summit &amp; cross</name>
            <desc><![CDATA[Top <b>view</b>]]></desc>
            <sym>Summit</sym>
            <type>peak</type>
            <extensions><gpxx:WaypointExtension><gpxx:name>ignored</gpxx:name></gpxx:WaypointExtension></extensions>
          </wpt>
          <wpt lat="-33.9" lon="18.4"/>
          <rte>
            <name>Route one</name>
            <rtept lat="1" lon="2"><name>ignored</name></rtept>
            <rtept lat="1.5" lon="2.5"/>
            <rtept lat="2" lon="3"/>
          </rte>
          <trk>
            <name> Morning walk </name>
            <desc>two segments</desc>
            <type>hiking</type>
            <extensions><gpxx:TrackExtension><gpxx:DisplayColor>Red</gpxx:DisplayColor></gpxx:TrackExtension></extensions>
            <trkseg>
              <trkpt lat="10" lon="20"><ele>100</ele><time>2020-01-01T00:00:00Z</time></trkpt>
              <trkpt lat="10.1" lon="20.1"/>
            </trkseg>
            <trkseg>
              <trkpt lat="11" lon="21"><ele>110.25</ele></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lat="12" lon="22"><ele>120</ele></trkpt>
              <trkpt lat="12.5" lon="22.5"><ele>125</ele></trkpt>
              <trkpt lat="13" lon="23"><ele></ele></trkpt>
            </trkseg>
          </trk>
          <trk><trkseg><trkpt lat="0" lon="179.5"/><trkpt lat="0" lon="-179.5"/></trkseg></trk>
          <trk><name>empty</name><trkseg><trkpt lat="0" lon="0"/></trkseg></trk>
        </gpx>
        """

    func testSample() throws {
        let features = try read(sample)
        XCTAssertEqual(features.count, 5)

        let summit = features[0]
        XCTAssertEqual(summit.geometry, .point(Coordinate(latitude: 46.5, longitude: 13.75)))
        XCTAssertEqual(summit.properties.keys, ["name", "desc", "type", "sym", "gpx"])
        XCTAssertEqual(summit[property: "name"], .string("Summit & cross"))
        XCTAssertEqual(summit[property: "desc"], .string("Top <b>view</b>"))
        XCTAssertEqual(summit[property: "sym"], .string("Summit"))
        XCTAssertEqual(summit[property: "type"], .string("peak"))
        XCTAssertEqual(summit[property: "gpx"], .string("wpt"))
        assertElevations(summit.elevations, [[1614.5]])

        XCTAssertEqual(features[1].geometry, .point(Coordinate(latitude: -33.9, longitude: 18.4)))
        XCTAssertEqual(features[1].properties.members, [JSONMember(key: "gpx", value: .string("wpt"))])
        XCTAssertNil(features[1].elevations)

        let route = features[2]
        guard case .lineString(let routeLine) = route.geometry else { return XCTFail("expected a LineString") }
        assertCoordinates(routeLine, [(1, 2), (1.5, 2.5), (2, 3)])
        XCTAssertEqual(route.properties.keys, ["name", "gpx"])
        XCTAssertEqual(route[property: "name"], .string("Route one"))
        XCTAssertEqual(route[property: "gpx"], .string("rte"))
        XCTAssertNil(route.elevations)

        let track = features[3]
        guard case .multiLineString(let segments) = track.geometry else { return XCTFail("expected a MultiLineString") }
        XCTAssertEqual(segments.count, 2, "the one-point segment is dropped")
        assertCoordinates(segments[0], [(10, 20), (10.1, 20.1)])
        assertCoordinates(segments[1], [(12, 22), (12.5, 22.5), (13, 23)])
        XCTAssertEqual(track.properties.keys, ["name", "desc", "type", "gpx"])
        XCTAssertEqual(track[property: "name"], .string("Morning walk"))
        XCTAssertEqual(track[property: "type"], .string("hiking"))
        XCTAssertEqual(track[property: "gpx"], .string("trk"))
        assertElevations(track.elevations, [[100, .nan], [120, 125, .nan]])

        guard case .lineString(let crossing) = features[4].geometry else { return XCTFail("expected a LineString") }
        assertCoordinates(crossing, [(0, 179.5), (0, 180.5)])
        XCTAssertNil(features[4].elevations)
    }

    func testSingleSegmentTrackIsALineString() throws {
        let features = try read(
            """
            <gpx><trk><trkseg></trkseg><trkseg>
            <trkpt lat="1" lon="1"><ele>5</ele></trkpt><trkpt lat="2" lon="2"><ele>6</ele></trkpt>
            </trkseg></trk></gpx>
            """)
        XCTAssertEqual(features.count, 1)
        guard case .lineString(let line) = features[0].geometry else { return XCTFail("expected a LineString") }
        assertCoordinates(line, [(1, 1), (2, 2)])
        assertElevations(features[0].elevations, [[5, 6]])
        XCTAssertEqual(features[0].properties.keys, ["gpx"])
    }

    func testGPX10AndPrefixedElements() throws {
        let gpx10 = try read(
            """
            <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><wpt lat="1" lon="2"><name>A</name></wpt></gpx>
            """)
        XCTAssertEqual(gpx10.map(\.geometry), [.point(Coordinate(latitude: 1, longitude: 2))])
        let prefixed = try read(
            """
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:wpt lat="1" lon="2"><g:name>A</g:name></g:wpt>
            <g:rte><g:rtept lat="3" lon="4"/><g:rtept lat="5" lon="6"/></g:rte></g:gpx>
            """)
        XCTAssertEqual(prefixed.count, 2)
        XCTAssertEqual(prefixed[0][property: "name"], .string("A"))
        XCTAssertEqual(prefixed[1].geometry.allCoordinates.count, 2)
    }

    func testNumbersAndWhitespace() throws {
        let features = try read(
            """
            <gpx><wpt lat=" +45.25 " lon="-0.000001"><ele> 1.5E3 </ele></wpt><wpt lat="-.5" lon="7."/></gpx>
            """)
        XCTAssertEqual(features[0].geometry, .point(Coordinate(latitude: 45.25, longitude: -0.000001)))
        assertElevations(features[0].elevations, [[1500]])
        XCTAssertEqual(features[1].geometry, .point(Coordinate(latitude: -0.5, longitude: 7)))
    }

    func testLatin1DeclaredEncoding() throws {
        let bytes =
            #"<?xml version="1.0" encoding="ISO-8859-1"?><gpx><wpt lat="1" lon="2"><name>caf"#.bytes
            + [0xE9] + "</name></wpt></gpx>".bytes
        let features = try GPXReader.read(bytes: bytes, file: "t.gpx")
        XCTAssertEqual(features[0][property: "name"], .string("café"))
    }

    func testWindows1252DeclaredEncoding() throws {
        let bytes =
            #"<?xml version='1.0' encoding='Windows-1252'?><gpx><wpt lat="1" lon="2"><name>"#.bytes
            + [0x80, 0x20, 0x93, 0x41, 0x94] + "</name></wpt></gpx>".bytes
        let features = try GPXReader.read(bytes: bytes, file: "t.gpx")
        XCTAssertEqual(features[0][property: "name"], .string("€ “A”"))
    }

    func testProcessingInstructionsAndComments() throws {
        let features = try read(
            """
            <?xml version="1.0"?><?xml-stylesheet href="a.xsl"?><?empty?>
            <gpx><!-- <?x?> <wpt lat="9" lon="9"/> --><?pi?><wpt lat="1" lon="2"><name><![CDATA[<?keep?>]]></name></wpt></gpx>
            """)
        XCTAssertEqual(features.count, 1)
        XCTAssertEqual(features[0][property: "name"], .string("<?keep?>"))
    }

    func testUTF16WithByteOrderMark() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx><wpt lat=\"1\" lon=\"2\"><name>Zürich</name></wpt></gpx>"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let features = try GPXReader.read(bytes: bytes, file: "t.gpx")
        XCTAssertEqual(features.first?[property: "name"], .string("Zürich"))
    }

    func testUndeclaredExtensionPrefixIsHarmless() throws {
        let features = try read("<gpx><wpt lat=\"1\" lon=\"2\"><extensions><x:hr>80</x:hr></extensions></wpt></gpx>")
        XCTAssertEqual(features.count, 1)
    }

    func testEmptyGPX() throws {
        XCTAssertEqual(try read("<gpx/>"), [])
        XCTAssertEqual(
            try read("<?xml version=\"1.0\"?>\n<gpx><trk/><rte><rtept lat=\"1\" lon=\"1\"/></rte></gpx>"), [])
    }
}
