import MapSnapFormats
import XCTest

/// Invalid GeoJSON gives `file:line:col: message` naming the nearest enclosing array or object.
final class GeoJSONErrorTests: XCTestCase {
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        error(text.bytes, file: file, line: line)
    }

    private func error(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String? {
        formatError(
            { () throws(FormatError) in try GeoJSONReader.read(bytes: bytes, file: "t.geojson") }, file: file,
            line: line)
    }

    func testPositionWithOneNumber() {
        let text = """
            {"type": "LineString", "coordinates": [
              [1, 2],
              [3]
            ]}
            """
        XCTAssertEqual(error(text), "t.geojson:3:3: a position needs two numbers [lon, lat]")
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": []}"#), "t.geojson:1:34: a position needs two numbers [lon, lat]")
    }

    func testPositionShapes() {
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": [1, 2, 3, 4]}"#),
            "t.geojson:1:34: a position has at most three numbers [lon, lat, elevation], found 4")
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": ["1", 2]}"#),
            "t.geojson:1:34: a position's longitude must be a number, found a string")
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": [1, null]}"#),
            "t.geojson:1:34: a position's latitude must be a number, found null")
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": [1, 2, "high"]}"#),
            "t.geojson:1:34: a position's elevation must be a number, found a string")
        XCTAssertEqual(
            error(#"{"type": "LineString", "coordinates": [[1, 2], 3]}"#),
            "t.geojson:1:39: a position must be an array [lon, lat], found a number")
        XCTAssertEqual(
            error(#"{"type": "MultiLineString", "coordinates": [[[1, 2], [3, 4]], {}]}"#),
            "t.geojson:1:44: each line of a MultiLineString must be an array of positions, found an object")
    }

    func testLatitudeOutOfRange() {
        let text = """
            {"type": "Point",
             "coordinates": [10, 95]}
            """
        XCTAssertEqual(error(text), "t.geojson:2:17: latitude 95 is outside -90…90")
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": [0, -90.5]}"#), "t.geojson:1:34: latitude -90.5 is outside -90…90")
    }

    func testLongitudeOutOfRange() {
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": [1e308, 1]}"#),
            "t.geojson:1:34: longitude 1e308 is outside -360…360")
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": [-360.25, 1]}"#),
            "t.geojson:1:34: longitude -360.25 is outside -360…360")
    }

    func testNaNAndOverflowTokens() {
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": [NaN, 1]}"#),
            "t.geojson:1:35: NaN and Infinity are not JSON numbers")
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": [1e400, 1]}"#), "t.geojson:1:35: number out of range")
    }

    func testWrongJSONTypes() {
        XCTAssertEqual(
            error(#"{"type": "FeatureCollection", "features": "none"}"#),
            "t.geojson:1:1: \"features\" must be an array, found a string")
        XCTAssertEqual(error(#"{"type": 5}"#), "t.geojson:1:1: \"type\" must be a string, found a number")
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": "1,2"}"#),
            "t.geojson:1:1: \"coordinates\" must be an array, found a string")
        XCTAssertEqual(
            error(#"{"type": "Feature", "properties": [], "geometry": null}"#),
            "t.geojson:1:1: \"properties\" must be an object or null, found an array")
        XCTAssertEqual(
            error(#"{"type": "Feature", "properties": {}, "geometry": "here"}"#),
            "t.geojson:1:1: \"geometry\" must be an object or null, found a string")
        XCTAssertEqual(
            error("[1, 2]"),
            "t.geojson:1:1: expected a GeoJSON object (a FeatureCollection, a Feature or a geometry), found an array")
        XCTAssertEqual(
            error("  \"Point\""),
            "t.geojson:1:3: expected a GeoJSON object (a FeatureCollection, a Feature or a geometry), found a string")
        XCTAssertEqual(
            error(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": null}, 7]}"#),
            "t.geojson:1:43: \"features\" must hold Feature objects, found a number")
        XCTAssertEqual(
            error(#"{"type": "FeatureCollection", "features": [{"type": "Point", "coordinates": [0, 0]}]}"#),
            "t.geojson:1:44: \"features\" must hold Feature objects, found a \"Point\"")
        XCTAssertEqual(
            error(#"{"type": "GeometryCollection", "geometries": {}}"#),
            "t.geojson:1:1: \"geometries\" must be an array, found an object")
        XCTAssertEqual(
            error(#"{"type": "GeometryCollection", "geometries": [null]}"#),
            "t.geojson:1:46: \"geometries\" must hold geometry objects, found null")
    }

    func testMissingMembers() {
        XCTAssertEqual(
            error("{\"features\": []}"), "t.geojson:1:1: missing \"type\" (every GeoJSON object needs one)")
        XCTAssertEqual(
            error(#"{"type": "Feature", "geometry": {"coordinates": [1, 2]}}"#),
            "t.geojson:1:33: missing \"type\" (every GeoJSON object needs one)")
        XCTAssertEqual(
            error(#"{"type": "Feature", "properties": {}}"#),
            "t.geojson:1:1: a Feature needs a \"geometry\" member (null when it has no location)")
        XCTAssertEqual(
            error(#"{"type": "FeatureCollection"}"#), "t.geojson:1:1: a FeatureCollection needs a \"features\" member")
        XCTAssertEqual(error(#"{"type": "LineString"}"#), "t.geojson:1:1: a LineString needs a \"coordinates\" member")
        XCTAssertEqual(
            error(#"{"type": "GeometryCollection"}"#),
            "t.geojson:1:1: a GeometryCollection needs a \"geometries\" member")
    }

    func testUnknownTypes() {
        XCTAssertEqual(
            error(#"{"type": "Feature", "geometry": {"type": "Foo", "coordinates": []}}"#),
            "t.geojson:1:33: unknown geometry type \"Foo\"")
        XCTAssertEqual(
            error(#"{"type": "Topology", "objects": {}}"#),
            "t.geojson:1:1: unknown GeoJSON type \"Topology\" (expected FeatureCollection, Feature or a geometry type)")
        XCTAssertEqual(
            error(#"{"type": "point", "coordinates": [0, 0]}"#),
            "t.geojson:1:1: unknown GeoJSON type \"point\" (expected FeatureCollection, Feature or a geometry type)")
    }

    func testTooFewPositions() {
        XCTAssertEqual(
            error(#"{"type": "LineString", "coordinates": [[0, 0]]}"#),
            "t.geojson:1:39: a LineString needs at least 2 positions, found 1")
        XCTAssertEqual(
            error(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}"#),
            "t.geojson:1:37: a polygon ring needs at least 4 positions (3 corners and the closing one), found 3")
        XCTAssertEqual(
            error(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 1]]]}"#),
            "t.geojson:1:37: a polygon ring needs at least 4 positions (3 corners and the closing one), found 2")
    }

    func testTruncatedFile() {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 2]}},
              {"type": "Feat
            """
        XCTAssertEqual(error(text), "t.geojson:3:12: unterminated string (the file is truncated?)")
        XCTAssertEqual(
            error(#"{"type": "Point", "coordinates": [1, 2]"#),
            "t.geojson:1:1: unexpected end of file inside the object opened here (truncated?)")
    }

    func testInvalidUTF8() {
        let bytes =
            #"{"type": "Feature", "properties": {"name": "caf"#.bytes + [0xE9]
            + #""}, "geometry": null}"#.bytes
        XCTAssertEqual(error(bytes), "t.geojson:1:44: the string is not valid UTF-8")
        XCTAssertEqual(error([0xFF, 0xFE, 0x7B, 0x00]), "t.geojson:1:1: unexpected byte 0xFF (expected a JSON value)")
    }

    func testEmptyFile() {
        XCTAssertEqual(error(""), "t.geojson: the file is empty")
        XCTAssertEqual(error(" \n\t\r\n"), "t.geojson: the file is empty")
        XCTAssertEqual(error([0xEF, 0xBB, 0xBF, 0x0A]), "t.geojson: the file is empty")
    }

    func testErrorsAreBadData() {
        do {
            _ = try GeoJSONReader.read(bytes: "{}".bytes, file: "x.json")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.kind, .badData)
            XCTAssertEqual(error.file, "x.json")
            XCTAssertEqual(error.location?.line, 1)
        }
    }
}
