import MapSnapGeometry
import MapSnapTestSupport
import XCTest

@testable import MapSnapRaster

/// The rasterizers byte for byte: random polylines of every kind (wide and thin, flat and
/// round caps, closed, blurred, smoothstep, erased, clipped, reaching off the image) drawn into
/// one mask, whose bytes hash to the value recorded from the code as it was. A change of one
/// pixel anywhere fails; a rasterizer rewritten for speed or shape must leave it alone (or
/// record a new value, saying why the pixels changed).
final class CoverageMaskFingerprintTests: XCTestCase {
    private let everything = CoverageMask.PixelRect(x0: -1000, y0: -1000, x1: 1000, y1: 1000)

    /// FNV-1a, 64 bits, over the mask's rows (`width` bytes each, padding left out).
    private func fingerprint(_ m: CoverageMask) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for y in 0..<m.height {
            for x in 0..<m.width {
                h = (h ^ UInt64(m.data[y * m.stride + x])) &* 0x100_0000_01b3
            }
        }
        return h
    }

    private func randomPolyline(_ rng: inout SplitMix64, count: Int, spread: Double) -> [Point] {
        var pts = [Point(x: Double.random(in: -20...140, using: &rng), y: Double.random(in: -20...110, using: &rng))]
        for _ in 1..<count {
            let last = pts[pts.count - 1]
            // Now and then a repeated point, an axis-aligned step or a long jump.
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: pts.append(last)
            case 1: pts.append(Point(x: last.x + Double.random(in: -spread...spread, using: &rng), y: last.y))
            case 2: pts.append(Point(x: last.x, y: last.y + Double.random(in: -spread...spread, using: &rng)))
            case 3:
                pts.append(
                    Point(x: Double.random(in: -40...160, using: &rng), y: Double.random(in: -40...130, using: &rng)))
            default:
                pts.append(
                    Point(
                        x: last.x + Double.random(in: -spread...spread, using: &rng),
                        y: last.y + Double.random(in: -spread...spread, using: &rng)))
            }
        }
        if Int.random(in: 0..<5, using: &rng) == 0 { pts.append(pts[0]) }  // closed
        return pts
    }

    private func drawRandomStrokes(seed: UInt64, into m: CoverageMask) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<120 {
            let pts = randomPolyline(&rng, count: Int.random(in: 2...8, using: &rng), spread: 30)
            // Thin (the major-axis rasterizer) and wide (row by row) strokes, hairlines to 20 px.
            let edge =
                [0.6, 1.2, 2.0, 2.5, 2.6, 3.5, 6, 11][Int.random(in: 0..<8, using: &rng)]
                + Double.random(in: 0..<0.5, using: &rng)
            let ramp = Int.random(in: 0..<4, using: &rng) == 0 ? Double.random(in: 1...4, using: &rng) : 1
            let cap: CoverageMask.Cap =
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: .round
                case 1: .flat(extension: 0)
                default: .flat(extension: edge - 0.5)
                }
            let stroke = CoverageMask.Stroke(
                edge: edge, ramp: ramp, cap: cap, smooth: Int.random(in: 0..<6, using: &rng) == 0)
            let mode: CoverageMask.Mode = Int.random(in: 0..<8, using: &rng) == 0 ? .erase : .union
            let clip =
                Int.random(in: 0..<6, using: &rng) == 0
                ? CoverageMask.PixelRect(x0: 10, y0: 15, x1: 90, y1: 70)
                : everything
            pts.withUnsafeBufferPointer { m.add($0, stroke, mode: mode, clip: clip) }
        }
    }

    func testStrokesAreByteIdenticalToTheRecordedFingerprint() {
        let m = CoverageMask(width: 123, height: 91, stride: 124)
        drawRandomStrokes(seed: 2024, into: m)
        var covered = 0
        for y in 0..<m.height { for x in 0..<m.width where m.data[y * m.stride + x] > 0 { covered += 1 } }
        // About half the mask drawn: the hash sees edges, not a saturated block.
        XCTAssertEqual(covered, 6559)
        XCTAssertEqual(fingerprint(m), 0x70a2_e393_16bf_3462)
    }

    /// Many strokes, each alone into a cleared mask: also catches a pixel written outside the
    /// dirty box (`clear()` would leave it).
    func testEachStrokeAloneClearsBackToEmpty() {
        let m = CoverageMask(width: 123, height: 91, stride: 124)
        var rng = SplitMix64(seed: 99)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for _ in 0..<300 {
            let pts = randomPolyline(&rng, count: Int.random(in: 2...5, using: &rng), spread: 50)
            let edge = Double.random(in: 0.6...12, using: &rng)
            let stroke = CoverageMask.Stroke(edge: edge, ramp: 1, cap: .round)
            pts.withUnsafeBufferPointer { m.add($0, stroke, mode: .union, clip: everything) }
            h = (h ^ fingerprint(m)) &* 0x100_0000_01b3
            m.clear()
            XCTAssertEqual(fingerprint(m), emptyFingerprint)
        }
        XCTAssertEqual(h, 0x008a_bddc_e3fa_1d28)
    }

    private var emptyFingerprint: UInt64 { fingerprint(CoverageMask(width: 123, height: 91, stride: 124)) }
}
