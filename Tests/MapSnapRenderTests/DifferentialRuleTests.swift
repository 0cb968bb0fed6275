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

    /// The x of each dash's first dark pixel along row `y`.
    func dashStarts(_ img: RGBAImage, row y: Int) -> [Int] {
        var starts: [Int] = []
        var wasOn = false
        for x in 0..<img.width {
            let on = img.pixels[(y * img.width + x) * 4] < 128
            if on && !wasOn { starts.append(x) }
            wasOn = on
        }
        return starts
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

    /// line-dasharray is in units of the line width at the integer zoom at or below the camera's,
    /// laid out in tile space: a unit is width(⌊z⌋) · 2^(z − ⌊z⌋) points (MapLibre's
    /// line-floorwidth). At z5.7 with a width going 2 → 6 over z5 → z6 and [2, 2], the period is
    /// 4 · 2 · 2^0.7 ≈ 13.0 points (not 4 · 4.8 = 19.2 with the width at z5.7); at z5 it is 8.
    func testDashLengthsFollowTheWidthAtTheIntegerZoomScaledWithTheMap() throws {
        for (zoom, period, scale) in [
            (5.7, 4 * 2 * pow(2, 0.7), 1.0), (5.0, 8.0, 1.0), (5.7, 4 * 2 * pow(2, 0.7), 2.0),
        ] {
            let style = """
                {"version": 8, "center": [0, 0], "zoom": \(zoom),
                 "sources": {"g": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-20, 0], [20, 0]]}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                            {"id": "l", "type": "line", "source": "g",
                             "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 5, 2, 6, 6], "line-dasharray": [2, 2]}}]}
                """
            let img = try render(style, size: Size(width: 300, height: 20), scale: scale)
            let starts = dashStarts(img, row: img.height / 2)
            XCTAssertGreaterThan(starts.count, 10, "z\(zoom) @\(scale)x: dashes")
            guard let first = starts.first, let last = starts.last, starts.count > 2 else { continue }
            let measured = Double(last - first) / Double(starts.count - 1) / scale
            XCTAssertEqual(measured, period, accuracy: 0.3, "z\(zoom) @\(scale)x: dash period in points")
        }
    }
}

extension DifferentialRuleTests {
    /// Layout properties are evaluated at the tile's integer zoom (MapLibre builds its buckets
    /// there): at z5.7, a line-cap stepping from butt to round at z5.5 is still butt.
    func testLineLayoutIsEvaluatedAtTheIntegerZoom() throws {
        for (zoom, roundCap) in [(5.7, false), (6.2, true)] {
            let style = """
                {"version": 8, "center": [0, 0], "zoom": \(zoom),
                 "sources": {"g": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-1, 0], [1, 0]]}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                            {"id": "l", "type": "line", "source": "g",
                             "layout": {"line-cap": ["step", ["zoom"], "butt", 5.5, "round"]}, "paint": {"line-width": 20}}]}
                """
            let img = try render(style, size: Size(width: 400, height: 40))
            let dark = (0..<img.width).filter { img.pixels[(20 * img.width + $0) * 4] < 128 }
            let half = 512 * pow(2, zoom) / 360  // points from the centre to the line's end (1°)
            let reach = Double(img.width / 2) - Double(dark.first ?? 0)
            XCTAssertEqual(reach, half + (roundCap ? 10 : 0), accuracy: 1.5, "z\(zoom): the line's reach, points")
        }
    }
}

extension DifferentialRuleTests {
    /// Translucent features of one vector-tile layer blend one after another, as MapLibre draws
    /// them: where two 50 % black squares overlap the white map is 25 % white, not 50 %.
    func testOverlappingTranslucentTileFeaturesBlendTwice() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-overlap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        func square(_ x: UInt64, _ y: UInt64) -> [UInt8] {
            // MoveTo (x, y); LineTo +2000,0 / 0,+2000 / -2000,0 (zigzag); ClosePath. Tile units.
            var g = ProtoWriter()
            for i: UInt64 in [9, x * 2, y * 2, 26, 4000, 0, 0, 4000, 3999, 0, 15] { g.varint(i) }
            return g.bytes
        }
        var tile = ProtoWriter()
        tile.message(3) { l in
            l.uint(15, 2)
            l.string(1, "areas")
            for (x, y) in [(1000, 1000), (2000, 2000)] as [(UInt64, UInt64)] {
                l.message(2) { f in
                    f.uint(3, 3)
                    f.bytesField(4, square(x, y))
                }
            }
            l.uint(5, 4096)
        }
        let folder = dir.appendingPathComponent("tiles/0/0")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(tile.bytes).write(to: folder.appendingPathComponent("0.pbf"))
        let style = """
            {"version": 8, "center": [0, 0], "zoom": 0,
             "sources": {"v": {"type": "vector", "tiles": ["tiles/{z}/{x}/{y}.pbf"], "maxzoom": 0}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                        {"id": "areas", "type": "fill", "source": "v", "source-layer": "areas",
                         "paint": {"fill-color": "#000", "fill-opacity": 0.5}}]}
            """
        try Data(style.utf8).write(to: dir.appendingPathComponent("style.json"))
        let path = dir.appendingPathComponent("style.json").path
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: path) { warnings.append($0) }
        XCTAssertEqual(warnings, [])
        var req = RenderRequest(
            size: Size(width: 512, height: 512), camera: .center(Coordinate(latitude: 0, longitude: 0), zoom: 0))
        req.baseMap = map
        let img = try RGBAImage(png: try SceneRenderer().render(OverlayScene(), request: req).bytes)
        func red(_ x: Int, _ y: Int) -> Int { Int(img.pixels[(y * img.width + x) * 4]) }
        XCTAssertEqual(red(187, 187), 128, accuracy: 2, "one square: half of the white")
        XCTAssertEqual(red(312, 312), 64, accuracy: 2, "two squares: a quarter of the white")
        XCTAssertEqual(red(437, 437), 128, accuracy: 2, "the other square alone")
    }
}

extension DifferentialRuleTests {
    /// A GeoJSON ring written from -334° to 31° (coordinates as given) is drawn in every world
    /// copy that reaches the image, as MapLibre draws geojson-vt's wrapped geometry: at -43° it
    /// covers the view (its copy as written does), and at 100° its copy 360° east does.
    func testGeoJSONBeyondTheAntimeridianIsDrawnInEveryWorldCopy() throws {
        for lon in [-43.0, 100.0, 160.0] {
            let style = """
                {"version": 8, "center": [\(lon), -39], "zoom": 1.4,
                 "sources": {"g": {"type": "geojson", "data": {"type": "Polygon",
                   "coordinates": [[[-334, -84], [31.5, -84], [-6.8, 28.9], [-334, 28.9], [-334, -84]]]}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                            {"id": "f", "type": "fill", "source": "g", "paint": {"fill-color": "#f00"}}]}
                """
            let img = try render(style, size: Size(width: 64, height: 64))
            let i = (32 * img.width + 32) * 4
            XCTAssertEqual(Array(img.pixels[i..<(i + 3)]), [255, 0, 0], "camera at \(lon)°: filled")
        }
    }
}

extension DifferentialRuleTests {
    /// line-offset moves dashed lines too (drawn by cairo, not the coverage rasterizer): a dashed
    /// west→east line offset by 6 points lies 6 points below its path (right of its direction).
    func testDashedLinesAreOffset() throws {
        for dash in ["", ", \"line-dasharray\": [2, 1]"] {
            let style = """
                {"version": 8, "center": [0, 0], "zoom": 4,
                 "sources": {"g": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-10, 0], [10, 0]]}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                            {"id": "l", "type": "line", "source": "g",
                             "paint": {"line-width": 2, "line-offset": 6\(dash)}}]}
                """
            let img = try render(style, size: Size(width: 100, height: 40))
            let rows = (0..<img.height).filter { y in
                (0..<img.width).contains { img.pixels[(y * img.width + $0) * 4] < 128 }
            }
            XCTAssertEqual(rows, [25, 26], "line\(dash): the rows drawn, 6 points below the centre (20)")
        }
    }
}
