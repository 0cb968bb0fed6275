import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapImage
import MapSnapOverlay
import XCTest

@testable import MapSnapRender

/// Rules for a style's GeoJSON lines: features whose strokes cannot reach the image are left out
/// (vector output does not carry them) while those whose strokes can still draw; dashes take
/// their ends from `line-cap` at the camera's zoom.
final class GeoJSONLineRulesTests: XCTestCase {
    private func render(
        _ lines: [[[Double]]], width: Double, format: ImageFormat, zoom: Double = 10, paint: String = "",
        extra: String = ""
    ) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-cull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let features = lines.map { line -> String in
            let coords = line.map { "[\($0[0]), \($0[1])]" }.joined(separator: ",")
            return
                #"{"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [\#(coords)]}}"#
        }
        let style = """
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection",
              "features": [\(features.joined(separator: ","))]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                        {"id": "l", "type": "line", "source": "g", "paint": {"line-width": \(width)\(paint)}\(extra)}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        let map = try BaseMapLoader().load(style: path) { _ in }
        var req = RenderRequest(
            size: Size(width: 200, height: 100), scale: 1,
            camera: .center(Coordinate(latitude: 0, longitude: 0), zoom: zoom), format: format)
        req.baseMap = map
        req.decorations.showAttribution = false
        req.decorations.scaleBar = nil
        return try SceneRenderer().render(OverlayScene(), request: req).bytes
    }

    func testFarFeaturesAreLeftOutOfSVG() throws {
        let near = [[-0.05, 0.0], [0.05, 0.01]]
        // Within the view's longitudes (which alone choose the world copies drawn), far to the north.
        let far = [[-0.02, 2.0], [0.03, 2.2]]
        let alone = try render([near], width: 3, format: .svg)
        XCTAssertEqual(try render([near, far], width: 3, format: .svg), alone)
        XCTAssertNotEqual(try render([near, [[-0.05, -0.01], [0.05, 0.0]]], width: 3, format: .svg), alone)
    }

    /// A wide line whose centre runs just outside the image still paints its edge inside.
    func testAWideStrokeFromOutsideStillDraws() throws {
        // At zoom 10 a degree is about 2,913 points; the image's half height is 50 points.
        let outside = 60.0 / 2913
        let line = [[-0.05, outside], [0.05, outside]]
        let blank = try RGBAImage(png: render([], width: 30, format: .png))
        let drawn = try RGBAImage(png: render([line], width: 30, format: .png))
        XCTAssertNotEqual(drawn.pixels, blank.pixels, "the stroke's lower edge reaches into the image")
    }

    /// A zero-length dash with round ends is a dot: `line-cap` is round at the camera's zoom
    /// (10.7) though butt at the tile's (10), as MapLibre picks its dash image; with butt ends
    /// such dashes draw nothing.
    func testDashEndsFollowTheCapAtTheCamerasZoom() throws {
        let line = [[-0.05, 0.0], [0.05, 0.0]]
        func dark(_ cap: String) throws -> Int {
            let extra = #", "layout": {"line-cap": \#(cap)}"#
            let png = try render(
                [line], width: 8, format: .png, zoom: 10.7, paint: #", "line-dasharray": [0, 2]"#, extra: extra)
            let p = try RGBAImage(png: png).pixels
            return stride(from: 0, to: p.count, by: 4).filter { p[$0] < 128 }.count
        }
        XCTAssertGreaterThan(try dark(#"["step", ["zoom"], "butt", 10.5, "round"]"#), 200, "round dots")
        XCTAssertEqual(try dark(#""butt""#), 0, "zero-length butt dashes")
    }
}
