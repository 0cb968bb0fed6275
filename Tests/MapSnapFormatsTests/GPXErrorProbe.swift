import MapSnapFormats
import XCTest

final class GPXErrorProbe: XCTestCase {
    func testDump() {
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("spaces", " \n ".bytes),
            ("garbage", [0x00, 0xFF, 0x13, 0x80, 0x41, 0x0A, 0x99]),
            ("notxml", "hello world\n".bytes),
            ("json", "{\"type\": \"Point\"}".bytes),
            ("nonutf8", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>caf".bytes + [0xE9, 0x21] + "</name></wpt></gpx>".bytes),
            ("trunc-in-trkpt", "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"/>\n<trkpt lat=\"1.5\" lo".bytes),
            ("trunc-after-trkpt", "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><ele>3".bytes),
            ("trunc-end", "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"/>\n".bytes),
            ("lat95", "<gpx>\n  <wpt lat=\"95\" lon=\"2\"/>\n</gpx>".bytes),
            ("latabc", "<gpx>\n  <wpt lat=\"abc\" lon=\"2\"/>\n</gpx>".bytes),
            ("latNaN", "<gpx><trk><trkseg>\n<trkpt lat=\"NaN\" lon=\"2\"/></trkseg></trk></gpx>".bytes),
            ("lonInf", "<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"INF\"/></trkseg></trk></gpx>".bytes),
            ("lon400", "<gpx><rte>\n<rtept lat=\"1\" lon=\"400\"/></rte></gpx>".bytes),
            ("nolat", "<gpx>\n<wpt lon=\"2\"/></gpx>".bytes),
            ("nolon", "<gpx>\n<wpt lat=\"2\"></wpt></gpx>".bytes),
            ("emptylat", "<gpx>\n<wpt lat=\"\" lon=\"2\"></wpt></gpx>".bytes),
            ("badele", "<gpx>\n<wpt lat=\"1\" lon=\"2\"><ele>high</ele></wpt></gpx>".bytes),
            ("root", "<?xml version=\"1.0\"?>\n<kml><Placemark/></kml>".bytes),
            ("mismatch", "<gpx>\n<trk>\n</trkseg></gpx>".bytes),
            ("two roots", "<gpx></gpx>\n<gpx></gpx>".bytes),
            ("entity", "<gpx><wpt lat=\"1\" lon=\"2\"><name>a &nbsp; b</name></wpt></gpx>".bytes),
            ("amp", "<gpx><wpt lat=\"1\" lon=\"2\"><name>a & b</name></wpt></gpx>".bytes),
            ("dup attr", "<gpx><wpt lat=\"1\" lat=\"2\" lon=\"2\"/></gpx>".bytes),
            ("utf16", "<gpx/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("decl late", "\n<?xml version=\"1.0\"?><gpx/>".bytes),
        ]
        for (name, bytes) in cases {
            do {
                let f = try GPXReader.read(bytes: bytes, file: "t.gpx")
                print("PROBE", name, "OK", f.count)
            } catch {
                print("PROBE", name, "|", error.description, "|", error.kind)
            }
        }
    }
}
