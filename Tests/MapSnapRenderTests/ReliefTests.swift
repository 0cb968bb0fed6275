import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapImage
import MapSnapOverlay
import MapSnapTiles
import XCTest

@testable import MapSnapRender

/// Hillshade and color-relief layers end to end over the sample terrain-RGB tiles of Monaco
/// (`Samples/monaco/monaco_terrain_rgb.mbtiles`, SRTM3, z10–14, 256-pixel tiles): golden images
/// at two zooms and @2x, and the rules MapLibre draws by. Against MapLibre GL JS 5.24 every
/// method, non-default paint and the colour relief are measured by `Scripts/relief-fidelity`.
final class ReliefTests: XCTestCase {
    static let dem = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/monaco/monaco_terrain_rgb.mbtiles").path
    static let monaco = Coordinate(latitude: 43.7355, longitude: 7.4300)
    /// Above Monaco: Tête de Chien and the slopes of Mont Agel.
    static let slopes = Coordinate(latitude: 43.7480, longitude: 7.4150)

    /// A style of a paper background and `layer` over the sample tiles as the source `dem`.
    private func style(_ layer: String, encoding: String = "mapbox") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-relief-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let style = """
            {"version": 8,
             "sources": {"dem": {"type": "raster-dem", "url": "mbtiles://\(Self.dem)", "tileSize": 256,
                                 "encoding": "\(encoding)"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#efe9dc"}},
                        \(layer)]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func render(_ path: String, zoom: Double, scale: Double = 1, at center: Coordinate = slopes) throws -> (
        bytes: [UInt8], warnings: [String]
    ) {
        var warnings: [String] = []
        let map = try BaseMapLoader().load(style: path) { warnings.append($0) }
        var req = RenderRequest(
            size: Size(width: 300, height: 200), scale: scale, camera: .center(center, zoom: zoom), format: .png)
        req.baseMap = map
        req.decorations.showAttribution = false
        let out = try SceneRenderer().render(OverlayScene(), request: req)
        return (out.bytes, warnings + out.warnings)
    }

    private let hillshade = #"{"id": "hs", "type": "hillshade", "source": "dem"}"#
    private let relief = """
        {"id": "cr", "type": "color-relief", "source": "dem", "paint": {"color-relief-color":
          ["interpolate", ["linear"], ["elevation"], 0, "rgba(40,110,70,0.9)", 100, "#8fbf6a", 300, "#e3d58f",
           600, "#b58a5a", 1000, "#f4f1ee"]}}
        """

    func testHillshadeGoldens() throws {
        let path = try style(hillshade)
        for (zoom, scale, name) in [
            (12.0, 1.0, "hillshade-z12"), (14.0, 1.0, "hillshade-z14"), (13.0, 2.0, "hillshade-z13@2x"),
        ] {
            let out = try render(path, zoom: zoom, scale: scale)
            XCTAssertEqual(out.warnings, [], name)
            try Golden.assertMatches(
                out.bytes, feature: "relief", name: name, channelTolerance: 2, maxDifferentPixels: 40)
        }
    }

    func testColorReliefGoldens() throws {
        let path = try style(relief)
        for (zoom, scale, name) in [(12.0, 1.0, "relief-z12"), (14.0, 2.0, "relief-z14@2x")] {
            let out = try render(path, zoom: zoom, scale: scale)
            XCTAssertEqual(out.warnings, [], name)
            try Golden.assertMatches(
                out.bytes, feature: "relief", name: name, channelTolerance: 2, maxDifferentPixels: 40)
        }
    }

    /// Land is shaded, the flat sea hardly (the standard method draws nothing on a flat slope),
    /// and the relief changes the picture: a hillshade that drew nothing would fail here.
    func testHillshadeShadesSlopesAndLeavesFlatGroundAlone() throws {
        let img = try RGBAImage(png: render(try style(hillshade), zoom: 13, at: Self.monaco).bytes)
        var dark = 0
        var paper = 0
        for i in stride(from: 0, to: img.pixels.count, by: 4) {
            let r = Int(img.pixels[i])
            if r < 200 { dark += 1 }
            // Within 2 of the paper: the 8-bit slope texture reads a flat 0 as a slope of 1/64.
            if abs(r - 0xef) <= 2, abs(Int(img.pixels[i + 1]) - 0xe9) <= 2, abs(Int(img.pixels[i + 2]) - 0xdc) <= 2 {
                paper += 1
            }
        }
        XCTAssertGreaterThan(dark, 2000, "slopes shaded")
        XCTAssertGreaterThan(paper, 5000, "the flat sea keeps the background")
    }

    /// A colour relief expression that is not an `interpolate` draws nothing, as in MapLibre.
    func testAStepReliefDrawsNothing() throws {
        let step = """
            {"id": "cr", "type": "color-relief", "source": "dem",
             "paint": {"color-relief-color": ["step", ["elevation"], "#2a6f97", 200, "#e9c46a"]}}
            """
        let img = try RGBAImage(png: render(try style(step), zoom: 12).bytes)
        XCTAssertEqual(Array(img.pixels[0..<4]), [0xef, 0xe9, 0xdc, 0xff])
        XCTAssertEqual(Set(stride(from: 0, to: img.pixels.count, by: 4).map { img.pixels[$0] }), [0xef])
    }

    /// The same heights decoded as Terrarium (a wrong encoding for these tiles) give another
    /// picture: the encoding is read from the style.
    func testTheEncodingIsTheStyles() throws {
        let rgb = try render(try style(relief), zoom: 12).bytes
        let terrarium = try render(try style(relief, encoding: "terrarium"), zoom: 12).bytes
        XCTAssertNotEqual(rgb, terrarium)
    }

    /// Terrain-RGB tiles as lossless WebP files (a `tiles` template) draw the same hillshade as
    /// the PNG tiles they were made from: the heights survive the encoding exactly.
    func testWebPTilesDrawAsTheirPNGs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-webp-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let reader = try MBTilesReader(path: Self.dem)
        let z = 14
        let n = Double(1 << z)
        let cx = Int((Self.slopes.longitude + 180) / 360 * n)
        let lat = Self.slopes.latitude * .pi / 180
        let cy = Int((1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * n)
        var written = 0
        for x in (cx - 2)...(cx + 2) {
            for y in (cy - 2)...(cy + 2) {
                guard let png = try reader.tile(z: z, x: x, y: y) else { continue }
                let image = try RGBAImage(png: png)
                // The encoder takes cairo's ARGB words (opaque here, so premultiplied is straight).
                let p = image.pixels
                var words: [UInt32] = []
                for i in stride(from: 0, to: p.count, by: 4) {
                    let a = UInt32(p[i + 3]) << 24
                    let r = UInt32(p[i]) << 16
                    let g = UInt32(p[i + 1]) << 8
                    words.append(a | r | g | UInt32(p[i + 2]))
                }
                let webp = try words.withUnsafeBytes { raw in
                    try WebPEncoder.encode(
                        pixels: try XCTUnwrap(raw.baseAddress).assumingMemoryBound(to: UInt8.self), width: image.width,
                        height: image.height, stride: image.width * 4, quality: nil, lossless: true, alpha: true)
                }
                let folder = dir.appendingPathComponent("\(z)/\(x)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(webp).write(to: folder.appendingPathComponent("\(y).webp"))
                written += 1
            }
        }
        XCTAssertGreaterThan(written, 16, "tiles around the view")
        let style = """
            {"version": 8,
             "sources": {"dem": {"type": "raster-dem", "tiles": ["\(dir.path)/{z}/{x}/{y}.webp"], "tileSize": 256,
                                 "minzoom": 14, "maxzoom": 14}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#efe9dc"}},
                        \(hillshade)]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        let fromWebP = try render(path, zoom: 13.4)
        XCTAssertEqual(fromWebP.warnings, [])
        let fromPNG = try render(try self.style(hillshade), zoom: 13.4)
        let a = try RGBAImage(png: fromWebP.bytes).pixels
        let b = try RGBAImage(png: fromPNG.bytes).pixels
        XCTAssertEqual(a.count, b.count)
        let differing = zip(a, b).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "channels that differ")
        if differing > 0 {
            try? Data(fromWebP.bytes).write(to: URL(fileURLWithPath: "/tmp/relief-webp.png"))
            try? Data(fromPNG.bytes).write(to: URL(fileURLWithPath: "/tmp/relief-png.png"))
        }
    }
}
