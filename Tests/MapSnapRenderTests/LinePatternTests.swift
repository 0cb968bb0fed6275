import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapImage
import MapSnapOverlay
import XCTest

@testable import MapSnapRender

/// `line-pattern` and `line-dasharray` as MapLibre GL JS lays them: along the line from where
/// each line of a tile starts, in lengths of the line width of the integer zoom magnified with
/// the map (checked against MapLibre GL JS 5.24: a dashed line at zoom 14.6 with a zoom-driven
/// width differs by 0.13, 2.45 before this rule; the dash phase restarting at a GeoJSON tile's
/// edge matches it pixel for pixel).
final class LinePatternTests: XCTestCase {
    /// A 16 × 8 image "p": red top half and blue bottom half, but the first 4 columns white (top)
    /// and black (bottom).
    private func styleFolder(layers: String, data: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-lp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        var pixels = [UInt8](repeating: 0, count: 16 * 8 * 4)
        for y in 0..<8 {
            for x in 0..<16 {
                let i = (y * 16 + x) * 4
                let top = y < 4
                pixels[i..<i + 4] =
                    x < 4
                    ? (top ? [255, 255, 255, 255] : [0, 0, 0, 255]) : (top ? [255, 0, 0, 255] : [0, 0, 255, 255])
            }
        }
        try Data(RGBAImage(width: 16, height: 8, pixels: pixels).pngData()).write(
            to: dir.appendingPathComponent("s.png"))
        try Data(#"{"p": {"x": 0, "y": 0, "width": 16, "height": 8, "pixelRatio": 1}}"#.utf8).write(
            to: dir.appendingPathComponent("s.json"))
        let style = """
            {"version": 8, "sprite": "s", "sources": {"g": {"type": "geojson", "data": \(data)}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffcc"}}, \(layers)]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func line(_ coords: [[Double]]) -> String {
        #"{"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": \#(coords)}}"#
    }

    private func render(_ path: String, center: Coordinate, zoom: Double, scale: Double = 1, width: Double = 300)
        throws -> (RGBAImage, Camera, [String])
    {
        let map = try BaseMapLoader().load(style: path) { _ in }
        var req = RenderRequest(
            size: Size(width: width, height: 100), scale: scale, camera: .center(center, zoom: zoom))
        req.baseMap = map
        let out = try SceneRenderer().render(OverlayScene(), request: req)
        return (try RGBAImage(png: out.bytes), out.camera, out.warnings)
    }

    private func rgb(_ img: RGBAImage, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * img.width + x) * 4
        return (Int(img.pixels[i]), Int(img.pixels[i + 1]), Int(img.pixels[i + 2]))
    }

    func testSegmentsMeetOnTheBisectorsAndCountDistanceAlongTheLine() {
        let pts = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)]
        let segments = LinePattern.segments(of: pts, closed: false, width: 4, reach: 4)
        XCTAssertEqual(segments.count, 2)
        XCTAssertEqual(segments[1].distance, 10, accuracy: 1e-12)
        // The region of the first ends on the line the second's begins on, through the corner
        // along the bisector (1, -1)/√2 of the normals (0, 1) and (-1, 0).
        let a = segments[0].region
        let b = segments[1].region
        XCTAssertEqual(a[2].x, b[1].x, accuracy: 1e-9)
        XCTAssertEqual(a[2].y, b[1].y, accuracy: 1e-9)
        XCTAssertEqual(a[3].x, b[0].x, accuracy: 1e-9)
        XCTAssertEqual(a[3].y, b[0].y, accuracy: 1e-9)
        XCTAssertEqual((a[3].x - 10) + (a[3].y - 0), 0, accuracy: 1e-9, "on the bisector x + y = 10")
        XCTAssertEqual(segments[0].neighbourhood, pts)
        XCTAssertEqual(
            LinePattern.segments(of: [Point(x: 1, y: 1), Point(x: 1, y: 1)], closed: false, width: 4, reach: 4), [])
    }

    /// The image's top on the right-hand side of the line's direction, its width repeating every
    /// `width × image width / image height` points from the line's start.
    func testLinePatternRunsAlongTheLineFromItsStart() throws {
        let path = try styleFolder(
            layers: #"{"id": "l", "type": "line", "source": "g", "paint": {"line-width": 16, "line-pattern": "p"}}"#,
            data: line([[0.0005, 0.0002], [0.0090, 0.0002]]))
        for scale in [1.0, 2.0] {
            let (img, camera, warnings) = try render(
                path, center: Coordinate(latitude: 0.0002, longitude: 0.004), zoom: 15, scale: scale)
            XCTAssertTrue(warnings.isEmpty, "\(warnings)")
            let start = camera.point(for: Coordinate(latitude: 0.0002, longitude: 0.0005))
            var checked = 0
            for px in 0..<img.width {
                let x = (Double(px) + 0.5) / scale
                let phase = (x - start.x).truncatingRemainder(dividingBy: 32)
                guard x > start.x + 2, phase > 1.5 && phase < 6.5 || phase > 9.5 && phase < 30.5 else { continue }
                let south = rgb(img, px, Int((start.y + 4) * scale))
                let north = rgb(img, px, Int((start.y - 4) * scale))
                if phase < 8 {
                    XCTAssertTrue(south.0 > 200 && south.1 > 200, "white at \(px): \(south)")
                    XCTAssertTrue(north.0 < 60 && north.2 < 60, "black at \(px): \(north)")
                } else {
                    XCTAssertTrue(south.0 > 200 && south.2 < 60, "red at \(px): \(south)")
                    XCTAssertTrue(north.2 > 200 && north.0 < 60, "blue at \(px): \(north)")
                }
                checked += 1
            }
            XCTAssertGreaterThan(checked, 150)
        }
    }

    /// Between integer zooms the dashes grow with the map: [3, 2] on a line 2 points wide at
    /// zoom 14 (6 at 15) repeats every 5 × 2 × 2^0.5 points at zoom 14.5, not 5 × 4.
    func testDashesAreMeasuredByTheWidthOfTheIntegerZoomMagnified() throws {
        let path = try styleFolder(
            layers: #"""
                {"id": "l", "type": "line", "source": "g", "paint": {"line-color": "#000", "line-dasharray": [3, 2],
                 "line-width": ["interpolate", ["linear"], ["zoom"], 14, 2, 15, 6]}}
                """#,
            data: line([[0.0005, 0.0002], [0.0190, 0.0002]]))
        let (img, camera, _) = try render(path, center: Coordinate(latitude: 0.0002, longitude: 0.008), zoom: 14.5)
        let y = Int(camera.point(for: Coordinate(latitude: 0.0002, longitude: 0.0005)).y)
        var starts: [Int] = []
        for x in 1..<img.width where rgb(img, x, y).0 < 128 && rgb(img, x - 1, y).0 >= 128 { starts.append(x) }
        XCTAssertGreaterThan(starts.count, 10)
        let period = Double((starts.last ?? 0) - (starts.first ?? 0)) / Double(starts.count - 1)
        XCTAssertEqual(period, 10 * exp2(0.5), accuracy: 0.15)
    }

    /// A GeoJSON source is cut into tiles, and dashes start afresh in each, where the line
    /// enters the tile's buffer (128 points of 512 outside it), as MapLibre draws them.
    func testDashesStartAfreshInEachTileOfAGeoJSONSource() throws {
        let pixel: Double = 360 / (exp2(14.0) * 512)
        // Starts 328 points left of the tile edge at longitude 0: 8 short of a whole number of
        // 16-point repeats, where the next tile's dashes begin (128 = 8 repeats before the edge).
        let path = try styleFolder(
            layers:
                ##"{"id": "l", "type": "line", "source": "g", "paint": {"line-color": "#000", "line-width": 2, "line-dasharray": [4, 4]}}"##,
            data: line([[-328 * pixel, 0.001], [0.01, 0.001]]))
        let (img, camera, _) = try render(path, center: Coordinate(latitude: 0.001, longitude: 0), zoom: 14)
        let edge = camera.point(for: Coordinate(latitude: 0.001, longitude: 0)).x
        let y = Int(camera.point(for: Coordinate(latitude: 0.001, longitude: 0)).y)
        var checked = 0
        for px in 0..<img.width {
            let x = Double(px) + 0.5
            let phase = (x - (x < edge ? edge - 328 : edge - 128)).truncatingRemainder(dividingBy: 16)
            guard abs(phase - 8) > 1, phase > 1, phase < 15 else { continue }
            XCTAssertEqual(rgb(img, px, y).0 < 128, phase < 8, "pixel \(px), phase \(phase)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 200)
    }
}
