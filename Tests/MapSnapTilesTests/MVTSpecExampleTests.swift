import MapSnapIO
import MapSnapTestSupport
import XCTest

@testable import MapSnapTiles

/// A tile built byte by byte from the examples of the MVT 2.1 spec
/// (https://github.com/mapbox/vector-tile-spec/tree/master/2.1, sections 4.3.5 and 4.5).
final class MVTSpecExampleTests: XCTestCase {
    private func P(_ x: Int32, _ y: Int32) -> TilePoint { TilePoint(x: x, y: y) }

    /// Section 4.5's "points" layer plus one feature for each geometry example of 4.3.5.
    static let exampleTile: [UInt8] = MVTBuild.tile([
        MVTBuild.layer(
            name: "points", keys: ["hello", "h", "count"],
            values: [.string("world"), .double(1.23), .string("again"), .int(2)],
            features: [
                MVTBuild.feature(id: 1, tags: [0, 0, 1, 0, 2, 1], type: 1, geometry: [9, 2410, 3080]),
                MVTBuild.feature(id: 2, tags: [0, 2, 2, 3], type: 1, geometry: [9, 2410, 3080]),
            ]),
        MVTBuild.layer(
            name: "examples", keys: ["kind"],
            values: [
                .string("point"), .string("multipoint"), .string("line"), .string("multiline"),
                .string("polygon"), .string("multipolygon"),
            ],
            features: [
                // 4.3.5.1 point (25,17)
                MVTBuild.feature(id: 10, tags: [0, 0], type: 1, geometry: [9, 50, 34]),
                // 4.3.5.2 multipoint (5,7) (3,2)
                MVTBuild.feature(id: 11, tags: [0, 1], type: 1, geometry: [17, 10, 14, 3, 9]),
                // 4.3.5.3 linestring (2,2) (2,10) (10,10)
                MVTBuild.feature(tags: [0, 2], type: 2, geometry: [9, 4, 4, 18, 0, 16, 16, 0]),
                // 4.3.5.4 multilinestring
                MVTBuild.feature(tags: [0, 3], type: 2, geometry: [9, 4, 4, 18, 0, 16, 16, 0, 9, 17, 17, 10, 4, 8]),
                // 4.3.5.5 polygon (3,6) (8,12) (20,34)
                MVTBuild.feature(tags: [0, 4], type: 3, geometry: [9, 6, 12, 18, 10, 12, 24, 44, 15]),
                // 4.3.5.6 multipolygon, the second with a hole
                MVTBuild.feature(
                    tags: [0, 5], type: 3,
                    geometry: [
                        9, 0, 0, 26, 20, 0, 0, 20, 19, 0, 15, 9, 22, 2, 26, 18, 0, 0, 18, 17, 0, 15, 9, 4, 13, 26,
                        0, 8, 8, 0, 0, 7, 15,
                    ]),
            ]),
        // Every value type; no version and no extent field: the schema defaults apply.
        MVTBuild.layer(
            name: "values", version: nil, extent: nil,
            keys: ["s", "f", "d", "i", "u", "si", "b", "neg"],
            values: [
                .string("Zürich ✓"), .float(1.5), .double(-2.25), .int(-7), .uint(.max), .sint(-123_456_789_012),
                .bool(true), .int(Int64.min),
            ],
            features: [
                MVTBuild.feature(tags: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7], type: 0, geometry: [])
            ]),
    ])

    func testPointsLayerOfSection4_5() throws {
        let tile = try VectorTile(decoding: Self.exampleTile)
        XCTAssertEqual(tile.layerNames, ["points", "examples", "values"])
        let layer = try XCTUnwrap(tile.layer(named: "points"))
        XCTAssertEqual(layer.version, 2)
        XCTAssertEqual(layer.extent, 4096)
        XCTAssertEqual(layer.keys, ["hello", "h", "count"])
        XCTAssertEqual(layer.values, [.string("world"), .double(1.23), .string("again"), .int(2)])
        XCTAssertEqual(layer.count, 2)

        let f0 = layer[0]
        XCTAssertEqual(f0.id, 1)
        XCTAssertEqual(f0.type, .point)
        XCTAssertEqual(f0.propertyCount, 3)
        XCTAssertEqual(f0.value(forKey: "hello"), .string("world"))
        XCTAssertEqual(f0.value(forKey: "h"), .string("world"))
        XCTAssertEqual(f0.value(forKey: "count"), .double(1.23))
        XCTAssertNil(f0.value(forKey: "missing"))
        XCTAssertEqual(f0.properties.map(\.key), ["hello", "h", "count"])
        // 2410 → +1205, 3080 → +1540
        XCTAssertEqual(try f0.geometry(), .points([P(1205, 1540)]))

        let f1 = layer[1]
        XCTAssertEqual(f1.id, 2)
        XCTAssertEqual(f1.propertyDictionary, ["hello": .string("again"), "count": .int(2)])
        XCTAssertNil(f1.value(forKey: "h"), "key exists in the layer but not on this feature")
        let countIndex = try XCTUnwrap(layer.keyIndex(forKey: "count"))
        XCTAssertEqual(f1.value(forKeyIndex: countIndex)?.numberValue, 2)
        XCTAssertNil(f1.value(forKeyIndex: -1))
        XCTAssertNil(f1.value(forKeyIndex: 99))
    }

    func testGeometryExamplesOfSection4_3_5() throws {
        let layer = try XCTUnwrap(try VectorTile(decoding: Self.exampleTile).layer(named: "examples"))
        XCTAssertEqual(layer.features.map(\.type), [.point, .point, .lineString, .lineString, .polygon, .polygon])
        XCTAssertEqual(layer.features.map(\.id), [10, 11, nil, nil, nil, nil])
        XCTAssertEqual(
            layer.features.map { $0.value(forKey: "kind")?.stringValue },
            ["point", "multipoint", "line", "multiline", "polygon", "multipolygon"])

        XCTAssertEqual(try layer[0].geometry(), .points([P(25, 17)]))
        XCTAssertEqual(try layer[1].geometry(), .points([P(5, 7), P(3, 2)]))
        XCTAssertEqual(try layer[2].geometry(), .lineStrings([[P(2, 2), P(2, 10), P(10, 10)]]))
        XCTAssertEqual(
            try layer[3].geometry(), .lineStrings([[P(2, 2), P(2, 10), P(10, 10)], [P(1, 1), P(3, 5)]]))
        XCTAssertEqual(
            try layer[4].geometry(), .polygons([TilePolygon(rings: [[P(3, 6), P(8, 12), P(20, 34)]])]))

        let multi = try layer[5].geometry()
        XCTAssertEqual(
            multi,
            .polygons([
                TilePolygon(rings: [[P(0, 0), P(10, 0), P(10, 10), P(0, 10)]]),
                TilePolygon(rings: [
                    [P(11, 11), P(20, 11), P(20, 20), P(11, 20)],
                    [P(13, 13), P(13, 17), P(17, 17), P(17, 13)],
                ]),
            ]))
        guard case .polygons(let polys) = multi else { return XCTFail("not polygons") }
        XCTAssertEqual(polys[1].exterior.count, 4)
        XCTAssertEqual(polys[1].interiors.count, 1)
        XCTAssertEqual(multi.vertexCount, 12)
        // Exterior rings have positive area in tile coordinates, interiors negative (spec 4.3.4.4).
        XCTAssertGreaterThan(TileGeometry.doubledSignedArea(polys[1].rings[0]), 0)
        XCTAssertLessThan(TileGeometry.doubledSignedArea(polys[1].rings[1]), 0)
    }

    func testEveryValueTypeAndSchemaDefaults() throws {
        let layer = try XCTUnwrap(try VectorTile(decoding: Self.exampleTile).layer(named: "values"))
        XCTAssertEqual(layer.version, 1, "version defaults to 1 when absent")
        XCTAssertEqual(layer.extent, 4096, "extent defaults to 4096 when absent")
        let f = layer[0]
        XCTAssertEqual(f.type, .unknown)
        XCTAssertEqual(try f.geometry(), .unknown)
        XCTAssertNil(f.id)
        XCTAssertEqual(f.value(forKey: "s"), .string("Zürich ✓"))
        XCTAssertEqual(f.value(forKey: "f"), .float(1.5))
        XCTAssertEqual(f.value(forKey: "d"), .double(-2.25))
        XCTAssertEqual(f.value(forKey: "i"), .int(-7))
        XCTAssertEqual(f.value(forKey: "u"), .uint(.max))
        XCTAssertEqual(f.value(forKey: "si"), .sint(-123_456_789_012))
        XCTAssertEqual(f.value(forKey: "b"), .bool(true))
        XCTAssertEqual(f.value(forKey: "neg"), .int(.min))
        XCTAssertEqual(f.value(forKey: "f")?.numberValue, 1.5)
        XCTAssertEqual(f.value(forKey: "b")?.boolValue, true)
        XCTAssertNil(f.value(forKey: "s")?.numberValue)
        XCTAssertEqual(f.value(forKey: "i")?.description, "-7")
        XCTAssertEqual(MVTValue.double(3).description, "3")
        XCTAssertEqual(MVTValue.double(3.5).description, "3.5")
    }

    func testLayerFilterSkipsOtherLayers() throws {
        let tile = try VectorTile.decode(Self.exampleTile, layers: ["examples", "nope"])
        XCTAssertEqual(tile.layerNames, ["examples"])
        XCTAssertEqual(tile.featureCount, 6)
        XCTAssertEqual(try VectorTile.decode(Self.exampleTile, layers: []).layers.count, 0)
        XCTAssertEqual(try VectorTile.decode(Self.exampleTile).featureCount, 9)
    }

    func testUnpackedAndSplitGeometryIsAccepted() throws {
        // Geometry of the linestring example, first as unpacked varints, then as two packed chunks.
        var unpacked = ProtoWriter()
        unpacked.uint(3, 2)
        for v: UInt64 in [9, 4, 4, 18, 0, 16, 16, 0] { unpacked.uint(4, v) }
        var split = ProtoWriter()
        split.uint(3, 2)
        split.packed(4, [9, 4, 4])
        split.packed(2, [0, 0])  // tags between the chunks
        split.packed(4, [18, 0, 16, 16, 0])
        var layer = ProtoWriter()
        layer.uint(15, 2)
        layer.string(1, "odd")
        layer.bytesField(2, unpacked.bytes)
        layer.bytesField(2, split.bytes)
        layer.string(3, "k")
        layer.message(4, MVTBuild.value(.bool(false)))
        var tile = ProtoWriter()
        tile.bytesField(3, layer.bytes)
        let decoded = try XCTUnwrap(try VectorTile(decoding: tile.bytes).layer(named: "odd"))
        let line = TileGeometry.lineStrings([[P(2, 2), P(2, 10), P(10, 10)]])
        XCTAssertEqual(try decoded[0].geometry(), line)
        XCTAssertEqual(try decoded[1].geometry(), line)
        XCTAssertEqual(decoded[1].value(forKey: "k"), .bool(false))
    }

    func testClosedLineAndOrphanHoleAndDegenerateRings() throws {
        let tile = MVTBuild.tile([
            MVTBuild.layer(
                name: "l",
                features: [
                    // A line closed with ClosePath: the first vertex is repeated so the segment shows.
                    MVTBuild.feature(type: 2, geometry: [9, 0, 0, 26, 20, 0, 0, 20, 19, 0, 15]),
                    // A polygon whose only ring is counter-clockwise (an interior with no exterior).
                    MVTBuild.feature(type: 3, geometry: [9, 26, 26, 26, 0, 8, 8, 0, 0, 7, 15]),
                    // A zero-area ring (all on a line) is dropped; the square after it is kept.
                    MVTBuild.feature(
                        type: 3, geometry: [9, 0, 0, 18, 2, 0, 2, 0, 15, 9, 3, 0, 26, 20, 0, 0, 20, 19, 0, 15]),
                ])
        ])
        let layer = try XCTUnwrap(try VectorTile(decoding: tile).layer(named: "l"))
        XCTAssertEqual(
            try layer[0].geometry(), .lineStrings([[P(0, 0), P(10, 0), P(10, 10), P(0, 10), P(0, 0)]]))
        XCTAssertEqual(
            try layer[1].geometry(), .polygons([TilePolygon(rings: [[P(13, 13), P(13, 17), P(17, 17), P(17, 13)]])]))
        XCTAssertEqual(
            try layer[2].geometry(),
            .polygons([TilePolygon(rings: [[P(0, 0), P(10, 0), P(10, 10), P(0, 10)]])]))
    }
}
