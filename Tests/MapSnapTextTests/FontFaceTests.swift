import MapSnapTestSupport
import XCTest

@testable import MapSnapText

/// A `text-font` stack picks a loaded family by name and a face by weight and style: the bundled
/// Noto Sans in Light, Regular, Medium and Bold, upright and italic; a user's fonts first.
final class FontFaceTests: XCTestCase {
    private static let sample = "Hamburger Straße 12"

    private func width(_ engine: TextEngine, _ fonts: [String], _ text: String = sample) -> Double {
        engine.layout(text, size: 16, face: engine.face(for: fonts)).width
    }

    /// The first name whose family is loaded wins, with its own weight and style; without one,
    /// Noto Sans with the first name's.
    func testStacksResolveToLoadedFamilies() throws {
        let engine = try TextEngine()
        let cases: [([String], FontFace)] = [
            (["Noto Sans Regular"], .regular),
            (["Noto Sans Bold"], .bold),
            (["Metropolis Medium Italic", "Noto Sans Italic"], FontFace(family: "Noto Sans", style: .italic)),
            (["Metropolis Light", "Noto Sans Regular"], .regular),
            (["Open Sans Semibold", "Arial Unicode MS Bold"], FontFace(family: "Noto Sans", weight: 600)),
            (["Roboto Medium"], FontFace(family: "Noto Sans", weight: 500)),
            (["Klokantech Noto Sans Bold"], .bold),
            (["Noto Sans Condensed Bold"], FontFace(family: "Noto Sans", weight: 700, stretch: .condensed)),
            // "Noto Sans Medium" and "Noto Sans Light" are family names of those faces too (the
            // names of their files' legacy family): the longest family that fits is taken.
            (["Noto Sans Medium"], FontFace(family: "Noto Sans Medium")),
            (["noto sans light italic"], FontFace(family: "Noto Sans Light", style: .italic)),
            ([], .regular),
        ]
        for (stack, face) in cases {
            XCTAssertEqual(engine.face(for: stack), face, "\(stack)")
            XCTAssertEqual(engine.face(for: stack), face, "\(stack), from the memo")
        }
    }

    /// The weights and styles are different faces: widths grow with the weight, italic is its
    /// own face, and a weight between two faces gets the nearer one (600 → Bold, 430 → Regular).
    func testWeightsAndStylesAreDifferentFaces() throws {
        let engine = try TextEngine()
        let light = width(engine, ["Noto Sans Light"])
        let regular = width(engine, ["Noto Sans Regular"])
        let medium = width(engine, ["Noto Sans Medium"])
        let bold = width(engine, ["Noto Sans Bold"])
        XCTAssertLessThan(light, regular - 0.5)
        XCTAssertLessThan(regular, medium - 0.5)
        XCTAssertLessThan(medium, bold - 0.5)
        XCTAssertEqual(width(engine, ["Open Sans Semibold"]), bold, accuracy: 1e-9)
        XCTAssertEqual(width(engine, ["Noto Sans Black"]), bold, accuracy: 1e-9)
        XCTAssertEqual(
            engine.layout(Self.sample, size: 16, face: FontFace(family: "Noto Sans", weight: 430)).width, regular)
        XCTAssertEqual(width(engine, ["Noto Sans Thin"]), light, accuracy: 1e-9)
        let italic = width(engine, ["Noto Sans Italic"])
        let boldItalic = width(engine, ["Noto Sans Bold Italic"])
        XCTAssertGreaterThan(abs(italic - regular), 0.5)
        XCTAssertGreaterThan(abs(boldItalic - bold), 0.5)
        XCTAssertGreaterThan(abs(width(engine, ["Noto Sans Medium Italic"]) - italic), 0.5)
        XCTAssertGreaterThan(abs(width(engine, ["Noto Sans Light Italic"]) - italic), 0.5)
        // Oblique asks for a slanted face: the italic one.
        XCTAssertEqual(width(engine, ["Noto Sans Oblique"]), italic, accuracy: 1e-9)
    }

    /// Every bundled face still falls back to the script faces: no box in any script.
    func testScriptFallbacksInEveryFace() throws {
        let engine = try TextEngine()
        let samples = ["Ελληνικά Москва", "القاهرة", "ירושלים", "नई दिल्ली", "กรุงเทพ", "თბილისი Երևան", "東京 서울", "⛰ ★ ↑"]
        for stack in [
            ["Noto Sans Italic"], ["Noto Sans Medium"], ["Noto Sans Light Italic"], ["Noto Sans Bold Italic"],
        ] {
            for s in samples {
                let t = engine.layout(s, size: 14, face: engine.face(for: stack))
                XCTAssertEqual(t.unknownGlyphs, 0, "\(s) in \(stack)")
                XCTAssertGreaterThan(t.width, 10, "\(s) in \(stack)")
            }
        }
    }

    /// A user's font is matched by its family name before Noto Sans; what it lacks (here all
    /// but ASCII) comes from the bundled faces. Another engine does not see it.
    func testAUsersFontByFamily() throws {
        let fonts = try FontLibrary.userFonts(in: TestPaths.fontFixtures.path)
        XCTAssertEqual(fonts.map { URL(fileURLWithPath: $0).lastPathComponent }, ["NotoSerif-Regular-ASCII.ttf"])
        let engine = try TextEngine(userFonts: fonts)
        let plain = try TextEngine()
        XCTAssertEqual(engine.face(for: ["Noto Serif Regular", "Noto Sans Regular"]), FontFace(family: "Noto Serif"))
        XCTAssertEqual(
            engine.face(for: ["Metropolis Bold", "Noto Serif Bold"]), FontFace(family: "Noto Serif", weight: 700))
        XCTAssertEqual(plain.face(for: ["Noto Serif Regular"]), .regular)
        let serif = width(engine, ["Noto Serif Regular"])
        XCTAssertGreaterThan(abs(serif - width(plain, ["Noto Serif Regular"])), 1)
        XCTAssertEqual(width(plain, ["Noto Serif Regular"]), width(plain, ["Noto Sans Regular"]))
        // The Noto Sans stacks are as without the user's font.
        XCTAssertEqual(width(engine, ["Noto Sans Bold"]), width(plain, ["Noto Sans Bold"]))
        // Beyond ASCII, the bundled faces: no box.
        XCTAssertEqual(
            engine.layout("Straße Москва 東京", size: 14, face: engine.face(for: ["Noto Serif Regular"])).unknownGlyphs, 0
        )
    }

    /// A folder that is not there, not a folder or without fonts, and a file that is no font,
    /// are errors naming the path.
    func testBadFontFoldersAndFiles() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let missing = tmp.appendingPathComponent("nowhere").path
        XCTAssertThrowsError(try FontLibrary.userFonts(in: missing)) {
            XCTAssertEqual($0 as? TextError, .fontFolder(path: missing, reason: "no such folder"))
        }
        XCTAssertThrowsError(try FontLibrary.userFonts(in: tmp.path)) {
            XCTAssertEqual(
                $0 as? TextError, .fontFolder(path: tmp.path, reason: "no .ttf, .otf or .ttc file in the folder"))
        }
        let junk = tmp.appendingPathComponent("Broken.TTF")
        try Data("not a font".utf8).write(to: junk)
        try Data("notes".utf8).write(to: tmp.appendingPathComponent("README.txt"))
        XCTAssertThrowsError(try FontLibrary.userFonts(in: junk.path)) {
            XCTAssertEqual($0 as? TextError, .fontFolder(path: junk.path, reason: "not a folder"))
        }
        let files = try FontLibrary.userFonts(in: tmp.path)
        XCTAssertEqual(files, [junk.path])
        XCTAssertThrowsError(try TextEngine(userFonts: files)) {
            XCTAssertEqual(
                $0 as? TextError,
                .fontFile(path: junk.path, reason: "fontconfig cannot load it as a TrueType or OpenType font"))
            XCTAssertTrue("\($0)".hasPrefix(junk.path), "\($0)")
        }
    }
}
