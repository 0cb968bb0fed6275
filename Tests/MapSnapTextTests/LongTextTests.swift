import Foundation
import XCTest

@testable import MapSnapText

/// A label is laid out with at most `TextEngine.longestText` characters: a name of a million
/// characters (found by a probe: it took minutes) is cut, with an ellipsis, and laid out at once.
final class LongTextTests: XCTestCase {
    func testLongTextIsCutWithAnEllipsis() {
        let limit = TextEngine.longestText
        let exact = String(repeating: "é", count: limit)
        XCTAssertEqual(TextEngine.shortened(exact), exact)
        XCTAssertEqual(TextEngine.shortened(exact + "x"), exact + "…")
        // Grapheme clusters are characters: a flag is one, and is never split.
        let flags = String(repeating: "🇸🇮", count: limit + 5)
        XCTAssertEqual(TextEngine.shortened(flags), String(repeating: "🇸🇮", count: limit) + "…")
    }

    func testAMillionCharacterLabelIsLaidOutAtOnce() throws {
        let engine = try TextEngine()
        let start = Date()
        let layout = engine.layout(String(repeating: "Trail ", count: 200_000), size: 12, face: .regular, maxWidth: 120)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertGreaterThan(layout.lineGlyphs.count, 0)
    }
}
