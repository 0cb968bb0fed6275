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
                let t = engine.layout(s, size: 12, bold: bold)
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
            XCTAssertEqual(engine.layout("Vršič → Mojstrovka ↑ ↓ ← ⛰ 🏔 ★ ☀", size: 15, bold: bold).unknownGlyphs, 0)
        }
        XCTAssertEqual(engine.layout("boots 🥾", size: 15, bold: true).unknownGlyphs, 1, "no emoji font (yet)")
    }

    func testArabicIsShapedNotJustMapped() throws {
        // Joined Arabic letters are narrower than the same letters isolated: HarfBuzz is shaping.
        let engine = try TextEngine()
        let joined = engine.layout("سلام", size: 20, bold: false).width
        let isolated = engine.layout("س ل ا م", size: 20, bold: false).width
        XCTAssertLessThan(joined, isolated)
    }

    func testMetricsDoNotDependOnTheMachine() throws {
        // Same engine, same text: same size; two engines agree too (private font set).
        let a = try TextEngine().layout("Nemo Reef Coastal Path", size: 11, bold: true)
        let b = try TextEngine().layout("Nemo Reef Coastal Path", size: 11, bold: true)
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        XCTAssertEqual(a.width, 128, accuracy: 12, "Noto Sans Bold 11 pt, not some other font")
    }
}
