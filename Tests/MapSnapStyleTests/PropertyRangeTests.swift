import MapSnapJSON
import XCTest

@testable import MapSnapStyle

/// Numeric style values reach the renderer within the spec's ranges: out of range clamped,
/// not finite replaced by the default (issue 11: a negative text-padding trapped, a huge or
/// NaN value overflowed).
final class PropertyRangeTests: XCTestCase {
    func layer(_ json: String) throws -> StyleLayer {
        let style = try StyleParser.parse(
            #"{"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}}, "layers": [\#(json)]}"#,
            file: "t.json"
        ).0
        return try XCTUnwrap(style.layers.first)
    }

    func testOutOfRangeValuesAreClamped() throws {
        let l = try layer(
            #"{"id": "s", "type": "symbol", "source": "g", "layout": {"text-padding": -50, "text-size": -3, "symbol-spacing": 0}, "paint": {"text-opacity": 7, "text-halo-width": -1}}"#
        )
        let ctx = EvaluationContext(zoom: 10)
        XCTAssertEqual(l.layout.number(.textPadding, ctx), 0)
        XCTAssertEqual(l.layout.number(.textSize, ctx), 0)
        XCTAssertEqual(l.layout.number(StyleProperty(known: "symbol-spacing"), ctx), 1)
        XCTAssertEqual(l.paint.number(.textOpacity, ctx), 1)
        XCTAssertEqual(l.paint.number(.textHaloWidth, ctx), 0)
        let line = try layer(
            #"{"id": "l", "type": "line", "source": "g", "paint": {"line-dasharray": [2, -1], "line-width": 1e308}}"#)
        XCTAssertEqual(line.paint.numbers(.lineDasharray, ctx), [2, 0])
        XCTAssertEqual(line.paint.number(.lineWidth, ctx), 1e308, "no maximum in the spec")
    }

    func testValuesThatAreNotFiniteGiveTheDefault() throws {
        // 1 / 0 and the log of a negative number are what expressions make of bad data.
        let l = try layer(
            #"{"id": "s", "type": "symbol", "source": "g", "layout": {"text-size": ["/", 1, ["-", ["get", "n"], ["get", "n"]]], "text-max-width": ["ln", -1]}}"#
        )
        let ctx = EvaluationContext(zoom: 10, feature: SimpleFeature([("n", .number(3))]))
        XCTAssertEqual(l.layout.number(.textSize, ctx), 16)
        XCTAssertEqual(l.layout.number(.textMaxWidth, ctx), 10)
    }
}
