import MapSnapStyle
import Testing

/// Table-driven colour parsing (Swift Testing): every CSS form the style spec allows.
@Suite("CSS colours")
struct ColorFormTests {
    @Test(
        "parses",
        arguments: [
            ("#abc", "#aabbcc"), ("#ABCDEF", "#abcdef"), ("#11223380", "#11223380"), ("rgb(0, 0, 0)", "#000000"),
            ("rgba(255,255,255,1)", "#ffffff"), ("rgb(100%, 0%, 0%)", "#ff0000"), ("hsl(0, 100%, 50%)", "#ff0000"),
            ("hsl(360, 100%, 25%)", "#800000"), ("hsla(120, 100%, 25%, 0.5)", "#00800080"), ("navy", "#000080"),
            ("DarkSlateGray", "#2f4f4f"),
        ])
    func parses(text: String, hex: String) {
        #expect(Color(css: text)?.hex == hex)
    }

    @Test("rejects", arguments: ["#1234567", "rgb(1,2,3,4)", "hsl(10, 50, 50)", "notacolour", "#", "rgb()"])
    func rejects(text: String) {
        #expect(Color(css: text) == nil)
    }

    @Test func luminanceOrdersBlackBelowWhite() {
        #expect(Color.black.luminance < 0.01)
        #expect(Color.white.luminance > 0.99)
    }
}
