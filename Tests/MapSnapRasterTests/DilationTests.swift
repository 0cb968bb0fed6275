import MapSnapGeometry
import XCTest

@testable import MapSnapRaster

/// Halos grown from glyph coverage: the edge `radius` pixels out from the source's, anti-aliased
/// over about a pixel, the source's own coverage kept, nothing beyond the reach.
final class DilationTests: XCTestCase {
    private func mask() -> CoverageMask { CoverageMask(width: 32, height: 20, stride: 32) }

    func testAHalfPlaneGrowsByTheRadius() {
        let source = mask()
        // Columns 0–9 fully covered, column 10 half: the edge at x = 10.5.
        for y in 0..<20 {
            for x in 0..<10 { source.data[y * 32 + x] = 255 }
            source.data[y * 32 + 10] = 128
        }
        source.markDirty(CoverageMask.PixelRect(x0: 0, y0: 0, x1: 11, y1: 20))
        let halo = mask()
        halo.addDilation(of: source, region: source.dirty, radius: 2)
        let row = (0..<32).map { Int(halo.data[10 * 32 + $0]) }
        XCTAssertEqual(Array(row[0...11]), [Int](repeating: 255, count: 12), "inside and within the radius: full")
        // The edge 2 pixels out from 10.5: pixel 12 (centre 12.5) half covered, 13 not.
        XCTAssertEqual(row[12], 128, accuracy: 2)
        XCTAssertEqual(row[13], 0)
        XCTAssertEqual(halo.dirty.isEmpty, false)
    }

    func testOnePixelBecomesARoundSpotAndStaysInsideTheMask() {
        let source = mask()
        source.data[0] = 255
        source.data[10 * 32 + 16] = 255
        source.markDirty(CoverageMask.PixelRect(x0: 0, y0: 0, x1: 32, y1: 20))
        let halo = mask()
        halo.addDilation(of: source, region: source.dirty, radius: 2)
        func at(_ x: Int, _ y: Int) -> Int { Int(halo.data[y * 32 + x]) }
        XCTAssertEqual(at(16, 10), 255)
        XCTAssertEqual(at(18, 10), at(14, 10), "symmetric")
        XCTAssertEqual(at(16, 12), at(18, 10), "round: the same along both axes")
        XCTAssertLessThan(at(18, 12), at(18, 10), "a diagonal neighbour is farther")
        XCTAssertEqual(at(19, 10), 0)
        XCTAssertEqual(at(1, 1), 255, "the corner pixel grows inwards only")
    }
}

/// Translucent features of one paint folded into one mask: the same as compositing each in turn.
final class BlendTests: XCTestCase {
    func testTwoHalfOpaqueLayersGiveThreeQuarters() {
        let acc = CoverageMask(width: 8, height: 1, stride: 8)
        for _ in 0..<2 {
            let feature = CoverageMask(width: 8, height: 1, stride: 8)
            for x in 0..<4 { feature.data[x] = 255 }
            feature.data[4] = 128
            feature.markDirty(CoverageMask.PixelRect(x0: 0, y0: 0, x1: 5, y1: 1))
            feature.blend(into: acc, opacity: 0.5)
            XCTAssertTrue(feature.dirty.isEmpty, "the feature's mask is cleared")
        }
        XCTAssertEqual(Int(acc.data[0]), 191, accuracy: 1, "1 − (1 − ½)²")
        XCTAssertEqual(Int(acc.data[4]), Int((1 - 0.75 * 0.75) * 255), accuracy: 2, "half coverage: 1 − (1 − ¼)²")
        XCTAssertEqual(acc.data[5], 0)
        XCTAssertEqual(acc.dirty, CoverageMask.PixelRect(x0: 0, y0: 0, x1: 5, y1: 1))
    }
}
