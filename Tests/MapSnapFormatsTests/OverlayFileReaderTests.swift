import Foundation
import MapSnapFormats
import MapSnapGeometry
import XCTest

/// Reading overlay files from disk: format by extension or content, and file-level errors.
final class OverlayFileReaderTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "mapsnap-overlay-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ name: String, _ text: String) -> String {
        let path = folder + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    private let geoJSON = #"{"type": "Point", "coordinates": [2.35, 48.85]}"#
    private let gpx = #"<gpx><wpt lat="48.85" lon="2.35"><name>Paris</name></wpt></gpx>"#
    private let polyline = "_p~iF~ps|U_ulLnnqC_mqNvxq`@\n"

    func testDispatchByExtension() throws {
        XCTAssertEqual(
            try OverlayFileReader.read(path: write("a.geojson", geoJSON)).first?.geometry,
            .point(Coordinate(latitude: 48.85, longitude: 2.35)))
        XCTAssertEqual(try OverlayFileReader.read(path: write("a.JSON", geoJSON)).count, 1)
        XCTAssertEqual(try OverlayFileReader.read(path: write("a.gpx", gpx)).first?[property: "name"], .string("Paris"))
        XCTAssertEqual(
            try OverlayFileReader.read(path: write("a.polyline", polyline)).first?.geometry.allCoordinates.count, 3)
        XCTAssertEqual(try OverlayFileReader.read(path: write("a.txt", polyline)).count, 1)
    }

    func testExtensionWinsOverContent() {
        let path = write("wrong.gpx", geoJSON)
        XCTAssertEqual(
            formatError { () throws(FormatError) in try OverlayFileReader.read(path: path, displayName: "wrong.gpx") },
            "wrong.gpx:1:1: this is not an XML document (it should start with '<')")
    }

    func testSniffingUnknownExtensions() throws {
        XCTAssertEqual(try OverlayFileReader.read(path: write("a.data", "\n  " + geoJSON)).count, 1)
        XCTAssertEqual(try OverlayFileReader.read(path: write("b", gpx)).first?[property: "gpx"], .string("wpt"))
        XCTAssertEqual(try OverlayFileReader.read(path: write("c.route", polyline)).count, 1)
        XCTAssertEqual(OverlayFormat(sniffing: [0xEF, 0xBB, 0xBF] + Array("{}".utf8)), .geoJSON)
        XCTAssertEqual(OverlayFormat(sniffing: Array(" <?xml".utf8)), .gpx)
        XCTAssertEqual(OverlayFormat(sniffing: []), .polyline)
        XCTAssertEqual(OverlayFormat(path: "dir.gpx/file", bytes: Array("{}".utf8)), .geoJSON)
        XCTAssertEqual(OverlayFormat(path: ".gpx", bytes: Array("{}".utf8)), .geoJSON, "a dot file has no extension")
        XCTAssertEqual(OverlayFormat(pathExtension: "GeoJSON"), .geoJSON)
        XCTAssertNil(OverlayFormat(pathExtension: "kml"))
    }

    func testPolylinePrecision() throws {
        let text = EncodedPolyline.encode(
            [Coordinate(latitude: 1.5, longitude: 2.5), Coordinate(latitude: 3, longitude: 4)], precision: 6)
        let features = try OverlayFileReader.read(path: write("p.polyline", text), polylinePrecision: 6)
        assertCoordinates(features[0].geometry.allCoordinates, [(1.5, 2.5), (3, 4)])
    }

    func testMissingFile() {
        let path = folder + "/nope.geojson"
        do {
            _ = try OverlayFileReader.read(path: path)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.kind, .missingFile)
            XCTAssertEqual(error.description, "\(path): no such file")
        }
        XCTAssertEqual(
            formatError { () throws(FormatError) in
                try OverlayFileReader.read(path: path, displayName: "trails.geojson")
            },
            "trails.geojson: no such file")
        XCTAssertEqual(
            formatError { () throws(FormatError) in
                try OverlayFileReader.read(path: folder + "/nope/x.gpx", displayName: "x.gpx")
            },
            "x.gpx: no such file")
    }

    func testDirectoryAndNotADirectory() {
        do {
            _ = try OverlayFileReader.read(path: folder, displayName: "folder")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.kind, .missingFile)
            XCTAssertEqual(error.description, "folder: is a directory, not a file")
        }
        let file = write("plain.txt", polyline)
        XCTAssertEqual(
            formatError { () throws(FormatError) in
                try OverlayFileReader.read(path: file + "/inner.gpx", displayName: "p")
            },
            "p: no such file (a folder in its path is a file)")
    }

    func testUnreadableFile() throws {
        let path = write("secret.geojson", geoJSON)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        if getuid() == 0 { throw XCTSkip("running as root: permissions do not stop reading") }
        XCTAssertEqual(
            formatError { () throws(FormatError) in try OverlayFileReader.read(path: path, displayName: "secret") },
            "secret: permission denied")
    }

    func testEmptyFiles() {
        for name in ["e.geojson", "e.gpx", "e.polyline", "e.unknown"] {
            let path = write(name, "")
            XCTAssertEqual(
                formatError { () throws(FormatError) in try OverlayFileReader.read(path: path, displayName: name) },
                "\(name): the file is empty")
        }
    }

    func testBadDataKeepsTheDisplayName() {
        let path = write("bad.geojson", "{\n  \"type\": \"Point\",\n  \"coordinates\": [200, 91]\n}")
        do {
            _ = try OverlayFileReader.read(path: path, displayName: "trails/bad.geojson")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.kind, .badData)
            XCTAssertEqual(error.description, "trails/bad.geojson:3:18: latitude 91 is outside -90…90")
        }
    }

    func testReadFromBytes() throws {
        XCTAssertEqual(try OverlayFileReader.read(bytes: Array(gpx.utf8), file: "x", format: .gpx).count, 1)
        XCTAssertEqual(try OverlayFileReader.read(bytes: Array(geoJSON.utf8), file: "x", format: .geoJSON).count, 1)
        XCTAssertEqual(
            try OverlayFileReader.read(bytes: Array(polyline.utf8), file: "x", format: .polyline, polylinePrecision: 5)
                .count, 1)
    }

    func testFilesOverHalfAGibibyteAreRefused() throws {
        XCTAssertEqual(OverlayFileReader.maximumFileSize, 512 * 1024 * 1024)
        // A sparse file: its size is checked before anything is read.
        let path = write("huge.geojson", "")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(OverlayFileReader.maximumFileSize) + 1)
        try handle.close()
        do {
            _ = try OverlayFileReader.read(path: path, displayName: "huge.geojson")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.kind, .badData)
            XCTAssertEqual(error.description, "huge.geojson: the file is larger than 512 MiB")
        }
    }
}
