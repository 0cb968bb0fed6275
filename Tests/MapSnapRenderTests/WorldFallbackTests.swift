import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapStyle
import MapSnapTiles
import XCTest

@testable import MapSnapImage
@testable import MapSnapOverlay
@testable import MapSnapRender

/// The bundled world base map under an OpenMapTiles-schema source: drawn where the source has
/// no tiles (a coast far from the sample areas shows sea and land), never where it has them
/// (the sample views are byte-identical with and without it); one warning naming the source
/// and the view; a credit naming only the sources that drew.
final class WorldFallbackTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let monaco = root.appendingPathComponent("Samples/basemaps/monaco_omt.pmtiles").path
    /// The standard style's colours (Styles/standard.json): water and the land background.
    static let water = (r: 0xa4, g: 0xd1, b: 0xf2)

    func standard(world: Bool) throws -> BaseMap {
        let loader = BaseMapLoader()
        if !world { loader.worldMap = nil }
        return try loader.load(style: "standard", overrides: ["openmaptiles": Self.monaco]) { _ in }
    }

    func render(_ map: BaseMap, _ lat: Double, _ lon: Double, zoom: Double, size: Size = Size(width: 300, height: 200))
        throws -> RenderOutput
    {
        var req = RenderRequest(
            size: size, scale: 1, camera: .center(Coordinate(latitude: lat, longitude: lon), zoom: zoom))
        req.baseMap = map
        return try SceneRenderer().render(OverlayScene(), request: req)
    }

    /// The pixel of `img` at the image position of (lat, lon) for `camera`.
    func pixel(_ img: RGBAImage, _ camera: Camera, _ lat: Double, _ lon: Double) -> (r: Int, g: Int, b: Int) {
        let p = camera.point(for: Coordinate(latitude: lat, longitude: lon))
        guard p.x >= 0, p.y >= 0, Int(p.x) < img.width, Int(p.y) < img.height else {
            XCTFail("\(lat), \(lon) is off the image")
            return (0, 0, 0)
        }
        let i = (Int(p.y) * img.width + Int(p.x)) * 4
        return (Int(img.pixels[i]), Int(img.pixels[i + 1]), Int(img.pixels[i + 2]))
    }

    func isWater(_ c: (r: Int, g: Int, b: Int)) -> Bool {
        abs(c.r - Self.water.r) < 12 && abs(c.g - Self.water.g) < 12 && abs(c.b - Self.water.b) < 12
    }

    func requireWorld() throws {
        guard BaseMapLoader.worldMapPath != nil else {
            throw XCTSkip("Styles/world.mbtiles is not there (Scripts/build-world-basemap makes it)")
        }
    }

    func testTheWorldIsBoundUnderOpenMapTilesSourcesOnly() throws {
        try requireWorld()
        XCTAssertNotNil(try standard(world: true).fallbackSources["openmaptiles"])
        XCTAssertTrue(try standard(world: false).fallbackSources.isEmpty)
        // A style whose vector source is not OpenMapTiles-schema gets no world under it.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-world-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let style = dir.appendingPathComponent("style.json")
        try Data(
            """
            {"version": 8, "sources": {"streets": {"type": "vector", "url": "mbtiles://\(Self.monaco)"}},
             "layers": [{"id": "w", "type": "fill", "source": "streets", "source-layer": "water"}]}
            """.utf8
        ).write(to: style)
        // The Monaco archive's own metadata says OpenMapTiles: that is enough.
        XCTAssertNotNil(try BaseMapLoader().load(style: style.path) { _ in }.fallbackSources["streets"])
    }

    /// The Croatian coast at zoom 7, far from the Monaco tiles: the world draws the Adriatic
    /// and the land, credits GSHHG, not OpenStreetMap, and one warning names the source and the view.
    func testACoastWithoutTilesShowsTheWorld() throws {
        try requireWorld()
        let size = Size(width: 600, height: 400)
        let out = try render(try standard(world: true), 44.5, 14.5, zoom: 7, size: size)
        let img = try RGBAImage(png: out.bytes)
        XCTAssertTrue(isWater(pixel(img, out.camera, 44.0, 13.8)), "the Adriatic is sea")
        XCTAssertFalse(isWater(pixel(img, out.camera, 45.0, 15.3)), "inland Croatia is land")
        let missing = out.warnings.filter { $0.contains("has no tiles for this view") }
        XCTAssertEqual(missing.count, 1, "\(out.warnings)")
        let w = try XCTUnwrap(missing.first)
        XCTAssertTrue(w.contains("source \"openmaptiles\""), w)
        XCTAssertTrue(w.contains("monaco_omt.pmtiles"), w)
        XCTAssertTrue(w.contains("centre 44.50000, 14.50000, zoom 7.00"), w)
        XCTAssertTrue(w.contains("world map"), w)
        let credit = try XCTUnwrap(out.annotations.items.first { $0.kind == .attribution }?.name)
        XCTAssertTrue(credit.contains("GSHHG"), credit)
        XCTAssertFalse(credit.contains("OpenStreetMap"), credit)

        // Without the world: a blank picture, the warning all the same, and no credit at all.
        let bare = try render(try standard(world: false), 44.5, 14.5, zoom: 7, size: size)
        let plain = try RGBAImage(png: bare.bytes)
        XCTAssertFalse(isWater(pixel(plain, bare.camera, 44.0, 13.8)))
        XCTAssertEqual(bare.warnings.filter { $0.contains("has no tiles for this view") }.count, 1)
        XCTAssertNil(bare.annotations.items.first { $0.kind == .attribution })
    }

    /// Where the source has tiles, the world changes nothing: the Monaco views are the same
    /// bytes with and without it, and credit OpenStreetMap as before.
    func testViewsWithTilesAreUnchanged() throws {
        try requireWorld()
        let with = try standard(world: true)
        let without = try standard(world: false)
        for zoom in [14.0, 16.0] {
            let a = try render(with, 43.7384, 7.4246, zoom: zoom)
            let b = try render(without, 43.7384, 7.4246, zoom: zoom)
            XCTAssertEqual(a.bytes, b.bytes, "zoom \(zoom)")
            XCTAssertEqual(a.warnings, [])
            let credit = try XCTUnwrap(a.annotations.items.first { $0.kind == .attribution }?.name)
            XCTAssertTrue(credit.contains("OpenStreetMap"), credit)
            XCTAssertFalse(credit.contains("GSHHG"), credit)
        }
    }

    /// Around the Monaco archive's bounds (zoom 8) the world fills what lies outside
    /// them — the sea east of the archive is sea — and both are credited.
    func testTheWorldFillsBeyondTheArchiveBounds() throws {
        try requireWorld()
        let out = try render(try standard(world: true), 43.7, 7.5, zoom: 8, size: Size(width: 600, height: 400))
        let img = try RGBAImage(png: out.bytes)
        // South of the archive's box (43.48° N): open sea, drawn by the world.
        XCTAssertTrue(isWater(pixel(img, out.camera, 43.35, 7.5)), "the Ligurian Sea south of the archive is sea")
        // North-west, inland Provence, outside the box: land.
        XCTAssertFalse(isWater(pixel(img, out.camera, 44.0, 7.0)), "inland is land")
        XCTAssertEqual(out.warnings.filter { $0.contains("has no tiles") }, [], "the archive has tiles here")
        let credit = try XCTUnwrap(out.annotations.items.first { $0.kind == .attribution }?.name)
        XCTAssertTrue(credit.contains("OpenStreetMap") && credit.contains("GSHHG"), credit)
    }

    /// The bundled world map: small enough to bundle, OpenMapTiles schema, zooms 0–7, credited.
    func testTheBundledWorldMap() throws {
        try requireWorld()
        let path = try XCTUnwrap(BaseMapLoader.worldMapPath)
        let bytes = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertLessThan(bytes, 10_000_000, "under 10 MB")
        let world = try MBTilesReader(path: path)
        XCTAssertEqual(world.minZoom, 0)
        XCTAssertEqual(world.maxZoom, 7)
        XCTAssertEqual(Set(world.vectorLayers.map(\.id)), ["water", "boundary", "place"])
        XCTAssertEqual(world.attribution, "© GSHHG © DCW-GMT")
        // Zagreb's tile at zoom 7 has the sea, Croatia's borders and the city.
        let tile = try XCTUnwrap(try world.vectorTile(TileID(z: 7, x: 69, y: 45)))
        for layer in ["water", "boundary", "place"] {
            XCTAssertGreaterThan(tile.layer(named: layer)?.count ?? 0, 0, layer)
        }
    }

    func testRectSubtracting() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(r.subtracting(Rect(x: 20, y: 20, width: 5, height: 5)), [r])
        XCTAssertEqual(r.subtracting(Rect(x: -1, y: -1, width: 12, height: 12)), [])
        let parts = r.subtracting(Rect(x: 2, y: 3, width: 4, height: 5))
        XCTAssertEqual(parts.reduce(0) { $0 + $1.width * $1.height }, 100 - 20)
        for (i, a) in parts.enumerated() {
            for b in parts[(i + 1)...] { XCTAssertNil(a.intersection(b), "the parts do not overlap") }
        }
    }

    func testLabelsAreKeptOnlyInTheGaps() throws {
        let style = try StyleParser.parse(
            bytes: Array(
                #"""
                {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
                 "layers": [{"id": "l", "type": "symbol", "source": "s"}]}
                """#.utf8),
            file: "s.json"
        ).0
        let layer = try XCTUnwrap(style.layers.first)
        func candidate(_ g: SymbolCandidate.Geometry) -> SymbolCandidate {
            SymbolCandidate(layer: layer, layerIndex: 0, ctx: EvaluationContext(zoom: 1), text: "x", geometry: g)
        }
        var symbols = [
            candidate(.point(Point(x: 1, y: 1))), candidate(.point(Point(x: 5, y: 5))),
            candidate(.point(Point(x: 50, y: 50))),
            candidate(
                .lines([[Point(x: 0, y: 0), Point(x: 60, y: 60)]], clip: Rect(x: 0, y: 0, width: 100, height: 100))),
        ]
        BaseMapPainter<CairoPainter>.restrict(&symbols, from: 1, to: [Rect(x: 40, y: 40, width: 20, height: 20)])
        XCTAssertEqual(symbols.count, 3, "the first (before `from`) stays; the one outside the gap goes")
        guard case .lines(_, let clip) = symbols[2].geometry else { return XCTFail("a line label") }
        XCTAssertEqual(clip, Rect(x: 40, y: 40, width: 20, height: 20))
    }
}
