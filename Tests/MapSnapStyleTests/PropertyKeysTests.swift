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

extension PropertyKeysTests {
    /// The property values a filter demands, so a renderer can visit only those features.
    func testRequiredValuesOfCommonFilters() throws {
        func required(_ text: String) throws -> String? {
            guard let (k, vs) = try StyleExpression.filter(TestJSON.parse(text)).requiredValues else { return nil }
            return k + "=" + vs.map { "\($0)" }.sorted().joined(separator: ",")
        }
        XCTAssertEqual(try required(#"["==", ["get", "kind"], "trail"]"#), "kind=trail")
        XCTAssertEqual(
            try required(#"["all", ["==", ["get", "kind"], "area"], [">", ["get", "w"], 0]]"#), "kind=area")
        XCTAssertEqual(
            try required(#"["match", ["get", "kind"], ["pin", "flag"], true, false]"#),
            "kind=flag,pin")
        XCTAssertEqual(try required(#"["==", "class", "park"]"#), "class=park")
        XCTAssertEqual(try required(#"["in", "class", "a", "b"]"#), "class=a,b")
        XCTAssertNil(try required(#"["!=", ["get", "kind"], "trail"]"#), "a negation demands nothing")
        XCTAssertNil(try required(#"["any", ["==", ["get", "a"], 1], ["==", ["get", "b"], 2]]"#))
        XCTAssertNil(try required(#"["match", ["get", "kind"], "x", false, true]"#), "a true fallback")
        XCTAssertNil(try required(#"["==", ["get", "k"], null]"#), "a missing property equals null")
    }
}
