import MapSnapGeometry
import XCTest

@testable import MapSnapText

/// Labels wrap as MapLibre wraps `text-max-width`: only where a line may break (spaces, after a
/// hyphen, between ideographs), never inside a word and never with an added hyphen, into lines
/// of balanced widths; a word wider than the maximum stays whole.
final class WrappingTests: XCTestCase {
    func lines(_ text: String, maxWidth: Double, size: Double = 12, engine: TextEngine) -> [String] {
        engine.layout(text, size: size, face: .bold, maxWidth: maxWidth, letterSpacing: 0.2 * size).lines.map(\.text)
    }

    /// "TENDERLOIN" at a max width narrower than the word: one line, the word whole, no hyphen
    /// (Pango's word-or-char wrapping made "TENDERLOI-" / "N").
    func testALongWordStaysWholeOnOneLine() throws {
        let engine = try TextEngine()
        for word in ["TENDERLOIN", "Donaudampfschifffahrt", "Llanfairpwllgwyngyll"] {
            let narrow = engine.layout(word, size: 12, face: .bold, maxWidth: 30, letterSpacing: 2.4)
            XCTAssertEqual(narrow.lines.map(\.text), [word])
            XCTAssertFalse(narrow.lines.contains { $0.text.contains("-") || $0.text.contains("\u{2010}") })
            XCTAssertGreaterThan(narrow.width, 30, "wider than the maximum, as in MapLibre")
            let oneLine = engine.layout(word, size: 12, face: .bold, letterSpacing: 2.4)
            XCTAssertEqual(narrow.width, oneLine.width, accuracy: 1e-9)
            XCTAssertEqual(narrow.height, oneLine.height, accuracy: 1e-9)
        }
    }

    /// Words wider than the maximum each get a line of their own, whole.
    func testLinesBreakOnlyBetweenWords() throws {
        let engine = try TextEngine()
        XCTAssertEqual(lines("TENDERLOIN HEIGHTS", maxWidth: 40, engine: engine), ["TENDERLOIN", "HEIGHTS"])
        XCTAssertEqual(lines("WESTERN ADDITION", maxWidth: 60, engine: engine), ["WESTERN", "ADDITION"])
        for text in ["Golden Gate National Recreation Area", "Monsters Inc Mountain Loop Trailhead"] {
            for maxWidth in stride(from: 20.0, through: 200, by: 10) {
                let got = lines(text, maxWidth: maxWidth, engine: engine)
                XCTAssertEqual(got.joined(separator: " "), text, "only spaces became breaks, at \(maxWidth)")
                XCTAssertEqual(
                    Set(got.flatMap { $0.split(separator: " ") }).count, Set(text.split(separator: " ")).count)
            }
        }
    }

    /// Balanced, as MapLibre: two lines of about equal width rather than a full one and a short one.
    func testLinesAreBalanced() throws {
        let engine = try TextEngine()
        // Greedy filling would give "LOWER NOB" / "HILL" at this width.
        let width = engine.layout("LOWER NOB", size: 12, face: .bold, letterSpacing: 2.4).width + 1
        XCTAssertEqual(lines("LOWER NOB HILL", maxWidth: width, engine: engine), ["LOWER", "NOB HILL"])
        // Two lines (the text is 1.7 times the maximum), split in the middle.
        let total = engine.layout("Mission Bay South Park", size: 12, face: .bold, letterSpacing: 2.4).width
        XCTAssertEqual(
            lines("Mission Bay South Park", maxWidth: total / 1.7, engine: engine), ["Mission Bay", "South Park"])
    }

    /// A text that fits is one line; a newline always breaks.
    func testFittingTextIsOneLineAndNewlinesBreak() throws {
        let engine = try TextEngine()
        XCTAssertEqual(lines("Nob Hill", maxWidth: 200, engine: engine), ["Nob Hill"])
        XCTAssertEqual(lines("Nob\nHill", maxWidth: 200, engine: engine), ["Nob", "Hill"])
    }

    /// A hyphen in the text is a place to break (after it, the hyphen kept); none is added.
    func testBreaksAfterAHyphenInTheText() throws {
        let engine = try TextEngine()
        let got = lines("Haight-Ashbury", maxWidth: 50, engine: engine)
        XCTAssertEqual(got, ["Haight-", "Ashbury"])
    }

    /// Chinese and Japanese have no spaces: lines break between ideographs, balanced.
    func testIdeographsBreakBetweenCharacters() throws {
        let engine = try TextEngine()
        let total = engine.layout("中华人民共和国国务院", size: 12, face: .bold, letterSpacing: 2.4).width
        let got = lines("中华人民共和国国务院", maxWidth: total * 0.6, engine: engine)
        XCTAssertEqual(got.joined(), "中华人民共和国国务院")
        XCTAssertEqual(got.count, 2)
        XCTAssertEqual(got.map(\.count), [5, 5])
    }

    /// The lines line up left, centred or right (`text-justify`) within the widest one.
    func testJustifyLinesUpTheLines() throws {
        let engine = try TextEngine()
        func boxes(_ j: TextEngine.Justify) -> [(text: String, box: Rect)] {
            engine.layout("A WWWWWWWW", size: 12, face: .bold, maxWidth: 40, justify: j).lines.map { ($0.text, $0.box) }
        }
        let left = boxes(.left)
        let center = boxes(.center)
        let right = boxes(.right)
        XCTAssertEqual(left.map(\.text), ["A", "WWWWWWWW"])
        XCTAssertEqual(left[0].box.minX, 0, accuracy: 0.01)
        XCTAssertEqual(left[1].box.minX, 0, accuracy: 0.01)
        XCTAssertEqual(center[0].box.midX, center[1].box.midX, accuracy: 0.01)
        XCTAssertEqual(right[0].box.maxX, right[1].box.maxX, accuracy: 0.01)
        XCTAssertGreaterThan(right[0].box.minX, 20)
    }
}
