import MapSnapGeometry
import XCTest

@testable import MapSnapRaster

/// One-pixel GL lines (MapLibre's fill outlines): one pixel per step along the major axis, with
/// `1 − smoothstep(0, 1, d)` at the pixel centre's distance `d` from the line.
final class CoverageMaskHairlineTests: XCTestCase {
    let everything = CoverageMask.PixelRect(x0: -1000, y0: -1000, x1: 1000, y1: 1000)
    let stroke = CoverageMask.Stroke(edge: 1, ramp: 1, cap: .round, smooth: true, hairline: true)

    func draw(_ pts: [Point], w: Int = 40, h: Int = 40) -> CoverageMask {
        let m = CoverageMask(width: w, height: h, stride: (w + 3) / 4 * 4)
        pts.withUnsafeBufferPointer { m.add($0, stroke, mode: .union, clip: everything) }
        return m
    }

    func column(_ m: CoverageMask, _ x: Int) -> [Int] { (0..<m.height).map { Int(m.data[$0 * m.stride + x]) } }

    func testOnePixelPerColumnWithTheShaderProfile() {
        // y = 10.3: the pixel row 10 (centre 10.5) holds it, 0.2 away.
        let m = draw([Point(x: 5, y: 10.3), Point(x: 30, y: 10.3)])
        let d = 0.2
        let smoothstep: Double = d * d * (3 - 2 * d)
        let expected = Int(((1 - smoothstep) * 255).rounded())
        for x in 5..<30 {
            let col = column(m, x)
            XCTAssertEqual(col.filter { $0 > 0 }.count, 1, "column \(x)")
            XCTAssertEqual(col[10], expected, "column \(x)")
        }
        // Centres from the start up to, not including, the end.
        XCTAssertEqual(column(m, 4).reduce(0, +), 0)
        XCTAssertEqual(column(m, 30).reduce(0, +), 0)
    }

    func testSteepLinesStepAlongY() {
        let m = draw([Point(x: 10, y: 2), Point(x: 14, y: 30)])
        for y in 2..<30 {
            let row = (0..<m.width).map { Int(m.data[y * m.stride + $0]) }
            XCTAssertEqual(row.filter { $0 > 0 }.count, 1, "row \(y)")
            // Never less than half: the pixel holding the line is at most √½ from it.
            XCTAssertGreaterThanOrEqual(row.max() ?? 0, 127, "row \(y)")
        }
    }

    func testARingMeetsItselfOnce() {
        // A closed square: every pixel it visits is visited by one side only, at its full value.
        let ring = [
            Point(x: 5.5, y: 5.5), Point(x: 20.5, y: 5.5), Point(x: 20.5, y: 20.5), Point(x: 5.5, y: 20.5),
            Point(x: 5.5, y: 5.5),
        ]
        let m = draw(ring)
        var lit = 0
        for y in 0..<m.height { for x in 0..<m.width where m.data[y * m.stride + x] > 0 { lit += 1 } }
        XCTAssertEqual(lit, 4 * 15, "one pixel per step of each side, none twice")
        XCTAssertEqual(Int(m.data[5 * m.stride + 5]), 255)
    }
}

/// Soft flat ends (MapLibre's dash edges): `smoothstep(−1, 1, d)` about the cut, inside and out.
final class CoverageMaskSoftEndsTests: XCTestCase {
    func testSoftEndsFadeAcrossTheCut() {
        let m = CoverageMask(width: 40, height: 20, stride: 40)
        let stroke = CoverageMask.Stroke(edge: 3, ramp: 1, cap: .flat(extension: 0), softEnds: 1)
        let everything = CoverageMask.PixelRect(x0: 0, y0: 0, x1: 40, y1: 20)
        // From x = 10 to 30 along y = 10: pixel 10's centre is 0.5 inside, pixel 9's 0.5 outside.
        [Point(x: 10, y: 10), Point(x: 30, y: 10)].withUnsafeBufferPointer {
            m.add($0, stroke, mode: .union, clip: everything)
        }
        func at(_ x: Int) -> Int { Int(m.data[10 * m.stride + x]) }
        XCTAssertEqual(at(10), Int((0.84375 * 255).rounded()), "0.5 inside: smoothstep(0.75)")
        XCTAssertEqual(at(9), Int((0.15625 * 255).rounded()), "0.5 outside: smoothstep(0.25)")
        XCTAssertEqual(at(20), 255, "the middle is full")
        XCTAssertEqual(at(29), at(10), "both ends alike")
        XCTAssertEqual(at(8), 0, "1.5 outside: nothing")
    }
}
