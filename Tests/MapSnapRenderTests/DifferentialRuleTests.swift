import Foundation
import MapSnap
import MapSnapTestSupport
import XCTest

@testable import MapSnapImage
@testable import MapSnapOverlay
@testable import MapSnapRender

/// Rules of MapLibre GL JS that the differential test (`Scripts/differential`) found MapSnap
/// getting wrong, each checked here by measuring MapSnap's own pixels (no reference needed).
final class DifferentialRuleTests: XCTestCase {
    /// Renders `style` (a style JSON text with its own centre and zoom) at `size` points.
    func render(_ style: String, size: Size, scale: Double = 1) throws -> RGBAImage {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-diffrule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: path) { warnings.append($0) }
        XCTAssertEqual(warnings, [])
        let center = map.style.center ?? Coordinate(latitude: 0, longitude: 0)
        var req = RenderRequest(size: size, scale: scale, camera: .center(center, zoom: map.style.zoom ?? 0))
        req.baseMap = map
        return try RGBAImage(png: try SceneRenderer().render(OverlayScene(), request: req).bytes)
    }

    /// A GeoJSON source's polygon spanning more than half the world is filled as written: MapLibre
    /// (geojson-vt) takes coordinates as given, with no antimeridian unwrapping.
    func testWideGeoJSONPolygonIsNotUnwrappedAcrossTheAntimeridian() throws {
        let style = """
            {"version": 8, "center": [79, -40], "zoom": 1.4,
             "sources": {"g": {"type": "geojson", "data": {"type": "Polygon",
               "coordinates": [[[-82, -60], [170, -60], [158, -33], [-82, -33], [-82, -60]]]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                        {"id": "f", "type": "fill", "source": "g", "paint": {"fill-color": "#f00"}}]}
            """
        let img = try render(style, size: Size(width: 64, height: 64))
        let i = (32 * img.width + 32) * 4
        XCTAssertEqual(Array(img.pixels[i..<(i + 3)]), [255, 0, 0], "the polygon covers the centre")
    }
}
