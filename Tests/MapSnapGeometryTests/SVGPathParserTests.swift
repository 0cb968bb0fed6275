import XCTest

@testable import MapSnapGeometry

final class SVGPathParserTests: XCTestCase {
    // MARK: Helpers

    private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private func parse(_ d: String, file: StaticString = #filePath, line: UInt = #line) -> [PathCommand] {
        do {
            return try SVGPath.parse(d)
        } catch {
            XCTFail("\(d): \(error)", file: file, line: line)
            return []
        }
    }

    private func close(_ a: Point, _ b: Point, _ eps: Double) -> Bool {
        abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps
    }

    private func assertCommands(
        _ d: String, _ expected: [PathCommand], accuracy eps: Double = 1e-9,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let actual = parse(d, file: file, line: line)
        XCTAssertEqual(actual.count, expected.count, "\(d): \(actual)", file: file, line: line)
        for (a, e) in zip(actual, expected) {
            let same: Bool
            switch (a, e) {
            case (.move(let x), .move(let y)), (.line(let x), .line(let y)):
                same = close(x, y, eps)
            case (.curve(let a1, let a2, let a3), .curve(let e1, let e2, let e3)):
                same = close(a1, e1, eps) && close(a2, e2, eps) && close(a3, e3, eps)
            case (.close, .close):
                same = true
            default:
                same = false
            }
            XCTAssertTrue(same, "\(d): got \(a), expected \(e)", file: file, line: line)
        }
    }

    private func assertError(
        _ d: String, _ reason: SVGPathError.Reason, at offset: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let result = try SVGPath.parse(d)
            XCTFail("\(d) parsed to \(result), expected an error", file: file, line: line)
        } catch {
            XCTAssertEqual(error.reason, reason, d, file: file, line: line)
            XCTAssertEqual(error.offset, offset, d, file: file, line: line)
            XCTAssertFalse(error.description.isEmpty, file: file, line: line)
        }
    }

    private func lastPoint(_ cmds: [PathCommand]) -> Point? {
        switch cmds.last {
        case .move(let e)?, .line(let e)?, .curve(_, _, let e)?: e
        default: nil
        }
    }

    private func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(
            x: a * p0.x + b * c1.x + c * c2.x + d * p3.x,
            y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    /// Sample points (ends and midpoints) of every curve, with the curve's start point.
    private func curveSamples(_ cmds: [PathCommand]) -> [Point] {
        var cur = Point.zero
        var out: [Point] = []
        for c in cmds {
            switch c {
            case .move(let e), .line(let e):
                cur = e
            case .curve(let c1, let c2, let e):
                for t in [0.25, 0.5, 0.75, 1.0] { out.append(cubicPoint(cur, c1, c2, e, t)) }
                cur = e
            case .close:
                break
            }
        }
        return out
    }

    // MARK: Basics

    func testEmptyData() {
        assertCommands("", [])
        assertCommands(" \n\t ", [])
    }

    func testMoveLineCloseAbsolute() {
        assertCommands("M10 20 L30 40 Z", [.move(p(10, 20)), .line(p(30, 40)), .close])
    }

    func testMoveLineCloseRelative() {
        assertCommands("m10 20 l5 5 z", [.move(p(10, 20)), .line(p(15, 25)), .close])
        // A relative first moveto is relative to the origin; later ones to the current point.
        assertCommands("m1 1 m2 3", [.move(p(1, 1)), .move(p(3, 4))])
    }

    func testImplicitRepeats() {
        assertCommands("M1 2 3 4 5 6", [.move(p(1, 2)), .line(p(3, 4)), .line(p(5, 6))])
        assertCommands("m1 2 3 4 1 1", [.move(p(1, 2)), .line(p(4, 6)), .line(p(5, 7))])
        assertCommands("M0 0 L1 1 2 2", [.move(p(0, 0)), .line(p(1, 1)), .line(p(2, 2))])
        assertCommands("M0 0 l1 1, 2 2", [.move(p(0, 0)), .line(p(1, 1)), .line(p(3, 3))])
        assertCommands(
            "M0 0 C1 1 2 2 3 3 4 4 5 5 6 6",
            [.move(p(0, 0)), .curve(p(1, 1), p(2, 2), p(3, 3)), .curve(p(4, 4), p(5, 5), p(6, 6))])
    }

    func testHorizontalVertical() {
        assertCommands(
            "M1 2 H5 V7 h-1 v-2",
            [.move(p(1, 2)), .line(p(5, 2)), .line(p(5, 7)), .line(p(4, 7)), .line(p(4, 5))])
        assertCommands("M0 1 H1 2 3", [.move(p(0, 1)), .line(p(1, 1)), .line(p(2, 1)), .line(p(3, 1))])
        assertCommands(
            "M0 1 h1 2 v1 1", [.move(p(0, 1)), .line(p(1, 1)), .line(p(3, 1)), .line(p(3, 2)), .line(p(3, 3))])
    }

    func testCubic() {
        let expected: [PathCommand] = [.move(p(1, 1)), .curve(p(2, 2), p(3, 3), p(4, 5))]
        assertCommands("M1 1 C2 2 3 3 4 5", expected)
        assertCommands("M1 1 c1 1 2 2 3 4", expected)
    }

    func testSmoothCubicReflectsPreviousControlPoint() {
        let expected: [PathCommand] = [
            .move(p(0, 0)), .curve(p(0, 10), p(10, 10), p(10, 0)), .curve(p(10, -10), p(20, -10), p(20, 0)),
        ]
        assertCommands("M0 0 C0 10 10 10 10 0 S20 -10 20 0", expected)
        assertCommands("M0 0 c0 10 10 10 10 0 s10 -10 10 0", expected)
        // S after S reflects the previous S's second control point.
        assertCommands(
            "M0 0 S1 1 2 0 S3 -1 4 0",
            [.move(p(0, 0)), .curve(p(0, 0), p(1, 1), p(2, 0)), .curve(p(3, -1), p(3, -1), p(4, 0))])
    }

    func testSmoothCubicWithoutPreviousCubicUsesCurrentPoint() {
        assertCommands("M5 5 S10 10 20 20", [.move(p(5, 5)), .curve(p(5, 5), p(10, 10), p(20, 20))])
        // A line in between breaks the chain.
        assertCommands(
            "M0 0 C0 1 1 1 1 0 L2 0 S3 1 4 0",
            [.move(p(0, 0)), .curve(p(0, 1), p(1, 1), p(1, 0)), .line(p(2, 0)), .curve(p(2, 0), p(3, 1), p(4, 0))])
    }

    func testQuadraticBecomesCubic() {
        let expected: [PathCommand] = [.move(p(0, 0)), .curve(p(2, 4), p(4, 4), p(6, 0))]
        assertCommands("M0 0 Q3 6 6 0", expected, accuracy: 1e-12)
        assertCommands("M0 0 q3 6 6 0", expected, accuracy: 1e-12)
    }

    func testSmoothQuadraticReflectsPreviousControlPoint() {
        // Second control point is (3,6) mirrored through (6,0) = (9,-6).
        let expected: [PathCommand] = [
            .move(p(0, 0)), .curve(p(2, 4), p(4, 4), p(6, 0)), .curve(p(8, -4), p(10, -4), p(12, 0)),
        ]
        assertCommands("M0 0 Q3 6 6 0 T12 0", expected, accuracy: 1e-12)
        assertCommands("M0 0 q3 6 6 0 t6 0", expected, accuracy: 1e-12)
        // T after T keeps reflecting: (9,-6) through (12,0) = (15,6).
        assertCommands(
            "M0 0 Q3 6 6 0 T12 0 18 0",
            expected + [.curve(p(14, 4), p(16, 4), p(18, 0))], accuracy: 1e-12)
        // T without a preceding quadratic: control point = current point → a straight curve.
        assertCommands("M0 0 T6 0", [.move(p(0, 0)), .curve(p(0, 0), p(2, 0), p(6, 0))], accuracy: 1e-12)
        // A cubic does not count as a quadratic.
        assertCommands(
            "M0 0 C0 3 3 3 3 0 T6 0",
            [.move(p(0, 0)), .curve(p(0, 3), p(3, 3), p(3, 0)), .curve(p(3, 0), p(4, 0), p(6, 0))],
            accuracy: 1e-12)
    }

    // MARK: Numbers and separators

    func testNumberForms() {
        assertCommands("M1.5.5", [.move(p(1.5, 0.5))])
        assertCommands("M-1-2", [.move(p(-1, -2))])
        assertCommands("M1e2-3E-1", [.move(p(100, -0.3))])
        assertCommands("M+.5,-.5e1", [.move(p(0.5, -5))])
        assertCommands("M1.,2.", [.move(p(1, 2))])
        assertCommands("M0.5e+1 .1.2.3", [.move(p(5, 0.1)), .line(p(0.2, 0.3))])
        assertCommands(" M 1 , 2 L 3 ,4\n5\t6 ", [.move(p(1, 2)), .line(p(3, 4)), .line(p(5, 6))])
        assertCommands("M1,2L3,4", [.move(p(1, 2)), .line(p(3, 4))])
    }

    // MARK: Arcs

    func testArcHalfCircleEndsAtEndPointAndPassesTop() {
        // Sweep 1 = positive angle direction = clockwise on a y-down screen: over the top.
        let cmds = parse("M0 0 A10 10 0 0 1 20 0")
        XCTAssertEqual(cmds.count, 3)  // move + two quarter-circle cubics
        if case .curve(_, _, let mid) = cmds[1] {
            XCTAssertEqual(mid.x, 10, accuracy: 1e-9)
            XCTAssertEqual(mid.y, -10, accuracy: 1e-9)
        } else {
            XCTFail("expected a curve, got \(cmds[1])")
        }
        XCTAssertEqual(lastPoint(cmds), p(20, 0))
        for s in curveSamples(cmds) {
            XCTAssertEqual(((s.x - 10) * (s.x - 10) + s.y * s.y).squareRoot(), 10, accuracy: 0.01)
        }
    }

    func testArcThreeQuartersLargeArc() {
        // Centre (0,0): from angle 0 to angle 270° (= (0,-10)) the long way = 3 segments.
        let cmds = parse("M10 0 A10 10 0 1 1 0 -10")
        XCTAssertEqual(cmds.count, 4)
        XCTAssertEqual(lastPoint(cmds), p(0, -10))
        let samples = curveSamples(cmds)
        for s in samples {
            XCTAssertEqual((s.x * s.x + s.y * s.y).squareRoot(), 10, accuracy: 0.01)
        }
        // The long way passes through the bottom (0,10) and the left (-10,0).
        XCTAssertTrue(samples.contains { close($0, p(0, 10), 1e-6) })
        XCTAssertTrue(samples.contains { close($0, p(-10, 0), 1e-6) })
    }

    func testArcSmallArcOtherSweep() {
        // Same endpoints; the candidate centres are (0,0) and (10,-10). Small arc + sweep 1
        // (angle growing 90° → 180°) → a single quarter around (10,-10).
        let cmds = parse("M10 0 A10 10 0 0 1 0 -10")
        XCTAssertEqual(cmds.count, 2)
        for s in curveSamples(cmds) {
            XCTAssertEqual(((s.x - 10) * (s.x - 10) + (s.y + 10) * (s.y + 10)).squareRoot(), 10, accuracy: 0.01)
        }
        // Small arc + sweep 0 (angle shrinking 0° → -90°) → a quarter around (0,0).
        let other = parse("M10 0 A10 10 0 0 0 0 -10")
        XCTAssertEqual(other.count, 2)
        for s in curveSamples(other) {
            XCTAssertEqual((s.x * s.x + s.y * s.y).squareRoot(), 10, accuracy: 0.01)
        }
    }

    func testArcRelativeRotatedEndsAtEndPoint() {
        let cmds = parse("M10 10 a5 3 30 1 0 7 -4")
        XCTAssertEqual(lastPoint(cmds), p(17, 6))
        XCTAssertGreaterThan(cmds.count, 2)
        let cmds2 = parse("M0 0 A8 4 45 0 1 10 2 l1 1")
        XCTAssertEqual(lastPoint(cmds2), p(11, 3))
    }

    func testArcRadiiScaledUpWhenTooSmall() {
        // Radius 1 cannot span 10 units: scaled to a half circle of radius 5 (sweep 0 → below).
        let cmds = parse("M0 0 A1 1 0 0 0 10 0")
        XCTAssertEqual(lastPoint(cmds), p(10, 0))
        if cmds.count == 3, case .curve(_, _, let mid) = cmds[1] {
            XCTAssertEqual(mid.x, 5, accuracy: 1e-9)
            XCTAssertEqual(mid.y, 5, accuracy: 1e-9)
        } else {
            XCTFail("expected two curves, got \(cmds)")
        }
    }

    func testArcDegenerateCases() {
        // Zero radius → straight line.
        assertCommands("M0 0 A0 5 0 0 1 10 10", [.move(p(0, 0)), .line(p(10, 10))])
        // Same end point as start → omitted.
        assertCommands("M3 3 A5 5 0 0 1 3 3", [.move(p(3, 3))])
        // Negative radii use their absolute value.
        XCTAssertEqual(parse("M0 0 A-10 -10 0 0 1 20 0").count, 3)
    }

    func testArcCompactFlags() {
        // Flags need no separators: "0020" = large 0, sweep 0, x 20.
        let cmds = parse("M0 0a10 10 0 0020 0")
        XCTAssertEqual(lastPoint(cmds), p(20, 0))
        let cmds2 = parse("M0 0a10,10,0,1,1,20,0 10 10 0 0 1 -20 0")
        XCTAssertEqual(lastPoint(cmds2), p(0, 0))
    }

    // MARK: Subpaths

    func testDrawingAfterCloseStartsAtSubpathStart() {
        assertCommands(
            "M1 1 L5 1 Z L3 3",
            [.move(p(1, 1)), .line(p(5, 1)), .close, .move(p(1, 1)), .line(p(3, 3))])
        assertCommands(
            "M1 1 L5 1 z m2 2 l1 0",
            [.move(p(1, 1)), .line(p(5, 1)), .close, .move(p(3, 3)), .line(p(4, 3))])
        assertCommands("M1 1 L2 2 ZZ", [.move(p(1, 1)), .line(p(2, 2)), .close])
    }

    // MARK: Errors

    func testErrors() {
        assertError("L1 2", .missingMoveTo, at: 0)
        assertError("  x", .unexpectedCharacter("x"), at: 2)
        assertError("M", .unexpectedEnd, at: 1)
        assertError("M1 2 L3", .unexpectedEnd, at: 7)
        assertError("M1 2 X3 4", .unexpectedCharacter("X"), at: 5)
        assertError("M1,2,L3 4", .expectedNumber, at: 5)
        assertError("M1 2 L3 4,", .unexpectedEnd, at: 10)
        assertError("M1 2 L- 3", .expectedNumber, at: 6)
        assertError("M1 2 L-", .unexpectedEnd, at: 7)
        assertError("M1 2 A1 1 0 2 0 3 3", .expectedFlag, at: 12)
        assertError("M1 2 A1 1 0 1", .unexpectedEnd, at: 13)
        assertError("M1 2 Z 3", .unexpectedCharacter("3"), at: 7)
        assertError("M1e999 0", .numberOutOfRange, at: 1)
        assertError("M1e 2", .expectedNumber, at: 2)
        assertError("M,1 2", .unexpectedCharacter(","), at: 1)
        assertError("M1 2 C1 2 3 4 5", .unexpectedEnd, at: 15)
    }
}
