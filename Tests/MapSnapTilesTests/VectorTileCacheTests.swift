import MapSnapGeometry
import MapSnapIO
import XCTest

@testable import MapSnapTiles

/// A tile source serving the spec example tile at every even column, counting reads.
final class CountingSource: TileSource {
    let reads = Locked(0)
    var minZoom: Int { 0 }
    var maxZoom: Int { 14 }
    var bounds: BoundingBox? { nil }
    var attribution: String? { nil }
    var vectorLayers: [VectorLayerInfo] { [] }

    func tileData(z: Int, x: Int, y: Int) throws -> [UInt8]? {
        reads.withLock { $0 += 1 }
        if x < 0 { return [0xFF, 0xFF] }  // undecodable
        return x % 2 == 0 ? MVTSpecExampleTests.exampleTile : nil
    }
}

final class VectorTileCacheTests: XCTestCase {
    func testLRUOrderAndEviction() {
        var lru = LRUCache<String, Int>(capacity: 3)
        lru.put("a", 1)
        lru.put("b", 2)
        lru.put("c", 3)
        XCTAssertEqual(lru.keysByRecency, ["c", "b", "a"])
        XCTAssertEqual(lru.get("a"), 1)
        XCTAssertEqual(lru.keysByRecency, ["a", "c", "b"])
        lru.put("d", 4)  // evicts b
        XCTAssertNil(lru.get("b"))
        XCTAssertEqual(lru.keysByRecency, ["d", "a", "c"])
        lru.put("c", 30)
        XCTAssertEqual(lru.get("c"), 30)
        XCTAssertEqual(lru.count, 3)
        lru.removeAll()
        XCTAssertEqual(lru.count, 0)
        XCTAssertNil(lru.get("a"))
        var one = LRUCache<Int, Int>(capacity: 0)  // clamped to 1
        one.put(1, 1)
        one.put(2, 2)
        XCTAssertEqual(one.keysByRecency, [2])
    }

    func testCacheHitsMissesAndEviction() throws {
        let source = CountingSource()
        let cache = VectorTileCache(source: source, capacity: 2)
        XCTAssertEqual(try cache.tile(z: 5, x: 0, y: 0)?.featureCount, 9)
        XCTAssertEqual(try cache.tile(z: 5, x: 0, y: 0)?.featureCount, 9)
        XCTAssertEqual(source.reads.withLock { $0 }, 1)
        // Missing tiles are cached as nil.
        XCTAssertNil(try cache.tile(z: 5, x: 1, y: 0))
        XCTAssertNil(try cache.tile(z: 5, x: 1, y: 0))
        XCTAssertEqual(source.reads.withLock { $0 }, 2)
        XCTAssertEqual(cache.statistics.hits, 2)
        XCTAssertEqual(cache.statistics.misses, 2)
        // A third tile evicts the least recently used (5/0/0).
        _ = try cache.tile(z: 5, x: 2, y: 0)
        XCTAssertEqual(cache.count, 2)
        _ = try cache.tile(z: 5, x: 0, y: 0)
        XCTAssertEqual(source.reads.withLock { $0 }, 4)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
    }

    func testLayerSubsetsAreServedFromAFullTile() throws {
        let source = CountingSource()
        let cache = VectorTileCache(source: source, capacity: 8)
        XCTAssertEqual(try cache.tile(z: 3, x: 2, y: 1, layers: ["points"])?.layerNames, ["points"])
        XCTAssertEqual(try cache.tile(z: 3, x: 2, y: 1, layers: ["points"])?.layerNames, ["points"])
        XCTAssertEqual(source.reads.withLock { $0 }, 1)
        XCTAssertEqual(try cache.tile(z: 3, x: 2, y: 1)?.layers.count, 3, "a subset does not answer a full request")
        XCTAssertEqual(try cache.tile(z: 3, x: 2, y: 1, layers: ["values"])?.layers.count, 3)
        XCTAssertEqual(source.reads.withLock { $0 }, 2)
    }

    func testErrorsAreNotCached() {
        let source = CountingSource()
        let cache = VectorTileCache(source: source)
        XCTAssertThrowsError(try cache.tile(z: 1, x: -2, y: 0)) { error in
            XCTAssertTrue("\(error)".hasPrefix("CountingSource: tile 1/-2/0: tile: "), "\(error)")
        }
        XCTAssertThrowsError(try cache.tile(z: 1, x: -2, y: 0))
        XCTAssertEqual(source.reads.withLock { $0 }, 2)
        XCTAssertEqual(cache.count, 0)
    }

    func testSharedAcrossThreadsWithARealSource() throws {
        let reader = try MBTilesReader(path: try SharedData.require("monaco_omt.mbtiles"))
        let cache = VectorTileCache(source: reader, capacity: 16)
        let cam = Camera(
            center: Coordinate(latitude: 43.735, longitude: 7.425), zoom: 14.2, size: Size(width: 800, height: 600))
        let cover = TileCover.tiles(for: cam, source: reader)
        XCTAssertFalse(cover.isEmpty)
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            for t in cover where (try? cache.tile(t.id, layers: ["water", "transportation"])) == nil {
                failures.withLock { $0 += 1 }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
        XCTAssertEqual(cache.count, cover.count)
        XCTAssertGreaterThan(cache.statistics.hits, 0)
    }
}
