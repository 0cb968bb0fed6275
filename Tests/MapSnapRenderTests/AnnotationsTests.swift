import Foundation
import MapSnapGeometry
import MapSnapRender
import XCTest

/// Annotation kinds are an enum and boxes a `Rect` in the library, while the JSON keeps its
/// form: `kind` strings, `[lat, lon]`, `[x, y]` and `[x, y, width, height]` arrays.
final class AnnotationsTests: XCTestCase {
    func testTheJSONKeepsItsForm() throws {
        let item = Annotations.Item(
            kind: .startFlag, name: "Loop", coordinate: Coordinate(latitude: 37.5, longitude: -122.25),
            pixel: Point(x: 10.5, y: 20), pixelBox: Rect(x: 1, y: 2, width: 3.25, height: 4), placed: false)
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys]
        let text = String(decoding: try enc.encode(item), as: UTF8.self)
        XCTAssertEqual(
            text,
            #"{"box":[1,2,3.25,4],"coordinate":[37.5,-122.25],"kind":"start-flag","name":"Loop","placed":false,"point":[10.5,20]}"#
        )
        XCTAssertEqual(try JSONDecoder().decode(Annotations.Item.self, from: Data(text.utf8)), item)
        let bare = Annotations.Item(
            kind: .scaleBar, name: nil, coordinate: nil, pixel: nil, pixelBox: Rect(x: 0, y: 0, width: 1, height: 1),
            placed: true)
        XCTAssertEqual(
            String(decoding: try enc.encode(bare), as: UTF8.self),
            #"{"box":[0,0,1,1],"kind":"scale-bar","placed":true}"#)
    }

    func testEveryKindHasTheNameTheFileUses() {
        XCTAssertEqual(
            Annotations.Kind.allCases.map(\.rawValue),
            [
                "trail", "route", "area", "marker", "start-flag", "end-flag", "start-end-flag", "pin-title",
                "cluster", "callout", "label", "map-label", "title", "scale-bar", "attribution", "profile",
            ])
    }

    func testABoxOfTheWrongLengthIsRejected() {
        let text = #"{"box":[1,2,3],"kind":"label","placed":true}"#
        XCTAssertThrowsError(try JSONDecoder().decode(Annotations.Item.self, from: Data(text.utf8)))
    }
}
