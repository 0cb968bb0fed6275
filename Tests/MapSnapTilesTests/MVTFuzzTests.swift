import MapSnapIO
import MapSnapTestSupport
import XCTest

@testable import MapSnapTiles

/// Random mutations of a real tile: every one decodes or throws, none crashes.
final class MVTFuzzTests: XCTestCase {
    /// Decodes everything there is to decode: layers, every property and every geometry.
    /// Returns whether the tile decoded (geometry errors of single features are expected).
    @discardableResult
    static func exercise(_ bytes: [UInt8]) -> Bool {
        guard let tile = try? VectorTile(decoding: bytes) else { return false }
        for layer in tile.layers {
            _ = layer.keyIndex(forKey: "class")
            for f in layer.features {
                _ = f.id
                _ = f.properties
                _ = f.value(forKey: "class")
                _ = try? f.geometry()
            }
        }
        return true
    }

    func testThousandsOfMutationsOfARealTileNeverCrash() throws {
        let reader = try MBTilesReader(path: try SharedData.require("monaco_omt.mbtiles"))
        let original = try XCTUnwrap(try reader.tileData(z: 14, x: 8530, y: 5974))
        XCTAssertTrue(Self.exercise(original))
        var rng = SplitMix64(seed: 2024)
        var decoded = 0
        let iterations = 3000
        for _ in 0..<iterations {
            var b = original
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:  // flip a few bits
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    b[Int.random(in: 0..<b.count, using: &rng)] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
                }
            case 1:  // overwrite bytes with random values (often 0xFF: endless varints)
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    b[Int.random(in: 0..<b.count, using: &rng)] =
                        Bool.random(using: &rng) ? 0xFF : UInt8.random(in: 0...255, using: &rng)
                }
            case 2:  // truncate
                b.removeSubrange(Int.random(in: 0..<b.count, using: &rng)...)
            case 3:  // delete a run
                let i = Int.random(in: 0..<b.count, using: &rng)
                b.removeSubrange(i..<min(b.count, i + Int.random(in: 1...64, using: &rng)))
            case 4:  // insert random bytes
                let i = Int.random(in: 0...b.count, using: &rng)
                b.insert(
                    contentsOf: (0..<Int.random(in: 1...16, using: &rng)).map { _ in
                        UInt8.random(in: 0...255, using: &rng)
                    }, at: i)
            default:  // duplicate a chunk somewhere else
                let i = Int.random(in: 0..<b.count, using: &rng)
                let chunk = Array(b[i..<min(b.count, i + Int.random(in: 1...256, using: &rng))])
                b.insert(contentsOf: chunk, at: Int.random(in: 0...b.count, using: &rng))
            }
            if Self.exercise(b) { decoded += 1 }
        }
        // Both outcomes occur: the fuzzing reaches past the first error check.
        XCTAssertGreaterThan(decoded, 0)
        XCTAssertLessThan(decoded, iterations)
    }
}
