import MapSnapFormats
import MapSnapTestSupport
import XCTest

/// Invalid GPX gives `file:line:col: message`; no input hangs or crashes the reader.
final class GPXErrorTests: XCTestCase {
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        error(text.bytes, file: file, line: line)
    }

    private func error(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String? {
        formatError(
            { () throws(FormatError) in try GPXReader.read(bytes: bytes, file: "t.gpx") }, file: file, line: line)
    }

    func testEmptyFile() {
        XCTAssertEqual(error(""), "t.gpx: the file is empty")
        XCTAssertEqual(error(" \n "), "t.gpx: the file is empty")
    }

    func testNotXML() {
        XCTAssertEqual(
            error([0x00, 0xFF, 0x13, 0x80, 0x41, 0x0A, 0x99]),
            "t.gpx:1:1: this is not an XML document (it should start with '<')")
        XCTAssertEqual(
            error("\n\n  PK\u{3}\u{4}".bytes), "t.gpx:3:3: this is not an XML document (it should start with '<')")
        XCTAssertEqual(error("hello world\n"), "t.gpx:1:1: this is not an XML document (it should start with '<')")
        XCTAssertEqual(
            error(#"{"type": "Point"}"#), "t.gpx:1:1: this is not an XML document (it should start with '<')")
        XCTAssertEqual(
            error("<?xml version=\"1.0\"?>\n<kml><Placemark/></kml>"),
            "t.gpx:2:5: expected a <gpx> root element, found <kml>")
    }

    func testNonUTF8() {
        let bytes =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>caf".bytes
            + [0xE9, 0x21] + "</name></wpt></gpx>".bytes
        XCTAssertEqual(
            error(bytes),
            "t.gpx:3:31: the file is not valid UTF-8 (byte 0xE9); if it uses another encoding, declare it: "
                + "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
        XCTAssertEqual(
            error("<gpx><tr".bytes + [0xC3, 0x00] + "k/></gpx>".bytes),
            "t.gpx:1:9: the file is not valid UTF-8 (byte 0xC3); if it uses another encoding, declare it: "
                + "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
        XCTAssertEqual(
            error("<gpx/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            "t.gpx:1:2: the file holds a NUL byte (GPX files are text; is it UTF-16 without a byte order mark, or binary?)"
        )
        XCTAssertEqual(
            error("<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>".bytes + [0xED, 0xA0, 0x80] + "</name></wpt></gpx>".bytes),
            "t.gpx:2:28: the file is not valid UTF-8 (byte 0xED); if it uses another encoding, declare it: "
                + "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
    }

    func testTruncated() {
        XCTAssertEqual(
            error("<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"/>\n<trkpt lat=\"1.5\" lo"),
            "t.gpx:4:20: unexpected end of file inside <trkseg> (the file is truncated?)")
        XCTAssertEqual(
            error("<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><ele>3"),
            "t.gpx:3:30: unexpected end of file inside <ele> (the file is truncated?)")
        XCTAssertEqual(
            error("<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"/>\n"),
            "t.gpx:4:1: unexpected end of file inside <trkseg> (the file is truncated?)")
    }

    func testCoordinates() {
        XCTAssertEqual(
            error("<gpx>\n  <wpt lat=\"95\" lon=\"2\"/>\n</gpx>"), "t.gpx:2:24: latitude 95 is outside -90…90")
        XCTAssertEqual(
            error("<gpx>\n  <wpt lat=\"abc\" lon=\"2\"/>\n</gpx>"), "t.gpx:2:25: lat=\"abc\" is not a decimal number")
        XCTAssertEqual(
            error("<gpx><trk><trkseg>\n<trkpt lat=\"NaN\" lon=\"2\"/></trkseg></trk></gpx>"),
            "t.gpx:2:25: lat=\"NaN\" is not a decimal number")
        XCTAssertEqual(
            error("<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"INF\"/></trkseg></trk></gpx>"),
            "t.gpx:2:25: lon=\"INF\" is not a decimal number")
        XCTAssertEqual(
            error("<gpx><rte>\n<rtept lat=\"1\" lon=\"400\"/></rte></gpx>"),
            "t.gpx:2:25: longitude 400 is outside -360…360")
        XCTAssertEqual(
            error("<gpx>\n<wpt lat=\"\" lon=\"2\"></wpt></gpx>"), "t.gpx:2:20: lat=\"\" is not a decimal number")
        XCTAssertEqual(
            error("<gpx>\n<wpt lon=\"2\"/></gpx>"), "t.gpx:2:13: <wpt> needs a lat attribute (latitude in degrees)")
        XCTAssertEqual(
            error("<gpx>\n<wpt lat=\"2\"></wpt></gpx>"),
            "t.gpx:2:13: <wpt> needs a lon attribute (longitude in degrees)")
        XCTAssertEqual(
            error("<gpx>\n<wpt lat=\"1\" lon=\"2\"><ele>high</ele></wpt></gpx>"),
            "t.gpx:2:37: <ele> must be a number of metres, found \"high\"")
    }

    func testSyntax() {
        XCTAssertEqual(error("<gpx>\n<trk>\n</trkseg></gpx>"), "t.gpx:3:10: mismatched closing tag (expected </trk>)")
        XCTAssertEqual(error("<gpx></gpx>\n<gpx></gpx>"), "t.gpx:2:1: extra content after the end of the XML document")
        XCTAssertEqual(
            error("<gpx><wpt lat=\"1\" lon=\"2\"><name>a &nbsp; b</name></wpt></gpx>"),
            "t.gpx:1:41: undeclared entity (XML knows only &amp; &lt; &gt; &quot; &apos; and &#…;)")
        XCTAssertEqual(
            error("<gpx><wpt lat=\"1\" lon=\"2\"><name>a & b</name></wpt></gpx>"),
            "t.gpx:1:36: expected a name after '<' or '&' (write &amp; for a literal '&')")
        XCTAssertEqual(
            error("<gpx><wpt lat=\"1\" lat=\"2\" lon=\"2\"/></gpx>"),
            "t.gpx:1:34: an attribute is repeated in the same element")
        XCTAssertEqual(
            error("\n<?xml version=\"1.0\"?><gpx/>"),
            "t.gpx:2:6: the XML declaration <?xml …?> may only appear at the very start of the file")
    }

    func testUnsupportedEncoding() {
        XCTAssertEqual(
            error("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<gpx/>"),
            "t.gpx:1:31: unsupported encoding \"Shift_JIS\" (GPX is read as UTF-8, UTF-16, ISO-8859-1 or windows-1252)")
    }

    func testDoctypeIsRefused() {
        XCTAssertEqual(
            error("<?xml version=\"1.0\"?>\n<!-- <!DOCTYPE in a comment is fine -->\n<!DOCTYPE gpx>\n<gpx/>"),
            "t.gpx:3:1: GPX files must not contain a <!DOCTYPE> declaration (DTDs and their entities are not read)")
    }

    func testEntityExpansionIsRefused() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n <!ENTITY a0 \"lol\">\n"
        for i in 1...9 {
            text += " <!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">\n"
        }
        text += "]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>&a9;</name></wpt></gpx>"
        XCTAssertNotNil(error(text))
    }

    func testEveryTruncationOfAValidFileIsAnError() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="46.5" lon="13.75"><ele>1614.5</ele><name>Summit</name></wpt>
            <trk><name>T</name><trkseg><trkpt lat="10" lon="20"><ele>100</ele></trkpt>
            <trkpt lat="10.1" lon="20.1"/></trkseg></trk>
            </gpx>
            """
        let bytes = text.bytes
        XCTAssertEqual(try GPXReader.read(bytes: bytes, file: "t.gpx").count, 2)
        for count in 1..<(bytes.count - 1) {
            let prefix = Array(bytes[..<count])
            XCTAssertThrowsError(try GPXReader.read(bytes: prefix, file: "t.gpx"), "prefix of \(count) bytes")
        }
    }

    func testRandomBytesNeverCrash() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("<>/=\"' ?!-[]&;:abcdefgptrklnoe0123456789.\n".utf8) + [0x00, 0xC3, 0xA9, 0xFF]
        for round in 0..<3000 {
            let length = Int(generator.next() % 200)
            var bytes: [UInt8] = round % 2 == 0 ? "<gpx>".bytes : []
            for _ in 0..<length {
                bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            do {
                _ = try GPXReader.read(bytes: bytes, file: "fuzz.gpx")
            } catch {
                XCTAssertEqual(error.kind, .badData)
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }
}
