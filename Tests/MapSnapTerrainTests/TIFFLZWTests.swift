import XCTest

@testable import MapSnapTerrain

final class TIFFLZWTests: XCTestCase {
    /// Packs `codes` most significant bit first, the width growing one code early as TIFF does.
    private func pack(_ codes: [(Int, Int)]) -> [UInt8] {
        var bits: [Bool] = []
        for (code, width) in codes { bits += (0..<width).reversed().map { code >> $0 & 1 == 1 } }
        while bits.count % 8 != 0 { bits.append(false) }
        return Swift.stride(from: 0, to: bits.count, by: 8).map { i in
            bits[i..<i + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }

    /// "ABABABA": A, B, then 258 = AB, then 260 = ABA before it is in the table (KwKwK).
    func testDecodesStringsAndTheCodeNotYetInTheTable() throws {
        let input = pack([(256, 9), (65, 9), (66, 9), (258, 9), (260, 9), (257, 9)])
        XCTAssertEqual(try TIFFLZW.decode(input[...], capacity: 100), Array("ABABABA".utf8))
        XCTAssertEqual(try TIFFLZW.decode(input[...], capacity: 3), Array("ABA".utf8), "capped at the capacity")
    }

    /// After 253 new strings the next code is 511: the width grows to 10 bits one code early.
    func testTheCodeWidthGrowsOneCodeEarly() throws {
        var codes = [(256, 9)]
        var expected: [UInt8] = []
        for k in 0..<254 {
            codes.append((k, 9))
            expected.append(UInt8(k))
        }
        // 254 literals add 253 strings (258…510): the next free code is 511, so now 10 bits.
        codes.append((258, 10))
        expected += [0, 1]
        codes.append((257, 10))
        XCTAssertEqual(try TIFFLZW.decode(pack(codes)[...], capacity: 1000), expected)
    }

    func testACodeBeyondTheTableIsAnError() {
        let input = pack([(256, 9), (65, 9), (300, 9)])
        XCTAssertThrowsError(try TIFFLZW.decode(input[...], capacity: 100)) {
            XCTAssertEqual(($0 as? DEMError)?.description, "LZW code 300 is not in the table (next is 258)")
        }
    }
}
