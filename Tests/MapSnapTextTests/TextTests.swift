import XCTest

@testable import MapSnapText

/// Text is shaped by Pango/HarfBuzz in the bundled fonts, in any script they cover.
final class TextTests: XCTestCase {
    func testBundledFontsAreFound() throws {
        let dir = try XCTUnwrap(FontLibrary.directory)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("NotoSans-Regular.ttf").path))
    }

    func testScriptsHaveNoMissingGlyphs() throws {
        let engine = try TextEngine()
        let samples = [
            "Paradise Falls Trail", "Ελληνικά", "Москва", "القاهرة", "ירושלים", "नई दिल्ली", "กรุงเทพ", "თბილისი",
            "Երևան", "東京", "北京市", "서울", "Zürich — Ærøskøbing",
        ]
        for s in samples {
            for bold in [false, true] {
                let t = engine.layout(s, size: 12, face: bold ? .bold : .regular)
                XCTAssertEqual(t.unknownGlyphs, 0, "\(s) has characters no bundled font draws")
                XCTAssertGreaterThan(t.width, 10, s)
            }
        }
    }

    /// Arrows and map symbols in titles draw (Noto Sans Symbols and Symbols 2 are bundled);
    /// a character no bundled font has is counted, so the renderer can say so.
    func testArrowsAndSymbolsHaveGlyphs() throws {
        let engine = try TextEngine()
        for bold in [false, true] {
            XCTAssertEqual(
                engine.layout("Vršič → Mojstrovka ↑ ↓ ← ⛰ 🏔 ★ ☀", size: 15, face: bold ? .bold : .regular)
                    .unknownGlyphs, 0)
        }
        // A private-use character no bundled font has is still counted.
        XCTAssertEqual(engine.layout("boots \u{F8FF}", size: 15, face: .bold).unknownGlyphs, 1)
    }

    /// Emoji in titles draw, in the bundled monochrome Noto Emoji, with outlines (so they get a
    /// halo like the letters around them), at both weights; a zero-width-joiner sequence is one glyph.
    func testEmojiHaveGlyphs() throws {
        let engine = try TextEngine()
        for bold in [false, true] {
            for text in ["Sutro hike 🥾", "🏔 ⛺ 🚲 🌲 📍 🚻 🅿️ ☕", "🧗‍♀️ climb", "🇸🇮 Slovenia"] {
                let t = engine.layout(text, size: 15, face: bold ? .bold : .regular)
                XCTAssertEqual(t.unknownGlyphs, 0, "\(text), bold: \(bold)")
            }
            let boot = engine.layout("🥾", size: 20, face: bold ? .bold : .regular)
            XCTAssertEqual(boot.lineGlyphs.count, 1)
            XCTAssertGreaterThan(boot.ink.width, 10, "the boot is drawn, not an empty advance")
            XCTAssertGreaterThan(boot.ink.height, 10)
            // A zero-width-joiner sequence is one picture (the climber; the ♀ and the variation
            // selector are not set apart in another face).
            let climber = engine.layout("🧗", size: 20, face: bold ? .bold : .regular).width
            XCTAssertEqual(engine.layout("🧗‍♀️", size: 20, face: bold ? .bold : .regular).width, climber, accuracy: 0.01)
        }
    }

    /// Symbols that are text by default keep their text faces (Noto Emoji is the last resort),
    /// and a space between two emoji is a text space, not the emoji face's em and a quarter.
    func testEmojiFaceIsTheLastResortAndSpacesStayNarrow() throws {
        let engine = try TextEngine()
        let space =
            engine.layout("a b", size: 20, face: .regular).width - engine.layout("ab", size: 20, face: .regular).width
        XCTAssertEqual(space, 5.2, accuracy: 0.1, "Noto Sans's space at 20 pt")
        for pair in ["↩ ↪", "🥾 🥾", "⛰ ☀", "☕ ☕"] {
            let scalars = Array(pair.unicodeScalars)
            let one = engine.layout(String(scalars[0]), size: 20, face: .regular).width
            let two = engine.layout(String(scalars[2]), size: 20, face: .regular).width
            let both = engine.layout(pair, size: 20, face: .regular).width
            XCTAssertEqual(both - one - two, space, accuracy: 0.1, "the space in \(pair)")
        }
        // ⛰ and ☀ from Noto Sans Symbols (2), as before the emoji face came, in bold text too
        // (Symbols 2 has no bold): narrower than an emoji. With a variation selector, emoji.
        for bold in [false, true] {
            let emojiWidth = engine.layout("🥾", size: 20, face: bold ? .bold : .regular).width
            for symbol in ["⛰", "☀", "↔", "★", "♀"] {
                XCTAssertLessThan(
                    engine.layout(symbol, size: 20, face: bold ? .bold : .regular).width, emojiWidth - 2, symbol)
            }
            XCTAssertEqual(
                engine.layout("☀\u{FE0F}", size: 20, face: bold ? .bold : .regular).width, emojiWidth, accuracy: 0.01)
        }
    }

    func testArabicIsShapedNotJustMapped() throws {
        // Joined Arabic letters are narrower than the same letters isolated: HarfBuzz is shaping.
        let engine = try TextEngine()
        let joined = engine.layout("سلام", size: 20, face: .regular).width
        let isolated = engine.layout("س ل ا م", size: 20, face: .regular).width
        XCTAssertLessThan(joined, isolated)
    }

    func testMetricsDoNotDependOnTheMachine() throws {
        // Same engine, same text: same size; two engines agree too (private font set).
        let a = try TextEngine().layout("Nemo Reef Coastal Path", size: 11, face: .bold)
        let b = try TextEngine().layout("Nemo Reef Coastal Path", size: 11, face: .bold)
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        XCTAssertEqual(a.width, 128, accuracy: 12, "Noto Sans Bold 11 pt, not some other font")
    }
}

extension TextTests {
    /// Sizes, spacings and widths no style should give, and that trapped in Pango's fixed-point
    /// conversion (issue 11: "Double value cannot be converted to Int32"), lay out bounded.
    func testHugeAndNonFiniteSizesAreBounded() throws {
        let engine = try TextEngine()
        for (size, spacing, width) in [
            (1e12, 0.0, 100.0), (12, 1e15, 100), (12, -1e15, 100), (12, 0, 1e300), (.nan, .nan, .nan),
            (.infinity, -.infinity, .infinity),
        ] {
            let t = engine.layout("Huge label", size: size, face: .bold, maxWidth: width, letterSpacing: spacing)
            XCTAssertTrue(t.width.isFinite && t.height.isFinite, "\(size) \(spacing) \(width)")
            XCTAssertLessThan(t.height, 3 * TextEngine.largestSize)
        }
    }
}
