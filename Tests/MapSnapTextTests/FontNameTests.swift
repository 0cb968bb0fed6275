import XCTest

@testable import MapSnapText

/// Font names of `text-font` stacks, read as glyph servers name faces: the family, then the
/// weight, style and width words.
final class FontNameTests: XCTestCase {
    /// Names from community styles (positron, maptiler-basic, OSM Bright, Klokantech's and
    /// MapTiler's styles, OpenMapTiles' and Protomaps' fonts) and what they ask for.
    func testNamesOfCommunityStyles() {
        let table: [(String, String, Int, FontFace.Style, FontFace.Stretch)] = [
            ("Noto Sans Regular", "Noto Sans", 400, .normal, .normal),
            ("Noto Sans Bold", "Noto Sans", 700, .normal, .normal),
            ("Noto Sans Italic", "Noto Sans", 400, .italic, .normal),
            ("Noto Sans Bold Italic", "Noto Sans", 700, .italic, .normal),
            ("Metropolis Regular", "Metropolis", 400, .normal, .normal),
            ("Metropolis Light", "Metropolis", 300, .normal, .normal),
            ("Metropolis Light Italic", "Metropolis", 300, .italic, .normal),
            ("Metropolis Medium Italic", "Metropolis", 500, .italic, .normal),
            ("Metropolis Black Italic", "Metropolis", 900, .italic, .normal),
            ("Open Sans Semibold", "Open Sans", 600, .normal, .normal),
            ("Open Sans Bold Italic", "Open Sans", 700, .italic, .normal),
            ("Open Sans Extra Bold", "Open Sans", 800, .normal, .normal),
            ("Roboto Medium", "Roboto", 500, .normal, .normal),
            ("Roboto Condensed Italic", "Roboto", 400, .italic, .condensed),
            ("Roboto Thin", "Roboto", 100, .normal, .normal),
            ("Klokantech Noto Sans Bold", "Klokantech Noto Sans", 700, .normal, .normal),
            ("Klokantech Noto Sans CJK Regular", "Klokantech Noto Sans CJK", 400, .normal, .normal),
            ("DIN Offc Pro Medium", "DIN Offc Pro", 500, .normal, .normal),
            ("DIN Pro Semi Bold", "DIN Pro", 600, .normal, .normal),
            ("Frutiger Neue Condensed Light", "Frutiger Neue", 300, .normal, .condensed),
            ("PT Sans Narrow Bold", "PT Sans", 700, .normal, .condensed),
            ("Source Sans Pro ExtraLight", "Source Sans Pro", 200, .normal, .normal),
            ("Arial Unicode MS Regular", "Arial Unicode MS", 400, .normal, .normal),
            ("Arial Unicode MS Bold", "Arial Unicode MS", 700, .normal, .normal),
            ("Noto Sans SemiCondensed SemiBold", "Noto Sans", 600, .normal, .semiCondensed),
            ("Fira Sans Ultra Condensed Heavy", "Fira Sans", 900, .normal, .ultraCondensed),
            ("Lato Hairline Oblique", "Lato", 100, .oblique, .normal),
            ("Helvetica Neue Roman", "Helvetica Neue", 400, .normal, .normal),
        ]
        for (name, family, weight, style, stretch) in table {
            XCTAssertEqual(
                FontName.face(name), FontFace(family: family, weight: weight, style: style, stretch: stretch), name)
        }
    }

    /// Words run together, any case, and spaces in odd places read as the spaced words.
    func testRunTogetherWordsAndCase() {
        XCTAssertEqual(FontName.face("Roboto BoldItalic"), FontFace(family: "Roboto", weight: 700, style: .italic))
        XCTAssertEqual(
            FontName.face("Noto Sans SemiCondensedLightItalic"),
            FontFace(family: "Noto Sans", weight: 300, style: .italic, stretch: .semiCondensed))
        XCTAssertEqual(FontName.face("open sans BOLD"), FontFace(family: "open sans", weight: 700))
        XCTAssertEqual(FontName.face("  Open  Sans   Medium "), FontFace(family: "Open Sans", weight: 500))
    }

    /// Reading stops at a word that is no style word, or at a second word of a kind: the rest
    /// is the family. The first word is always the family's.
    func testWhereTheFamilyEnds() {
        XCTAssertEqual(FontName.face("Arial Black Bold"), FontFace(family: "Arial Black", weight: 700))
        XCTAssertEqual(FontName.face("Bold"), FontFace(family: "Bold"))
        XCTAssertEqual(FontName.face("Black Italic"), FontFace(family: "Black", style: .italic))
        XCTAssertEqual(FontName.face("Noto Sans Boldish"), FontFace(family: "Noto Sans Boldish"))
        XCTAssertEqual(FontName.face("Italic Bold Sans"), FontFace(family: "Italic Bold Sans"))
        XCTAssertEqual(FontName.face(""), FontFace(family: ""))
        XCTAssertEqual(FontName.face("Semi"), FontFace(family: "Semi"))
        XCTAssertEqual(FontName.face("Open Sans Semi"), FontFace(family: "Open Sans Semi"))
    }

    /// Every reading, the whole name as a family first: a family whose name ends in a style
    /// word is found by that name.
    func testReadingsLongestFamilyFirst() {
        XCTAssertEqual(
            FontName.readings("Roboto Condensed Bold Italic"),
            [
                FontFace(family: "Roboto Condensed Bold Italic"),
                FontFace(family: "Roboto Condensed Bold", style: .italic),
                FontFace(family: "Roboto Condensed", weight: 700, style: .italic),
                FontFace(family: "Roboto", weight: 700, style: .italic, stretch: .condensed),
            ])
        XCTAssertEqual(FontName.readings("Noto Sans"), [FontFace(family: "Noto Sans")])
    }

    func testFamilyKeysIgnoreCaseAndSpaces() {
        XCTAssertEqual(FontFace.key("Noto Sans"), FontFace.key("NotoSans"))
        XCTAssertEqual(FontFace.key("noto-sans"), "notosans")
        XCTAssertNotEqual(FontFace.key("Noto Sans"), FontFace.key("Noto Serif"))
    }
}
