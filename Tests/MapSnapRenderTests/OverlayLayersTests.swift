import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapImage
import MapSnapRender
import MapSnapStyle
import XCTest

@testable import MapSnapOverlay

/// The one definition of the overlay layers: every style gets them (restyled by id, replaced by
/// type), the bundled styles hold no copy, and every overlay — areas too — is drawn by them,
/// with or without a base map.
final class OverlayLayersTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func parse(_ text: String) throws -> Style { try StyleParser.parse(text, file: "test.json").0 }

    func testTheResourceParsesAndDrawsEveryKindOfOverlay() throws {
        let style = try OverlayLayers.style.get()
        XCTAssertEqual(style.sources.map(\.id), ["overlay"])
        XCTAssertTrue(style.layers.allSatisfy { $0.source == "overlay" })
        let types = Set(style.layers.map(\.type))
        XCTAssertEqual(types, [.fill, .line, .circle, .symbol])
        XCTAssertEqual(style.layers.first?.id, "overlay-areas", "areas at the bottom")
        XCTAssertEqual(style.layers.suffix(2).map(\.id), ["overlay-pins", "overlay-clusters"], "markers on top")
    }

    /// The bundled styles hold no copy of a default layer: a layer on `overlay` in one of them
    /// must be a real restyle (different from the default of that id), so the two cannot drift.
    func testBundledStylesCannotDriftFromTheDefaults() throws {
        let defaults = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(OverlayLayers.json.utf8)) as? [String: Any])
        let defaultLayers = try XCTUnwrap(defaults["layers"] as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: defaultLayers.map { ($0["id"] as? String ?? "", $0) })
        for name in ["standard", "satellite", "hybrid"] {
            let url = Self.root.appendingPathComponent("Styles/\(name).json")
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
            for layer in layers where layer["source"] as? String == "overlay" {
                let id = layer["id"] as? String ?? ""
                if let d = byID[id] {
                    XCTAssertFalse(NSDictionary(dictionary: d).isEqual(to: layer), "\(name): \(id) is a copy")
                }
            }
            var style = try StyleParser.parse(bytes: Array(try Data(contentsOf: url)), file: url.path).0
            try OverlayLayers.merge(into: &style)
            XCTAssertEqual(
                style.layers.filter { $0.source == "overlay" }.map(\.id).sorted(), byID.keys.sorted(),
                "\(name) gets every default layer once")
        }
    }

    func testMergeAddsTheSourceToAStyleWithout() throws {
        var plain = try parse(#"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#)
        try OverlayLayers.merge(into: &plain)
        XCTAssertEqual(plain.source(id: "overlay")?.id, "overlay")
        XCTAssertEqual(plain.layers.map(\.id), ["bg"] + OverlayLayers.layers.map(\.id))
    }

    func testMergeKeepsRestylesAndLeavesOutReplacedTypes() throws {
        var restyled = try parse(
            #"""
            {"version": 8, "sources": {"overlay": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "bg", "type": "background"},
                        {"id": "overlay-trail", "type": "line", "source": "overlay", "paint": {"line-color": "#f0f"}},
                        {"id": "top", "type": "background"}]}
            """#)
        try OverlayLayers.merge(into: &restyled)
        let ids = restyled.layers.map(\.id)
        XCTAssertEqual(
            Array(ids.prefix(6)),
            ["bg", "overlay-areas", "overlay-area-outlines", "overlay-trail-casing", "overlay-trail", "top"],
            "the restyle stays in its place, the defaults under it go under it")
        XCTAssertEqual(ids.last, "overlay-clusters", "the defaults above it go on top")
        XCTAssertEqual(ids.filter { $0 == "overlay-trail" }.count, 1)
        XCTAssertTrue(ids.contains("overlay-pins") && ids.contains("overlay-route"))
        XCTAssertEqual(restyled.sources.filter { $0.id == "overlay" }.count, 1, "the style's own source is kept")

        var own = try parse(
            #"""
            {"version": 8, "sources": {"overlay": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}}, "layers": [
             {"id": "my-lines", "type": "line", "source": "overlay", "paint": {"line-color": "#f0f"}}]}
            """#)
        try OverlayLayers.merge(into: &own)
        let added = own.layers.dropFirst()
        XCTAssertFalse(added.contains { $0.type == .line }, "its own line layers replace the default lines")
        XCTAssertTrue(added.contains { $0.id == "overlay-pins" }, "markers still show")
        XCTAssertTrue(added.contains { $0.id == "overlay-areas" })
    }

    /// An area (a filled polygon) is drawn by the overlay-areas layer, with or without a base map,
    /// and a style restyles it like any other overlay.
    func testAreasAreDrawnThroughTheStyle() throws {
        var scene = OverlayScene()
        let c = Coordinate(latitude: 37.7749, longitude: -122.4194)
        let d = 0.001
        let ring = [
            Coordinate(latitude: c.latitude - d, longitude: c.longitude - d),
            Coordinate(latitude: c.latitude - d, longitude: c.longitude + d),
            Coordinate(latitude: c.latitude + d, longitude: c.longitude + d),
            Coordinate(latitude: c.latitude + d, longitude: c.longitude - d),
            Coordinate(latitude: c.latitude - d, longitude: c.longitude - d),
        ]
        scene.areas = [
            AreaOverlay(
                name: "Park", polygons: [[ring]], fill: Color(red: 0, green: 0, blue: 1), fillOpacity: 1,
                stroke: Color(red: 1, green: 0, blue: 0), strokeWidth: 2, strokeOpacity: 1)
        ]
        let renderer = try SceneRenderer()
        var req = RenderRequest(size: Size(width: 200, height: 200), camera: .center(c, zoom: 16))
        var out = try renderer.render(scene, request: req)
        var img = try RGBAImage(png: out.bytes)
        XCTAssertEqual(rgb(img, 100, 100), [0, 0, 255], "the area's fill")
        let area = try XCTUnwrap(out.annotations.items.first { $0.kind == .area })
        XCTAssertEqual(area.name, "Park")
        XCTAssertEqual(rgb(img, Int(area.pixelBox.x + 1), 100), [255, 0, 0], "its outline")

        var style = try parse(
            #"""
            {"version": 8, "sources": {"overlay": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
             {"id": "overlay-areas", "type": "fill", "source": "overlay", "paint": {"fill-color": "#0f0"}}]}
            """#)
        try OverlayLayers.merge(into: &style)
        req.baseMap = BaseMap(style: style, vectorSources: [:], attribution: nil)
        out = try renderer.render(scene, request: req)
        img = try RGBAImage(png: out.bytes)
        XCTAssertEqual(rgb(img, 100, 100), [0, 255, 0], "the style's restyle")
    }

    /// A style that draws nothing of the overlay source (`--bare`) says so instead of silently
    /// dropping the user's overlays.
    func testAStyleWithoutOverlayLayersWarns() throws {
        let style = try parse(#"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#)
        var scene = OverlayScene()
        scene.pins = [PinOverlay(coordinate: Coordinate(latitude: 0, longitude: 0), color: .black)]
        var req = RenderRequest(size: Size(width: 100, height: 100), camera: .center(scene.pins[0].coordinate, zoom: 3))
        req.baseMap = BaseMap(style: style, vectorSources: [:], attribution: nil)
        let out = try SceneRenderer().render(scene, request: req)
        XCTAssertTrue(out.warnings.contains { $0.contains("overlay") }, "\(out.warnings)")
        let empty = try SceneRenderer().render(OverlayScene(), request: req)
        XCTAssertTrue(empty.warnings.isEmpty, "nothing asked, nothing to say")
    }

    func rgb(_ img: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * img.width + x) * 4
        return Array(img.pixels[i..<i + 3])
    }
}
