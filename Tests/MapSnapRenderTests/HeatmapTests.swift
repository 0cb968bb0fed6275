import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapImage
import MapSnapOverlay
import XCTest

@testable import MapSnapRender

/// Heatmap layers end to end: styles with a GeoJSON source of points (the fixture
/// `Fixtures/heatmap/points.geojson`: 400 seeded points in five clusters over San Francisco,
/// each with a `mag` of 0…5) or the sample tiles' `poi` layer, loaded by `BaseMapLoader` and
/// drawn by `SceneRenderer`. Checked against MapLibre GL JS 5.24 at 600x400 by
/// `Scripts/fidelity-heatmap`: blurred mean difference 0.29 (default paint, z13), 0.23
/// (data-driven weight, zoom-driven intensity), 0.48 and 0.24 (tile points at z14 and z15.5).
final class HeatmapTests: XCTestCase {
    static let points = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/heatmap/points.geojson").path
    static let sf = Coordinate(latitude: 37.7749, longitude: -122.4194)

    /// Writes a style of a white background and `layers` over the GeoJSON source `pts` (`data`:
    /// JSON, by default the fixture file) and the sample tiles as `omt`.
    private func style(_ layers: String, data: String? = nil) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-heatmap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let style = """
            {"version": 8,
             "sources": {"pts": {"type": "geojson", "data": \(data ?? "\"\(Self.points)\"")},
                         "omt": {"type": "vector", "url": "\(BaseMapTests.sf)"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}}, \(layers)]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func render(
        _ path: String, center: Coordinate = sf, zoom: Double = 13, size: Size = Size(width: 300, height: 200),
        scale: Double = 1, format: ImageFormat = .png
    ) throws -> (bytes: [UInt8], warnings: [String]) {
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: path) { warnings.append($0) }
        var req = RenderRequest(size: size, scale: scale, camera: .center(center, zoom: zoom), format: format)
        req.baseMap = map
        req.decorations.showAttribution = false
        let out = try SceneRenderer().render(OverlayScene(), request: req)
        return (out.bytes, warnings + out.warnings)
    }

    private func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        (0..<4).map { Int(image.pixels[(y * image.width + x) * 4 + $0]) }
    }

    private let heat = #"{"id": "heat", "type": "heatmap", "source": "pts"}"#

    /// The spec's defaults (radius 30, weight 1, intensity 1, opacity 1, the rainbow ramp from
    /// transparent blue): a golden image, and no "not drawn" warning. (This view against
    /// MapLibre GL JS 5.24: blurred mean difference 0.41, no channel off by more than 7.)
    func testDefaultPaintGolden() throws {
        let out = try render(try style(heat), center: Coordinate(latitude: 37.7680, longitude: -122.4330))
        XCTAssertEqual(out.warnings, [])
        try Golden.assertMatches(
            out.bytes, feature: "heatmap", name: "default", channelTolerance: 3, maxDifferentPixels: 30)
        let img = try RGBAImage(png: out.bytes)
        // The densest part saturates to the ramp's red; away from the points the white stays.
        XCTAssertEqual(pixel(img, 290, 80), [255, 0, 0, 255])
        XCTAssertEqual(pixel(img, 20, 120), [255, 255, 255, 255])
    }

    /// At 2x the kernel is twice as wide in pixels: each 2×2 block of the 2x image averages to
    /// about the 1x pixel (the grids differ, a quarter of each image).
    func testTwiceTheScaleIsTheSamePicture() throws {
        let path = try style(heat)
        let one = try RGBAImage(png: render(path).bytes)
        let two = try RGBAImage(png: render(path, scale: 2).bytes)
        XCTAssertEqual([two.width, two.height], [600, 400])
        var total = 0.0
        for y in 0..<one.height {
            for x in 0..<one.width {
                for c in 0..<3 {
                    let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { dx, dy in
                        Double(two.pixels[((2 * y + dy) * two.width + 2 * x + dx) * 4 + c])
                    }
                    total += abs(block.reduce(0, +) / 4 - Double(one.pixels[(y * one.width + x) * 4 + c]))
                }
            }
        }
        let mean = total / Double(one.width * one.height * 3)
        XCTAssertLessThan(mean, 2.5)
        XCTAssertGreaterThan(mean, 0)
    }

    /// heatmap-weight from a feature's data: a point of weight 0 adds nothing, one of weight 1
    /// peaks at GAUSS_COEF ≈ 0.4 (between the ramp's cyan at 0.3 and lime at 0.5), one of
    /// weight 4 at 1.6 (saturated red).
    func testDataDrivenWeight() throws {
        func point(_ lon: Double, _ mag: Int) -> String {
            #"{"type": "Feature", "properties": {"mag": \#(mag)}, "geometry": {"type": "Point", "coordinates": [\#(lon), 0]}}"#
        }
        let data =
            #"{"type": "FeatureCollection", "features": [\#(point(-0.01, 0)), \#(point(0, 1)), \#(point(0.01, 4))]}"#
        let layer = #"{"id": "heat", "type": "heatmap", "source": "pts", "paint": {"heatmap-weight": ["get", "mag"]}}"#
        // At z14, 0.01° of longitude is 233 points: the three kernels (38 points) stay apart.
        let out = try render(
            try style(layer, data: data), center: Coordinate(latitude: 0, longitude: 0), zoom: 14,
            size: Size(width: 600, height: 100))
        XCTAssertEqual(out.warnings, [])
        let img = try RGBAImage(png: out.bytes)
        XCTAssertEqual(pixel(img, 300 - 233, 50), [255, 255, 255, 255])
        let one = pixel(img, 300, 50)
        XCTAssertLessThan(one[0], 30, "\(one)")
        XCTAssertGreaterThan(one[1], 230, "\(one)")
        XCTAssertTrue((60...200).contains(one[2]), "\(one)")
        XCTAssertEqual(pixel(img, 300 + 233, 50), [255, 0, 0, 255])
    }

    /// A point just off the image (15 points left of it, inside its 38-point kernel) still warms
    /// the image's edge.
    func testPointOffTheImageContributes() throws {
        // At z10 a degree of longitude is 512 · 2^10 / 360 ≈ 1456 points; the image's left edge
        // is 100 points west of the centre.
        let lon = -(100.0 + 15) / (512 * 1024 / 360)
        let data = #"{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [\#(lon), 0]}}"#
        let out = try render(
            try style(heat, data: data), center: Coordinate(latitude: 0, longitude: 0), zoom: 10,
            size: Size(width: 200, height: 100))
        let img = try RGBAImage(png: out.bytes)
        XCTAssertNotEqual(pixel(img, 0, 50), [255, 255, 255, 255])
        XCTAssertEqual(pixel(img, 40, 50), [255, 255, 255, 255])
    }

    /// The filter picks the points; opacity 0 draws nothing.
    func testFilterAndOpacity() throws {
        let none = #"{"id": "heat", "type": "heatmap", "source": "pts", "filter": ["==", ["get", "mag"], 99]}"#
        let hidden = #"{"id": "heat", "type": "heatmap", "source": "pts", "paint": {"heatmap-opacity": 0}}"#
        for layer in [none, hidden] {
            let img = try RGBAImage(png: render(try style(layer)).bytes)
            XCTAssertTrue(stride(from: 0, to: img.pixels.count, by: 4).allSatisfy { img.pixels[$0 + 1] == 255 }, layer)
        }
        let some = #"{"id": "heat", "type": "heatmap", "source": "pts", "filter": ["==", ["get", "mag"], 5]}"#
        let all = try RGBAImage(png: render(try style(heat)).bytes)
        let fewer = try RGBAImage(png: render(try style(some)).bytes)
        func coloured(_ img: RGBAImage) -> Int {
            stride(from: 0, to: img.pixels.count, by: 4).filter { img.pixels[$0 + 1] < 250 || img.pixels[$0] < 250 }
                .count
        }
        XCTAssertGreaterThan(coloured(fewer), 1000)
        XCTAssertLessThan(coloured(fewer), coloured(all))
    }

    /// Points of a vector source (the sample tiles' `poi` layer) draw; a layer above the heatmap
    /// covers it (style order holds).
    func testVectorTilePointsAndLayerOrder() throws {
        let poi = #"{"id": "heat", "type": "heatmap", "source": "omt", "source-layer": "poi"}"#
        let img = try RGBAImage(png: render(try style(poi), zoom: 14).bytes)
        let coloured = stride(from: 0, to: img.pixels.count, by: 4).filter { img.pixels[$0 + 1] < 250 }.count
        XCTAssertGreaterThan(coloured, img.width * img.height / 10)
        let cover = ##"{"id": "top", "type": "background", "paint": {"background-color": "#102030"}}"##
        let covered = try RGBAImage(png: render(try style(poi + ", " + cover), zoom: 14).bytes)
        XCTAssertEqual(pixel(covered, 150, 100), [16, 32, 48, 255])
    }

    /// SVG and PDF carry the heatmap as an embedded image.
    func testVectorOutputsEmbedAnImage() throws {
        let path = try style(heat)
        let svg = String(decoding: try render(path, format: .svg).bytes, as: UTF8.self)
        XCTAssertTrue(svg.contains("<image"), "no <image> in the SVG")
        let pdf = try render(path, format: .pdf).bytes
        XCTAssertTrue(String(decoding: pdf, as: UTF8.self).contains("/Subtype /Image"), "no image in the PDF")
    }
}
