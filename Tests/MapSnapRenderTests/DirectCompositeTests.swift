import Foundation
import MapSnap
import MapSnapGeometry
import XCTest

@testable import MapSnapOverlay
@testable import MapSnapRender

/// The renderer composites a layer's coverage OVER the canvas itself (`compositeDirectly`,
/// CMapSnapComposite) instead of through cairo_mask_surface: the bytes must be cairo's.
final class DirectCompositeTests: XCTestCase {
    static let sf = BaseMapTests.sf
    static let monaco = BaseMapTests.monaco

    private func png(_ map: BaseMap, _ center: Coordinate, zoom: Double, scale: Double, direct: Bool) throws -> [UInt8]
    {
        let saved = CairoPainter.compositesDirectly
        CairoPainter.compositesDirectly = direct
        defer { CairoPainter.compositesDirectly = saved }
        var req = RenderRequest(size: Size(width: 240, height: 160), scale: scale, camera: .center(center, zoom: zoom))
        req.baseMap = map
        return try SceneRenderer().render(OverlayScene(), request: req).bytes
    }

    private func assertSameBytes(_ map: BaseMap, _ center: Coordinate, zoom: Double, scale: Double, _ what: String)
        throws
    {
        let direct = try png(map, center, zoom: zoom, scale: scale, direct: true)
        let cairo = try png(map, center, zoom: zoom, scale: scale, direct: false)
        XCTAssertEqual(direct, cairo, "\(what): the direct composite differs from cairo's")
    }

    func testTheBundledStylesComeOutAsCairoDrawsThem() throws {
        let sfCenter = Coordinate(latitude: 37.7749, longitude: -122.4194)
        for style in ["standard", "satellite", "hybrid"] {
            let map = try BaseMapLoader().load(style: style, overrides: ["openmaptiles": Self.sf]) { _ in }
            try assertSameBytes(map, sfCenter, zoom: 14, scale: 1, "\(style) SF z14")
        }
        let monaco = try BaseMapLoader().load(style: "standard", overrides: ["openmaptiles": Self.monaco]) { _ in }
        try assertSameBytes(monaco, Coordinate(latitude: 43.7384, longitude: 7.4246), zoom: 15, scale: 2, "Monaco @2x")
    }

    func testTranslucentColoursAndOpacitiesComeOutAsCairoDrawsThem() throws {
        // Fills, lines and their opacities at partial alpha: premultiplied sources below 255.
        let style = """
            {"version": 8, "sources": {"omt": {"type": "vector", "url": "mbtiles://\(Self.sf)"}},
             "layers": [
              {"id": "bg", "type": "background", "paint": {"background-color": "rgba(240, 230, 200, 0.6)"}},
              {"id": "water", "type": "fill", "source": "omt", "source-layer": "water",
               "paint": {"fill-color": "#3a7bd5", "fill-opacity": 0.45}},
              {"id": "parks", "type": "fill", "source": "omt", "source-layer": "landuse",
               "paint": {"fill-color": "rgba(30, 160, 60, 0.7)"}},
              {"id": "roads", "type": "line", "source": "omt", "source-layer": "transportation",
               "paint": {"line-color": "rgba(200, 40, 90, 0.55)", "line-width": 3, "line-opacity": 0.8}},
              {"id": "thin", "type": "line", "source": "omt", "source-layer": "transportation",
               "paint": {"line-color": "#102030", "line-width": 0.7}}
             ]}
            """
        let map = try loadStyleText(style)
        for (zoom, scale) in [(13.5, 1.0), (15.2, 2.0)] {
            try assertSameBytes(
                map, Coordinate(latitude: 37.78, longitude: -122.415), zoom: zoom, scale: scale, "z\(zoom)")
        }
    }
}
