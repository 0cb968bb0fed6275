import Foundation
import MapSnapGeometry
import MapSnapIO
import MapSnapTestSupport
import XCTest

@testable import MapSnapTiles

final class MBTilesReaderTests: XCTestCase {
    /// Feature counts per layer of SF z14/2621/6331 (XYZ; Russian Hill / North Beach waterfront),
    /// as decoded here and cross-checked with pip mapbox-vector-tile 2.x (PROVENANCE.md §8 lists the same).
    static let sfCounts: [String: Int] = [
        "place": 2, "poi": 1468, "housenumber": 458, "transportation": 3073, "transportation_name": 3073, "water": 1,
    ]
    /// Feature counts per layer of Monaco z14/8530/5974 (XYZ; Port Hercule).
    static let monacoCounts: [String: Int] = [
        "place": 1, "boundary": 12, "poi": 160, "housenumber": 12, "transportation": 326, "transportation_name": 316,
        "building": 35, "water": 8, "water_name": 1, "landuse": 6, "landcover": 12,
    ]

    private func counts(_ tile: VectorTile) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: tile.layers.map { ($0.name, $0.count) })
    }

    func testSanFranciscoMetadata() throws {
        let reader = try MBTilesReader(path: try SharedData.require("sf_central_omt.mbtiles"))
        let m = reader.metadata
        XCTAssertEqual(m.name, "Tilemaker to OpenMapTiles schema")
        XCTAssertEqual(m.format, "pbf")
        XCTAssertEqual(m.type, "baselayer")
        XCTAssertEqual(m.version, "3.0")
        XCTAssertEqual(m.bounds, BoundingBox(west: -122.55, south: 37.70, east: -122.30, north: 37.86))
        XCTAssertEqual(m.center, Coordinate(latitude: 37.78, longitude: -122.425))
        XCTAssertEqual(m.centerZoom, 7)
        XCTAssertEqual(m.minZoom, 0)
        XCTAssertEqual(m.maxZoom, 14)
        XCTAssertNil(m.attribution)
        XCTAssertEqual(reader.minZoom, 0)
        XCTAssertEqual(reader.maxZoom, 14)
        XCTAssertEqual(reader.bounds, m.bounds)
        XCTAssertNil(reader.attribution)
        XCTAssertTrue(m.json?.hasPrefix("{\"vector_layers\"") ?? false)
        XCTAssertNil(m.jsonError)
        let ids = reader.vectorLayers.map(\.id)
        for id in ["place", "poi", "housenumber", "transportation", "transportation_name", "water"] {
            XCTAssertTrue(ids.contains(id), "vector_layers lacks \(id): \(ids)")
        }
        let place = try XCTUnwrap(reader.vectorLayers.first { $0.id == "place" })
        XCTAssertEqual(place.fields["class"], "String")
        XCTAssertEqual(place.minZoom, 0)
        XCTAssertEqual(place.maxZoom, 14)
    }

    func testSanFranciscoTileFeatureCountsAndContent() throws {
        let reader = try MBTilesReader(path: try SharedData.require("sf_central_omt.mbtiles"))
        let stored = try XCTUnwrap(try reader.tile(z: 14, x: 2621, y: 6331))
        XCTAssertEqual(stored.count, 92_734)
        XCTAssertTrue(Gzip.hasGzipMagic(stored))
        let data = try XCTUnwrap(try reader.tileData(z: 14, x: 2621, y: 6331))
        XCTAssertEqual(data.count, 215_645)
        let tile = try VectorTile(decoding: data)
        XCTAssertEqual(
            tile.layerNames, ["place", "poi", "housenumber", "transportation", "transportation_name", "water"])
        XCTAssertEqual(counts(tile), Self.sfCounts)
        for layer in tile.layers {
            XCTAssertEqual(layer.extent, 4096)
            XCTAssertEqual(layer.version, 2)
        }

        let place = try XCTUnwrap(tile.layer(named: "place"))[0]
        XCTAssertNil(place.id)
        XCTAssertEqual(place.type, .point)
        XCTAssertEqual(place.value(forKey: "class"), .string("quarter"))
        XCTAssertEqual(place.value(forKey: "name:latin"), .string("Financial District"))
        XCTAssertEqual(try place.geometry(), .points([TilePoint(x: 2000, y: 2783)]))

        let poi = try XCTUnwrap(tile.layer(named: "poi"))[0]
        XCTAssertEqual(poi.value(forKey: "name:latin"), .string("San Francisco Ferry Building"))
        XCTAssertEqual(poi.value(forKey: "subclass"), .string("bus_stop"))
        XCTAssertEqual(poi.value(forKey: "rank"), .float(3))
        XCTAssertEqual(try poi.geometry(), .points([TilePoint(x: 2783, y: 2145)]))

        let road = try XCTUnwrap(tile.layer(named: "transportation"))[100]
        XCTAssertEqual(road.type, .lineString)
        XCTAssertEqual(road.propertyDictionary, ["brunnel": .string("tunnel"), "class": .string("path")])
        XCTAssertEqual(try road.geometry(), .lineStrings([[TilePoint(x: 482, y: 3567), TilePoint(x: 478, y: 3568)]]))

        let ocean = try XCTUnwrap(tile.layer(named: "water"))[0]
        XCTAssertEqual(ocean.type, .polygon)
        XCTAssertEqual(ocean.value(forKey: "class"), .string("ocean"))
        guard case .polygons(let polygons) = try ocean.geometry() else { return XCTFail("ocean is not a polygon") }
        XCTAssertEqual(polygons.count, 1)
        XCTAssertEqual(polygons[0].interiors.count, 0)
        // The ring as pip mapbox-vector-tile decodes it (which repeats the first vertex at the end).
        let expected: [(Int32, Int32)] = [
            (1563, -91), (4205, -91), (4205, 3249), (3898, 2857), (3884, 2666), (2883, 1388), (2718, 1388),
            (2496, 1093), (2501, 891), (2413, 791), (2274, 791), (1790, 207), (1637, 207), (1563, 110),
        ]
        XCTAssertEqual(polygons[0].exterior, expected.map { TilePoint(x: $0.0, y: $0.1) })
        XCTAssertGreaterThan(TileGeometry.doubledSignedArea(polygons[0].exterior), 0)

        // Every geometry of the tile decodes.
        var vertices = 0
        for layer in tile.layers { for f in layer.features { vertices += try f.geometry().vertexCount } }
        XCTAssertGreaterThan(vertices, 10_000)
    }

    func testMonacoTileFeatureCounts() throws {
        let reader = try MBTilesReader(path: try SharedData.require("monaco_omt.mbtiles"))
        XCTAssertEqual(reader.metadata.bounds, BoundingBox(west: 7.38, south: 43.48, east: 7.60, north: 43.77))
        let tile = try XCTUnwrap(try reader.vectorTile(TileID(z: 14, x: 8530, y: 5974)))
        XCTAssertEqual(counts(tile), Self.monacoCounts)
        let water = try XCTUnwrap(tile.layer(named: "water"))
        XCTAssertEqual(Set(water.features.compactMap { $0.value(forKey: "class")?.stringValue }), ["ocean", "lake"])
        let building = try XCTUnwrap(tile.layer(named: "building"))[0]
        XCTAssertEqual(building.value(forKey: "render_height")?.numberValue ?? 0, 3.66, accuracy: 1e-6)
        XCTAssertEqual(
            try building.geometry(),
            .polygons([
                TilePolygon(rings: [
                    [(-59, 1816), (1, 1790), (13, 1819), (-15, 1831), (1, 1867), (-31, 1881)]
                        .map { TilePoint(x: $0.0, y: $0.1) }
                ])
            ]))
        // Only the layers asked for.
        let some = try XCTUnwrap(try reader.vectorTile(TileID(z: 14, x: 8530, y: 5974), layers: ["water", "building"]))
        XCTAssertEqual(some.layerNames, ["building", "water"])
    }

    func testTMSRowFlip() throws {
        let reader = try MBTilesReader(path: try SharedData.require("sf_central_omt.mbtiles"))
        // XYZ 14/2621/6331 is stored at TMS row 2^14 - 1 - 6331 = 10052.
        XCTAssertEqual(TileID(z: 14, x: 2621, y: 6331).tmsRow, 10052)
        XCTAssertNotNil(try reader.tile(z: 14, x: 2621, y: 6331))
        XCTAssertNil(try reader.tile(z: 14, x: 2621, y: 10052), "the unflipped row must not be found")
        // z0: row 0 either way; z1: the SF tile is XYZ 0/0 (north-west), TMS row 1.
        XCTAssertNotNil(try reader.tile(z: 0, x: 0, y: 0))
        XCTAssertNotNil(try reader.tile(z: 1, x: 0, y: 0))
        XCTAssertNil(try reader.tile(z: 1, x: 0, y: 1))
    }

    func testMissingTilesAreNil() throws {
        let reader = try MBTilesReader(path: try SharedData.require("monaco_omt.mbtiles"))
        XCTAssertNil(try reader.tileData(z: 14, x: 0, y: 0))
        XCTAssertNil(try reader.tileData(z: 3, x: 8, y: 0), "x beyond 2^z")
        XCTAssertNil(try reader.tileData(z: -1, x: 0, y: 0))
        XCTAssertNil(try reader.tileData(z: 40, x: 0, y: 0))
        XCTAssertNil(try reader.tileData(z: 20, x: 0, y: 0))
    }

    func testConcurrentReadsFromOneReader() throws {
        let reader = try MBTilesReader(path: try SharedData.require("monaco_omt.mbtiles"))
        let expected = try XCTUnwrap(try reader.tileData(z: 14, x: 8530, y: 5974))
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let data = try? reader.tileData(z: 14, x: 8530, y: 5974)
            let other = try? reader.tileData(z: 13, x: 4265, y: 2987 - i % 2)
            if data != expected || other == nil { mismatches.withLock { $0 += 1 } }
        }
        XCTAssertEqual(mismatches.withLock { $0 }, 0)
    }

    // MARK: - Corrupt and hand-made files

    func testMissingFile() {
        XCTAssertThrowsError(try MBTilesReader(path: "/nonexistent/dir/x.mbtiles")) { error in
            XCTAssertEqual("\(error)", "/nonexistent/dir/x.mbtiles: no such file")
        }
    }

    func testRandomBytesAreNotAnMBTilesFile() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir.appendingPathComponent("random.mbtiles").path
        var rng = SplitMix64(seed: 11)
        let bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &rng) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        XCTAssertThrowsError(try MBTilesReader(path: path)) { error in
            let e = error as? TileSourceError
            XCTAssertEqual(e?.path, path)
            XCTAssertEqual(e?.message, "not a valid MBTiles file (file is not a database)")
        }
    }

    func testEmptyFileHasNoTilesTable() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir.appendingPathComponent("empty.mbtiles").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertThrowsError(try MBTilesReader(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): not a valid MBTiles file (no such table: tiles)")
        }
    }

    func testSQLiteWithoutTilesTable() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir.appendingPathComponent("meta only.mbtiles").path
        try SQLiteCLI.run(
            path, "CREATE TABLE metadata (name text, value text); INSERT INTO metadata VALUES ('name', 'x');")
        XCTAssertThrowsError(try MBTilesReader(path: path)) { error in
            XCTAssertTrue("\(error)".hasSuffix("no such table: tiles)"), "\(error)")
            XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
        }
    }

    func testHandMadeFile() throws {
        // The spec example tile, gzipped, stored at XYZ 2/1/0 (TMS row 3) and uncompressed at
        // 3/5/2 (TMS row 5); no minzoom/maxzoom rows, so the zoom range comes from the tiles.
        let dir = try makeTemporaryDirectory()
        let path = dir.appendingPathComponent("tiny?#%.mbtiles").path  // characters URIs must escape
        let gz = try Gzip.compress(MVTSpecExampleTests.exampleTile)
        func hex(_ b: [UInt8]) -> String { b.map { String(format: "%02x", $0) }.joined() }
        try SQLiteCLI.run(
            path,
            """
            CREATE TABLE metadata (name text, value text);
            CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);
            INSERT INTO metadata VALUES ('name', 'tiny'), ('format', 'pbf'), ('attribution', '© test'),
                ('bounds', '-180,-85.05,180,85.05'), ('center', '1.5,2.5');
            INSERT INTO tiles VALUES (2, 1, 3, X'\(hex(gz))');
            INSERT INTO tiles VALUES (3, 5, 5, X'\(hex(MVTSpecExampleTests.exampleTile))');
            """)
        let reader = try MBTilesReader(path: path)
        XCTAssertEqual(reader.metadata.name, "tiny")
        XCTAssertEqual(reader.attribution, "© test")
        XCTAssertEqual(reader.metadata.center, Coordinate(latitude: 2.5, longitude: 1.5))
        XCTAssertNil(reader.metadata.centerZoom)
        XCTAssertNil(reader.metadata.minZoom)
        XCTAssertEqual(reader.minZoom, 2)
        XCTAssertEqual(reader.maxZoom, 3)
        XCTAssertEqual(reader.vectorLayers, [])
        XCTAssertEqual(try reader.tile(z: 2, x: 1, y: 0), gz)
        XCTAssertEqual(try reader.tileData(z: 2, x: 1, y: 0), MVTSpecExampleTests.exampleTile)
        XCTAssertEqual(try reader.tileData(z: 3, x: 5, y: 2), MVTSpecExampleTests.exampleTile)
        XCTAssertNil(try reader.tileData(z: 2, x: 1, y: 3))
        XCTAssertEqual(try reader.vectorTile(TileID(z: 2, x: 1, y: 0))?.featureCount, 9)
    }

    func testCorruptTileDataIsReportedWithThePath() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir.appendingPathComponent("bad.mbtiles").path
        try SQLiteCLI.run(
            path,
            """
            CREATE TABLE metadata (name text, value text);
            CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);
            INSERT INTO tiles VALUES (0, 0, 0, X'1f8b0800000000000003ffffffff');
            INSERT INTO tiles VALUES (1, 0, 0, X'1a0512030a0178');
            """)
        let reader = try MBTilesReader(path: path)
        XCTAssertThrowsError(try reader.tileData(z: 0, x: 0, y: 0)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path): tile 0/0/0: "), "\(error)")
        }
        XCTAssertThrowsError(try reader.vectorTile(TileID(z: 1, x: 0, y: 1))) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path): tile 1/0/1: layer 0"), "\(error)")
        }
    }

    func testImmutableURIEscaping() {
        XCTAssertEqual(
            MBTilesReader.immutableURI("/a b/c?d#e%f.mbtiles"), "file:/a%20b/c%3Fd%23e%25f.mbtiles?immutable=1")
    }
}

/// Runs the sqlite3 command-line shell to build small fixtures; skips the test when it is missing.
enum SQLiteCLI {
    static func run(_ database: String, _ sql: String) throws {
        let candidates = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/bin/sqlite3"]
        guard let exe = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("the sqlite3 command-line shell is not installed")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = [database]
        let input = Pipe()
        p.standardInput = input
        try p.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw NSError(domain: "sqlite3", code: Int(p.terminationStatus), userInfo: [NSLocalizedDescriptionKey: sql])
        }
    }
}
