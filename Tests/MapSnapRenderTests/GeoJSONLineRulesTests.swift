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

    /// An odd-length `line-dasharray` is not doubled as in SVG: its last dash runs on into the
    /// first one of the next repeat, as MapLibre's line atlas lays it out. [4, 1, 2] at width 2
    /// draws 8 on, 2 off, then 12 on and 2 off over and over (SVG would give 8, 4 and 2 on).
    func testOddDashArraysRunOnIntoTheNextRepeat() throws {
        // From off the image on the left to the image's middle (a tile edge, where dashes restart).
        let png = try render(
            [[[-0.2, 0.0], [-0.00001, 0.0]]], width: 2, format: .png, paint: #", "line-dasharray": [4, 1, 2]"#)
        let img = try RGBAImage(png: png)
        let row = (0..<img.width).map { img.pixels[(50 * img.width + $0) * 4] < 128 }
        var runs: [(on: Bool, length: Int)] = []
        for dark in row[..<98] {
            if let last = runs.last, last.on == dark {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((dark, 1))
            }
        }
        // The runs that touch neither end of the stretch looked at.
        let inner = runs.dropFirst().dropLast()
        XCTAssertGreaterThan(inner.count, 8)
        for run in inner {
            XCTAssert(run.on ? (11...13).contains(run.length) : (1...3).contains(run.length), "\(runs)")
        }
    }

    /// `line-blur` softens dashed lines too (MapLibre's dashes share the line shader's blur).
    func testBlurAppliesToDashes() throws {
        let line = [[-0.2, 0.0], [-0.00001, 0.0]]
        func darkest(_ blur: Double) throws -> UInt8 {
            let paint = #", "line-dasharray": [3, 1], "line-blur": \#(blur)"#
            let img = try RGBAImage(png: render([line], width: 4, format: .png, paint: paint))
            return (0..<98).map { img.pixels[(50 * img.width + $0) * 4] }.min() ?? 255
        }
        XCTAssertLessThan(try darkest(0), 10, "sharp dashes are black in their middle")
        XCTAssertGreaterThan(try darkest(4), 60, "blurred dashes are never fully black")
    }

    /// Translucent dashed features blend one by one, as MapLibre draws them: where two cross, the
    /// crossing is darker than either.
    func testTranslucentDashedFeaturesBlendEachOnItsOwn() throws {
        let a = [[-0.03, -0.01], [0.03, 0.01]]
        let b = [[-0.03, 0.01], [0.03, -0.01]]
        let paint = #", "line-dasharray": [20, 1], "line-opacity": 0.5"#
        let img = try RGBAImage(png: render([a, b], width: 6, format: .png, paint: paint))
        let single = try RGBAImage(png: render([a], width: 6, format: .png, paint: paint))
        func red(_ im: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(im.pixels[(y * im.width + x) * 4]) }
        XCTAssertLessThan(red(img, 100, 50), red(single, 100, 50) - 40, "the crossing blends twice")
    }

    /// A translucent line that turns back on itself blends twice where its two legs overlap, as
    /// MapLibre's folded join geometry does; a gentle bend blends once.
    func testATranslucentHairpinBlendsTwice() throws {
        let hairpin = [[-0.05, 0.0], [0.05, 0.0], [-0.05, 0.001]]
        let paint = #", "line-opacity": 0.5"#
        let img = try RGBAImage(png: render([hairpin], width: 8, format: .png, paint: paint))
        let once = try RGBAImage(png: render([[[-0.05, 0.0], [0.05, 0.0]]], width: 8, format: .png, paint: paint))
        func red(_ im: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(im.pixels[(y * im.width + x) * 4]) }
        XCTAssertLessThan(red(img, 80, 50), red(once, 80, 50) - 40, "the legs overlap and blend twice")
    }
}

extension GeoJSONLineRulesTests {
    /// Renders `count` horizontal lines whose `k` property alternates 0, 1, 0, … as SVG with
    /// `paint` (JSON members) and returns the number of stroked paths.
    private func strokedPaths(_ count: Int, paint: String) throws -> Int {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-group-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let features = (0..<count).map { i -> String in
            let y = -0.01 + 0.02 * Double(i) / Double(count)
            return #"{"type": "Feature", "properties": {"k": \#(i % 2)}, "geometry": {"type": "LineString", "#
                + #""coordinates": [[-0.05, \#(y)], [0.05, \#(y + 0.003)]]}}"#
        }
        let style = """
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection",
              "features": [\(features.joined(separator: ","))]}}},
             "layers": [{"id": "l", "type": "line", "source": "g", "paint": {\(paint)}}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        var req = RenderRequest(
            size: Size(width: 200, height: 100), scale: 1,
            camera: .center(Coordinate(latitude: 0, longitude: 0), zoom: 10), format: .svg)
        req.baseMap = try BaseMapLoader().load(style: path) { _ in }
        req.decorations.showAttribution = false
        req.decorations.scaleBar = nil
        let svg = String(decoding: try SceneRenderer().render(OverlayScene(), request: req).bytes, as: UTF8.self)
        return svg.components(separatedBy: "stroke-width:").count - 1
    }

    /// Opaque strokes of one colour unite in any order, so on vector output a layer whose width
    /// alone follows the feature draws one path per width; when the colour follows the feature
    /// too, order matters and each run keeps its own path.
    func testOneColourLinesShareAPathPerWidth() throws {
        let width = #""line-width": ["match", ["get", "k"], 0, 2, 4]"#
        let byWidth = width + ##", "line-color": "#444444""##
        XCTAssertEqual(try strokedPaths(12, paint: byWidth), 2)
        let byColour = width + ##", "line-color": ["match", ["get", "k"], 0, "#444444", "#884444"]"##
        XCTAssertEqual(try strokedPaths(12, paint: byColour), 12)
        let translucent = byWidth + #", "line-opacity": 0.5"#
        XCTAssertEqual(try strokedPaths(12, paint: translucent), 12, "translucent features blend one by one")
    }
}
