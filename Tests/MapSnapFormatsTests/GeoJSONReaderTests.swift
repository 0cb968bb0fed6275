import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import XCTest

/// Valid GeoJSON documents (RFC 7946) read into the expected features.
final class GeoJSONReaderTests: XCTestCase {
    private func read(_ text: String) throws -> [Feature] {
        try GeoJSONReader.read(bytes: text.bytes, file: "t.geojson")
    }

    func testFeatureCollection() throws {
        let features = try read(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"b": 1, "a": "x", "c": null, "d": {"e": [true]}},
               "geometry": {"type": "Point", "coordinates": [-122.4, 37.8]}},
              {"type": "Feature", "properties": null, "id": 7,
               "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1, 12.5], [2, 0]]}},
              {"type": "Feature", "geometry": null, "properties": {"skipped": true}},
              {"type": "Feature", "geometry": {"type": "MultiPoint", "coordinates": []}}
            ]}
            """)
        XCTAssertEqual(features.count, 3)

        XCTAssertEqual(features[0].geometry, .point(Coordinate(latitude: 37.8, longitude: -122.4)))
        XCTAssertEqual(features[0].properties.keys, ["b", "a", "c", "d"])
        XCTAssertEqual(features[0][property: "b"], .number(1))
        XCTAssertEqual(features[0][property: "a"], .string("x"))
        XCTAssertEqual(features[0][property: "c"], .null)
        XCTAssertNil(features[0].elevations)

        guard case .lineString(let line) = features[1].geometry else { return XCTFail("expected a LineString") }
        assertCoordinates(line, [(0, 0), (1, 1), (0, 2)])
        XCTAssertEqual(features[1].properties.members, [])
        assertElevations(features[1].elevations, [[.nan, 12.5, .nan]])

        XCTAssertEqual(features[2].geometry, .multiPoint([]))
        XCTAssertEqual(features[2].properties.members, [])
    }

    func testSingleFeature() throws {
        let features = try read(
            #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2, 3]}, "properties": {"name": "Pin"}}"#
        )
        XCTAssertEqual(features.count, 1)
        XCTAssertEqual(features[0].geometry, .point(Coordinate(latitude: 2, longitude: 1)))
        XCTAssertEqual(features[0][property: "name"], .string("Pin"))
        assertElevations(features[0].elevations, [[3]])
    }

    func testFeatureWithNullGeometryGivesNothing() throws {
        XCTAssertEqual(try read(#"{"type": "Feature", "geometry": null, "properties": {}}"#), [])
    }

    func testBareGeometriesOfEveryType() throws {
        let features = try read(
            """
            {"type": "GeometryCollection", "geometries": [
              {"type": "Point", "coordinates": [1, 2]},
              {"type": "MultiPoint", "coordinates": [[1, 2], [3, 4, 5]]},
              {"type": "LineString", "coordinates": [[0, 0], [1, 1]]},
              {"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3], [4, 4]]]},
              {"type": "Polygon", "coordinates": [
                [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]],
                [[2, 2], [3, 2], [3, 3]]
              ]},
              {"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], []]},
              {"type": "GeometryCollection", "geometries": []}
            ]}
            """)
        XCTAssertEqual(features.count, 1)
        guard case .geometryCollection(let members) = features[0].geometry else {
            return XCTFail("expected a GeometryCollection")
        }
        XCTAssertEqual(members.count, 7)
        XCTAssertEqual(members[0], .point(Coordinate(latitude: 2, longitude: 1)))
        XCTAssertEqual(
            members[1], .multiPoint([Coordinate(latitude: 2, longitude: 1), Coordinate(latitude: 4, longitude: 3)]))
        XCTAssertEqual(members[2].allCoordinates.count, 2)
        guard case .multiLineString(let lines) = members[3] else { return XCTFail("expected a MultiLineString") }
        XCTAssertEqual(lines.map(\.count), [2, 3])
        guard case .polygon(let rings) = members[4] else { return XCTFail("expected a Polygon") }
        XCTAssertEqual(rings.map(\.count), [5, 4], "the open hole is closed")
        XCTAssertEqual(rings[1].last, rings[1].first)
        guard case .multiPolygon(let polygons) = members[5] else { return XCTFail("expected a MultiPolygon") }
        XCTAssertEqual(polygons.map(\.count), [1, 0])
        XCTAssertEqual(members[6], .geometryCollection([]))
        XCTAssertEqual(features[0].properties.members, [])
        // Parts: point, multipoint, line, 2 lines, 2 rings, 1 ring.
        assertElevations(
            features[0].elevations,
            [
                [.nan], [.nan, 5], [.nan, .nan], [.nan, .nan], [.nan, .nan, .nan], [.nan, .nan, .nan, .nan, .nan],
                [.nan, .nan, .nan, .nan], [.nan, .nan, .nan, .nan],
            ])
    }

    func testBarePointAndPolygon() throws {
        XCTAssertEqual(
            try read(#"{"type": "Point", "coordinates": [-0.5, 51.5]}"#),
            [Feature(geometry: .point(Coordinate(latitude: 51.5, longitude: -0.5)))])
        let polygon = try read(#"{"type": "Polygon", "coordinates": [[[0, 0, 1], [1, 0, 2], [1, 1, 3], [0, 1, 4]]]}"#)
        guard case .polygon(let rings) = polygon[0].geometry else { return XCTFail("expected a Polygon") }
        assertCoordinates(rings[0], [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)])
        assertElevations(polygon[0].elevations, [[1, 2, 3, 4, 1]])
    }

    func testLinesAreUnwrappedAcrossTheAntimeridian() throws {
        let features = try read(
            #"{"type": "MultiLineString", "coordinates": [[[179, 0], [-179, 1], [-178, 2]], [[-179.5, 0], [179.5, 0]]]}"#
        )
        guard case .multiLineString(let lines) = features[0].geometry else { return XCTFail("expected lines") }
        assertCoordinates(lines[0], [(0, 179), (1, 181), (2, 182)])
        assertCoordinates(lines[1], [(0, -179.5), (0, -180.5)])
        let points = try read(#"{"type": "MultiPoint", "coordinates": [[179, 0], [-179, 0]]}"#)
        XCTAssertEqual(points[0].geometry.allCoordinates.map(\.longitude), [179, -179], "points stay as written")
    }

    func testLongitudesUpTo360AreAccepted() throws {
        let features = try read(#"{"type": "LineString", "coordinates": [[359.5, 0], [360, -90], [-360, 90]]}"#)
        XCTAssertEqual(features[0].geometry.allCoordinates.map(\.latitude), [0, -90, 90])
    }

    func testByteOrderMarkAndWhitespace() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + "\n  {\"type\": \"Point\", \"coordinates\": [1, 2]}\n\n".bytes
        XCTAssertEqual(try GeoJSONReader.read(bytes: bytes, file: "t.geojson").count, 1)
    }

    func testUnusedMembersAreIgnored() throws {
        let features = try read(
            #"{"type": "Feature", "id": "a", "bbox": [0, 0, 1, 1], "crs": {}, "title": "x", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0], "bbox": []}}"#
        )
        XCTAssertEqual(features.count, 1)
    }
}
