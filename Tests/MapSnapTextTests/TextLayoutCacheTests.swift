import MapSnapText
import XCTest

/// The layout cache keeps what keeps being asked for and stays bounded when every image brings
/// texts of its own (a batch of thumbnails with a title each).
final class TextLayoutCacheTests: XCTestCase {
    func testRepeatedLabelsStayAndOneOffTextsGo() throws {
        let engine = try TextEngine()
        let cache = engine.layouts
        func layout(_ text: String) -> TextLayout {
            cache.layout(text, size: 12, face: .regular, maxWidth: nil, letterSpacing: 0, engine: engine)
        }
        let street = layout("Market Street")
        XCTAssertTrue(layout("Market Street") === street, "the same text shaped the same way: from the cache")
        for image in 0..<3000 {
            _ = layout("Thumbnail \(image)")
            if image % 100 == 0 { XCTAssertTrue(layout("Market Street") === street, "asked for again: kept") }
            XCTAssertLessThanOrEqual(cache.count, 2 * 512)
        }
        let first = layout("Thumbnail 0")
        XCTAssertEqual(first.width, layout("Thumbnail 0").width)
        XCTAssertGreaterThan(cache.count, 512, "two generations kept")
    }
}
