import CMapSnapNumbers
import Glibc
import MapSnapTestSupport
import XCTest

/// cairo writes SVG and PDF coordinates through snprintf "%f"; MapSnap routes those calls
/// through `mapsnap_format_fixed` (CMapSnapNumbers), which must give glibc's characters exactly.
final class SVGNumberTests: XCTestCase {
    private func ours(_ value: Double, _ precision: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = mapsnap_format_fixed(&buffer, buffer.count, value, Int32(precision))
        return n < 0 ? nil : String(cString: buffer)
    }

    private func glibc(_ value: Double, _ precision: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        _ = withVaList([Int32(precision), value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        return String(cString: buffer)
    }

    func testEveryDigitIsGlibcs() {
        var rng = SplitMix64(seed: 19)
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0000005, 0.0000015, 0.0000025, 1e-300, 5e-324, 0.1, 1.0 / 3,
            123_456.5, 4_503_599_627_370_496.5, 9.2e18, -9.2e18,
        ]
        for _ in 0..<40_000 {
            let bits = UInt64.random(in: 0...UInt64.max, using: &rng)
            values.append(Double(bitPattern: bits))  // any magnitude, NaN and infinities included
            values.append(
                Double(Int64.random(in: -(1 << 40)...(1 << 40), using: &rng))
                    / Double(1 << Int.random(in: 0...40, using: &rng)))  // ties
            values.append(Double.random(in: -1200...1200, using: &rng))  // coordinates
            values.append(Double.random(in: 0...1, using: &rng) * pow(10, Double(Int.random(in: -20...9, using: &rng))))
        }
        var compared = 0
        for (i, v) in values.enumerated() {
            for p in [6, 18, i % 19] {
                guard let mine = ours(v, p) else {
                    XCTAssertTrue(!v.isFinite || abs(v) >= 0x1p63, "\(v) with \(p) digits was refused")
                    continue
                }
                compared += 1
                if mine != glibc(v, p) { XCTFail("\(v) %.\(p)f: \(mine) against glibc's \(glibc(v, p))") }
            }
        }
        XCTAssertGreaterThan(compared, 400_000)
    }

    func testRefusesWhatItDoesNotFormatAndTruncatesLikeSnprintf() {
        XCTAssertNil(ours(.nan, 6))
        XCTAssertNil(ours(.infinity, 6))
        XCTAssertNil(ours(0x1p63, 6))
        XCTAssertNil(ours(1, 19))
        XCTAssertNil(ours(1, -1))
        var small = [CChar](repeating: 65, count: 5)
        XCTAssertEqual(mapsnap_format_fixed(&small, 5, -12.345678, 6), 10)  // the length of "-12.345678"
        XCTAssertEqual(String(cString: small), "-12.")
        XCTAssertEqual(mapsnap_format_fixed(nil, 0, 1.5, 1), 3)
    }
}
