import XCTest

@testable import MapSnapStyle

/// Near-miss names in a style get a suggestion; warnings say "warning" once (the front end's).
final class NearMissTests: XCTestCase {
    func testSuggestionsForSlips() {
        let types = StyleLayerType.allCases.map(\.rawValue)
        XCTAssertEqual(NearMiss.suggestion(for: "lines", among: types), "line")
        XCTAssertEqual(NearMiss.suggestion(for: "symbl", among: types), "symbol")
        XCTAssertEqual(NearMiss.suggestion(for: "Fill", among: types), "fill", "case does not count")
        XCTAssertNil(NearMiss.suggestion(for: "polygon", among: types), "nothing close")
        XCTAssertNil(NearMiss.suggestion(for: "ab", among: ["cd"]))
        XCTAssertEqual(NearMiss.suggestion(for: "line-colour", among: ["line-color", "line-width"]), "line-color")
        XCTAssertEqual(NearMiss.suggestion(for: "line-wdith", among: ["line-color", "line-width"]), "line-width")
    }

    func testWarningsNameTheSlipOnceWithASuggestion() throws {
        let text = #"""
            {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "a", "type": "lines", "source": "s"},
                        {"id": "b", "type": "line", "source": "s", "paint": {"line-colour": "#f00"}}]}
            """#
        let (_, warnings) = try StyleParser.parse(text, file: "w.json")
        let all = warnings.map(\.description)
        XCTAssertTrue(
            all.contains { $0.contains("layer type \"lines\" is not supported; skipped (did you mean \"line\"?)") },
            "\(all)")
        XCTAssertTrue(
            all.contains {
                $0.contains("unknown paint property \"line-colour\" ignored (did you mean \"line-color\"?)")
            }, "\(all)")
        XCTAssertFalse(all.contains { $0.contains("warning") }, "the front end says warning, once: \(all)")
        XCTAssertTrue(all.allSatisfy { $0.hasPrefix("w.json:") })
    }
}
