import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapImage
import MapSnapOverlay
import XCTest

@testable import MapSnapRender

/// `fill-pattern` and `background-pattern` from the style's sprite: the image repeated at its
/// own size (`pixelRatio` honoured, at 1x and 2x), anchored to the world's pixel grid as
/// MapLibre anchors it to its tiles' corners, so neighbouring tiles and images line up.
final class PatternTests: XCTestCase {
    /// An 8 × 8 image "check": red top-left and bottom-right quadrants, blue the others.
    private func styleFolder(layers: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-pattern-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        var pixels = [UInt8](repeating: 0, count: 8 * 8 * 4)
        for y in 0..<8 {
            for x in 0..<8 {
                let i = (y * 8 + x) * 4
                pixels[i..<i + 4] = (x < 4) == (y < 4) ? [255, 0, 0, 255] : [0, 0, 255, 255]
            }
        }
        try Data(RGBAImage(width: 8, height: 8, pixels: pixels).pngData()).write(
            to: dir.appendingPathComponent("s.png"))
        try Data(#"{"check": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#.utf8).write(
            to: dir.appendingPathComponent("s.json"))
        let style = """
            {"version": 8, "sprite": "s",
             "sources": {"g": {"type": "geojson", "data": {"type": "Feature", "properties": {},
               "geometry": {"type": "Polygon", "coordinates": [[[-1, -1], [1, -1], [1, 1], [-1, 1], [-1, -1]]]}}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}}, \(layers)]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func render(_ path: String, scale: Double, zoom: Double) throws -> (RGBAImage, Camera, [String]) {
        let map = try BaseMapLoader().load(style: path) { _ in }
        var req = RenderRequest(
            size: Size(width: 120, height: 80), scale: scale,
            camera: .center(Coordinate(latitude: 0.1, longitude: 0.2), zoom: zoom))
        req.baseMap = map
        let out = try SceneRenderer().render(OverlayScene(), request: req)
        return (try RGBAImage(png: out.bytes), out.camera, out.warnings)
    }

    /// Checks every pixel well inside the polygon against the checker anchored at the world's
    /// corner: 8 points a repeat, 4 a quadrant, at the integer zoom below the camera's (between
    /// integer zooms the pattern grows with the map, as in MapLibre: checked against MapLibre GL
    /// JS 5.24, mean difference 0.3–0.6 at zooms 14, 14.5 and 15.3).
    private func assertChecker(
        _ img: RGBAImage, _ camera: Camera, scale: Double, file: StaticString = #filePath, line: UInt = #line
    ) {
        var checked = 0
        for py in stride(from: 2, to: img.height - 2, by: 1) {
            for px in stride(from: 2, to: img.width - 2, by: 1) {
                // The pixel's centre in world points at the camera's zoom.
                let c = camera.coordinate(for: Point(x: (Double(px) + 0.5) / scale, y: (Double(py) + 0.5) / scale))
                let w = WebMercator.worldPoint(c, zoom: camera.zoom.rounded(.down))
                let fx = w.x.truncatingRemainder(dividingBy: 8)
                let fy = w.y.truncatingRemainder(dividingBy: 8)
                // Away from the quadrant edges, where the filter blends.
                let margin = 0.75 / scale / exp2(camera.zoom - camera.zoom.rounded(.down))
                guard [fx, fy].allSatisfy({ v in [0, 4, 8].allSatisfy { abs(v - $0) > margin } }) else { continue }
                let i = (py * img.width + px) * 4
                let red = (fx < 4) == (fy < 4)
                // The image is sampled with a smooth filter at a fractional phase (as MapLibre's
                // linear texture sampling): the colour of the quadrant dominates.
                let (r, g, b) = (Int(img.pixels[i]), Int(img.pixels[i + 1]), Int(img.pixels[i + 2]))
                XCTAssertEqual(g, 0, "pixel \(px),\(py)", file: file, line: line)
                XCTAssertTrue(
                    red ? r > 190 && b < 65 : b > 190 && r < 65, "pixel \(px),\(py): \(r),\(g),\(b)", file: file,
                    line: line)
                checked += 1
                if checked > 2000 { return }
            }
        }
        XCTAssertGreaterThan(checked, 500, file: file, line: line)
    }

    func testFillPatternRepeatsFromTheWorldGrid() throws {
        let path = try styleFolder(
            layers: #"{"id": "f", "type": "fill", "source": "g", "paint": {"fill-pattern": "check"}}"#)
        for (scale, zoom) in [(1.0, 9.0), (2.0, 9.0), (1.0, 9.5), (2.0, 10.3)] {
            let (img, camera, warnings) = try render(path, scale: scale, zoom: zoom)
            XCTAssertFalse(warnings.contains { $0.contains("pattern") }, "\(warnings)")
            assertChecker(img, camera, scale: scale)
        }
    }

    func testBackgroundPatternRepeatsFromTheWorldGrid() throws {
        let path = try styleFolder(
            layers: #"{"id": "p", "type": "background", "paint": {"background-pattern": "check"}}"#)
        for (scale, zoom) in [(1.0, 9.0), (2.0, 9.0), (1.0, 9.5), (2.0, 10.3)] {
            let (img, camera, _) = try render(path, scale: scale, zoom: zoom)
            assertChecker(img, camera, scale: scale)
        }
    }
}

extension PatternTests {
    /// A sprite with both sheets: images of one pixel a point take the 1x sheet, images of two
    /// the @2x one (as MapLibre picks by device pixel ratio), and the @2x sheet alone serves both.
    func testImagesAtScaleTwoTakeTheAt2xSheet() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-2x-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        func sheet(_ name: String, side: Int, rgba: [UInt8]) throws {
            let pixels = (0..<side * side).flatMap { _ in rgba }
            try Data(RGBAImage(width: side, height: side, pixels: pixels).pngData()).write(
                to: dir.appendingPathComponent(name + ".png"))
            try Data(
                #"{"p": {"x": 0, "y": 0, "width": \#(side), "height": \#(side), "pixelRatio": \#(side / 4)}}"#.utf8
            )
            .write(to: dir.appendingPathComponent(name + ".json"))
        }
        try sheet("s", side: 4, rgba: [255, 0, 0, 255])
        try sheet("s@2x", side: 8, rgba: [0, 0, 255, 255])
        let style = """
            {"version": 8, "sprite": "s", "sources": {},
             "layers": [{"id": "p", "type": "background", "paint": {"background-pattern": "p"}}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        func centre(scale: Double) throws -> [UInt8] {
            let (img, _, _) = try render(path, scale: scale, zoom: 3)
            let i = ((img.height / 2) * img.width + img.width / 2) * 4
            return Array(img.pixels[i..<i + 3])
        }
        XCTAssertEqual(try centre(scale: 1), [255, 0, 0])
        XCTAssertEqual(try centre(scale: 2), [0, 0, 255])
        try FileManager.default.removeItem(at: dir.appendingPathComponent("s.png"))
        XCTAssertEqual(try centre(scale: 1), [0, 0, 255], "the @2x sheet alone")
    }
}
