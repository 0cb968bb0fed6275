import MapSnapTestSupport
import XCTest

@testable import MapSnapIO

final class GzipTests: XCTestCase {
    func testRoundTrip() throws {
        var rng = SplitMix64(seed: 7)
        // Text-like data (compressible) and random data (not), from empty to 1 MB.
        let samples: [[UInt8]] = [
            [],
            Array("hello, vector tiles".utf8),
            Array(String(repeating: "transportation_name ", count: 50_000).utf8),
            (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &rng) },
        ]
        for data in samples {
            let gz = try Gzip.compress(data)
            XCTAssertTrue(Gzip.hasGzipMagic(gz))
            XCTAssertEqual(Array(gz.prefix(3)), [0x1F, 0x8B, 0x08])
            XCTAssertEqual(try Gzip.decompress(gz), data)
            XCTAssertEqual(try Gzip.decompressIfNeeded(gz), data)
        }
    }

    func testConcatenatedMembers() throws {
        let a = Array("first member, ".utf8)
        let b = Array("second member".utf8)
        XCTAssertEqual(try Gzip.decompress(try Gzip.compress(a) + Gzip.compress(b)), a + b)
    }

    func testWholeMembersTakeTheFastPathAndEverythingElseTheStream() throws {
        var rng = SplitMix64(seed: 11)
        let data = (0..<40_000).map { _ in UInt8.random(in: 0...30, using: &rng) }
        let gz = try Gzip.compress(data)
        XCTAssertEqual(Gzip.wholeMember(gz, limit: 1 << 20), data)
        // At the limit exactly, and one byte under it (the stream then reports the bomb).
        XCTAssertEqual(Gzip.wholeMember(gz, limit: data.count), data)
        XCTAssertNil(Gzip.wholeMember(gz, limit: data.count - 1))
        // A trailer that says more or less than the member holds: not taken, and the streamed
        // inflation still gives the data (zlib checks only ISIZE mod 2^32, and it is wrong).
        for delta in [-1, 1, 1000] {
            var lying = gz
            let size = UInt32(data.count + delta)
            for k in 0..<4 { lying[lying.count - 4 + k] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(k))) }
            XCTAssertNil(Gzip.wholeMember(lying, limit: 1 << 20), "ISIZE off by \(delta)")
            XCTAssertThrowsError(try Gzip.decompress(lying)) { error in
                XCTAssertEqual((error as? GzipError)?.kind, .corrupt, "\(error)")
            }
        }
        // Two members, and a member with trailing bytes: the stream's rules apply.
        let two = try Gzip.compress(Array(data.prefix(100))) + Gzip.compress(Array(data.suffix(100)))
        XCTAssertNil(Gzip.wholeMember(two, limit: 1 << 20))
        XCTAssertEqual(try Gzip.decompress(two), Array(data.prefix(100)) + Array(data.suffix(100)))
        XCTAssertNil(Gzip.wholeMember(gz + [0, 0, 0, 0], limit: 1 << 20))
        XCTAssertEqual(try Gzip.decompress(gz + [0, 0, 0, 0]), data)
    }

    func testUncompressedDataPassesThrough() throws {
        let mvt: [UInt8] = [0x1A, 0x02, 0x78, 0x02]  // an MVT starts with field 3 (layer), length-delimited
        XCTAssertEqual(mvt.first, 0x1A)
        XCTAssertFalse(Gzip.isCompressed(mvt))
        XCTAssertEqual(try Gzip.decompressIfNeeded(mvt), mvt)
        XCTAssertEqual(try Gzip.decompressIfNeeded([]), [])
        XCTAssertTrue(Gzip.hasZlibHeader([0x78, 0x9C]))
        XCTAssertTrue(Gzip.hasZlibHeader([0x78, 0xDA]))
        XCTAssertFalse(Gzip.hasZlibHeader([0x78, 0x00]))
    }

    func testZlibStreamIsDetectedAndInflated() throws {
        // A zlib stream (RFC 1950) around the raw deflate data of a gzip member: header 78 9c,
        // deflate blocks, Adler-32 of the data, big-endian.
        let data = Array(String(repeating: "abc", count: 100).utf8)
        let gz = try Gzip.compress(data)
        let deflate = Array(gz[10..<(gz.count - 8)])
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        let zlib: [UInt8] = [0x78, 0x9C] + deflate + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
        XCTAssertTrue(Gzip.isCompressed(zlib))
        XCTAssertEqual(try Gzip.decompressIfNeeded(zlib), data)
    }

    func testGzipBombIsCapped() throws {
        // 100 MB of zeros compress to about 100 kB.
        let bomb = try Gzip.compress([UInt8](repeating: 0, count: 100_000_000), level: 9)
        XCTAssertLessThan(bomb.count, 200_000)
        XCTAssertThrowsError(try Gzip.decompress(bomb)) { error in
            let e = error as? GzipError
            XCTAssertEqual(e?.kind, .outputLimitExceeded(limit: 64 << 20))
            XCTAssertEqual(e?.message, "gzip bomb: decompressed data exceeds the limit of 67108864 bytes")
        }
        XCTAssertThrowsError(try Gzip.decompress(bomb, maxOutputBytes: 1_000_000)) { error in
            XCTAssertEqual((error as? GzipError)?.kind, .outputLimitExceeded(limit: 1_000_000))
        }
    }

    func testLimitIsExact() throws {
        let data = [UInt8](repeating: 7, count: 10_000)
        let gz = try Gzip.compress(data)
        XCTAssertEqual(try Gzip.decompress(gz, maxOutputBytes: 10_000), data)
        XCTAssertThrowsError(try Gzip.decompress(gz, maxOutputBytes: 9_999))
        XCTAssertThrowsError(try Gzip.decompress(gz, maxOutputBytes: 0))
    }

    func testTruncatedAndCorruptStreams() throws {
        var rng = SplitMix64(seed: 3)
        let data = (0..<50_000).map { _ in UInt8.random(in: 0...20, using: &rng) }
        let gz = try Gzip.compress(data)
        XCTAssertThrowsError(try Gzip.decompress(Array(gz.prefix(gz.count / 2)))) { error in
            XCTAssertEqual((error as? GzipError)?.kind, .truncated)
        }
        XCTAssertThrowsError(try Gzip.decompress([0x1F, 0x8B]))
        XCTAssertThrowsError(try Gzip.decompress([]))
        var corrupt = gz
        corrupt[3] = 0xFF  // reserved flag bits set: zlib rejects the header
        XCTAssertThrowsError(try Gzip.decompress(corrupt)) { error in
            XCTAssertEqual((error as? GzipError)?.kind, .corrupt)
        }
        var badCRC = gz
        badCRC[badCRC.count - 6] ^= 0xFF
        XCTAssertThrowsError(try Gzip.decompress(badCRC)) { error in
            XCTAssertEqual((error as? GzipError)?.kind, .corrupt, "\(error)")
        }
        // Random damage in the body: an error or (rarely) other output, never a crash.
        for _ in 0..<300 {
            var d = gz
            for _ in 0..<3 { d[Int.random(in: 10..<d.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            _ = try? Gzip.decompress(d, maxOutputBytes: 1 << 20)
        }
    }
}
