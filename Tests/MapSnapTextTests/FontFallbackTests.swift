import CPangoCairo
import MapSnapTestSupport
import XCTest

@testable import MapSnapText

/// The fallback faces wait until a text or a face needs them: the layouts are those of an
/// engine that loaded them up front.
final class FontFallbackTests: XCTestCase {
    /// The table of the fallback faces' families is what fontconfig reads from the files.
    func testFallbackTableMatchesTheFontFiles() throws {
        let dir = try XCTUnwrap(FontLibrary.directory)
        XCTAssertEqual(FontLibrary.fallbackFiles(in: dir), FontLibrary.fallbackFamilies.map(\.file))
        XCTAssertTrue(FontLibrary.fallbacksMayWait)
        let all = try FontLibrary.makeConfig()
        defer { FcConfigDestroy(all) }
        let primaries = try FontLibrary.makeConfig(fallbacks: false)
        defer { FcConfigDestroy(primaries) }
        XCTAssertEqual(
            FontLibrary.families(in: primaries, adding: FontLibrary.fallbackFamilies), FontLibrary.families(in: all))
    }

    /// Latin text leaves them waiting; every layout, before and after they come, matches.
    func testLayoutsMatchAnEngineWithEveryFaceLoaded() throws {
        let lazy = try TextEngine()
        let eager = try TextEngine(fallbacksUpFront: true)
        // The first three are all in Noto Sans Regular; ★ ✓ ♥ are not.
        let texts = [
            "Hamburger Straße 12", "Mission St\n24th St", "0123456789 # * © ® ™ ‼ … – “q”", "½ € £ ¥ ← → ★ ✓ ♥",
            "🥾 Hike", "1️⃣", "👩‍👩‍👧", "☀️ ⛰ ↔", "東京", "مرحبا", "שלום", "नमस्ते", "ไทย", "Ελλάδα Москва",
            "Hamburger Straße 12",
        ]
        let stacks = [["Noto Sans Regular"], ["Noto Sans Bold Italic"], ["Noto Sans Light"], ["Open Sans Semibold"]]
        for (i, text) in texts.enumerated() {
            if i == 0 { XCTAssertFalse(lazy.fallbacksLoaded) }
            for fonts in stacks {
                let a = lazy.layout(text, size: 14, face: lazy.face(for: fonts), maxWidth: 60)
                let b = eager.layout(text, size: 14, face: eager.face(for: fonts), maxWidth: 60)
                XCTAssertEqual(a.size, b.size, "\(text) \(fonts)")
                XCTAssertEqual(a.ink, b.ink, "\(text) \(fonts)")
                XCTAssertEqual(a.unknownGlyphs, b.unknownGlyphs, "\(text) \(fonts)")
                XCTAssertEqual(a.lineGlyphs.map(\.center), b.lineGlyphs.map(\.center), "\(text) \(fonts)")
            }
            if i < 3 { XCTAssertFalse(lazy.fallbacksLoaded, text) }
        }
        XCTAssertTrue(lazy.fallbacksLoaded)
    }

    /// A style naming a fallback face's family gets it, and the faces come with it.
    func testAFallbackFamilyLoadsTheFaces() throws {
        let lazy = try TextEngine()
        let face = lazy.face(for: ["Noto Sans Arabic Bold"])
        XCTAssertEqual(face.family, "Noto Sans Arabic")
        let eager = try TextEngine(fallbacksUpFront: true)
        XCTAssertEqual(eager.face(for: ["Noto Sans Arabic Bold"]), face)
        let a = lazy.layout("Cairo القاهرة", size: 14, face: face)
        XCTAssertTrue(lazy.fallbacksLoaded)
        XCTAssertEqual(a.ink, eager.layout("Cairo القاهرة", size: 14, face: face).ink)
    }
}
