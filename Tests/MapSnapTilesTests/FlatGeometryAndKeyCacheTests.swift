import Foundation
import MapSnapIO
import MapSnapTestSupport
import Synchronization
import XCTest

@testable import MapSnapTiles

/// `FlatTileGeometry` must hold exactly what `geometry()` gives (and fail where it fails), and
/// `TileLayerKeyCache` must answer exactly what `value(forKey:)` answers.
final class FlatGeometryAndKeyCacheTests: XCTestCase {
    private func sampleTiles() throws -> [[UInt8]] {
        let sf = try MBTilesReader(path: try SharedData.require("sf_central_omt.mbtiles"))
        let monaco = try MBTilesReader(path: try SharedData.require("monaco_omt.mbtiles"))
        return [
            try XCTUnwrap(try sf.tileData(z: 14, x: 2621, y: 6331)),
            try XCTUnwrap(try sf.tileData(z: 12, x: 655, y: 1583)),
            try XCTUnwrap(try monaco.tileData(z: 14, x: 8530, y: 5974)),
        ]
    }

    /// Compares the flat decoding of every feature of `tile` with `geometry()`; returns the
    /// number of features compared and how many of them both decoders rejected.
    private func compareAll(
        _ tile: VectorTile, file: StaticString = #filePath, line: UInt = #line
    ) -> (compared: Int, rejected: Int) {
        var flat = FlatTileGeometry()
        var n = 0
        var rejected = 0
        for layer in tile.layers {
            for f in layer.features {
                let expected = Result { () throws(MVTError) in try f.geometry() }
                let got = Result { () throws(MVTError) in try f.decodeGeometry(into: &flat) }
                switch (expected, got) {
                case (.success(let g), .success):
                    XCTAssertEqual(
                        flat.tileGeometry, g, "layer \(layer.name) feature \(f.index)", file: file, line: line)
                    XCTAssertEqual(flat.type, f.type)
                case (.failure(let a), .failure(let b)):
                    XCTAssertEqual(a.description, b.description, file: file, line: line)
                    rejected += 1
                default:
                    XCTFail("layer \(layer.name) feature \(f.index): \(expected) vs \(got)", file: file, line: line)
                }
                n += 1
            }
        }
        return (n, rejected)
    }

    func testFlatGeometryMatchesGeometryOnSampleTiles() throws {
        var total = 0
        for bytes in try sampleTiles() {
            let (compared, rejected) = compareAll(try VectorTile(decoding: bytes))
            total += compared
            XCTAssertEqual(rejected, 0, "the sample tiles are well formed")
        }
        XCTAssertGreaterThan(total, 5000)
    }

    func testFlatGeometryMatchesGeometryOnMutatedTiles() throws {
        let original = try sampleTiles()[2]
        var rng = SplitMix64(seed: 7)
        var decoded = 0
        var compared = 0
        var rejected = 0
        for _ in 0..<300 {
            var b = original
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                b[Int.random(in: 0..<b.count, using: &rng)] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
            }
            // A flipped bit may break the tile itself (then there is nothing to compare).
            guard let tile = try? VectorTile(decoding: b) else { continue }
            decoded += 1
            let counts = compareAll(tile)
            compared += counts.compared
            rejected += counts.rejected
        }
        // With seed 7: 109 of the 300 tiles decode, 96,885 features are compared and 36 are
        // rejected by both decoders. Bounds well below, so that only a test that stopped
        // comparing (or never met a bad geometry) fails.
        XCTAssertGreaterThanOrEqual(decoded, 50)
        XCTAssertGreaterThanOrEqual(compared, 40_000)
        XCTAssertGreaterThanOrEqual(rejected, 10)
    }

    func testFlatGeometryPartsAndRings() throws {
        // A polygon with an exterior, a hole, a degenerate ring (dropped) and a second exterior.
        func cmd(_ id: UInt32, _ count: UInt32) -> UInt32 { id | count << 3 }
        func z(_ v: Int32) -> UInt32 { UInt32(bitPattern: (v << 1) ^ (v >> 31)) }
        var ints: [UInt32] = []
        func ring(_ pts: [(Int32, Int32)], from cursor: inout (Int32, Int32)) {
            ints.append(cmd(1, 1))
            ints += [z(pts[0].0 - cursor.0), z(pts[0].1 - cursor.1)]
            cursor = pts[0]
            ints.append(cmd(2, UInt32(pts.count - 1)))
            for p in pts.dropFirst() {
                ints += [z(p.0 - cursor.0), z(p.1 - cursor.1)]
                cursor = p
            }
            ints.append(cmd(7, 1))
        }
        var c: (Int32, Int32) = (0, 0)
        ring([(0, 0), (10, 0), (10, 10), (0, 10)], from: &c)  // exterior (clockwise on screen)
        ring([(2, 2), (2, 8), (8, 8), (8, 2)], from: &c)  // hole
        ring([(20, 20), (30, 30), (40, 40)], from: &c)  // zero area: dropped
        ring([(50, 50), (60, 50), (60, 60)], from: &c)  // second exterior
        var flat = FlatTileGeometry()
        let expected = try ints.withUnsafeBufferPointer { buf in
            var s = LooseGeometryIntegers(buf, range: 0..<buf.count)
            try flat.decode(.polygon, &s)
            var s2 = LooseGeometryIntegers(buf, range: 0..<buf.count)
            return try TileGeometry.decode(.polygon, &s2)
        }
        XCTAssertEqual(flat.partCount, 3)
        XCTAssertEqual(flat.partIsExterior, [true, false, true])
        XCTAssertEqual(flat.partRange(0), 0..<4)
        XCTAssertEqual(flat.partRange(1), 4..<8)
        XCTAssertEqual(flat.partRange(2), 8..<11)
        XCTAssertEqual(flat.points[8], TilePoint(x: 50, y: 50))
        XCTAssertEqual(flat.tileGeometry, expected)
        guard case .polygons(let polys) = expected else { return XCTFail("\(expected)") }
        XCTAssertEqual(polys.map(\.rings.count), [2, 1])
    }

    func testKeyCacheAnswersAsValueForKey() throws {
        for bytes in try sampleTiles() {
            let tile = try VectorTile(decoding: bytes)
            for layer in tile.layers {
                let cache = TileLayerKeyCache(layer)
                // Keys of the layer, a missing key, and the same texts as fresh strings (other
                // identities) and as literals.
                var keys = layer.keys + ["no-such-key", "class", "name"]
                keys += layer.keys.map { String(decoding: Array($0.utf8), as: UTF8.self) }
                keys += layer.keys.map { $0 + "" }
                XCTAssertEqual(cache.count, layer.count)
                for i in 0..<layer.count {
                    let f = layer[i]
                    XCTAssertEqual(cache.type(feature: i), f.type)
                    XCTAssertEqual(cache.id(feature: i), f.id)
                    for k in keys {
                        XCTAssertEqual(cache.value(feature: i, key: k), f.value(forKey: k), "\(layer.name) \(i) \(k)")
                    }
                }
                for k in keys {
                    XCTAssertEqual(cache.keyIndex(k), layer.keyIndex(forKey: k).map(Int32.init) ?? -1)
                }
            }
        }
    }

    func testKeyCacheWithManyDistinctKeys() throws {
        let tile = try VectorTile(decoding: try sampleTiles()[0])
        let layer = try XCTUnwrap(tile.layers.first { $0.name == "poi" })
        let cache = TileLayerKeyCache(layer)
        // More distinct strings than the cache remembers: the rest still answer correctly.
        let keys = (0..<200).map { "k\($0)" } + layer.keys
        for _ in 0..<2 {
            for k in keys {
                XCTAssertEqual(cache.value(feature: 0, key: k), layer[0].value(forKey: k))
            }
        }
    }
    /// One cache shared by threads that all look up at once (more distinct keys than it
    /// remembers, so they race to append): every answer is the layer's own.
    func testKeyCacheSharedAcrossThreads() throws {
        let tile = try VectorTile(decoding: try sampleTiles()[0])
        let layer = try XCTUnwrap(tile.layers.first { $0.name == "poi" })
        let cache = TileLayerKeyCache(layer)
        let keys = layer.keys + (0..<100).map { "k\($0)" }
        let expected = keys.map { layer.keyIndex(forKey: $0).map(Int32.init) ?? -1 }
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for round in 0..<50 {
                for j in keys.indices {
                    // Each thread walks the keys from another place, so appends interleave.
                    let k = (j + t * 13 + round) % keys.count
                    if cache.keyIndex(keys[k]) != expected[k] { wrong.add(1, ordering: .relaxed) }
                }
            }
        }
        XCTAssertEqual(wrong.load(ordering: .relaxed), 0)
        XCTAssertGreaterThan(layer.keys.count, 0)
    }
}
