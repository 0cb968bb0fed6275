import Foundation
import XCTest

@testable import MapSnapRaster

/// The heatmap kernel density against MapLibre GL JS's shaders: `weight · intensity ·
/// GAUSS_COEF · exp(-4.5 · (d / r)²)` summed on a quarter-size grid, cut off where it falls to
/// 1 / 255 / 16, read back bilinearly and coloured through a ramp.
final class HeatmapAccumulatorTests: XCTestCase {
    let gauss = 1 / (2 * Double.pi).squareRoot()

    /// The grid is a quarter of the image each way, rounded down, never empty.
    func testGridIsAQuarterOfTheImage() {
        let a = HeatmapAccumulator(imageWidth: 600, imageHeight: 400)
        XCTAssertEqual([a.width, a.height], [150, 100])
        let b = HeatmapAccumulator(imageWidth: 1203, imageHeight: 802)
        XCTAssertEqual([b.width, b.height], [300, 200])
        let c = HeatmapAccumulator(imageWidth: 3, imageHeight: 1)
        XCTAssertEqual([c.width, c.height], [1, 1])
    }

    /// The kernel's reach S is where it falls to the cut-off; a peak at or under it adds nothing.
    func testExtentIsWhereTheKernelMeetsTheCutoff() throws {
        XCTAssertEqual(HeatmapAccumulator.gaussCoefficient, gauss, accuracy: 1e-15)
        for w in [0.01, 0.5, 1, 3, 250] {
            let s = try XCTUnwrap(HeatmapAccumulator.extent(weight: w))
            XCTAssertEqual(HeatmapAccumulator.kernel(weight: w, distance: s), 1.0 / 255 / 16, accuracy: 1e-12)
        }
        // weight 1: S = sqrt(-2 ln(ZERO / GAUSS_COEF)) / 3 ≈ 1.28 radii.
        XCTAssertEqual(try XCTUnwrap(HeatmapAccumulator.extent(weight: 1)), 1.2819, accuracy: 1e-4)
        for w in [0, -1, 0.99 / 255 / 16 / gauss, .nan, .infinity] {
            XCTAssertNil(HeatmapAccumulator.extent(weight: w), "\(w)")
        }
    }

    /// A point at a cell's centre puts weight × GAUSS_COEF there, exp(-4.5) of it one radius
    /// away along an axis, and nothing past S radii.
    func testCentreAndFalloff() throws {
        var a = HeatmapAccumulator(imageWidth: 400, imageHeight: 400)
        // Cell (50, 50) has its centre at image pixel coordinate 4 · 50.5 = 202.
        a.add(x: 202, y: 202, radius: 16, weight: 2)
        func cell(_ x: Int, _ y: Int) -> Double { Double(a.cells[y * a.width + x]) }
        XCTAssertEqual(cell(50, 50), 2 * gauss, accuracy: 1e-6)
        // 16 image pixels are 4 cells: one radius.
        XCTAssertEqual(cell(54, 50), 2 * gauss * exp(-4.5), accuracy: 1e-6)
        XCTAssertEqual(cell(50, 46), 2 * gauss * exp(-4.5), accuracy: 1e-6)
        XCTAssertEqual(cell(52, 52), 2 * gauss * exp(-4.5 * 0.5), accuracy: 1e-6)
        // S(2) · 4 cells ≈ 5.5: cells 5 away are in the square, 6 away are not; the square's
        // corner (outside the circle) still takes the Gaussian, as the GPU's quad does.
        let s = try XCTUnwrap(HeatmapAccumulator.extent(weight: 2)) * 4
        XCTAssertGreaterThan(s, 5)
        XCTAssertLessThan(s, 6)
        XCTAssertGreaterThan(cell(55, 50), 0)
        XCTAssertEqual(cell(56, 50), 0)
        XCTAssertEqual(cell(44, 50), 0)
        XCTAssertEqual(cell(55, 55), 2 * gauss * exp(-4.5 * 50.0 / 16), accuracy: 1e-7)
        XCTAssertFalse(a.isEmpty)
    }

    /// Kernels add up; a point whose peak is under the cut-off, or with no radius, adds nothing.
    func testKernelsAdd() {
        var one = HeatmapAccumulator(imageWidth: 200, imageHeight: 120)
        one.add(x: 80, y: 60, radius: 20, weight: 1)
        var two = one
        two.add(x: 80, y: 60, radius: 20, weight: 1)
        for (p, q) in zip(one.cells, two.cells) { XCTAssertEqual(q, 2 * p, accuracy: 1e-6) }
        var none = HeatmapAccumulator(imageWidth: 200, imageHeight: 120)
        none.add(x: 80, y: 60, radius: 20, weight: 1e-4)
        none.add(x: 80, y: 60, radius: 0, weight: 1)
        none.add(x: .nan, y: 60, radius: 20, weight: 1)
        XCTAssertTrue(none.isEmpty)
        XCTAssertTrue(none.cells.allSatisfy { $0 == 0 })
        // Absurd weights saturate without overflowing into NaN.
        var huge = HeatmapAccumulator(imageWidth: 200, imageHeight: 120)
        for _ in 0..<3 { huge.add(x: 80, y: 60, radius: 20, weight: .greatestFiniteMagnitude) }
        XCTAssertFalse(huge.cells.contains { $0.isNaN })
        let px = huge.colorized(ramp: [0, 0, 0, 0, 1, 1, 1, 1], opacity: 1)
        XCTAssertEqual(px[60 * 200 + 80], 0xFFFF_FFFF)
    }

    /// A point off the image whose kernel reaches it warms its edge.
    func testPointOffTheImageReachesIt() {
        var a = HeatmapAccumulator(imageWidth: 200, imageHeight: 200)
        a.add(x: -20, y: 100, radius: 30, weight: 1)
        XCTAssertFalse(a.isEmpty)
        XCTAssertGreaterThan(a.density(x: 0, y: 100), 0.02)
        var far = HeatmapAccumulator(imageWidth: 200, imageHeight: 200)
        far.add(x: -60, y: 100, radius: 30, weight: 1)
        XCTAssertTrue(far.isEmpty)
    }

    /// The image reads the grid bilinearly between cell centres and clamps at the edges.
    func testDensityIsBilinear() {
        var a = HeatmapAccumulator(imageWidth: 40, imageHeight: 40)
        a.add(x: 18, y: 18, radius: 8, weight: 1)
        let g = a.cells
        let w = a.width
        // Image pixel 17's centre (17.5) is grid coordinate 17.5 / 4 - 0.5 = 3.875: 1/8 of cell
        // 3 and 7/8 of cell 4, both ways.
        let top = g[3 * w + 3] * 0.125 + g[3 * w + 4] * 0.875
        let bottom = g[4 * w + 3] * 0.125 + g[4 * w + 4] * 0.875
        XCTAssertEqual(a.density(x: 17, y: 17), top * 0.125 + bottom * 0.875, accuracy: 1e-6)
        // Pixel 0 (grid -0.375) reads cell 0 only.
        XCTAssertEqual(a.density(x: 0, y: 0), g[0], accuracy: 1e-7)
    }

    /// Colouring: density 0 takes the first entry, densities past 1 the last, in between the
    /// ramp read linearly with its entries' centres at (k + 0.5) / n; opacity scales it all.
    func testColorizedReadsTheRamp() {
        // Two entries: transparent, then opaque white.
        let ramp: [Float] = [0, 0, 0, 0, 1, 1, 1, 1]
        var a = HeatmapAccumulator(imageWidth: 400, imageHeight: 40)
        for x in stride(from: 202.0, through: 398, by: 4) { a.add(x: x, y: 22, radius: 4, weight: 50) }
        let pixels = a.colorized(ramp: ramp, opacity: 1)
        XCTAssertEqual(pixels[0], 0)
        // Far right of the row: density well above 1 gives opaque white.
        XCTAssertEqual(pixels[21 * 400 + 300], 0xFFFF_FFFF)
        let half = a.colorized(ramp: ramp, opacity: 0.5)
        XCTAssertEqual(half[21 * 400 + 300], 0x8080_8080)
        // Where the density is d, two entries give alpha clamp(2d - 0.5, 0, 1).
        var b = HeatmapAccumulator(imageWidth: 400, imageHeight: 40)
        b.add(x: 202, y: 22, radius: 40, weight: 1.5)
        let px = b.colorized(ramp: ramp, opacity: 1)
        for x in [150, 190, 200, 230] {
            let d = Double(b.density(x: x, y: 21))
            let want = min(max(2 * d - 0.5, 0), 1) * 255
            XCTAssertEqual(Double(px[21 * 400 + x] >> 24), want, accuracy: 0.51, "x \(x), density \(d)")
        }
        XCTAssertTrue(
            HeatmapAccumulator(imageWidth: 8, imageHeight: 8).colorized(ramp: ramp, opacity: 1).allSatisfy {
                $0 == 0
            })
    }
}
