import MapSnapGeometry
import MapSnapJSON
import MapSnapStyle
import XCTest

@testable import MapSnapOverlay

/// The overlays' look is the overlay layers' (`OverlayLayers.json`): what they give each kind
/// of input, and what `OverlayLook` reads back of a style that restyles them.
final class OverlayLookTests: XCTestCase {
    func defaults() throws -> Style { try OverlayLayers.style.get() }

    /// The paint `property` of layer `id` for a feature with `members`.
    func paint(_ id: String, _ property: StyleProperty, _ members: [JSONMember], type: StyleGeometryType = .lineString)
        throws -> StyleValue?
    {
        let layer = try XCTUnwrap(try defaults().layers.first { $0.id == id }, id)
        let ctx = EvaluationContext(zoom: 14, feature: OverlayStyleSource.styleFeature(members, type: type))
        XCTAssertTrue(layer.accepts(ctx), "\(id) draws the feature")
        return layer.paint.value(property, ctx)
    }

    func trail(_ change: (inout LineOverlay) -> Void = { _ in }) -> [JSONMember] {
        var line = LineOverlay(kind: .trail, name: "T", parts: [[Coordinate(latitude: 0, longitude: 0)]])
        change(&line)
        return OverlayStyleSource.lineMembers(line)
    }

    func color(_ v: StyleValue?) -> String? {
        if case .color(let c)? = v { return c.hex }
        if case .string(let s)? = v { return Color(css: s)?.hex }
        return nil
    }

    func testTrailsAreColouredByDifficultyOrTheirOwnStroke() throws {
        let look = OverlayLook(style: try defaults(), zoom: 14)
        func lineColor(_ members: [JSONMember]) -> String? {
            look.line(members)?.color.hex
        }
        XCTAssertEqual(lineColor(trail { $0.difficulty = "easy" }), "#34c759")
        XCTAssertEqual(lineColor(trail { $0.difficulty = "moderate" }), "#ff9500")
        XCTAssertEqual(lineColor(trail { $0.difficulty = "hard" }), "#ff3b30")
        XCTAssertEqual(lineColor(trail()), "#af52de", "a plain trail is purple, never a default pin's red")
        XCTAssertEqual(lineColor(trail { $0.stroke = Color(css: "#123456") }), "#123456")
        let pin = OverlayStyleSource.pinMembers(PinOverlay(coordinate: Coordinate(latitude: 0, longitude: 0)))
        XCTAssertEqual(color(try paint("overlay-pins", .iconColor, pin, type: .point)), "#ff3b30")
    }

    func testHighlightIsWiderAndOpaqueAndTheOthersFade() throws {
        let look = OverlayLook(style: try defaults(), zoom: 14)
        let plain = try XCTUnwrap(look.line(trail()))
        XCTAssertEqual(plain.width, 4)
        XCTAssertEqual(plain.casingWidth, 7, "a 1.5-point white casing each side")
        let hi = try XCTUnwrap(
            look.line(trail { $0.emphasis = .highlighted }))
        XCTAssertEqual(hi.width, 6.4, accuracy: 1e-9)
        XCTAssertEqual(try paint("overlay-trail", .lineOpacity, trail { $0.emphasis = .highlighted }), .number(1))
        XCTAssertEqual(try paint("overlay-trail", .lineOpacity, trail()), .number(0.9))
        let faded = try XCTUnwrap(try paint("overlay-trail", .lineOpacity, trail { $0.emphasis = .faded })?.numberValue)
        XCTAssertEqual(faded, 0.27, accuracy: 1e-9)
        XCTAssertEqual(
            try paint("overlay-trail-casing", .lineOpacity, trail { $0.emphasis = .faded })?.numberValue ?? 0, 0.27,
            accuracy: 1e-9)
    }

    /// A route is dashed 1 width on, 2.5 off (8 on / 6 off at 4 points once the round caps are
    /// drawn); its casing's dash is the same in points, so the casing surrounds each dash.
    func testRouteDashAndItsCasing() throws {
        let route = LineOverlay(kind: .route, name: nil, parts: [[Coordinate(latitude: 0, longitude: 0)]])
        let look = OverlayLook(style: try defaults(), zoom: 14)
        let drawn = try XCTUnwrap(look.line(OverlayStyleSource.lineMembers(route)))
        XCTAssertEqual(drawn.color.hex, "#007aff")
        XCTAssertEqual(drawn.width, 4)
        XCTAssertEqual(drawn.dash, [1, 2.5])
        let feature = OverlayStyleSource.feature(route, look: look).feature
        let casing = try XCTUnwrap(feature.properties["casing-dash"]?.arrayValue?.elements.compactMap(\.doubleValue))
        XCTAssertEqual(casing[0] * 7, 4, accuracy: 1e-9)
        XCTAssertEqual(casing[1] * 7, 10, accuracy: 1e-9)
        var wide = route
        wide.strokeWidth = 8
        let wideFeature = OverlayStyleSource.feature(wide, look: look).feature
        let wideCasing = try XCTUnwrap(
            wideFeature.properties["casing-dash"]?.arrayValue?.elements.compactMap(\.doubleValue))
        XCTAssertEqual(wideCasing[0] * 11, 8, accuracy: 1e-9, "the dash scales with the width, the casing follows")
    }

    /// What Swift reads back follows a restyle: a bigger title, a larger balloon, a thicker trail.
    func testTheLookFollowsARestyle() throws {
        var style = try StyleParser.parse(
            """
            {"version": 8, "sources": {"overlay": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [
              {"id": "overlay-pin-titles", "type": "symbol", "source": "overlay", "filter": ["has", "title"],
               "layout": {"text-field": ["get", "title"], "text-size": 20, "text-font": ["Noto Sans Regular"]},
               "paint": {"text-halo-width": 3}},
              {"id": "overlay-pins", "type": "symbol", "source": "overlay",
               "layout": {"icon-image": "mapsnap-marker", "icon-size": ["interpolate", ["linear"], ["zoom"], 10, 1, 16, 2]}},
              {"id": "overlay-trail", "type": "line", "source": "overlay", "paint": {"line-width": 9, "line-color": "#00f"}}]}
            """, file: "t.json"
        ).0
        try OverlayLayers.merge(into: &style)
        let pin = OverlayStyleSource.pinMembers(
            PinOverlay(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Spring"))
        let look = OverlayLook(style: style, zoom: 16)
        XCTAssertTrue(look.dependsOnZoom)
        XCTAssertEqual(look.iconSize(pin), 2)
        XCTAssertEqual(OverlayLook(style: style, zoom: 10).iconSize(pin), 1)
        let title = look.text(pin)
        XCTAssertEqual(title.size, 20)
        XCTAssertEqual(title.fonts, ["Noto Sans Regular"])
        XCTAssertEqual(title.haloWidth, 3)
        XCTAssertEqual(look.line(trail())?.width, 9)
        XCTAssertEqual(look.line(trail())?.color.hex, "#0000ff")
        XCTAssertFalse(OverlayLook(style: try defaults(), zoom: 14).dependsOnZoom)
    }
}

extension OverlayLookTests {
    /// The memo keys on the properties the layers read: a restyle by name tells two trails
    /// apart; the default layers, which read no name, look them up once.
    func testTheMemoKeepsWhatTheLayersRead() throws {
        var style = try StyleParser.parse(
            ##"""
            {"version": 8, "sources": {"overlay": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "overlay-trail", "type": "line", "source": "overlay", "filter": ["==", ["get", "kind"], "trail"],
               "paint": {"line-color": ["match", ["get", "name"], "A", "#ff0000", "#0000ff"]}}]}
            """##, file: "t.json"
        ).0
        try OverlayLayers.merge(into: &style)
        let look = OverlayLook(style: style, zoom: 14)
        func named(_ n: String) -> [JSONMember] {
            OverlayStyleSource.lineMembers(
                LineOverlay(kind: .trail, name: n, parts: [[Coordinate(latitude: 0, longitude: 0)]]))
        }
        XCTAssertEqual(look.line(named("A"))?.color.hex, "#ff0000")
        XCTAssertEqual(look.line(named("B"))?.color.hex, "#0000ff")
        XCTAssertEqual(look.line(named("A"))?.color.hex, "#ff0000", "remembered, not mixed up")
        XCTAssertFalse(OverlayLook.keysRead(by: try defaults().layers)?.contains("name") ?? true)
    }
}
