import XCTest

@testable import MapSnapTiles

/// Archive metadata is read with MapSnapJSON: unreadable metadata leaves the fields absent (the
/// archive still opens) and says where the text went wrong.
final class TileJSONInfoTests: XCTestCase {
    func testVectorLayersAndFields() {
        let doc = TileJSONInfo.Document(
            """
            {"name": "n", "vector_layers": [
              {"id": "water", "fields": {"class": "String", "rank": 3, "x": 1.5}, "minzoom": 0, "maxzoom": "14"},
              {"id": "road", "description": "Roads", "minzoom": 2.5},
              {"no-id": true}, 7
            ]}
            """)
        XCTAssertNil(doc.error)
        XCTAssertEqual(doc.string("name"), "n")
        XCTAssertEqual(
            doc.vectorLayers,
            [
                VectorLayerInfo(
                    id: "water", fields: ["class": "String", "rank": "3", "x": "1.5"], minZoom: 0, maxZoom: 14),
                VectorLayerInfo(id: "road", description: "Roads"),
            ])
    }

    func testVectorLayersInsideANestedJSONString() {
        let doc = TileJSONInfo.Document(#"{"json": "{\"vector_layers\": [{\"id\": \"place\"}]}"}"#)
        XCTAssertNil(doc.error)
        XCTAssertEqual(doc.vectorLayers.map(\.id), ["place"])
    }

    func testEmptyTextIsNoMetadataAndNoError() {
        for text in ["", "  \n"] {
            let doc = TileJSONInfo.Document(text)
            XCTAssertNil(doc.object)
            XCTAssertNil(doc.error)
            XCTAssertEqual(doc.vectorLayers, [])
        }
    }

    func testMalformedTextKeepsLineAndColumn() throws {
        let doc = TileJSONInfo.Document("{\n  \"name\": \"n\",\n  \"vector_layers\": [1,]\n}")
        XCTAssertNil(doc.object)
        XCTAssertNil(doc.string("name"))
        XCTAssertEqual(doc.vectorLayers, [])
        let error = try XCTUnwrap(doc.error)
        XCTAssertEqual(error.location.line, 3)
        XCTAssertEqual(error.location.column, 23)
        XCTAssertTrue(error.description.hasPrefix("3:23: "), error.description)
    }

    func testNotAnObjectIsAnErrorWhereTheValueStarts() throws {
        let error = try XCTUnwrap(TileJSONInfo.Document("\n  [1, 2]").error)
        XCTAssertEqual(error.location.line, 2)
        XCTAssertEqual(error.location.column, 3)
        XCTAssertTrue(error.message.contains("an array"), error.message)
    }

    func testMalformedNestedStringIsReportedAndTheRestKept() throws {
        let doc = TileJSONInfo.Document(#"{"name": "n", "json": "{\"vector_layers\": ["}"#)
        XCTAssertEqual(doc.string("name"), "n")
        XCTAssertEqual(doc.vectorLayers, [])
        let error = try XCTUnwrap(doc.error)
        XCTAssertTrue(error.message.hasPrefix("in the \"json\" string: "), error.message)
        XCTAssertEqual(error.location.line, 1)
    }

    func testMBTilesMetadataReportsAnUnreadableJSONRow() throws {
        let m = MBTilesMetadata(rows: ["name": "t", "json": "{\"vector_layers\": [}"])
        XCTAssertEqual(m.name, "t")
        XCTAssertEqual(m.vectorLayers, [])
        XCTAssertEqual(try XCTUnwrap(m.jsonError).location.column, 20)
        XCTAssertNil(MBTilesMetadata(rows: ["name": "t"]).jsonError)
    }
}
