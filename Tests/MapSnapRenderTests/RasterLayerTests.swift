import Foundation
import MapSnap
import XCTest

@testable import MapSnapImage
@testable import MapSnapOverlay
@testable import MapSnapRaster
@testable import MapSnapRender
@testable import MapSnapText

/// Raster styles end to end: a style with a raster source over the fixture tiles (a z1 world in
/// four colours, 256-pixel PNG and JPEG tiles) loaded by `BaseMapLoader` and drawn by
/// `SceneRenderer`.
final class RasterLayerTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/raster")
    /// The tile colours: north-west, north-east, south-west, south-east.
    static let quadrants: [[Int]] = [[200, 30, 30], [30, 200, 30], [30, 30, 200], [230, 230, 40]]

    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("RasterLayerTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// Writes a style with one raster source (`source`, JSON) and one raster layer with `paint`.
    func writeStyle(source: String, paint: String = "{}", in dir: URL) throws -> String {
        let style = """
            {"version": 8, "sources": {"r": \(source)},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "black"}},
                        {"id": "r", "type": "raster", "source": "r", "paint": \(paint)}]}
            """
        let url = dir.appendingPathComponent("style.json")
        try Data(style.utf8).write(to: url)
        return url.path
    }

    func render(
        style: String, zoom: Double = 0, size: Double = 512, scale: Double = 1, overrides: [String: String] = [:]
    ) throws -> (image: RGBAImage, warnings: [String]) {
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: style, overrides: overrides) { warnings.append($0) }
        var req = RenderRequest(
            size: Size(width: size, height: size), scale: scale,
            camera: .center(Coordinate(latitude: 0, longitude: 0), zoom: zoom))
        req.baseMap = map
        req.decorations.showAttribution = false
        let out = try SceneRenderer().render(OverlayScene(), request: req)
        return (try RGBAImage(png: out.bytes), warnings + out.warnings)
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        (0..<3).map { Int(image.pixels[(y * image.width + x) * 4 + $0]) }
    }

    func assertQuadrants(_ image: RGBAImage, _ expected: [[Int]] = quadrants, tolerance: Int = 3, line: UInt = #line) {
        let w = image.width
        let h = image.height
        let points = [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)]
        for ((x, y), want) in zip(points, expected) {
            let got = pixel(image, x, y)
            for (g, e) in zip(got, want) {
                XCTAssertLessThanOrEqual(abs(g - e), tolerance, "pixel \(x),\(y): \(got) vs \(want)", line: line)
            }
        }
    }

    /// `tiles` templates relative to the style: PNG tried first, then JPEG; 256-pixel tiles at
    /// zoom 0 come from z1.
    func testTemplatesDrawTheFourTiles() throws {
        let out = try render(style: Self.fixtures.appendingPathComponent("style.json").path)
        XCTAssertEqual(out.warnings, [])
        XCTAssertEqual(out.image.width, 512)
        assertQuadrants(out.image)
    }

    func testAtTwiceTheScale() throws {
        let out = try render(style: Self.fixtures.appendingPathComponent("style.json").path, size: 256, scale: 2)
        XCTAssertEqual(out.image.width, 512)
        assertQuadrants(out.image)
    }

    /// Beyond the source's maxzoom the z1 tiles are over-zoomed: zoom 2 shows a quarter of each.
    func testOverzoom() throws {
        let out = try render(style: Self.fixtures.appendingPathComponent("style.json").path, zoom: 2)
        assertQuadrants(out.image)
    }

    /// A broken TileJSON file is an error naming the file, line and column.
    func testABrokenTileJSONFileNamesThePlace() throws {
        let dir = try temporaryDirectory()
        let broken = dir.appendingPathComponent("broken.json")
        try Data("{\n  \"tiles\": [\"a\",]\n}".utf8).write(to: broken)
        let style = try writeStyle(source: #"{"type": "raster", "url": "file://\#(broken.path)"}"#, in: dir)
        XCTAssertThrowsError(try render(style: style)) { error in
            guard let e = error as? SnapshotError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.kind, .badInput)
            XCTAssertEqual(e.file, broken.path)
            XCTAssertEqual(e.line, 2)
            XCTAssertNotNil(e.column)
        }
        let notObject = dir.appendingPathComponent("array.json")
        try Data("[1]".utf8).write(to: notObject)
        let style2 = try writeStyle(source: #"{"type": "raster", "url": "file://\#(notObject.path)"}"#, in: dir)
        XCTAssertThrowsError(try render(style: style2)) { error in
            XCTAssertTrue("\(error)".contains("not a TileJSON object"), "\(error)")
        }
    }

    func testTileJSONAndMBTiles() throws {
        let dir = try temporaryDirectory()
        let tilejson = Self.fixtures.appendingPathComponent("tilejson.json").path
        let viaTileJSON = try writeStyle(
            source: #"{"type": "raster", "url": "file://\#(tilejson)", "tileSize": 256}"#, in: dir)
        var out = try render(style: viaTileJSON)
        XCTAssertEqual(out.warnings, [])
        assertQuadrants(out.image)

        let mbtiles = Self.fixtures.appendingPathComponent("tiles.mbtiles").path
        let viaMBTiles = try writeStyle(
            source: #"{"type": "raster", "url": "mbtiles://\#(mbtiles)", "tileSize": 256}"#, in: dir)
        out = try render(style: viaMBTiles)
        XCTAssertEqual(out.warnings, [])
        assertQuadrants(out.image)

        // A network source bound to the archive with --source.
        let bound = try writeStyle(
            source: #"{"type": "raster", "tiles": ["https://example.com/{z}/{x}/{y}.png"], "tileSize": 256}"#, in: dir)
        out = try render(style: bound, overrides: ["r": mbtiles])
        XCTAssertEqual(out.warnings, [])
        assertQuadrants(out.image)
    }

    func testPaint() throws {
        let dir = try temporaryDirectory()
        let tiles = Self.fixtures.appendingPathComponent("tiles").path
        let source =
            #"{"type": "raster", "tiles": ["\#(tiles)/{z}/{x}/{y}.png", "\#(tiles)/{z}/{x}/{y}.jpg"], "tileSize": 256}"#
        // Saturation −1: each tile becomes the mean of its channels.
        var out = try render(style: try writeStyle(source: source, paint: #"{"raster-saturation": -1}"#, in: dir))
        assertQuadrants(out.image, Self.quadrants.map { c in Array(repeating: (c.reduce(0, +) + 1) / 3, count: 3) })
        // Opacity 0.5 over the black background.
        out = try render(style: try writeStyle(source: source, paint: #"{"raster-opacity": 0.5}"#, in: dir))
        assertQuadrants(out.image, Self.quadrants.map { $0.map { ($0 + 1) / 2 } })
        // Hue rotated by 120°: red → green, green → blue, blue → red.
        out = try render(style: try writeStyle(source: source, paint: #"{"raster-hue-rotate": 120}"#, in: dir))
        assertQuadrants(out.image, [[30, 200, 30], [30, 30, 200], [200, 30, 30], [40, 230, 230]])
    }

    /// A damaged tile is left out with one warning naming the source; the others still draw.
    func testCorruptTileWarnsAndDrawsTheRest() throws {
        let dir = try temporaryDirectory()
        let tiles = Self.fixtures.appendingPathComponent("tiles").path
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("bad/1/0"), withIntermediateDirectories: true)
        var broken = Array(try Data(contentsOf: URL(fileURLWithPath: tiles + "/1/0/0.png")))
        broken = Array(broken.prefix(40))
        try Data(broken).write(to: dir.appendingPathComponent("bad/1/0/0.png"))
        let source =
            #"{"type": "raster", "tiles": ["bad/{z}/{x}/{y}.png", "\#(tiles)/{z}/{x}/{y}.png", "\#(tiles)/{z}/{x}/{y}.jpg"], "tileSize": 256}"#
        let out = try render(style: try writeStyle(source: source, in: dir))
        XCTAssertEqual(out.warnings.count, 1, "\(out.warnings)")
        XCTAssertTrue(out.warnings.first?.contains("source \"r\"") ?? false, "\(out.warnings)")
        XCTAssertEqual(pixel(out.image, 128, 128), [0, 0, 0], "the broken tile is not drawn")
        assertQuadrants(out.image, [[0, 0, 0]] + Self.quadrants.dropFirst())
    }

    func testNetworkRasterSourceWarns() throws {
        let dir = try temporaryDirectory()
        let style = try writeStyle(source: #"{"type": "raster", "url": "https://example.com/tiles.json"}"#, in: dir)
        let out = try render(style: style)
        XCTAssertEqual(out.warnings.count, 1)
        XCTAssertEqual(pixel(out.image, 10, 10), [0, 0, 0])
    }
}
