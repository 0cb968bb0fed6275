import MapSnapJSON
import XCTest

@testable import MapSnapStyle

/// Which feature properties an expression can read: what a memo of evaluated looks may key on.
final class PropertyKeysTests: XCTestCase {
    func keys(_ text: String) throws -> Set<String>? {
        try StyleExpression.parse(TestJSON.parse(text)).propertyKeys
    }

    func testLiteralKeysAreListed() throws {
        XCTAssertEqual(try keys(#"["==", ["get", "kind"], "trail"]"#), ["kind"])
        XCTAssertEqual(
            try keys(##"["coalesce", ["get", "stroke"], ["match", ["get", "difficulty"], "easy", "#0f0", "#f00"]]"##),
            ["stroke", "difficulty"])
        XCTAssertEqual(try keys(#"["all", ["has", "title"], ["!", ["has", "symbol"]]]"#), ["title", "symbol"])
        XCTAssertEqual(try keys(#"["interpolate", ["linear"], ["zoom"], 10, 1, 16, 2]"#), [])
        XCTAssertEqual(try keys(#"["==", ["geometry-type"], "Point"]"#), [], "the geometry type is no property")
    }

    func testAnyKeyWhenItIsComputedOrAllAreRead() throws {
        XCTAssertNil(try keys(#"["get", ["get", "which"]]"#), "a key read from the feature")
        XCTAssertNil(try keys(#"["to-string", ["properties"]]"#))
    }

    func testLegacyFilterKeys() throws {
        let f = try StyleExpression.filter(
            TestJSON.parse(#"["all", ["==", "kind", "x"], ["in", "class", "a", "b"], ["==", "$type", "Point"]]"#))
        XCTAssertEqual(f.propertyKeys, ["kind", "class"])
    }

    func testConstantsReadNothing() {
        XCTAssertEqual(StylePropertyValue.constant(.number(1)).propertyKeys, [])
    }
}
