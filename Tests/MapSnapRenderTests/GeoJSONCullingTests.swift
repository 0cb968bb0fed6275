import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapImage
import MapSnapOverlay
import XCTest

@testable import MapSnapRender

/// A style's GeoJSON features whose strokes cannot reach the image are left out (vector output
/// does not carry them), and those whose strokes can still draw.
final class GeoJSONCullingTests: XCTestCase {
    private func render(_ lines: [[[Double]]], width: Double, format: ImageFormat) throws -> [UInt8] {
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
                        {"id": "l", "type": "line", "source": "g", "paint": {"line-width": \(width)}}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        let map = try BaseMapLoader().load(style: path) { _ in }
        var req = RenderRequest(
            size: Size(width: 200, height: 100), scale: 1,
            camera: .center(Coordinate(latitude: 0, longitude: 0), zoom: 10), format: format)
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
}
