import MapSnapFormats
import MapSnapGeometry
import XCTest

/// Google's encoded polyline algorithm, both ways, and `.polyline` files.
final class EncodedPolylineTests: XCTestCase {
    /// The example of https://developers.google.com/maps/documentation/utilities/polylinealgorithm
    private let googleText = "_p~iF~ps|U_ulLnnqC_mqNvxq`@"
    private let googlePoints = [
        Coordinate(latitude: 38.5, longitude: -120.2),
        Coordinate(latitude: 40.7, longitude: -120.95),
        Coordinate(latitude: 43.252, longitude: -126.453),
    ]

    func testDecodesGooglesExample() throws {
        assertCoordinates(
            try EncodedPolyline.decode(googleText), [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)])
    }

    func testEncodesGooglesExample() {
        XCTAssertEqual(EncodedPolyline.encode(googlePoints), googleText)
        XCTAssertEqual(EncodedPolyline.encode(googlePoints, precision: 5), googleText)
    }

    func testSingleValues() throws {
        // The page's worked example: -179.9832104 encodes as "`~oia@" (and longitude 0 as "?").
        XCTAssertEqual(EncodedPolyline.encode([Coordinate(latitude: -179.9832104, longitude: 0)]), "`~oia@?")
        XCTAssertEqual(EncodedPolyline.encode([Coordinate(latitude: 0, longitude: 0)]), "??")
        XCTAssertEqual(try EncodedPolyline.decode("??"), [Coordinate(latitude: 0, longitude: 0)])
        XCTAssertEqual(try EncodedPolyline.decode(""), [])
        XCTAssertEqual(EncodedPolyline.encode([]), "")
    }

    func testPrecision6RoundTrip() throws {
        let points = [
            Coordinate(latitude: 37.774929, longitude: -122.419416),
            Coordinate(latitude: 37.775012, longitude: -122.418001),
            Coordinate(latitude: -33.868820, longitude: 151.209296),
            Coordinate(latitude: 89.999999, longitude: 359.999999),
            Coordinate(latitude: -90, longitude: -360),
        ]
        let text = EncodedPolyline.encode(points, precision: 6)
        XCTAssertNotEqual(text, EncodedPolyline.encode(points, precision: 5))
        let decoded = try EncodedPolyline.decode(text, precision: 6)
        XCTAssertEqual(decoded.count, points.count)
        for (a, b) in zip(decoded, points) {
            XCTAssertEqual(a.latitude, b.latitude, accuracy: 5e-7)
            XCTAssertEqual(a.longitude, b.longitude, accuracy: 5e-7)
        }
        // Decoding at the wrong precision gives other numbers, not an error here.
        XCTAssertEqual(try EncodedPolyline.decode(googleText, precision: 6)[0].latitude, 3.85, accuracy: 1e-9)
    }

    func testRoundingDoesNotDrift() throws {
        let points = (0..<1000).map {
            Coordinate(latitude: 45 + Double($0) * 0.0000037, longitude: 7 - Double($0) * 0.0000041)
        }
        let decoded = try EncodedPolyline.decode(EncodedPolyline.encode(points))
        for (a, b) in zip(decoded, points) {
            XCTAssertEqual(a.latitude, b.latitude, accuracy: 5.0001e-6)
            XCTAssertEqual(a.longitude, b.longitude, accuracy: 5.0001e-6)
        }
    }

    func testErrors() {
        func error(_ text: String, precision: Int = 5) -> String {
            do {
                let points = try EncodedPolyline.decode(text, precision: precision)
                return "decoded \(points)"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(
            error("_p~iF~ps|U_ulLnnqC_mqNvxq`"), "character 26: the polyline ends in the middle of a value (truncated?)"
        )
        XCTAssertEqual(
            error("_p~iF"), "character 6: the polyline ends after a latitude, without its longitude (truncated?)")
        XCTAssertEqual(
            error("_p~iF ~ps|U"), "character 6: unexpected space (polyline characters are '?'…'~', codes 63…126)")
        XCTAssertEqual(
            error("_p~iF~ps|U>"),
            "character 11: unexpected character '>' (polyline characters are '?'…'~', codes 63…126)")
        XCTAssertEqual(
            error("_p~iFé"),
            "character 6: unexpected non-ASCII byte 0xC3 (polyline characters are '?'…'~', codes 63…126)")
        let tooFarNorth = EncodedPolyline.encode([
            Coordinate(latitude: 10, longitude: 0), Coordinate(latitude: 95, longitude: 1),
        ])
        XCTAssertEqual(error(tooFarNorth), "character 7: latitude 95 is outside -90…90")
        let tooFarEast = EncodedPolyline.encode([Coordinate(latitude: 0, longitude: 400)])
        XCTAssertEqual(error(tooFarEast), "character 2: longitude 400 is outside -360…360")
        XCTAssertEqual(
            error(String(repeating: "~", count: 20) + "?"), "character 1: a value is too long to be a coordinate")
        XCTAssertEqual(error("??", precision: 0), "character 1: polyline precision must be 1…10, got 0")
        XCTAssertEqual(error("??", precision: 11), "character 1: polyline precision must be 1…10, got 11")
    }

    func testErrorOffsets() {
        do {
            _ = try EncodedPolyline.decode("??_")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.offset, 2)
        }
    }
}

/// `.polyline` files: one polyline per line, errors at the offending character.
final class PolylineReaderTests: XCTestCase {
    private func read(_ text: String, precision: Int = 5) throws(FormatError) -> [Feature] {
        try PolylineReader.read(bytes: text.bytes, file: "t.polyline", precision: precision)
    }

    func testLinesBecomeFeatures() throws {
        let features = try read("\n  _p~iF~ps|U_ulLnnqC_mqNvxq`@  \r\n\n\t??\r\n_p~iF~ps|U_ulLnnqC\n")
        XCTAssertEqual(features.count, 3)
        guard case .lineString(let line) = features[0].geometry else { return XCTFail("expected a LineString") }
        assertCoordinates(line, [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)])
        XCTAssertEqual(features[1].geometry, .point(Coordinate(latitude: 0, longitude: 0)))
        XCTAssertEqual(features[2].geometry.allCoordinates.count, 2)
        XCTAssertEqual(features[0].properties.members, [])
        XCTAssertNil(features[0].elevations)
    }

    func testLinesAreUnwrapped() throws {
        let text = EncodedPolyline.encode([
            Coordinate(latitude: 0, longitude: 179.5), Coordinate(latitude: 0, longitude: -179.5),
        ])
        let features = try read(text)
        assertCoordinates(features[0].geometry.allCoordinates, [(0, 179.5), (0, 180.5)])
    }

    func testPrecision6() throws {
        let points = [Coordinate(latitude: 1.000001, longitude: 2.000002), Coordinate(latitude: 3, longitude: 4)]
        let features = try read(EncodedPolyline.encode(points, precision: 6), precision: 6)
        assertCoordinates(features[0].geometry.allCoordinates, [(1.000001, 2.000002), (3, 4)])
    }

    func testErrors() {
        func error(_ text: String, precision: Int = 5) -> String? {
            formatError { () throws(FormatError) in try read(text, precision: precision) }
        }
        XCTAssertEqual(error(""), "t.polyline: the file is empty")
        XCTAssertEqual(error(" \n\r\n "), "t.polyline: the file is empty")
        XCTAssertEqual(
            error("??\n  _p~iF~ps|U_ulLnnqC_mqNvxq`\n"),
            "t.polyline:2:28: the polyline ends in the middle of a value (truncated?)")
        XCTAssertEqual(
            error("??\n\n  _p~iF ~ps|U"),
            "t.polyline:3:8: unexpected space (polyline characters are '?'…'~', codes 63…126)")
        XCTAssertEqual(
            error("é??"),
            "t.polyline:1:1: unexpected non-ASCII byte 0xC3 (polyline characters are '?'…'~', codes 63…126)")
        XCTAssertEqual(
            error("??\n_p~iF"), "t.polyline:2:6: the polyline ends after a latitude, without its longitude (truncated?)"
        )
        let tooFarSouth = EncodedPolyline.encode([
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: -91, longitude: 0),
        ])
        XCTAssertEqual(error("??\n" + tooFarSouth), "t.polyline:2:3: latitude -91 is outside -90…90")
        XCTAssertEqual(error("??", precision: 12), "t.polyline: polyline precision must be 1…10, got 12")
    }
}
