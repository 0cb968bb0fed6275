import XCTest

@testable import MapSnapText

/// Letters sit at their unhinted, fractional places: a label at 1x is the same shape as at 2x
/// or at any size, with no letter pushed a whole pixel off its neighbours ("WESTER N").
final class LetterSpacingTests: XCTestCase {
    /// The advances of a text at 11 pt are its advances at 1100 pt scaled down: nothing rounds
    /// a letter to whole points (at 1x, whole pixels).
    func testAdvancesScaleWithTheSizeUnrounded() throws {
        let engine = try TextEngine()
        for bold in [false, true] {
            for text in ["WESTERN ADDITION", "Tenderloin", "WEST SOMA", "Haight-Ashbury"] {
                let small = engine.layout(text, size: 11, face: bold ? .bold : .regular).lineGlyphs
                let large = engine.layout(text, size: 1100, face: bold ? .bold : .regular).lineGlyphs
                XCTAssertEqual(small.count, large.count, text)
                for (s, l) in zip(small, large) {
                    // One Pango unit (1/1024 pt) of slack per glyph for the units' own rounding.
                    XCTAssertEqual(s.advance, l.advance / 100, accuracy: 1.0 / 1024, "\(text), bold: \(bold)")
                    XCTAssertEqual(s.center, l.center / 100, accuracy: Double(small.count) / 1024, text)
                }
            }
        }
    }

    /// The width of a label grows in proportion to its size, so a 1x label is the 2x label at
    /// half the pixels (the renderer lays out in points whatever the scale).
    func testWidthIsProportionalToTheSize() throws {
        let engine = try TextEngine()
        let reference = engine.layout("WESTERN ADDITION", size: 1000, face: .bold).width / 1000
        for size in stride(from: 9.0, through: 16.0, by: 0.25) {
            let w = engine.layout("WESTERN ADDITION", size: size, face: .bold).width
            XCTAssertEqual(w / size, reference, accuracy: 0.002, "at \(size) pt")
        }
    }

    /// Letter spacing (`text-letter-spacing`) goes between every two letters exactly,
    /// unrounded: the text grows by it once per gap, as in MapLibre (half of it at each end of
    /// the text is trimmed, so the middle letters' advances grow by all of it).
    func testLetterSpacingIsAddedExactly() throws {
        let engine = try TextEngine()
        let plain = engine.layout("ADDITION", size: 10, face: .bold)
        let spaced = engine.layout("ADDITION", size: 10, face: .bold, letterSpacing: 1.3)
        XCTAssertEqual(spaced.width - plain.width, 1.3 * 7, accuracy: 8.0 / 1024)
        let (p, s) = (plain.lineGlyphs, spaced.lineGlyphs)
        XCTAssertEqual(p.count, 8)
        XCTAssertEqual(s.count, 8)
        for i in 1..<7 { XCTAssertEqual(s[i].advance - p[i].advance, 1.3, accuracy: 2.0 / 1024) }
    }
}
