import MapSnapGeometry
import XCTest

@testable import MapSnapRaster

/// Lines rasterized by distance: coverage profile, caps, joins, union, gaps, clipping.
final class CoverageMaskTests: XCTestCase {
    let everything = CoverageMask.PixelRect(x0: -1000, y0: -1000, x1: 1000, y1: 1000)

    func mask(_ w: Int = 40, _ h: Int = 40) -> CoverageMask {
        CoverageMask(width: w, height: h, stride: (w + 3) / 4 * 4)
    }

    func add(
        _ m: CoverageMask, _ pts: [Point], halfWidth: Double, cap: CoverageMask.Cap = .round,
        ramp: Double = 1, mode: CoverageMask.Mode = .union, clip: CoverageMask.PixelRect? = nil
    ) {
        let stroke = CoverageMask.Stroke(edge: halfWidth + 0.5, ramp: ramp, cap: cap)
        pts.withUnsafeBufferPointer { m.add($0, stroke, mode: mode, clip: clip ?? everything) }
    }

    func at(_ m: CoverageMask, _ x: Int, _ y: Int) -> Int { Int(m.data[y * m.stride + x]) }

    func total(_ m: CoverageMask) -> Double {
        var sum = 0
        for y in 0..<m.height { for x in 0..<m.width { sum += at(m, x, y) } }
        return Double(sum) / 255
    }

    func testProfileAcrossAHorizontalLine() {
        let m = mask()
        add(m, [Point(x: 5, y: 10), Point(x: 30, y: 10)], halfWidth: 1, cap: .flat(extension: 0))
        // Pixel centres 0.5 from the axis are fully inside a 2-pixel line; 1.5 away, outside.
        XCTAssertEqual(at(m, 15, 9), 255)
        XCTAssertEqual(at(m, 15, 10), 255)
        XCTAssertEqual(at(m, 15, 8), 0)
        XCTAssertEqual(at(m, 15, 11), 0)
        // Butt ends cut through the end points.
        XCTAssertEqual(at(m, 4, 10), 0)
        XCTAssertEqual(at(m, 5, 10), 255)
        XCTAssertEqual(at(m, 29, 10), 255)
        XCTAssertEqual(at(m, 30, 10), 0)
        // The dirty box holds every drawn pixel, and only rows that were drawn.
        XCTAssertLessThanOrEqual(m.dirty.x0, 5)
        XCTAssertGreaterThanOrEqual(m.dirty.x1, 30)
        XCTAssertEqual(m.dirty.y0, 9)
        XCTAssertEqual(m.dirty.y1, 11)
    }

    func testHalfPixelOffsetGivesHalfCoverage() {
        let m = mask()
        add(m, [Point(x: 2, y: 10.5), Point(x: 30, y: 10.5)], halfWidth: 1, cap: .flat(extension: 0))
        // Centre row full; rows at distance 1: edge 1.5 − 1 = half covered.
        XCTAssertEqual(at(m, 15, 10), 255)
        XCTAssertEqual(at(m, 15, 9), 128)
        XCTAssertEqual(at(m, 15, 11), 128)
    }

    func testRoundAndSquareCaps() {
        let round = mask()
        add(round, [Point(x: 10, y: 10), Point(x: 30, y: 10)], halfWidth: 2, cap: .round)
        XCTAssertGreaterThan(at(round, 8, 10), 200, "a round cap reaches half the width past the end")
        XCTAssertEqual(at(round, 7, 7), 0, "but not into the corner")
        let square = mask()
        add(square, [Point(x: 10, y: 10), Point(x: 30, y: 10)], halfWidth: 2, cap: .flat(extension: 2))
        XCTAssertEqual(at(square, 8, 10), 255)
        XCTAssertEqual(at(square, 8, 8), 255, "a square cap fills the corner")
    }

    func testCoverageSumsToTheLinesArea() {
        // A diagonal line 3 pixels wide and 30 long (butt ends): coverage adds up to its area.
        let m = mask(60, 60)
        let a = Point(x: 10.3, y: 12.7)
        let b = Point(x: 10.3 + 18, y: 12.7 + 24)
        add(m, [a, b], halfWidth: 1.5, cap: .flat(extension: 0))
        XCTAssertEqual(total(m), 30 * 3, accuracy: 30 * 3 * 0.03)
    }

    func testOverlapsUniteAndJoinsAreRound() {
        let m = mask()
        // Two crossing lines: the crossing is covered once, never more than full.
        add(m, [Point(x: 5, y: 20), Point(x: 35, y: 20)], halfWidth: 2)
        let before = total(m)
        add(m, [Point(x: 20, y: 5), Point(x: 20, y: 35)], halfWidth: 2)
        XCTAssertEqual(at(m, 20, 20), 255)
        XCTAssertEqual(total(m) - before, 34 * 4 - 16, accuracy: 6, "the crossing square is not counted twice")
        // A right-angle polyline: the outer corner of the join is round (not filled like a miter).
        let j = mask()
        add(j, [Point(x: 5, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 30)], halfWidth: 3, cap: .flat(extension: 0))
        XCTAssertEqual(at(j, 21, 9), 255, "inside the join")
        XCTAssertEqual(at(j, 22, 7), 0, "the outer corner is cut round")
    }

    func testMiterWedgesFillTheOuterCorner() {
        let m = mask()
        let acc = AreaAccumulator(width: 40, height: 40)
        let pts = [Point(x: 5, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 30)]
        add(m, pts, halfWidth: 3, cap: .flat(extension: 0))
        XCTAssertEqual(at(m, 22, 7), 0, "round before the wedge")
        pts.withUnsafeBufferPointer {
            m.addMiterWedges($0, halfWidth: 3, limit: 2, using: acc, clip: everything)
            XCTAssertFalse(CoverageMask.hasSharpJoin($0, limit: 2))
        }
        XCTAssertEqual(at(m, 22, 7), 255, "the miter fills the corner")
        XCTAssertEqual(at(m, 23, 6), 0, "and stops at the corner of the offsets")
        // A hairpin's miter would reach far beyond two half widths: MapLibre bevels it.
        let hairpin = [Point(x: 5, y: 10), Point(x: 30, y: 12), Point(x: 5, y: 14)]
        hairpin.withUnsafeBufferPointer { XCTAssertTrue(CoverageMask.hasSharpJoin($0, limit: 2)) }
    }

    func testOffsetPolylineStaysParallel() {
        var out: [Point] = []
        // Heading east, "right" is south (y grows downwards).
        let pts = [Point(x: 0, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 30)]
        pts.withUnsafeBufferPointer { CoverageMask.offsetPolyline($0, by: 2, into: &out) }
        XCTAssertEqual(out.count, 3)
        XCTAssertEqual(out[0].x, 0, accuracy: 1e-9)
        XCTAssertEqual(out[0].y, 12, accuracy: 1e-9)
        XCTAssertEqual(out[1].x, 18, accuracy: 1e-9, "the inner corner of a right turn")
        XCTAssertEqual(out[1].y, 12, accuracy: 1e-9)
        XCTAssertEqual(out[2].x, 18, accuracy: 1e-9)
        XCTAssertEqual(out[2].y, 30, accuracy: 1e-9)
        // A hairpin: the vertex splits in two instead of shooting far out.
        let hairpin = [Point(x: 0, y: 0), Point(x: 30, y: 1), Point(x: 0, y: 2)]
        hairpin.withUnsafeBufferPointer { CoverageMask.offsetPolyline($0, by: -3, into: &out) }
        XCTAssertEqual(out.count, 4)
        XCTAssertTrue(out.allSatisfy { $0.x <= 31 })
    }

    func testDiscsAsMapLibresCircleShader() {
        let fill = mask()
        let c = Point(x: 20, y: 20)
        fill.addDisc(center: c, radius: 6, strokeWidth: 0, blur: 0, part: .fill, clip: everything)
        XCTAssertEqual(at(fill, 20, 20), 255)
        XCTAssertEqual(at(fill, 24, 19), 255, "4.5 from the centre: inside")
        XCTAssertEqual(at(fill, 25, 19), 119, accuracy: 2, "5.5 from the centre: half way through the one-pixel fade")
        XCTAssertEqual(at(fill, 26, 19), 0, "6.5 from the centre: outside")
        // A stroke outside the radius takes the outer ring; the fill what is inside.
        let ring = mask()
        ring.addDisc(center: c, radius: 6, strokeWidth: 3, blur: 0, part: .stroke, clip: everything)
        let inside = mask()
        inside.addDisc(center: c, radius: 6, strokeWidth: 3, blur: 0, part: .fill, clip: everything)
        XCTAssertEqual(at(ring, 27, 19), 255, "7.5 from the centre: stroke")
        XCTAssertEqual(at(inside, 27, 19), 0)
        XCTAssertEqual(at(ring, 22, 19), 0, "2.5 from the centre: fill")
        XCTAssertEqual(at(inside, 22, 19), 255)
        // Blur 1 fades over the whole radius.
        let blurred = mask()
        blurred.addDisc(center: c, radius: 10, strokeWidth: 0, blur: 1, part: .fill, clip: everything)
        XCTAssertEqual(at(blurred, 25, 19), 128, accuracy: 20, "half way out: about half")
        XCTAssertLessThan(at(blurred, 28, 19), 40)
    }

    func testGapErasesTheMiddle() {
        let m = mask()
        let pts = [Point(x: 2, y: 20), Point(x: 38, y: 20)]
        add(m, pts, halfWidth: 5, cap: .flat(extension: 0))
        add(m, pts, halfWidth: 2, cap: .flat(extension: 0), mode: .erase)
        XCTAssertEqual(at(m, 20, 19), 0, "the gap")
        XCTAssertEqual(at(m, 20, 20), 0)
        XCTAssertEqual(at(m, 20, 16), 255, "the stroke either side")
        XCTAssertEqual(at(m, 20, 23), 255)
    }

    func testBlurWidensTheRamp() {
        let sharp = mask()
        let blurred = mask()
        let pts = [Point(x: 2, y: 20), Point(x: 38, y: 20)]
        add(sharp, pts, halfWidth: 3, cap: .flat(extension: 0))
        add(blurred, pts, halfWidth: 3, cap: .flat(extension: 0), ramp: 5)
        XCTAssertEqual(at(sharp, 20, 17), 255)
        XCTAssertLessThan(at(blurred, 20, 17), 150, "blur fades the line inwards from its edge")
        XCTAssertEqual(at(blurred, 20, 22), at(blurred, 20, 17), "symmetrically")
        XCTAssertEqual(at(blurred, 20, 24), 0, "and never past it")
    }

    func testClipBoundsTheWorkAndClearResets() {
        let m = mask()
        let clip = CoverageMask.PixelRect(x0: 10, y0: 0, x1: 20, y1: 40)
        add(m, [Point(x: 0, y: 20), Point(x: 40, y: 20)], halfWidth: 2, clip: clip)
        XCTAssertEqual(at(m, 9, 20), 0)
        XCTAssertEqual(at(m, 10, 20), 255)
        XCTAssertEqual(at(m, 19, 20), 255)
        XCTAssertEqual(at(m, 20, 20), 0)
        XCTAssertEqual(m.dirty.x0, 10)
        XCTAssertEqual(m.dirty.x1, 20)
        m.clear()
        XCTAssertEqual(total(m), 0)
        XCTAssertTrue(m.dirty.isEmpty)
        // Far outside the mask: nothing, no crash.
        add(m, [Point(x: -1e7, y: -5), Point(x: 1e7, y: -5)], halfWidth: 2)
        add(m, [Point(x: 5, y: 5), Point(x: 5, y: 5)], halfWidth: 2)
        XCTAssertEqual(total(m), 0)
    }

    func testClosedRingHasNoCapNotch() {
        // A square ring drawn with butt caps: the start corner is joined like the others.
        let m = mask()
        let ring = [
            Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30), Point(x: 10, y: 30), Point(x: 10, y: 10),
        ]
        add(m, ring, halfWidth: 2, cap: .flat(extension: 0))
        XCTAssertEqual(at(m, 9, 9), at(m, 30, 9), "the start corner looks like the others")
        XCTAssertGreaterThan(at(m, 9, 9), 0)
    }
}

/// Polygons rasterized by exact area: areas, holes, unions, clipping.
final class AreaAccumulatorTests: XCTestCase {
    let all = CoverageMask.PixelRect(x0: 0, y0: 0, x1: 60, y1: 60)

    func fill(_ rings: [[Point]], clip: CoverageMask.PixelRect? = nil) -> CoverageMask {
        let mask = CoverageMask(width: 60, height: 60, stride: 60)
        let acc = AreaAccumulator(width: 60, height: 60)
        let c = clip ?? all
        for ring in rings {
            for i in ring.indices { acc.addEdge(ring[i], ring[(i + 1) % ring.count], clip: c) }
        }
        acc.resolve(into: mask, clip: c)
        return mask
    }

    func total(_ m: CoverageMask) -> Double {
        var sum = 0
        for i in 0..<(m.stride * m.height) { sum += Int(m.data[i]) }
        return Double(sum) / 255
    }

    func at(_ m: CoverageMask, _ x: Int, _ y: Int) -> Int { Int(m.data[y * m.stride + x]) }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, clockwise: Bool = true) -> [Point] {
        let r = [Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)]
        return clockwise ? r : r.reversed()
    }

    func testPixelAlignedSquareIsExact() {
        let m = fill([rect(10, 10, 20, 20)])
        XCTAssertEqual(at(m, 10, 10), 255)
        XCTAssertEqual(at(m, 29, 29), 255)
        XCTAssertEqual(at(m, 9, 10), 0)
        XCTAssertEqual(at(m, 30, 29), 0)
        XCTAssertEqual(total(m), 400, accuracy: 0.01)
    }

    func testSubpixelEdgesGiveTheirArea() {
        let m = fill([rect(10.25, 10.5, 20, 20)])
        XCTAssertEqual(at(m, 10, 20), 191, "three quarters of the column")
        XCTAssertEqual(at(m, 20, 10), 128, "half the row")
        XCTAssertEqual(at(m, 10, 10), 96, "3/4 × 1/2")
        // A triangle: coverage adds up to its area, either winding.
        let tri = [Point(x: 5.3, y: 7.1), Point(x: 51.7, y: 19.9), Point(x: 22.2, y: 48.6)]
        let area =
            abs((tri[1].x - tri[0].x) * (tri[2].y - tri[0].y) - (tri[2].x - tri[0].x) * (tri[1].y - tri[0].y)) / 2
        XCTAssertEqual(total(fill([tri])), area, accuracy: area * 0.01)
        XCTAssertEqual(total(fill([tri.reversed()])), area, accuracy: area * 0.01)
    }

    func testHolesAndUnions() {
        // A hole wound the other way is left empty.
        let holed = fill([rect(10, 10, 30, 30), rect(20, 20, 10, 10, clockwise: false)])
        XCTAssertEqual(at(holed, 25, 25), 0)
        XCTAssertEqual(at(holed, 15, 15), 255)
        XCTAssertEqual(total(holed), 900 - 100, accuracy: 0.01)
        // Overlapping polygons wound alike unite: covered once.
        let union = fill([rect(10, 10, 20, 20), rect(20, 20, 20, 20)])
        XCTAssertEqual(at(union, 25, 25), 255)
        XCTAssertEqual(total(union), 400 + 400 - 100, accuracy: 0.01)
    }

    func testHardEdgesCoverPixelsWhoseCentreIsInside() {
        let mask = CoverageMask(width: 60, height: 60, stride: 60)
        let acc = AreaAccumulator(width: 60, height: 60)
        let r = rect(10.4, 10.6, 20, 20)
        for i in r.indices { acc.addEdge(r[i], r[(i + 1) % r.count], clip: all) }
        acc.resolve(into: mask, clip: all, hard: true)
        XCTAssertEqual(at(mask, 10, 20), 255, "centre 10.5 is inside")
        XCTAssertEqual(at(mask, 30, 20), 0, "centre 30.5 is outside (edge at 30.4)")
        XCTAssertEqual(at(mask, 20, 10), 0, "centre 10.5 is above the edge at 10.6")
        XCTAssertEqual(at(mask, 20, 30), 255)
        // 20 × 20 centres inside; a corner pixel covered less than half may be left out.
        XCTAssertEqual(total(mask), 400, accuracy: 1.01)
    }

    func testSmoothstepOutlineProfile() {
        // MapLibre's fill outline: alpha 1 − smoothstep(0, 1, d).
        let mask = CoverageMask(width: 60, height: 60, stride: 60)
        let pts = [Point(x: 2, y: 20.2), Point(x: 50, y: 20.2)]
        let stroke = CoverageMask.Stroke(edge: 1, ramp: 1, cap: .round, smooth: true)
        pts.withUnsafeBufferPointer { mask.add($0, stroke, mode: .union, clip: all) }
        func expected(_ d: Double) -> Int { Int(((1 - d * d * (3 - 2 * d)) * 255).rounded()) }
        XCTAssertEqual(at(mask, 20, 20), expected(0.3))
        XCTAssertEqual(at(mask, 20, 19), expected(0.7))
        XCTAssertEqual(at(mask, 20, 21), 0, "1.3 away")
    }

    func testClipAndEdgesOutsideTheImage() {
        let clip = CoverageMask.PixelRect(x0: 20, y0: 0, x1: 40, y1: 60)
        let m = fill([rect(10, 10, 40, 10)], clip: clip)
        XCTAssertEqual(at(m, 19, 15), 0)
        XCTAssertEqual(at(m, 20, 15), 255, "the part left of the clip still counts")
        XCTAssertEqual(at(m, 39, 15), 255)
        XCTAssertEqual(at(m, 40, 15), 0)
        XCTAssertEqual(total(m), 200, accuracy: 0.01)
        // A polygon much larger than the image covers all of it; one far away, none.
        XCTAssertEqual(total(fill([rect(-1e6, -1e6, 3e6, 3e6)])), 3600, accuracy: 0.01)
        XCTAssertEqual(total(fill([rect(1e6, 1e6, 30, 30)])), 0)
    }
}
