import CMapSnapPNG
import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapStyle
import MapSnapTiles
import XCTest

@testable import MapSnapImage
@testable import MapSnapOverlay
@testable import MapSnapRaster
@testable import MapSnapRender
@testable import MapSnapText

/// The shortcuts the base-map painter and the PNG encoder take for speed give the same answers
/// as the slow paths they replace.
final class PerformancePathTests: XCTestCase {
    func testTrimmedMatchesFoundation() {
        let samples = [
            "", " ", "\n", "Market Street", " Market Street", "Market Street\n", "\tA B\t", "\u{00A0}Café\u{00A0}",
            "Café", "東京", " 東京\u{3000}", "\u{2028}x\u{2029}", "\u{85}y\u{85}", "x\u{0301}", " \u{0301}x",
            "Rue de l'Église \n", "\u{FEFF}bom\u{FEFF}", "\u{180E}mongolian", "\u{200B}zero width\u{200B}", "\r\n", "a",
            "\u{1680}ogham\u{1680}",
        ]
        // Every BMP scalar (and a few beyond) at both ends.
        var all = samples
        for v in 0...0x1_0010 {
            if let u = Unicode.Scalar(v) { all.append(String(Character(u)) + "a" + String(Character(u))) }
        }
        for s in all {
            XCTAssertEqual(
                SymbolCandidate.trimmed(s), s.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(s.unicodeScalars.map(\.value))")
        }
    }

    func testFilterGroupsShareEqualFiltersOnTheSameSourceLayerOnly() throws {
        let json = """
            {"version": 8, "sources": {"s": {"type": "vector", "tiles": ["x/{z}/{x}/{y}"]}},
             "layers": [
               {"id": "a", "type": "line", "source": "s", "source-layer": "roads", "filter": ["==", ["get", "class"], "minor"]},
               {"id": "b", "type": "line", "source": "s", "source-layer": "roads", "filter": ["==", ["get", "class"], "minor"]},
               {"id": "c", "type": "line", "source": "s", "source-layer": "paths", "filter": ["==", ["get", "class"], "minor"]},
               {"id": "d", "type": "line", "source": "s", "source-layer": "roads", "filter": ["==", ["get", "class"], "major"]},
               {"id": "e", "type": "line", "source": "s", "source-layer": "roads"},
               {"id": "f", "type": "line", "source": "s", "source-layer": "roads", "minzoom": 20, "filter": ["==", ["get", "class"], "major"]}
             ]}
            """
        let style = try StyleParser.parse(json).0
        let groups = FeatureFilter.groups(style.layers, zoom: 14)
        XCTAssertEqual(groups.count, 6)
        XCTAssertNotNil(groups[0])
        XCTAssertEqual(groups[0], groups[1], "the same filter on the same source layer")
        XCTAssertNotNil(groups[2])
        XCTAssertNotEqual(groups[2], groups[0], "another source layer")
        XCTAssertNotNil(groups[3])
        XCTAssertNotEqual(groups[3], groups[0], "another filter")
        XCTAssertNil(groups[4], "no filter")
        XCTAssertNil(groups[5], "hidden at this zoom")
    }

    func testEveryCompressionLevelDecodesToTheSamePixels() throws {
        let r = try SceneRenderer()
        var req = RenderRequest(
            size: Size(width: 120, height: 80),
            camera: .center(Coordinate(latitude: 37.78, longitude: -122.42), zoom: 12))
        let scene = OverlayScene()
        var images: [RGBAImage] = []
        var sizes: [Int] = []
        for level in 0...9 {
            req.png.compressionLevel = level
            let out = try r.render(scene, request: req)
            images.append(try RGBAImage(png: out.bytes))
            sizes.append(out.bytes.count)
        }
        for img in images.dropFirst() { XCTAssertEqual(img, images[0]) }
        XCTAssertGreaterThan(sizes[0], sizes[6])
    }

    /// Noisy (photographic: row filter "sub") and flat pixels, opaque and translucent, through
    /// every encoder path: the decoded image holds exactly the straight-alpha pixels.
    func testEncoderPathsRoundTripNoiseAndAlpha() throws {
        let w = 37
        let h = 23
        var generator = SystemRandomNumberGenerator()
        for noisy in [true, false] {
            var argb = [UInt32](repeating: 0, count: w * h)
            var expected = [UInt8](repeating: 0, count: w * h * 4)
            for i in 0..<(w * h) {
                let a: UInt32 = noisy ? UInt32.random(in: 0...255, using: &generator) : (i % 7 == 0 ? 128 : 255)
                let r = noisy ? UInt32.random(in: 0...a, using: &generator) : a / 2
                let g = noisy ? UInt32.random(in: 0...a, using: &generator) : a
                let b = noisy ? UInt32.random(in: 0...a, using: &generator) : 0
                argb[i] = a << 24 | r << 16 | g << 8 | b
                func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8((c * 255 + a / 2) / a) }
                expected[4 * i..<4 * i + 4] = [straight(r), straight(g), straight(b), UInt8(a)]
            }
            for effort in [0, 1, 6, 7, 9] {
                let bytes = try argb.withUnsafeBytes { raw throws(ImageError) in
                    try PNGEncoder.encode(
                        pixels: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), width: w, height: h,
                        stride: w * 4, options: PNGOptions(compressionLevel: effort, alpha: true), dpiScale: 1)
                }
                let image = try RGBAImage(png: bytes)
                XCTAssertEqual(image.width, w)
                XCTAssertEqual(image.height, h)
                XCTAssertEqual(image.pixels, expected, "effort \(effort), noisy \(noisy)")
            }
        }
    }

    /// Shaped labels are kept across images of one renderer: an image comes out byte for byte
    /// the same whatever the renderer drew before, at any scale.
    func testRendererReuseGivesTheSameBytes() throws {
        let sf = BaseMapTests.root.appendingPathComponent("Samples/basemaps/sf_central_omt.mbtiles").path
        let map = try BaseMapLoader().load(style: "standard", overrides: ["openmaptiles": sf]) { _ in }
        func request(_ zoom: Double, _ scale: Double) -> RenderRequest {
            var req = RenderRequest(
                size: Size(width: 300, height: 200), scale: scale, camera: .center(BaseMapTests.sfCenter, zoom: zoom))
            req.baseMap = map
            return req
        }
        let fresh = try SceneRenderer().render(OverlayScene(), request: request(15, 1)).bytes
        let freshAt2x = try SceneRenderer().render(OverlayScene(), request: request(15, 2)).bytes
        let reused = try SceneRenderer()
        _ = try reused.render(OverlayScene(), request: request(15, 2))
        _ = try reused.render(OverlayScene(), request: request(14.5, 1))
        XCTAssertEqual(try reused.render(OverlayScene(), request: request(15, 1)).bytes, fresh)
        XCTAssertEqual(try reused.render(OverlayScene(), request: request(15, 2)).bytes, freshAt2x)
    }

    func testFlatFractionTellsMapsFromNoise() {
        let w = 64
        let h = 32
        var flat = [UInt32](repeating: 0xFFF2_F3F0, count: w * h)
        var rng = SystemRandomNumberGenerator()
        var noise = (0..<(w * h)).map { _ in UInt32.random(in: 0...0xFF_FFFF, using: &rng) | 0xFF00_0000 }
        func fraction(_ px: [UInt32]) -> Double {
            px.withUnsafeBytes {
                mapsnap_png_flat_fraction($0.bindMemory(to: UInt8.self).baseAddress, Int32(w), Int32(h), Int32(w * 4))
            }
        }
        let f = fraction(flat)
        let n = fraction(noise)
        XCTAssertEqual(f, 1)
        XCTAssertLessThan(n, 0.05)
        flat.removeAll()
        noise.removeAll()
    }
}
