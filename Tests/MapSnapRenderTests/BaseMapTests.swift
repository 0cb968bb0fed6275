import Foundation
import MapSnap
import MapSnapTestSupport
import MapSnapTiles
import XCTest

@testable import MapSnapImage
@testable import MapSnapOverlay
@testable import MapSnapRaster
@testable import MapSnapRender
@testable import MapSnapText

/// The bundled standard style over the sample base maps: golden images at two zooms for
/// San Francisco and Monaco and @2x, label placement without overlap, no seams at tile borders.
final class BaseMapTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sf = root.appendingPathComponent("Samples/basemaps/sf_central_omt.mbtiles").path
    static let monaco = root.appendingPathComponent("Samples/basemaps/monaco_omt.pmtiles").path
    static let sfCenter = Coordinate(latitude: 37.7749, longitude: -122.4194)
    static let monacoCenter = Coordinate(latitude: 43.7384, longitude: 7.4246)

    func baseMap(_ tiles: String, style: String = "standard") throws -> BaseMap {
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: style, overrides: ["openmaptiles": tiles]) { warnings.append($0) }
        XCTAssertEqual(warnings, [], "the bundled style parses without warnings")
        return map
    }

    func render(
        _ map: BaseMap, _ center: Coordinate, zoom: Double, size: Size = Size(width: 300, height: 200),
        scale: Double = 1
    )
        throws -> RenderOutput
    {
        var req = RenderRequest(size: size, scale: scale, camera: .center(center, zoom: zoom))
        req.baseMap = map
        return try SceneRenderer().render(OverlayScene(), request: req)
    }

    /// The probe's style values that trapped (issue 11): a negative text-padding, a negative
    /// icon-padding larger than the icon, a NaN text-size; they render.
    func testOutOfRangeStyleValuesRender() throws {
        let map = try loadStyleText(
            ##"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"n": "A label"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
              {"type": "Feature", "properties": {"n": "B label"}, "geometry": {"type": "Point", "coordinates": [0.0001, 0]}}]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
              {"id": "t", "type": "symbol", "source": "g", "layout": {"text-field": ["get", "n"], "text-padding": -40,
               "icon-image": "star", "icon-padding": -100, "text-size": ["/", 0, 0]}}]}
            """##)
        let out = try render(map, Coordinate(latitude: 0, longitude: 0), zoom: 14, scale: 1)
        XCTAssertFalse(out.bytes.isEmpty)
    }

    func testStandardGoldens() throws {
        let sf = try baseMap(Self.sf)
        let mc = try baseMap(Self.monaco)
        for (name, map, center, zoom, scale) in [
            ("sf-z13", sf, Self.sfCenter, 13.0, 1.0), ("sf-z15", sf, Self.sfCenter, 15.0, 1.0),
            ("monaco-z14", mc, Self.monacoCenter, 14.0, 1.0), ("monaco-z16", mc, Self.monacoCenter, 16.0, 1.0),
            ("sf-z14@2x", sf, Self.sfCenter, 14.0, 2.0),
        ] {
            let out = try render(map, center, zoom: zoom, scale: scale)
            XCTAssertTrue(out.warnings.isEmpty, "\(name): \(out.warnings)")
            // Text shaping may move a glyph edge by a step between runs of pango; allow a few pixels.
            try Golden.assertMatches(out.bytes, feature: "basemap-standard", name: name, maxDifferentPixels: 20)
        }
    }

    func testSatelliteAndHybridGoldens() throws {
        for style in ["satellite", "hybrid"] {
            let sf = try baseMap(Self.sf, style: style)
            let mc = try baseMap(Self.monaco, style: style)
            for (name, map, center, zoom) in [
                ("sf-z13", sf, Self.sfCenter, 13.0), ("monaco-z15", mc, Self.monacoCenter, 15.0),
            ] {
                let out = try render(map, center, zoom: zoom)
                let labels = out.annotations.items.filter { $0.kind == .mapLabel }.count
                if style == "satellite" { XCTAssertEqual(labels, 0, "satellite has no labels") }
                try Golden.assertMatches(out.bytes, feature: "basemap-\(style)", name: name, maxDifferentPixels: 20)
            }
        }
        // Hybrid labels read light on dark: Monaco at z15 has some.
        let out = try render(
            try baseMap(Self.monaco, style: "hybrid"), Self.monacoCenter, zoom: 15, size: Size(width: 600, height: 400))
        XCTAssertGreaterThan(out.annotations.items.filter { $0.kind == .mapLabel }.count, 2)
    }

    func testMapHasWaterRoadsAndLabelsWhereExpected() throws {
        let out = try render(try baseMap(Self.monaco), Self.monacoCenter, zoom: 15, size: Size(width: 600, height: 400))
        let img = try RGBAImage(png: out.bytes)
        // The harbour (Port Hercule) south-east of the centre is water: blue.
        let cam = out.camera
        let sea = cam.point(for: Coordinate(latitude: 43.7365, longitude: 7.4240))
        let i = (Int(sea.y) * img.width + Int(sea.x)) * 4
        XCTAssertGreaterThan(Int(img.pixels[i + 2]), Int(img.pixels[i]) + 40, "water should be blue")
        XCTAssertGreaterThan(out.annotations.items.filter { $0.kind == .mapLabel }.count, 5)
        let credit = try XCTUnwrap(out.annotations.items.first { $0.kind == .attribution })
        XCTAssertTrue(credit.name?.contains("© OpenStreetMap contributors") == true)
    }

    func testPlacedLabelsNeverOverlap() throws {
        for (map, center, zoom) in [
            (try baseMap(Self.sf), Self.sfCenter, 15.0), (try baseMap(Self.monaco), Self.monacoCenter, 16.0),
            (try baseMap(Self.monaco), Self.monacoCenter, 14.5),
        ] {
            let out = try render(map, center, zoom: zoom, size: Size(width: 600, height: 400))
            let labels = out.mapLabelBoxes
            let shapes = out.mapLabelShapes
            XCTAssertGreaterThanOrEqual(labels.count, 4, "some labels are placed at z\(zoom)")
            for i in shapes.indices {
                for j in shapes.indices where j > i {
                    for a in shapes[i] {
                        for b in shapes[j] {
                            XCTAssertFalse(a.hits(b), "labels \(i) and \(j) overlap at z\(zoom)")
                        }
                    }
                }
            }
            for i in labels.indices {
                for box in labels[i] {
                    XCTAssertTrue(Rect(x: 0, y: 0, width: 600, height: 400).contains(box), "label inside the image")
                }
            }
        }
    }

    func testNoSeamAtTileBorders() throws {
        // Open sea south of Monaco at z15.3: tile borders cross it; the sea must be one colour.
        let out = try render(
            try baseMap(Self.monaco), Coordinate(latitude: 43.715, longitude: 7.43), zoom: 15.3,
            size: Size(width: 400, height: 300))
        let img = try RGBAImage(png: out.bytes)
        let cam = out.camera
        let tiles = TileCover.tiles(for: cam, minZoom: 0, maxZoom: 14)
        XCTAssertGreaterThan(tiles.count, 1)
        var checked = 0
        for t in tiles {
            let x = Int(t.origin.x.rounded())
            guard x > 2, x < img.width - 2 else { continue }
            for y in stride(from: 150, to: 290, by: 10) {
                func px(_ x: Int) -> [Int] { (0..<3).map { Int(img.pixels[(y * img.width + x) * 4 + $0]) } }
                let left = px(x - 2)
                guard left[2] > left[0] + 40 else { continue }  // only where it is sea
                for dx in -1...1 {
                    let v = px(x + dx)
                    for c in 0..<3 { XCTAssertLessThanOrEqual(abs(v[c] - left[c]), 2, "seam at x=\(x + dx), y=\(y)") }
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 3, "the test should look at some border pixels in the sea")
    }

    func testCommunityStylesRenderAfterRebinding() throws {
        let styles = Self.root.deletingLastPathComponent().appendingPathComponent("shared/data/styles")
        guard FileManager.default.fileExists(atPath: styles.path) else {
            throw XCTSkip("../shared/data/styles is not here; the community styles are test input only")
        }
        for name in ["positron", "maptiler-basic"] {
            var warnings: [String] = []
            let map = try BaseMapLoader().load(
                style: styles.appendingPathComponent("\(name)/style.json").path, overrides: ["openmaptiles": Self.sf]
            ) { warnings.append($0) }
            let out = try render(map, Self.sfCenter, zoom: 14, size: Size(width: 400, height: 300))
            let img = try RGBAImage(png: out.bytes)
            XCTAssertEqual(img.width, 400)
            XCTAssertGreaterThan(out.annotations.items.filter { $0.kind == .mapLabel }.count, 3, name)
        }
    }
}

extension BaseMapTests {
    func testGeoJSONSourcesInlineAndFromAFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-geojson-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let line = """
            {"type":"Feature","properties":{"kind":"road"},"geometry":{"type":"LineString","coordinates":[[-0.01,0],[0.01,0]]}}
            """
        try Data(line.utf8).write(to: dir.appendingPathComponent("line.geojson"))
        let style = """
            {"version": 8, "center": [0, 0], "zoom": 14,
             "sources": {
               "area": {"type": "geojson", "data": {"type": "Polygon", "coordinates": [[[-0.004,-0.004],[0.004,-0.004],[0.004,0.004],[-0.004,0.004],[-0.004,-0.004]]]}},
               "road": {"type": "geojson", "data": "line.geojson"},
               "dot": {"type": "geojson", "data": {"type": "Feature", "properties": {"name": "Dot"}, "geometry": {"type": "Point", "coordinates": [0.003, 0.003]}}}
             },
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "area", "type": "fill", "source": "area", "paint": {"fill-color": "#ff0000"}},
               {"id": "road", "type": "line", "source": "road", "filter": ["==", ["get", "kind"], "road"],
                "paint": {"line-color": "#0000ff", "line-width": 6}},
               {"id": "dot", "type": "circle", "source": "dot", "paint": {"circle-color": "#00ff00", "circle-radius": 5}},
               {"id": "dot-label", "type": "symbol", "source": "dot", "layout": {"text-field": ["get", "name"], "text-offset": [0, 1.2]}}
             ]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: path) { warnings.append($0) }
        XCTAssertEqual(warnings, [])
        let out = try render(map, Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Size(width: 200, height: 200))
        let img = try RGBAImage(png: out.bytes)
        func px(_ c: Coordinate, dy: Double = 0) -> [UInt8] {
            let p = out.camera.point(for: c)
            let i = (Int(p.y + dy) * img.width + Int(p.x)) * 4
            return Array(img.pixels[i..<(i + 3)])
        }
        XCTAssertEqual(px(Coordinate(latitude: -0.002, longitude: -0.002)), [255, 0, 0], "inline polygon filled")
        XCTAssertEqual(px(Coordinate(latitude: 0, longitude: 0.006)), [0, 0, 255], "line from the file")
        XCTAssertEqual(px(Coordinate(latitude: 0.003, longitude: 0.003)), [0, 255, 0], "circle")
        XCTAssertEqual(out.annotations.items.first { $0.kind == .mapLabel }?.name, "Dot")
    }

    func testBadGeoJSONSourceIsLeftOutWithAWarningNamingTheStyleFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-geojson-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("style.json").path
        let style =
            "{\"version\": 8, \"sources\": {\"a\": {\"type\": \"geojson\", \"data\":\n  {\"type\": \"Point\", \"coordinates\": [1]}}}, \"layers\": []}"
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: path) { warnings.append($0) }
        XCTAssertNil(map.geojsonSources["a"], "the invalid source is left out")
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("style.json:2:") == true, warnings.first ?? "")
        // Data that is not GeoJSON at all (a number) is left out the same way.
        try Data(
            "{\"version\": 8, \"sources\": {\"a\": {\"type\": \"geojson\", \"data\": 42}}, \"layers\": []}".utf8
        ).write(to: URL(fileURLWithPath: path))
        warnings = []
        let other = try BaseMapLoader().load(style: path) { warnings.append($0) }
        XCTAssertNil(other.geojsonSources["a"])
        XCTAssertEqual(warnings.count, 1, warnings.joined(separator: "\n"))
        XCTAssertTrue(warnings.first?.contains("style.json:1:") == true, warnings.first ?? "")
    }

    /// MapLibre's rule for a geojson source whose data file cannot be used: an error event, the
    /// source left out, the rest of the map drawn. Missing, a directory, not JSON, not GeoJSON.
    func testGeoJSONSourceWithABadDataFileIsLeftOutWithAWarning() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-geojson-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("dir.geojson"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{ not json".utf8).write(to: dir.appendingPathComponent("bad.geojson"))
        try Data("{\"hello\": [1, 2]}".utf8).write(to: dir.appendingPathComponent("other.geojson"))
        try Data("{\"type\": \"Point\", \"coordinates\": [0, 0]}".utf8).write(
            to: dir.appendingPathComponent("point.json"))
        let path = dir.appendingPathComponent("style.json").path
        for (name, expected) in [
            ("missing.geojson", "missing.geojson"), ("dir.geojson", "dir.geojson"), ("bad.geojson", "bad.geojson:1:"),
            ("other.geojson", "other.geojson:1:"),
        ] {
            let style = """
                {"version": 8, "center": [0, 0], "zoom": 4,
                 "sources": {"a": {"type": "geojson", "data": "file://\(dir.path)/\(name)"},
                             "b": {"type": "geojson", "data": "point.json"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                            {"id": "a", "type": "fill", "source": "a"},
                            {"id": "b", "type": "circle", "source": "b", "paint": {"circle-color": "#f00", "circle-radius": 8}}]}
                """
            try Data(style.utf8).write(to: URL(fileURLWithPath: path))
            var warnings: [String] = []
            let map = try BaseMapLoader().load(style: path) { warnings.append($0) }
            XCTAssertNil(map.geojsonSources["a"], "\(name): the source is left out")
            XCTAssertEqual(warnings.count, 1, warnings.joined(separator: "\n"))
            XCTAssertTrue(warnings.first?.contains("source \"a\" is not drawn") == true, warnings.first ?? "")
            XCTAssertTrue(warnings.first?.contains(expected) == true, "\(name): \(warnings.first ?? "")")
            let out = try render(map, Coordinate(latitude: 0, longitude: 0), zoom: 4, size: Size(width: 40, height: 40))
            let img = try RGBAImage(png: out.bytes)
            let i = (20 * img.width + 20) * 4
            XCTAssertEqual(Array(img.pixels[i..<(i + 3)]), [255, 0, 0], "\(name): the other source is drawn")
        }
    }

    func testCircleLayersDrawAtEveryVertexOfLinesAndPolygons() throws {
        let style = """
            {"version": 8, "sources": {
               "poly": {"type": "geojson", "data": {"type": "Polygon", "coordinates": [[[-0.004, -0.004], [-0.004, 0.004], [0.004, 0.004], [0.004, -0.004], [-0.004, -0.004]]]}},
               "line": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-0.002, 0], [0.002, 0]]}}},
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "p", "type": "circle", "source": "poly", "paint": {"circle-color": "#ff0000", "circle-radius": 4}},
               {"id": "l", "type": "circle", "source": "line", "paint": {"circle-color": "#0000ff", "circle-radius": 4}}]}
            """
        let map = try loadStyleText(style)
        let out = try render(map, Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Size(width: 200, height: 200))
        let img = try RGBAImage(png: out.bytes)
        func px(_ lat: Double, _ lon: Double) -> [UInt8] {
            let p = out.camera.point(for: Coordinate(latitude: lat, longitude: lon))
            let i = (Int(p.y) * img.width + Int(p.x)) * 4
            return Array(img.pixels[i..<(i + 3)])
        }
        for (lat, lon) in [(-0.004, -0.004), (-0.004, 0.004), (0.004, 0.004), (0.004, -0.004)] {
            XCTAssertEqual(px(lat, lon), [255, 0, 0], "a circle at polygon vertex \(lat), \(lon)")
        }
        XCTAssertEqual(px(0, -0.002), [0, 0, 255])
        XCTAssertEqual(px(0, 0.002), [0, 0, 255])
        XCTAssertEqual(px(0, 0), [255, 255, 255], "nothing between the vertices")
    }
}

extension BaseMapTests {
    func testUnsupportedStyleFeaturesWarnOnceAndDoNotFail() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-unsup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let style = """
            {"version": 8, "center": [7.4246, 43.7384], "zoom": 14, "glyphs": "https://example.invalid/{fontstack}/{range}.pbf",
             "sources": {"omt": {"type": "vector", "url": "\(Self.monaco)"},
                         "dem": {"type": "raster-dem", "url": "https://example.invalid/dem.json"}},
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "#eee"}},
               {"id": "rail", "type": "line", "source": "omt", "source-layer": "transportation", "paint": {"line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "red", 1, "blue"], "line-color": "#0a0"}},
               {"id": "rail2", "type": "line", "source": "omt", "source-layer": "transportation", "paint": {"line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "red", 1, "blue"]}},
               {"id": "shade", "type": "hillshade", "source": "dem"},
               {"id": "odd", "type": "sky"}
             ]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: path) { warnings.append($0) }
        let text = warnings.joined(separator: "\n")
        XCTAssertTrue(text.contains("line-gradient is not drawn"), text)
        XCTAssertEqual(warnings.filter { $0.contains("line-gradient") }.count, 1, "one warning for both layers")
        XCTAssertTrue(text.contains("source \"dem\": https://example.invalid/dem.json is not a local file"), text)
        XCTAssertTrue(text.contains("glyphs"), text)
        XCTAssertTrue(text.contains("sky"), "unknown layer type warned: \(text)")
        let out = try render(map, Self.monacoCenter, zoom: 14)
        XCTAssertGreaterThan(out.bytes.count, 100)
    }
}

extension BaseMapTests {
    func testTranslateMovesTheWholeLayer() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-tr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let style = """
            {"version": 8, "center": [0, 0], "zoom": 14,
             "sources": {"l": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-0.01, 0], [0.01, 0]]}}},
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "line", "type": "line", "source": "l", "paint": {"line-color": "#000000", "line-width": 4, "line-translate": [0, 20]}}
             ]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        let out = try render(
            try BaseMapLoader().load(style: path) { _ in }, Coordinate(latitude: 0, longitude: 0), zoom: 14,
            size: Size(width: 100, height: 100))
        let img = try RGBAImage(png: out.bytes)
        func red(_ x: Int, _ y: Int) -> UInt8 { img.pixels[(y * img.width + x) * 4] }
        XCTAssertEqual(red(50, 50), 255, "nothing left at the untranslated place")
        XCTAssertEqual(red(50, 70), 0, "the line is 20 points lower")
    }

    /// A thumbnail gets the compact credit the OSMF guidelines allow on small images; a larger
    /// image the full one.
    func testTheCreditIsCompactOnThumbnails() throws {
        let sf = try baseMap(Self.sf)
        func credit(_ size: Size) throws -> String? {
            try render(sf, Self.sfCenter, zoom: 13, size: size).annotations.items.first { $0.kind == .attribution }?
                .name
        }
        XCTAssertEqual(try credit(Size(width: 300, height: 200)), "© OpenMapTiles © OpenStreetMap")
        XCTAssertEqual(try credit(Size(width: 600, height: 400)), "© OpenMapTiles © OpenStreetMap contributors")
    }

    /// A tile that cannot be decoded is left out with one warning naming the source and the
    /// tile, not silently.
    func testAnUndecodableTileIsReportedOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-badtile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (z, x, y) in [(1, 0, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1)] {
            let folder = dir.appendingPathComponent("tiles/\(z)/\(x)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data([0x1A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x00]).write(to: folder.appendingPathComponent("\(y).pbf"))
        }
        let style = """
            {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["tiles/{z}/{x}/{y}.pbf"], "maxzoom": 1}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                        {"id": "water", "type": "fill", "source": "v", "source-layer": "water"},
                        {"id": "roads", "type": "line", "source": "v", "source-layer": "roads"}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        let map = try BaseMapLoader().load(style: path) { _ in }
        let out = try render(map, Coordinate(latitude: 0, longitude: 0), zoom: 1.5)
        let bad = out.warnings.filter { $0.contains("cannot be read") }
        XCTAssertEqual(bad.count, 1, "one warning for the source: \(out.warnings)")
        XCTAssertTrue(bad.first?.contains("source \"v\": tile 1/") ?? false, "\(bad)")
    }

    /// A pattern whose image is not in the sprite draws nothing (as MapLibre: OSM Bright's
    /// `water-pattern` has no `fill-color`, and drawing the colour painted the sea black), with
    /// one warning naming the image; the layers without patterns draw.
    func testAPatternWithoutItsImageDrawsNothing() throws {
        var warnings: [String] = []
        let map = try loadStyleText(
            """
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Feature", "properties": {},
              "geometry": {"type": "Polygon", "coordinates": [[[-10, -10], [10, -10], [10, 10], [-10, 10], [-10, -10]]]}}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "bg-pattern", "type": "background", "paint": {"background-pattern": "paper"}},
                        {"id": "water", "type": "fill", "source": "g", "paint": {"fill-pattern": "wave"}},
                        {"id": "edge", "type": "line", "source": "g", "paint": {"line-pattern": "dots", "line-width": 4}}]}
            """, warn: { warnings.append($0) })
        let out = try render(map, Coordinate(latitude: 0, longitude: 0), zoom: 3)
        let img = try RGBAImage(png: out.bytes)
        XCTAssertTrue(img.pixels.allSatisfy { $0 == 255 }, "nothing but the white background is drawn")
        for name in ["paper", "wave", "dots"] {
            XCTAssertEqual(
                out.warnings.filter { $0.contains("no image \"\(name)\" for a pattern") }.count, 1, "\(out.warnings)")
        }
    }

    /// A tile some of whose features have a geometry that does not decode: the others draw, and
    /// one warning says how many were left out and why (no silent damage).
    func testFeaturesThatDoNotDecodeAreReported() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mapsnap-badfeature-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        func geometry(_ ints: [UInt64]) -> [UInt8] {
            var g = ProtoWriter()
            for i in ints { g.varint(i) }
            return g.bytes
        }
        var tile = ProtoWriter()
        tile.message(3) { l in
            l.uint(15, 2)
            l.string(1, "roads")
            // A line across the tile, then one whose LineTo comes before any MoveTo.
            l.message(2) { f in
                f.uint(3, 2)
                f.bytesField(4, geometry([9, 200, 200, 10, 7000, 7000]))
            }
            l.message(2) { f in
                f.uint(3, 2)
                f.bytesField(4, geometry([10, 4, 4]))
            }
            l.uint(5, 4096)
        }
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let folder = dir.appendingPathComponent("tiles/1/\(x)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(tile.bytes).write(to: folder.appendingPathComponent("\(y).pbf"))
        }
        let style = """
            {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["tiles/{z}/{x}/{y}.pbf"], "maxzoom": 1}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                        {"id": "roads", "type": "line", "source": "v", "source-layer": "roads",
                         "paint": {"line-color": "#000", "line-width": 3}}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        let map = try BaseMapLoader().load(style: path) { _ in }
        let out = try render(map, Coordinate(latitude: 0, longitude: 0), zoom: 1.5)
        let damaged = out.warnings.filter { $0.contains("cannot be decoded") }
        XCTAssertEqual(damaged.count, 1, "one warning for the source: \(out.warnings)")
        XCTAssertTrue(damaged.first?.contains("layer \"roads\": 1 feature cannot be decoded") ?? false, "\(damaged)")
        XCTAssertTrue(
            damaged.first?.contains("they are left out") ?? false, "\(damaged)")
    }

    /// A vector source whose `url` names a local TileJSON file: its `tiles` templates (relative to
    /// that file) give the same map as the archive they were taken from.
    func testVectorSourceThroughALocalTileJSONFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-tilejson-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let reader = try MBTilesReader(
            path: Self.root.appendingPathComponent("Samples/basemaps/monaco_omt.mbtiles").path)
        var written = 0
        for z in reader.minZoom...reader.maxZoom {
            let n = 1 << z
            let lat = Self.monacoCenter.latitude * .pi / 180
            let cx = Int((Self.monacoCenter.longitude + 180) / 360 * Double(n))
            let cy = Int((1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * Double(n))
            for x in max(0, cx - 1)...min(n - 1, cx + 1) {
                for y in max(0, cy - 1)...min(n - 1, cy + 1) {
                    guard let bytes = try reader.tileData(z: z, x: x, y: y) else { continue }
                    let folder = dir.appendingPathComponent("tiles/\(z)/\(x)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try Data(bytes).write(to: folder.appendingPathComponent("\(y).pbf"))
                    written += 1
                }
            }
        }
        XCTAssertGreaterThan(written, 10)
        let tileJSON = """
            {"tilejson": "3.0.0", "tiles": ["tiles/{z}/{x}/{y}.pbf"], "minzoom": \(reader.minZoom),
             "maxzoom": \(reader.maxZoom), "attribution": "Test tiles"}
            """
        try Data(tileJSON.utf8).write(to: dir.appendingPathComponent("monaco.json"))
        let style = """
            {"version": 8, "sources": {"omt": {"type": "vector", "url": "monaco.json"}},
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "b", "type": "fill", "source": "omt", "source-layer": "building", "paint": {"fill-color": "#884400"}},
               {"id": "r", "type": "line", "source": "omt", "source-layer": "transportation", "paint": {"line-color": "#000000", "line-width": 2}}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        var warnings: [String] = []
        let viaJSON = try BaseMapLoader().load(style: path) { warnings.append($0) }
        XCTAssertEqual(warnings, [])
        XCTAssertTrue(viaJSON.attribution?.contains("Test tiles") == true, viaJSON.attribution ?? "")
        let viaArchive = try BaseMapLoader().load(style: path, overrides: ["omt": Self.monaco]) { _ in }
        let a = try RGBAImage(png: render(viaJSON, Self.monacoCenter, zoom: 15).bytes)
        let b = try RGBAImage(png: render(viaArchive, Self.monacoCenter, zoom: 15).bytes)
        // The same map (the attribution in the bottom corner names other credits).
        let top = a.width * 4 * 150
        let differing = zip(a.pixels.prefix(top), b.pixels.prefix(top)).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "tiles from the TileJSON's templates draw the same map as the archive")
        XCTAssertGreaterThan(Set(a.pixels).count, 3, "something was drawn")
    }

    /// A label the style wants always shown (text-allow-overlap) is drawn even where the image
    /// edge cuts it, as MapLibre does; without that it is left out rather than cut.
    func testAllowOverlapLabelsAtTheEdgeAreCutNotDropped() throws {
        func labels(allowOverlap: Bool) throws -> [String] {
            let style = """
                {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Feature",
                   "properties": {"name": "Edge label"}, "geometry": {"type": "Point", "coordinates": [0.0036, 0]}}}},
                 "layers": [{"id": "l", "type": "symbol", "source": "p",
                   "layout": {"text-field": ["get", "name"], "text-allow-overlap": \(allowOverlap)}}]}
                """
            let map = try loadStyleText(style)
            let out = try render(
                map, Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Size(width: 200, height: 200))
            return out.annotations.items.filter { $0.kind == .mapLabel }.compactMap(\.name)
        }
        XCTAssertEqual(try labels(allowOverlap: true), ["Edge label"])
        XCTAssertEqual(try labels(allowOverlap: false), [])
    }

    /// icon-image from a local sprite (sprite.json + sprite.png, pixelRatio honoured) or a
    /// built-in symbol (filled with icon-color); unknown names draw nothing; a malformed index
    /// entry is reported and left out.
    func testIconsFromALocalSpriteAndBuiltInSymbols() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-sprite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 32 × 16 sheet: a red 16-pixel square (ratio 1) and a blue one (ratio 2: 8 points).
        var pixels = [UInt8](repeating: 0, count: 32 * 16 * 4)
        for y in 0..<16 {
            for x in 0..<32 {
                let i = (y * 32 + x) * 4
                pixels[i..<i + 4] = x < 16 ? [255, 0, 0, 255] : [0, 0, 255, 255]
            }
        }
        try Data(RGBAImage(width: 32, height: 16, pixels: pixels).pngData()).write(
            to: dir.appendingPathComponent("icons.png"))
        let index = """
            {"red": {"x": 0, "y": 0, "width": 16, "height": 16, "pixelRatio": 1},
             "blue": {"x": 16, "y": 0, "width": 16, "height": 16, "pixelRatio": 2},
             "broken": {"x": 30, "y": 0, "width": 16, "height": 16}}
            """
        try Data(index.utf8).write(to: dir.appendingPathComponent("icons.json"))
        let style = """
            {"version": 8, "sprite": "icons",
             "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
               {"type": "Feature", "properties": {"icon": "red"}, "geometry": {"type": "Point", "coordinates": [-0.002, 0]}},
               {"type": "Feature", "properties": {"icon": "blue"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
               {"type": "Feature", "properties": {"icon": "star"}, "geometry": {"type": "Point", "coordinates": [0.002, 0]}},
               {"type": "Feature", "properties": {"icon": "nowhere"}, "geometry": {"type": "Point", "coordinates": [0, 0.002]}}]}}},
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "i", "type": "symbol", "source": "p",
                "layout": {"icon-image": ["get", "icon"], "icon-allow-overlap": true},
                "paint": {"icon-color": "#00ff00"}}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: path) { warnings.append($0) }
        XCTAssertEqual(map.sprites.first?.images.keys.sorted(), ["blue", "red"])
        XCTAssertEqual(warnings.count, 1, warnings.joined(separator: "\n"))
        XCTAssertTrue(warnings.first?.contains("broken") == true)
        let out = try render(map, Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Size(width: 200, height: 200))
        let img = try RGBAImage(png: out.bytes)
        func px(_ lat: Double, _ lon: Double, dx: Double = 0) -> [UInt8] {
            let p = out.camera.point(for: Coordinate(latitude: lat, longitude: lon))
            let i = (Int(p.y) * img.width + Int(p.x + dx)) * 4
            return Array(img.pixels[i..<(i + 3)])
        }
        XCTAssertEqual(px(0, -0.002), [255, 0, 0], "the red icon")
        XCTAssertEqual(px(0, -0.002, dx: 7), [255, 0, 0], "16 points wide")
        XCTAssertEqual(px(0, 0), [0, 0, 255], "the blue icon")
        XCTAssertEqual(px(0, 0, dx: 6), [255, 255, 255], "8 points wide at pixel ratio 2")
        XCTAssertEqual(px(0, 0.002), [0, 255, 0], "the built-in star in icon-color")
        XCTAssertEqual(px(0.002, 0), [255, 255, 255], "an unknown icon draws nothing")
        XCTAssertEqual(out.annotations.items.filter { $0.kind == .mapLabel }.count, 3)
    }

    /// text-justify lines up the lines of a wrapped label: its short first line sits to the
    /// left, in the middle or to the right of the label's box.
    func testTextJustifyLinesUpWrappedLabels() throws {
        func firstLineInk(_ justify: String) throws -> (mean: Double, box: Rect) {
            let style = """
                {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Feature",
                   "properties": {"name": "I WWWWWWWWWW"}, "geometry": {"type": "Point", "coordinates": [0, 0]}}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                   {"id": "l", "type": "symbol", "source": "p",
                   "layout": {"text-field": ["get", "name"], "text-max-width": 3, "text-justify": "\(justify)"}}]}
                """
            let map = try loadStyleText(style)
            let out = try render(
                map, Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Size(width: 300, height: 200))
            let img = try RGBAImage(png: out.bytes)
            let box = try XCTUnwrap(out.annotations.items.first { $0.kind == .mapLabel }?.pixelBox)
            // Dark pixels in the box's top quarter (the first line, "I").
            var xs: [Double] = []
            for y in Int(box.y)..<Int(box.y + box.height / 4) {
                for x in Int(box.x)..<Int(box.x + box.width) where img.pixels[(y * img.width + x) * 4] < 128 {
                    xs.append(Double(x))
                }
            }
            XCTAssertFalse(xs.isEmpty)
            return (xs.reduce(0, +) / Double(max(xs.count, 1)), box)
        }
        let left = try firstLineInk("left")
        let right = try firstLineInk("right")
        let centre = try firstLineInk("center")
        XCTAssertEqual(left.box, right.box, "the same box either way")
        XCTAssertLessThan(left.mean + 3, centre.mean, "the short first line moves left")
        XCTAssertLessThan(centre.mean + 3, right.mean, "and right")
    }

    /// The overlays' lines reach a style as the `overlay` source: a style can restyle them with
    /// expressions on their properties; a style without such layers gets the default ones (not
    /// with --bare); the bundled styles carry them.
    func testOverlayLinesAreStyledThroughTheOverlaySource() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func load(_ style: String, appending: Bool = true) throws -> BaseMap {
            let path = dir.appendingPathComponent("style-\(UUID().uuidString).json").path
            try Data(style.utf8).write(to: URL(fileURLWithPath: path))
            let loader = BaseMapLoader()
            loader.appendsOverlayLayers = appending
            return try loader.load(style: path) { _ in }
        }
        let own = try load(
            """
            {"version": 8, "sources": {"overlay": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "mine", "type": "line", "source": "overlay",
                "paint": {"line-width": 10, "line-color": ["match", ["get", "difficulty"], "hard", "#ff00ff", "#000000"]}}]}
            """)
        var scene = OverlayScene()
        scene.lines = [
            LineOverlay(
                kind: .trail, name: "T",
                parts: [[Coordinate(latitude: 0, longitude: -0.003), Coordinate(latitude: 0, longitude: 0.003)]],
                difficulty: "hard")
        ]
        var req = RenderRequest(
            size: Size(width: 200, height: 200), camera: .center(Coordinate(latitude: 0, longitude: 0), zoom: 14))
        req.baseMap = own
        let out = try SceneRenderer().render(scene, request: req)
        let img = try RGBAImage(png: out.bytes)
        let p = out.camera.point(for: Coordinate(latitude: 0, longitude: 0))
        let i = (Int(p.y) * img.width + Int(p.x)) * 4
        XCTAssertEqual(
            Array(img.pixels[i..<i + 3]), [255, 0, 255], "the style's own expression, not the default layers' red")
        XCTAssertTrue(out.annotations.items.contains { $0.kind == .trail && $0.name == "T" }, "still annotated")

        let plain = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#
        XCTAssertEqual(
            try load(plain).style.layers.map(\.id),
            ["bg"] + Self.overlayLayers)
        XCTAssertEqual(try load(plain, appending: false).style.layers.map(\.id), ["bg"], "--bare adds nothing")
        for name in ["standard", "satellite", "hybrid"] {
            let map = try BaseMapLoader().load(style: name, overrides: ["openmaptiles": Self.sf]) { _ in }
            XCTAssertEqual(map.style.layers.filter { $0.source == "overlay" }.map(\.id), Self.overlayLayers, name)
        }
    }

    static let overlayLayers = [
        "overlay-areas", "overlay-area-outlines", "overlay-trail-casing", "overlay-trail", "overlay-route-casing",
        "overlay-route", "overlay-leaders", "overlay-leader-points", "overlay-labels",
        "overlay-callouts", "overlay-callouts-symbol", "overlay-pin-titles", "overlay-pins", "overlay-clusters",
    ]

    /// A pin with a title, a start flag, a callout and a free label around (0, 0).
    static func markerScene() -> OverlayScene {
        var scene = OverlayScene()
        scene.pins = [
            PinOverlay(
                coordinate: Coordinate(latitude: 0, longitude: 0), color: Color(red: 1, green: 0, blue: 0),
                glyph: .text("A"), title: "Spring"),
            PinOverlay(
                kind: .startFlag, coordinate: Coordinate(latitude: 0, longitude: 0.0008),
                color: Color(red: 0, green: 0.8, blue: 0)),
        ]
        scene.callouts = [
            CalloutOverlay(
                text: "Bubble", anchors: [Coordinate(latitude: -0.0008, longitude: -0.0002)],
                color: Color(red: 0, green: 0, blue: 1), textColor: .white, symbol: .star)
        ]
        scene.labels = [LabelOverlay(text: "Free label", anchors: [Coordinate(latitude: 0.0009, longitude: -0.001)])]
        return scene
    }

    /// The default overlay layers under a white background, with `change` applied to the layer
    /// objects (as parsed JSON) first.
    static func styleWithOverlayLayers(_ change: (inout [[String: Any]]) -> Void) throws -> String {
        let defaults = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(OverlayLayers.json.utf8)) as? [String: Any])
        var layers = try XCTUnwrap(defaults["layers"] as? [[String: Any]])
        change(&layers)
        var style = defaults
        style["layers"] = [["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]]] + layers
        return String(decoding: try JSONSerialization.data(withJSONObject: style), as: UTF8.self)
    }

    func renderMarkers(_ map: BaseMap) throws -> (RenderOutput, RGBAImage) {
        var req = RenderRequest(
            size: Size(width: 300, height: 240), camera: .center(Coordinate(latitude: 0, longitude: 0), zoom: 16))
        req.baseMap = map
        let out = try SceneRenderer().render(Self.markerScene(), request: req)
        return (out, try RGBAImage(png: out.bytes))
    }

    func rgb(_ img: RGBAImage, _ p: Point) -> [UInt8] {
        let i = (Int(p.y) * img.width + Int(p.x)) * 4
        return Array(img.pixels[i..<i + 3])
    }

    /// Pins, flags, callouts and labels reach a style through the `overlay` source too: a style
    /// without overlay layers gets the default ones (markers show as the renderer draws them),
    /// and a style can recolour or hide them.
    func testMarkersAreStyledThroughTheOverlaySource() throws {
        let plain = try loadStyleText(
            ##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}}]}"##
        )
        XCTAssertEqual(plain.style.layers.map(\.id), ["bg"] + Self.overlayLayers, "the defaults are appended")
        let (out, img) = try renderMarkers(plain)
        let pin = out.camera.point(for: Coordinate(latitude: 0, longitude: 0))
        // The balloon's head (left of its glyph): the pin's red.
        let head = Point(x: pin.x - 8, y: pin.y - 23)
        XCTAssertEqual(rgb(img, head), [255, 0, 0])
        for kind in [Annotations.Kind.marker, .startFlag, .pinTitle, .callout, .label] {
            let item = try XCTUnwrap(out.annotations.items.first { $0.kind == kind }, kind.rawValue)
            XCTAssertTrue(item.placed, kind.rawValue)
        }
        // The callout bubble in its colour, inside the box the annotations give.
        let callout = try XCTUnwrap(out.annotations.items.first { $0.kind == .callout })
        XCTAssertEqual(
            rgb(img, Point(x: callout.pixelBox.x + callout.pixelBox.width - 8, y: callout.pixelBox.y + 3)), [0, 0, 255])
        // Under the pin (its title's place), dark title text on its white halo.
        let title = try XCTUnwrap(out.annotations.items.first { $0.kind == .pinTitle })
        XCTAssertGreaterThan(title.pixelBox.y, pin.y, "the title goes under the pin")

        // Restyled: the style's icon-color wins over the pin's own colour.
        let green = try loadStyleText(
            try Self.styleWithOverlayLayers { layers in
                for i in layers.indices where layers[i]["id"] as? String == "overlay-pins" {
                    layers[i]["paint"] = ["icon-color": "#00ff00"]
                }
            })
        let (greenOut, greenImg) = try renderMarkers(green)
        XCTAssertEqual(rgb(greenImg, head), [0, 255, 0])
        XCTAssertEqual(
            greenOut.annotations.items.filter { $0.kind == .marker }.map(\.pixelBox),
            out.annotations.items.filter { $0.kind == .marker }.map(\.pixelBox), "the same place")

        // Hidden: no pin drawn, and the annotations say so.
        let hidden = try loadStyleText(
            try Self.styleWithOverlayLayers { layers in
                for i in layers.indices where layers[i]["id"] as? String == "overlay-pins" {
                    layers[i]["layout"] = ["visibility": "none"]
                }
            })
        let (hiddenOut, hiddenImg) = try renderMarkers(hidden)
        XCTAssertEqual(rgb(hiddenImg, head), [255, 255, 255])
        XCTAssertEqual(hiddenOut.annotations.items.first { $0.kind == .marker }?.placed, false)
        XCTAssertEqual(hiddenOut.annotations.items.first { $0.kind == .callout }?.placed, true)
    }

    /// The overlay source's point features carry what the input said, for the style to read,
    /// and where the images and texts go; the look itself stays in the layers.
    func testOverlayMarkerFeaturesCarryTheirProperties() throws {
        let scene = Self.markerScene()
        let pins = OverlayStyleSource.markerOrder(scene.pins)
        XCTAssertEqual(pins.map(\.kind), [.startFlag, .marker], "flags under balloons")
        let set = OverlayStyleSource.features(
            lines: [], pins: pins, callouts: scene.callouts, calloutTextSizes: [Size(width: 40, height: 15)],
            labels: scene.labels, look: OverlayLook(style: try OverlayLayers.style.get(), zoom: 16))
        func string(_ f: Feature, _ key: String) -> String? { f.properties[key]?.stringValue }
        let flag = set.features[try XCTUnwrap(set.pinFeatures[0])]
        XCTAssertEqual(string(flag, "kind"), "start-flag")
        XCTAssertEqual(string(flag, "color"), "#00cc00")
        let pin = set.features[try XCTUnwrap(set.pinFeatures[1])]
        XCTAssertEqual(string(pin, "kind"), "pin")
        XCTAssertEqual(string(pin, "color"), "#ff0000")
        XCTAssertEqual(string(pin, "glyph"), "A")
        XCTAssertNil(pin.properties["glyph-color"], "the image's own white")
        XCTAssertEqual(string(pin, "title"), "Spring")
        XCTAssertNil(pin.properties["marker-size"], "no size given: the layer's medium")
        XCTAssertEqual(pin.properties["order"]?.doubleValue, 1)
        XCTAssertEqual(pin.properties["title-anchors"]?.arrayValue?.elements.count, 8)
        let callouts = set.features.filter { string($0, "kind") == "callout" }
        XCTAssertEqual(callouts.count, 2 * 5, "one anchor, above and below, five slides each")
        for f in callouts {
            XCTAssertEqual(string(f, "text"), "Bubble")
            XCTAssertEqual(string(f, "color"), "#0000ff")
            XCTAssertEqual(string(f, "text-color"), "#ffffff")
            XCTAssertEqual(string(f, "symbol"), "star")
            XCTAssertEqual(string(f, "group"), "callout-0")
            XCTAssertEqual(f.properties["text-offset"]?.arrayValue?.elements.count, 2)
        }
        XCTAssertEqual(callouts.filter { $0.properties["below"]?.boolValue == true }.count, 5)
        let label = try XCTUnwrap(set.features.first { string($0, "kind") == "label" })
        XCTAssertEqual(string(label, "text"), "Free label")
        XCTAssertNil(label.properties["color"], "no colour given: the layer's")
        XCTAssertEqual(string(label, "group"), "label-0")
    }

    /// icon-text-fit stretches the icon around its text plus icon-text-fit-padding (top, right,
    /// bottom, left); text-variable-anchor and text-variable-anchor-offset try their anchors in
    /// order and take the first whose text fits.
    func testIconTextFitAndVariableAnchors() throws {
        func render(_ layout: String, latitude: Double = 0) throws -> [[Rect]] {
            let map = try loadStyleText(
                """
                {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Feature", "properties": {},
                  "geometry": {"type": "Point", "coordinates": [0, \(latitude)]}}}},
                 "layers": [{"id": "s", "type": "symbol", "source": "p", "layout": \(layout)}]}
                """)
            var req = RenderRequest(
                size: Size(width: 200, height: 100), camera: .center(Coordinate(latitude: 0, longitude: 0), zoom: 14))
            req.baseMap = map
            req.decorations.scaleBar = nil
            req.decorations.showAttribution = false
            return try SceneRenderer().render(OverlayScene(), request: req).mapLabelBoxes
        }
        let fit = try render(
            """
            {"text-field": "Fit me", "text-size": 12, "text-padding": 0, "icon-image": "star",
             "icon-text-fit": "both", "icon-text-fit-padding": [2, 4, 6, 8]}
            """)
        let text = try XCTUnwrap(fit.first?.first)
        let icon = try XCTUnwrap(fit.first?.last)
        XCTAssertEqual(icon.x, text.x - 8, accuracy: 1e-9)
        XCTAssertEqual(icon.y, text.y - 2, accuracy: 1e-9)
        XCTAssertEqual(icon.width, text.width + 12, accuracy: 1e-9)
        XCTAssertEqual(icon.height, text.height + 8, accuracy: 1e-9)
        let width = try render(
            """
            {"text-field": "Fit me", "text-size": 12, "text-padding": 0, "icon-image": "star",
             "icon-text-fit": "width", "icon-text-fit-padding": [2, 4, 6, 8]}
            """)
        let wText = try XCTUnwrap(width.first?.first)
        let wIcon = try XCTUnwrap(width.first?.last)
        XCTAssertEqual(wIcon.width, wText.width + 12, accuracy: 1e-9)
        XCTAssertEqual(wIcon.height, 15, accuracy: 1e-9, "height as the image's, centred on the text")
        XCTAssertEqual(wIcon.midY, wText.midY, accuracy: 1e-9)

        // The point sits 20 points above the bottom edge: text under it (top anchor, 2 ems down)
        // would be cut, so the label goes above it (bottom anchor, 2 ems up).
        let latitude = Camera(
            center: Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Size(width: 200, height: 100), scale: 1
        ).coordinate(for: Point(x: 100, y: 80)).latitude
        let variable = try render(
            """
            {"text-field": "Label", "text-size": 10, "text-variable-anchor": ["top", "bottom"], "text-offset": [0, 2]}
            """, latitude: latitude)
        let v = try XCTUnwrap(variable.first?.first)
        XCTAssertEqual(v.maxY, 80 - 20 + 2, accuracy: 0.5, "bottom anchor, offset taken as 2 ems up (+ padding)")
        let pairs = try render(
            """
            {"text-field": "Label", "text-size": 10,
             "text-variable-anchor-offset": ["top", [0, 2], "left", [1, -1]]}
            """, latitude: latitude)
        let a = try XCTUnwrap(pairs.first?.first)
        XCTAssertEqual(a.minX, 100 + 10 - 2, accuracy: 0.5, "left anchor, 1 em right (minus padding)")
        XCTAssertEqual(a.midY, 80 - 10, accuracy: 0.5, "and 1 em up, as given")
    }
}

extension BaseMapTests {
    /// Filter verdicts and data-driven paint of GeoJSON layers are remembered per feature from
    /// one image to the next only where they do not depend on the zoom: images of one map at
    /// two zooms, rendered in turn, each look as if rendered alone.
    func testRememberedFeatureVerdictsAndPaintStayRightAcrossZooms() throws {
        let style = """
            {"version": 8, "sources": {"pts": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
               {"type": "Feature", "properties": {"k": "a"}, "geometry": {"type": "LineString", "coordinates": [[-0.01, 0.0005], [0.01, 0.0005]]}},
               {"type": "Feature", "properties": {"k": "b"}, "geometry": {"type": "LineString", "coordinates": [[-0.01, -0.0005], [0.01, -0.0005]]}}]}}},
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "fixed", "type": "line", "source": "pts", "filter": ["==", ["get", "k"], "a"],
                "paint": {"line-width": 3, "line-color": ["match", ["get", "k"], "a", "#ff0000", "#00ff00"]}},
               {"id": "zoomy", "type": "line", "source": "pts", "filter": ["all", ["==", ["get", "k"], "b"], [">=", ["zoom"], 15]],
                "paint": {"line-width": 3, "line-color": ["step", ["zoom"], "#0000ff", 16, ["match", ["get", "k"], "b", "#000000", "#00ff00"]]}}]}
            """
        let map = try loadStyleText(style)
        let center = Coordinate(latitude: 0, longitude: 0)
        guard let fixed = map.style.layers.first(where: { $0.id == "fixed" }),
            let zoomy = map.style.layers.first(where: { $0.id == "zoomy" })
        else { return XCTFail("layers") }
        XCTAssertTrue(GeoJSONSource.memoizes(fixed))
        XCTAssertFalse(GeoJSONSource.memoizes(zoomy), "its filter and colour follow the zoom")
        func colours(_ zoom: Double) throws -> (a: [UInt8], b: [UInt8]) {
            let out = try render(map, center, zoom: zoom, size: Size(width: 200, height: 200))
            let img = try RGBAImage(png: out.bytes)
            func px(_ lat: Double) -> [UInt8] {
                let p = out.camera.point(for: Coordinate(latitude: lat, longitude: 0))
                let i = (Int(p.y) * img.width + Int(p.x)) * 4
                return Array(img.pixels[i..<(i + 3)])
            }
            return (px(0.0005), px(-0.0005))
        }
        for _ in 0..<2 {
            let z14 = try colours(14)
            XCTAssertEqual(z14.a, [255, 0, 0])
            XCTAssertEqual(z14.b, [255, 255, 255], "filtered out below zoom 15")
            let z15 = try colours(15)
            XCTAssertEqual(z15.a, [255, 0, 0])
            XCTAssertEqual(z15.b, [0, 0, 255])
            let z16 = try colours(16)
            XCTAssertEqual(z16.a, [255, 0, 0])
            XCTAssertEqual(z16.b, [0, 0, 0])
        }
    }
}

extension BaseMapTests {
    /// A renderer keeps the tile layers it prepared for the next images: one that drew other
    /// places, zooms and styles first draws each image exactly as a fresh renderer does.
    func testKeptTileLayersDrawTheSameImagesAsAFreshRenderer() throws {
        let standard = try baseMap(Self.sf)
        let satellite = try baseMap(Self.sf, style: "satellite")
        // Two styles whose first shared filter (one verdict list for two layers, per tile
        // layer) picks different roads.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        func roads(_ cls: String) throws -> BaseMap {
            let path = dir.appendingPathComponent("\(cls).json").path
            let filter = "[\"==\", [\"get\", \"class\"], \"\(cls)\"]"
            try Data(
                """
                {"version": 8, "sources": {"omt": {"type": "vector", "url": "mbtiles://unused.mbtiles"}},
                 "layers": [
                   {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                   {"id": "a", "type": "line", "source": "omt", "source-layer": "transportation",
                    "filter": \(filter), "paint": {"line-color": "#ff0000", "line-width": 6}},
                   {"id": "b", "type": "line", "source": "omt", "source-layer": "transportation",
                    "filter": \(filter), "paint": {"line-color": "#0000ff", "line-width": 2}}]}
                """.utf8
            ).write(to: URL(fileURLWithPath: path))
            return try BaseMapLoader().load(style: path, overrides: ["omt": Self.sf]) { _ in }
        }
        let primary = try roads("primary")
        // The same tile caches under another style.
        var minor = primary
        minor.style = try roads("minor").style
        let shared = try SceneRenderer()
        let other = Coordinate(latitude: 37.7790, longitude: -122.4130)
        let cameras: [(BaseMap, Coordinate, Double)] = [
            (standard, Self.sfCenter, 14),
            (standard, other, 14),
            (standard, other, 14.6),
            (satellite, other, 14),
            (primary, other, 14),
            (minor, other, 14),
            (standard, Self.sfCenter, 14),
        ]
        for (map, center, zoom) in cameras {
            var req = RenderRequest(size: Size(width: 300, height: 200), camera: .center(center, zoom: zoom))
            req.baseMap = map
            let kept = try shared.render(OverlayScene(), request: req).bytes
            let fresh = try SceneRenderer().render(OverlayScene(), request: req).bytes
            XCTAssertTrue(kept == fresh, "\(map.style.name ?? "") at \(center) z\(zoom): the image differs")
        }
    }

    /// Kept tile layers stay within their byte budget, the least recently used going first; a
    /// layer taken out is not handed to a second taker until it is given back.
    func testKeptTileLayersStayWithinTheirBudget() throws {
        let map = try baseMap(Self.sf)
        let renderer = try SceneRenderer()
        var req = RenderRequest(size: Size(width: 300, height: 200), camera: .center(Self.sfCenter, zoom: 14))
        req.baseMap = map
        _ = try renderer.render(OverlayScene(), request: req)
        guard let cache = map.vectorSources.values.first else { return XCTFail("no vector source") }
        let id = TileID(z: 14, x: 2620, y: 6332)
        let source = try XCTUnwrap(try cache.tile(id)?.layer(named: "transportation"))
        let layers = (0..<3).map { _ in
            PreparedTileLayer(layer: source, tile: CoveringTile(id: id, wrap: 0, origin: .zero, size: 512))
        }
        let n = layers[0].approximateBytes
        XCTAssertGreaterThan(layers[0].points.count, 0)
        let tiles = PreparedTileCache(budgetBytes: 2 * n)
        let style = tiles.style(of: map.style.layers)
        XCTAssertEqual(tiles.style(of: map.style.layers), style, "one number for one style")
        let caches = ["s": cache]
        func key(_ i: Int) -> PreparedTileCache.Key {
            PreparedTileCache.Key(source: "s", layer: "transportation", tile: id, size: Double(512 + i))
        }
        tiles.give([key(0): layers[0]], caches: caches, style: style)
        tiles.give([key(1): layers[1]], caches: caches, style: style)
        XCTAssertEqual(tiles.bytes, 2 * n)
        let taken = try XCTUnwrap(tiles.take(key(0), from: cache, style: style))
        XCTAssertNil(tiles.take(key(0), from: cache, style: style), "taken: not handed out twice")
        tiles.give([key(0): taken, key(2): layers[2]], caches: caches, style: style)
        XCTAssertLessThanOrEqual(tiles.bytes, 2 * n)
        XCTAssertNotNil(tiles.take(key(0), from: cache, style: style), "used by the last image")
        XCTAssertNil(tiles.take(key(1), from: cache, style: style), "unused for longest: dropped")
        XCTAssertNotNil(tiles.take(key(2), from: cache, style: style))
        tiles.give([key(0): layers[0]], caches: caches, style: style)
        let other = try XCTUnwrap(try baseMap(Self.sf).vectorSources.values.first)
        XCTAssertNil(tiles.take(key(0), from: other, style: style), "only for the cache it came from")
        let none = PreparedTileCache(budgetBytes: 0)
        none.give([key(0): layers[0]], caches: caches, style: style)
        XCTAssertEqual(none.bytes, 0, "a budget of 0 keeps nothing")
    }
}

extension BaseMapTests {
    /// icon-rotate turns a point symbol's icon clockwise about the symbol's point, its offset
    /// with it ("as if the rotated direction was up"): an icon set 12 points above its point
    /// lands 12 points to the right at 90°, and its collision box turns too.
    func testIconRotateTurnsPointIconsAndTheirOffset() throws {
        func render(rotate: Double) throws -> (RGBAImage, RenderOutput) {
            let map = try loadStyleText(
                """
                {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Feature", "properties": {},
                   "geometry": {"type": "Point", "coordinates": [0, 0]}}}},
                 "layers": [
                   {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                   {"id": "i", "type": "symbol", "source": "p",
                    "layout": {"icon-image": "star", "icon-size": 0.6, "icon-offset": [0, -20], "icon-rotate": \(rotate)},
                    "paint": {"icon-color": "#00ff00"}}]}
                """)
            let out = try self.render(
                map, Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Size(width: 100, height: 100))
            return (try RGBAImage(png: out.bytes), out)
        }
        func green(_ img: RGBAImage, _ x: Int, _ y: Int) -> Bool {
            let i = (y * img.width + x) * 4
            return img.pixels[i] < 80 && img.pixels[i + 1] > 200 && img.pixels[i + 2] < 80
        }
        let (upright, _) = try render(rotate: 0)
        XCTAssertTrue(green(upright, 50, 38), "12 points above the point (offset 20 × icon-size 0.6)")
        XCTAssertFalse(green(upright, 62, 50))
        let (turned, out) = try render(rotate: 90)
        XCTAssertTrue(green(turned, 62, 50), "turned clockwise: 12 points to the right")
        XCTAssertFalse(green(turned, 50, 38))
        let box = try XCTUnwrap(out.annotations.items.first { $0.kind == .mapLabel }?.pixelBox)
        XCTAssertGreaterThan(box.x, 50, "the collision box turned with it")
    }
}

extension BaseMapTests {
    /// Credits lose their HTML tags (as MapLibre shows them as text), keep what is between, and
    /// split before each "©"; an unclosed "<" stays as written.
    func testCreditsLoseTheirTags() {
        XCTAssertEqual(BaseMap.withoutTags("<a href=\"https://x\">© OSM</a> <b>x</b>y"), "© OSM xy")
        XCTAssertEqual(BaseMap.withoutTags("a < b"), "a < b")
        XCTAssertEqual(BaseMap.withoutTags("plain"), "plain")
        XCTAssertEqual(
            BaseMap.creditPieces(["<a href='https://openmaptiles.org/'>&copy; OpenMapTiles</a> &copy; OSM &amp; co"]),
            ["© OpenMapTiles", "© OSM & co"])
    }
}

extension BaseMapTests {
    /// `fill-translate` on a vector source moves the features, not the tiles' clips: features
    /// from below the image move into it (as the same view 100 points further south shows them),
    /// rather than being left out because their untranslated place is off the image.
    func testTranslatedTileFeaturesMoveInFromOffTheImage() throws {
        // The middle of a z14 tile (the sample's deepest: 2,048 points across at zoom 16), so
        // that the image and 100 points below it lie in that tile.
        let n = 16384.0
        let x = (Self.monacoCenter.longitude + 180) / 360 * n
        let latRad = Self.monacoCenter.latitude * .pi / 180
        let y = (1 - log(tan(latRad) + 1 / cos(latRad)) / .pi) / 2 * n
        let lon = (x.rounded(.down) + 0.5) / n * 360 - 180
        let lat = atan(sinh(.pi * (1 - 2 * (y.rounded(.down) + 0.5) / n))) * 180 / .pi
        func style(_ translate: String) -> String {
            """
            {"version": 8, "sources": {"omt": {"type": "vector", "url": "\(Self.monaco)"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
              {"id": "b", "type": "fill", "source": "omt", "source-layer": "building",
               "paint": {"fill-color": "#000000", "fill-antialias": false\(translate)}}]}
            """
        }
        let size = Size(width: 200, height: 200)
        let moved = try render(
            loadStyleText(style(#", "fill-translate": [0, -100]"#)), Coordinate(latitude: lat, longitude: lon),
            zoom: 16, size: size)
        let south = moved.camera.coordinate(for: Point(x: 100, y: 200))
        let plain = try render(loadStyleText(style("")), south, zoom: 16, size: size)
        let a = try RGBAImage(png: moved.bytes)
        let b = try RGBAImage(png: plain.bytes)
        let rows = 100..<200
        var dark = 0
        var worst = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let i = (y * 200 + x) * 4
                worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i])))
                if rows.contains(y) && a.pixels[i] < 128 { dark += 1 }
            }
        }
        XCTAssertGreaterThan(dark, 50, "buildings from below the image fill its bottom rows")
        XCTAssertLessThanOrEqual(worst, 2, "the translated view is the view 100 points south")
    }
}
