import Foundation
import MapSnapGeometry
import MapSnapIO
import MapSnapTestSupport
import XCTest

@testable import MapSnapTiles

final class PMTilesReaderTests: XCTestCase {
    // MARK: - Hilbert tile ids

    func testKnownTileIDsFromTheSpec() {
        XCTAssertEqual(TileID(z: 0, x: 0, y: 0).pmtilesID, 0)
        XCTAssertEqual(TileID(z: 1, x: 0, y: 0).pmtilesID, 1)
        XCTAssertEqual(TileID(z: 1, x: 0, y: 1).pmtilesID, 2)
        XCTAssertEqual(TileID(z: 1, x: 1, y: 1).pmtilesID, 3)
        XCTAssertEqual(TileID(z: 1, x: 1, y: 0).pmtilesID, 4)
        XCTAssertEqual(TileID(z: 2, x: 0, y: 0).pmtilesID, 5)
        XCTAssertEqual(TileID(z: 12, x: 3423, y: 1763).pmtilesID, 19_078_479)
        XCTAssertEqual(TileID(pmtilesID: 19_078_479), TileID(z: 12, x: 3423, y: 1763))
        XCTAssertEqual(TileID.firstPMTilesID(zoom: 3), 21)
        XCTAssertEqual(TileID.firstPMTilesID(zoom: 14), 89_478_485)
        // The last tile of z 2 is just before the first of z 3.
        XCTAssertEqual(TileID(pmtilesID: 20)?.z, 2)
        XCTAssertEqual(TileID(pmtilesID: 21), TileID(z: 3, x: 0, y: 0))
    }

    func testEveryTileUpToZoom8RoundTripsAndIdsAreDense() throws {
        var seen = 0
        for z in 0...8 {
            let n = 1 << z
            var ids = Set<UInt64>()
            for x in 0..<n {
                for y in 0..<n {
                    let t = TileID(z: z, x: x, y: y)
                    let id = try XCTUnwrap(t.pmtilesID)
                    XCTAssertEqual(TileID(pmtilesID: id), t)
                    ids.insert(id)
                }
            }
            // The ids of a zoom are exactly first…first + 4^z - 1.
            let first = TileID.firstPMTilesID(zoom: z)
            XCTAssertEqual(ids.count, n * n)
            XCTAssertEqual(ids.min(), first)
            XCTAssertEqual(ids.max(), first + UInt64(n * n) - 1)
            seen += ids.count
        }
        XCTAssertEqual(seen, 87_381)
    }

    func testHighZoomsRoundTrip() throws {
        var rng = SplitMix64(seed: 5)
        for z in 9...TileID.maxZoom {
            for _ in 0..<200 {
                let n = 1 << z
                let t = TileID(z: z, x: Int.random(in: 0..<n, using: &rng), y: Int.random(in: 0..<n, using: &rng))
                XCTAssertEqual(TileID(pmtilesID: try XCTUnwrap(t.pmtilesID)), t)
            }
            let last = TileID(z: z, x: (1 << z) - 1, y: 0)  // Hilbert order ends at the top-right corner
            XCTAssertEqual(TileID(pmtilesID: try XCTUnwrap(last.pmtilesID)), last)
        }
        XCTAssertNil(TileID(z: 32, x: 0, y: 0).pmtilesID)
        XCTAssertNil(TileID(z: 3, x: 8, y: 0).pmtilesID)
        XCTAssertNil(TileID(z: 3, x: 0, y: -1).pmtilesID)
        XCTAssertNil(TileID(pmtilesID: .max))
        XCTAssertNotNil(TileID(pmtilesID: TileID.firstPMTilesID(zoom: 31) + (UInt64(1) << 62) - 1))
        XCTAssertNil(TileID(pmtilesID: TileID.firstPMTilesID(zoom: 31) + (UInt64(1) << 62)))
    }

    // MARK: - Directories

    func testDirectoryEncodingRoundTripAndLookup() throws {
        let entries = [
            PMTilesEntry(tileID: 5, offset: 0, length: 10, runLength: 1),
            PMTilesEntry(tileID: 6, offset: 10, length: 20, runLength: 3),  // 6, 7, 8
            PMTilesEntry(tileID: 20, offset: 0, length: 10, runLength: 1),  // deduplicated blob
            PMTilesEntry(tileID: 100, offset: 500, length: 99, runLength: 0),  // a leaf directory
        ]
        let bytes = PMTilesDirectory.encode(entries)
        // count, delta ids, run lengths, lengths, offsets (0 = contiguous, else offset + 1)
        XCTAssertEqual(bytes, [4, 5, 1, 14, 80, 1, 3, 1, 0, 10, 20, 10, 99, 1, 0, 1, 245, 3])
        XCTAssertEqual(try PMTilesDirectory.decode(bytes), entries)
        XCTAssertEqual(PMTilesDirectory.find(entries, tileID: 5), entries[0])
        XCTAssertEqual(PMTilesDirectory.find(entries, tileID: 8), entries[1])
        XCTAssertNil(PMTilesDirectory.find(entries, tileID: 9))
        XCTAssertNil(PMTilesDirectory.find(entries, tileID: 4))
        XCTAssertEqual(PMTilesDirectory.find(entries, tileID: 20), entries[2])
        XCTAssertEqual(PMTilesDirectory.find(entries, tileID: 1000), entries[3], "ids past a leaf entry go to the leaf")
    }

    func testMalformedDirectoriesThrow() {
        XCTAssertThrowsError(try PMTilesDirectory.decode([]))
        XCTAssertThrowsError(try PMTilesDirectory.decode([0]))  // no entries
        XCTAssertThrowsError(try PMTilesDirectory.decode([0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 1, 2, 3, 4]))  // huge count
        XCTAssertThrowsError(try PMTilesDirectory.decode([1, 5, 1, 0, 1]))  // length 0
        XCTAssertThrowsError(try PMTilesDirectory.decode([1, 5, 1, 10, 0]))  // first offset "contiguous"
        XCTAssertThrowsError(try PMTilesDirectory.decode([2, 5, 1, 1, 1, 10, 10, 1]))  // truncated
    }

    // MARK: - The Monaco sample

    func testMonacoHeaderAndMetadata() throws {
        let reader = try PMTilesReader(path: try SharedData.require("monaco_omt.pmtiles"))
        let h = reader.header
        XCTAssertEqual(h.rootDirectoryOffset, 127)
        XCTAssertEqual(h.internalCompression, .gzip)
        XCTAssertEqual(h.tileCompression, .gzip)
        XCTAssertEqual(h.tileType, .mvt)
        XCTAssertTrue(h.clustered)
        XCTAssertEqual(h.addressedTilesCount, 304)
        XCTAssertEqual(h.tileEntriesCount, 120)
        XCTAssertEqual(h.tileContentsCount, 69)
        XCTAssertEqual(h.leafDirectoriesLength, 0)
        XCTAssertEqual(reader.minZoom, 0)
        XCTAssertEqual(reader.maxZoom, 14)
        let b = try XCTUnwrap(reader.bounds)
        XCTAssertEqual(b.west, 7.38, accuracy: 1e-7)
        XCTAssertEqual(b.south, 43.48, accuracy: 1e-7)
        XCTAssertEqual(b.east, 7.60, accuracy: 1e-7)
        XCTAssertEqual(b.north, 43.77, accuracy: 1e-7)
        XCTAssertEqual(reader.rootDirectory.count, 120)
        XCTAssertEqual(reader.rootDirectory.reduce(0) { $0 + Int($1.runLength) }, 304)
        XCTAssertTrue(reader.metadataJSON.hasPrefix("{"))
        XCTAssertNil(reader.metadataError)
        XCTAssertEqual(reader.name, "Tilemaker to OpenMapTiles schema")
        XCTAssertNil(reader.attribution)
        XCTAssertEqual(reader.vectorLayers.count, 16)
        XCTAssertEqual(reader.vectorLayers.first?.id, "place")
    }

    /// Every tile of the Monaco MBTiles, decompressed, equals the PMTiles one byte for byte, and
    /// the PMTiles has no tile the MBTiles lacks.
    func testMonacoMBTilesAndPMTilesAgreeOnEveryTile() throws {
        let mb = try MBTilesReader(path: try SharedData.require("monaco_omt.mbtiles"))
        let pm = try PMTilesReader(path: try SharedData.require("monaco_omt.pmtiles"))
        let found = try compareOverBounds(
            mb, pm, bounds: BoundingBox(west: 7.38, south: 43.48, east: 7.60, north: 43.77))
        XCTAssertEqual(found, 304)
    }

    /// Walks every tile of z 0…14 around `bounds` (one tile of margin) and checks both sources
    /// agree; returns how many tiles exist.
    private func compareOverBounds(_ a: some TileSource, _ b: some TileSource, bounds: BoundingBox) throws -> Int {
        var found = 0
        for z in 0...14 {
            let n = 1 << z
            let nw = WebMercator.unitPoint(Coordinate(latitude: bounds.north, longitude: bounds.west))
            let se = WebMercator.unitPoint(Coordinate(latitude: bounds.south, longitude: bounds.east))
            let x0 = max(0, Int(nw.x * Double(n)) - 1)
            let x1 = min(n - 1, Int(se.x * Double(n)) + 1)
            let y0 = max(0, Int(nw.y * Double(n)) - 1)
            let y1 = min(n - 1, Int(se.y * Double(n)) + 1)
            for x in x0...x1 {
                for y in y0...y1 {
                    let da = try a.tileData(z: z, x: x, y: y)
                    let db = try b.tileData(z: z, x: x, y: y)
                    XCTAssertEqual(da, db, "tile \(z)/\(x)/\(y) differs")
                    if da != nil { found += 1 }
                }
            }
        }
        return found
    }

    func testMonacoTileDecodesLikeTheMBTilesOne() throws {
        let pm = try PMTilesReader(path: try SharedData.require("monaco_omt.pmtiles"))
        let tile = try XCTUnwrap(try pm.vectorTile(TileID(z: 14, x: 8530, y: 5974)))
        XCTAssertEqual(
            Dictionary(uniqueKeysWithValues: tile.layers.map { ($0.name, $0.count) }), MBTilesReaderTests.monacoCounts)
        XCTAssertNil(try pm.tileData(z: 14, x: 0, y: 0))
        XCTAssertNil(try pm.tileData(z: 15, x: 17060, y: 11948), "beyond max zoom")
        XCTAssertNil(try pm.tileData(z: 2, x: 4, y: 0), "invalid address")
    }

    // MARK: - An archive with leaf directories, built here

    func testLeafDirectoriesRunLengthsAndDeduplication() throws {
        let mb = try MBTilesReader(path: try SharedData.require("monaco_omt.mbtiles"))
        let pmSample = try PMTilesReader(path: try SharedData.require("monaco_omt.pmtiles"))
        // Every tile of the sample, by id, as stored (gzip).
        var tiles: [(UInt64, [UInt8])] = []
        for e in pmSample.rootDirectory {
            for k in 0..<UInt64(e.runLength) {
                let id = try XCTUnwrap(TileID(pmtilesID: e.tileID + k))
                tiles.append((e.tileID + k, try XCTUnwrap(try pmSample.tile(z: id.z, x: id.x, y: id.y))))
            }
        }
        XCTAssertEqual(tiles.count, 304)
        let dir = try makeTemporaryDirectory()
        let path = dir.appendingPathComponent("leaves.pmtiles").path
        let archive = try PMTilesTestWriter.archive(
            tiles: tiles, leafSize: 7, metadata: "{\"name\":\"leafy\",\"attribution\":\"© OSM\"}")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(archive)))

        let pm = try PMTilesReader(path: path, leafCacheCapacity: 3)
        XCTAssertGreaterThan(pm.header.leafDirectoriesLength, 0)
        XCTAssertTrue(pm.rootDirectory.allSatisfy(\.isLeafDirectory))
        XCTAssertEqual(pm.name, "leafy")
        XCTAssertEqual(pm.attribution, "© OSM")
        XCTAssertEqual(pm.cachedLeafDirectoryCount, 0)
        let found = try compareOverBounds(
            mb, pm, bounds: BoundingBox(west: 7.38, south: 43.48, east: 7.60, north: 43.77))
        XCTAssertEqual(found, 304)
        XCTAssertEqual(pm.cachedLeafDirectoryCount, 3, "the cache holds at most its capacity")
    }

    // MARK: - Bad archives

    private func writeTemp(_ bytes: [UInt8], _ name: String = "x.pmtiles") throws -> String {
        let path = try makeTemporaryDirectory().appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    private func assertOpenFails(
        _ bytes: [UInt8], _ expected: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let path = try writeTemp(bytes)
        XCTAssertThrowsError(try PMTilesReader(path: path), file: file, line: line) { error in
            let e = error as? TileSourceError
            XCTAssertEqual(e?.path, path, file: file, line: line)
            XCTAssertTrue(e?.message.contains(expected) ?? false, "\(error)", file: file, line: line)
        }
    }

    func testBadArchivesGiveErrorsNamingTheFile() throws {
        let sample = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try SharedData.require("monaco_omt.pmtiles"))))
        var rng = SplitMix64(seed: 9)
        try assertOpenFails((0..<1000).map { _ in UInt8.random(in: 0...255, using: &rng) }, "not a PMTiles file")
        try assertOpenFails([], "too short")
        try assertOpenFails(Array(sample.prefix(100)), "too short")
        var v2 = sample
        v2[7] = 2
        try assertOpenFails(v2, "version 2 is not supported")
        try assertOpenFails(Array(sample.prefix(400)), "runs past the end of the file")
        var brotli = sample
        brotli[98] = 3
        try assertOpenFails(brotli, "tile compression brotli is not supported")
        var badEnum = sample
        badEnum[97] = 9
        try assertOpenFails(badEnum, "unknown internal compression 9")
        var badRoot = sample
        for i in 140..<160 { badRoot[i] ^= 0x5A }
        try assertOpenFails(badRoot, "root directory")
        var zooms = sample
        zooms[100] = 15
        try assertOpenFails(zooms, "min zoom 15 is greater than max zoom 14")
        XCTAssertThrowsError(try PMTilesReader(path: "/nonexistent.pmtiles")) { error in
            XCTAssertEqual("\(error)", "/nonexistent.pmtiles: no such file")
        }
    }

    func testDamagedTileDataIsAnErrorNotACrash() throws {
        let sample = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try SharedData.require("monaco_omt.pmtiles"))))
        let reference = try PMTilesReader(path: try SharedData.require("monaco_omt.pmtiles"))
        var damaged = sample
        let start = Int(reference.header.tileDataOffset)
        for i in stride(from: start, to: damaged.count, by: 97) { damaged[i] ^= 0xFF }
        let path = try writeTemp(damaged)
        let pm = try PMTilesReader(path: path)
        var errors = 0
        for e in reference.rootDirectory {
            let t = try XCTUnwrap(TileID(pmtilesID: e.tileID))
            do {
                _ = try pm.vectorTile(t)
            } catch {
                errors += 1
                XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
            }
        }
        XCTAssertGreaterThan(errors, 0)
    }
}

/// Builds PMTiles v3 archives for tests: tiles deduplicated by content, consecutive ids with
/// the same blob merged into runs, the root pointing at leaf directories of `leafSize` entries,
/// gzip internal compression.
enum PMTilesTestWriter {
    static func archive(tiles: [(UInt64, [UInt8])], leafSize: Int, metadata: String) throws -> [UInt8] {
        var data: [UInt8] = []
        var offsets: [[UInt8]: UInt64] = [:]
        var entries: [PMTilesEntry] = []
        for (id, blob) in tiles.sorted(by: { $0.0 < $1.0 }) {
            let offset: UInt64
            if let known = offsets[blob] {
                offset = known
            } else {
                offset = UInt64(data.count)
                offsets[blob] = offset
                data += blob
            }
            if var last = entries.last, last.offset == offset, last.tileID + UInt64(last.runLength) == id {
                last.runLength += 1
                entries[entries.count - 1] = last
            } else {
                entries.append(PMTilesEntry(tileID: id, offset: offset, length: UInt32(blob.count), runLength: 1))
            }
        }
        var leaves: [UInt8] = []
        var root: [PMTilesEntry] = []
        for start in stride(from: 0, to: entries.count, by: leafSize) {
            let chunk = Array(entries[start..<min(start + leafSize, entries.count)])
            let leaf = try Gzip.compress(PMTilesDirectory.encode(chunk))
            root.append(
                PMTilesEntry(
                    tileID: chunk[0].tileID, offset: UInt64(leaves.count), length: UInt32(leaf.count), runLength: 0))
            leaves += leaf
        }
        let rootBytes = try Gzip.compress(PMTilesDirectory.encode(root))
        let meta = try Gzip.compress(Array(metadata.utf8))
        let rootOffset = UInt64(127)
        let metaOffset = rootOffset + UInt64(rootBytes.count)
        let leafOffset = metaOffset + UInt64(meta.count)
        let dataOffset = leafOffset + UInt64(leaves.count)
        var h: [UInt8] = Array("PMTiles".utf8) + [3]
        func u64(_ v: UInt64) { for k in 0..<8 { h.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(k)))) } }
        func i32(_ v: Double) {
            let i = UInt32(bitPattern: Int32(v * 10_000_000))
            for k in 0..<4 { h.append(UInt8(truncatingIfNeeded: i >> (8 * UInt32(k)))) }
        }
        for v in [
            rootOffset, UInt64(rootBytes.count), metaOffset, UInt64(meta.count), leafOffset, UInt64(leaves.count),
            dataOffset, UInt64(data.count), UInt64(tiles.count), UInt64(entries.count), UInt64(offsets.count),
        ] {
            u64(v)
        }
        h += [1, 2, 2, 1, 0, 14]  // clustered, gzip, gzip, MVT, min zoom, max zoom
        i32(7.38); i32(43.48); i32(7.60); i32(43.77)
        h.append(7)
        i32(7.49); i32(43.625)
        precondition(h.count == 127)
        return h + rootBytes + meta + leaves + data
    }
}
