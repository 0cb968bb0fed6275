import Foundation
import MapSnapStyle
import XCTest

final class ColorTests: XCTestCase {
    func testEveryCSSForm() {
        XCTAssertEqual(Color(css: "#f00")?.hex, "#ff0000")
        XCTAssertEqual(Color(css: "#34C759")?.hex, "#34c759")
        XCTAssertEqual(Color(css: "#00000080")?.alpha ?? 0, 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(Color(css: "rgb(255, 128, 0)")?.hex, "#ff8000")
        XCTAssertEqual(Color(css: "rgba(0,0,255,0.5)")?.alpha, 0.5)
        XCTAssertEqual(Color(css: "hsl(120, 100%, 50%)")?.hex, "#00ff00")
        XCTAssertEqual(Color(css: "hsla(240, 100%, 50%, 0.25)")?.hex, "#0000ff40")
        XCTAssertEqual(Color(css: "rebeccapurple")?.hex, "#663399")
        XCTAssertEqual(Color(css: "  Orange ")?.hex, "#ffa500")
        XCTAssertEqual(Color(css: "transparent")?.alpha, 0)
    }

    func testRejectsNonColours() {
        for bad in ["", "#12", "#ggg", "rgb(1,2)", "hsl(1,2,3)", "blurple", "rgb(a,b,c)", "rgba(1,2,3,x)"] {
            XCTAssertNil(Color(css: bad), bad)
        }
    }

    func testReadableTextOnLightAndDarkColours() {
        XCTAssertEqual(Color.readableText(on: .white).hex, "#1c1c1f")
        XCTAssertEqual(Color.readableText(on: Color(css: "#ffcc00") ?? .black).hex, "#1c1c1f")
        XCTAssertEqual(Color.readableText(on: Color(css: "#007aff") ?? .white), .white)
        XCTAssertEqual(Color.readableText(on: .black), .white)
    }
}
