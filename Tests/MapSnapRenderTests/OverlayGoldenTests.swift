import MapSnapGeometry
import MapSnapImage
import MapSnapRender
import MapSnapStyle
import XCTest

@testable import MapSnapOverlay

/// One small golden image per overlay feature (tiny-skia style), plus pixel checks that say
/// what each feature must look like, so a wrong recording cannot pass unnoticed.
final class OverlayGoldenTests: XCTestCase {
    static let center = Coordinate(latitude: 37.7749, longitude: -122.4194)
    var renderer: SceneRenderer!

    override func setUpWithError() throws {
        renderer = try SceneRenderer()
    }

    /// A coordinate `dx`, `dy` points from the centre of a 160×100 image at zoom 16.
    func at(_ dx: Double, _ dy: Double, scale: Double = 1) -> Coordinate {
        camera(scale: scale).coordinate(for: Point(x: 80 + dx, y: 50 + dy))
    }

    func camera(scale: Double = 1) -> Camera {
        Camera(center: Self.center, zoom: 16, size: Size(width: 160, height: 100), scale: scale)
    }

    /// Renders `scene` over the plain background, or over `background` (a plain style of that colour).
    func render(_ scene: OverlayScene, scale: Double = 1, background: Color? = nil) throws -> (
        RenderOutput, RGBAImage
    ) {
        var req = RenderRequest(
            size: Size(width: 160, height: 100), scale: scale, camera: .center(Self.center, zoom: 16), format: .png)
        if let background {
            req.baseMap = BaseMap(
                style: try OverlayLayers.plainStyle(background: background), vectorSources: [:], attribution: nil)
        }
        let out = try renderer.render(scene, request: req)
        return (out, try RGBAImage(png: out.bytes))
    }

    func pixel(_ img: RGBAImage, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * img.width + x) * 4
        return (Int(img.pixels[i]), Int(img.pixels[i + 1]), Int(img.pixels[i + 2]))
    }

    /// An opaque line of the default width (4 points, with a 1.5-point casing each side) in `color`.
    func trail(_ pts: [Coordinate], color: Color? = Color(css: "#ff3b30"), kind: LineOverlay.Kind = .trail)
        -> LineOverlay
    {
        LineOverlay(kind: kind, name: "t", parts: [pts], stroke: color, strokeOpacity: 1)
    }

    func testDash() throws {
        var scene = OverlayScene()
        scene.lines = [trail([at(-70, 0), at(70, 0)], color: nil, kind: .route)]
        let (out, img) = try render(scene)
        // Along the line: blue inside a dash, background in a gap (dash 8 on / 6 off from x=10).
        // Visible dashes are 8 pt (round caps included) and gaps 6 pt, minus 1.5 pt casing per side.
        let onDash = pixel(img, 10 + 4, 50)
        let inGap = pixel(img, 10 + 8 + 3, 50)
        XCTAssertLessThan(onDash.0, 60, "dash should be blue, got \(onDash)")
        XCTAssertGreaterThan(onDash.2, 200)
        XCTAssertGreaterThan(inGap.0, 200, "gap should show the background, got \(inGap)")
        try Golden.assertMatches(out.bytes, feature: "dash", name: "route-8-6")
    }

    func testCapsAndJoins() throws {
        var scene = OverlayScene()
        scene.lines = [trail([at(-60, 30), at(-20, -30), at(20, 30), at(60, -30)])]
        let (out, img) = try render(scene)
        // Round cap: the line continues ~2 pt past its end point along the line direction.
        let end = camera().point(for: at(-60, 30))
        let beyond = pixel(img, Int(end.x - 1), Int(end.y + 1))
        XCTAssertLessThan(beyond.1, 150, "round cap should cover past the end, got \(beyond)")
        try Golden.assertMatches(out.bytes, feature: "caps-joins", name: "zigzag-round")
    }

    func testCasingOnDarkBackground() throws {
        var scene = OverlayScene()
        scene.lines = [trail([at(-70, 0), at(70, 0)])]
        let (out, img) = try render(scene, background: Color(css: "#202830"))
        // 4 pt line ± 2 pt: centre red; at 2.5..3 pt off-centre the white casing.
        let mid = pixel(img, 80, 50)
        let casing = pixel(img, 80, 47)
        XCTAssertGreaterThan(mid.0, 200)
        XCTAssertLessThan(mid.1, 100)
        XCTAssertGreaterThan(casing.1, 180, "casing should be white, got \(casing)")
        try Golden.assertMatches(out.bytes, feature: "casing", name: "dark-background")
    }

    func testPins() throws {
        var scene = OverlayScene()
        let red = Color(css: "#ff3b30") ?? .black
        scene.pins = [
            PinOverlay(coordinate: at(-45, 25), color: red, glyph: .symbol(.hiker)),
            PinOverlay(coordinate: at(0, 25), color: Color(css: "#34c759") ?? .black, glyph: .text("7")),
            PinOverlay(coordinate: at(45, 25), color: Color(css: "#007aff") ?? .black, glyph: .symbol(.camera)),
        ]
        let (out, img) = try render(scene)
        // The balloon body is tinted above its tip.
        let body = pixel(img, 80 - 45 - 11, 52)
        XCTAssertGreaterThan(body.0, 200, "pin body should be red, got \(body)")
        XCTAssertLessThan(body.1, 120)
        XCTAssertEqual(out.annotations.items.filter { $0.kind == .marker }.count, 3)
        try Golden.assertMatches(out.bytes, feature: "pin", name: "balloons")
    }

    func testFlags() throws {
        var scene = OverlayScene()
        scene.pins = [
            PinOverlay(kind: .startFlag, coordinate: at(-30, 25)),
            PinOverlay(kind: .endFlag, coordinate: at(30, 25)),
        ]
        let (out, img) = try render(scene)
        // The start cloth is green a few points right of the pole near the top.
        let cloth = pixel(img, 80 - 30 + 8, 50 + 25 - 22 + 6)
        XCTAssertGreaterThan(cloth.1, 150, "start flag should be green, got \(cloth)")
        XCTAssertLessThan(cloth.0, 120)
        try Golden.assertMatches(out.bytes, feature: "flag", name: "start-end")
    }

    /// A loop's one flag: the start colour above, the end flag's checks below, annotated as
    /// "start-end-flag".
    func testLoopFlag() throws {
        var scene = OverlayScene()
        scene.pins = [PinOverlay(kind: .loopFlag, coordinate: at(0, 25))]
        let (out, img) = try render(scene)
        let upper = pixel(img, 80 + 8, 50 + 25 - 22 + 4)
        XCTAssertGreaterThan(upper.1, 150, "green above, got \(upper)")
        XCTAssertLessThan(upper.0, 120)
        var reds = 0
        for x in 81..<97 {
            for y in (50 + 25 - 22 + 7)..<(50 + 25 - 22 + 13) {
                let p = pixel(img, x, y)
                if p.0 > 200 && p.1 < 120 { reds += 1 }
            }
        }
        XCTAssertGreaterThan(reds, 10, "checkered in the end colour below")
        XCTAssertEqual(out.annotations.items.map(\.kind), [.startEndFlag])
        try Golden.assertMatches(out.bytes, feature: "flag", name: "loop")
    }

    func testCallout() throws {
        var scene = OverlayScene()
        scene.callouts = [
            CalloutOverlay(
                text: "Paradise Falls", anchors: [at(0, 20)], color: Color(css: "#34c759") ?? .black, textColor: .white,
                symbol: .hiker)
        ]
        let (out, _) = try render(scene)
        let item = try XCTUnwrap(out.annotations.items.first { $0.kind == .callout })
        XCTAssertTrue(item.placed)
        XCTAssertEqual(item.pixel?.x ?? 0, 80, accuracy: 0.01)
        XCTAssertLessThan(item.pixelBox.y + item.pixelBox.height, 70.01, "the bubble sits above its pointer tip")
        try Golden.assertMatches(out.bytes, feature: "callout", name: "capsule")
    }

    func testLabelHalo() throws {
        var scene = OverlayScene()
        // A black band 10 points high under the label.
        let band = [at(-70, -5), at(70, -5), at(70, 5), at(-70, 5), at(-70, -5)]
        scene.areas = [AreaOverlay(name: nil, polygons: [[band]], fill: .black, fillOpacity: 1, strokeWidth: 0)]
        scene.labels = [LabelOverlay(text: "Halo", anchors: [at(0, 0)])]
        let (out, img) = try render(scene)
        // Over the black band, the halo makes near-white pixels around the glyphs.
        var light = 0
        for y in 46...54 { for x in 60...100 where pixel(img, x, y).0 > 230 { light += 1 } }
        XCTAssertGreaterThan(light, 20, "the halo should show over the black band")
        try Golden.assertMatches(out.bytes, feature: "label-halo", name: "over-line")
    }

    func testScale2xIsTheSameLayoutWithTwiceThePixels() throws {
        var scene = OverlayScene()
        scene.lines = [trail([at(-60, 20), at(0, -20), at(60, 20)])]
        scene.pins = [
            PinOverlay(
                coordinate: at(0, 30), color: Color(css: "#007aff") ?? .black, glyph: .symbol(.star), title: "Top")
        ]
        let (out1, img1) = try render(scene, scale: 1)
        let (out2, img2) = try render(scene, scale: 2)
        XCTAssertEqual(img2.width, 2 * img1.width)
        XCTAssertEqual(img2.height, 2 * img1.height)
        for (a, b) in zip(out1.annotations.items, out2.annotations.items) {
            for (va, vb) in zip(numbers(a.pixelBox), numbers(b.pixelBox)) {
                XCTAssertEqual(vb, 2 * va, accuracy: 0.05, "\(a.kind) box doubles")
            }
        }
        try Golden.assertMatches(out2.bytes, feature: "scale2x", name: "trail-pin")
    }

    func testTitleBand() throws {
        var scene = OverlayScene()
        scene.title = "Trail title"
        scene.pins = [PinOverlay(coordinate: at(0, 30))]
        let (out, _) = try render(scene)
        let title = try XCTUnwrap(out.annotations.items.first { $0.kind == .title })
        XCTAssertEqual(title.pixelBox.x, 0)
        XCTAssertEqual(title.pixelBox.width, 160)
        try Golden.assertMatches(out.bytes, feature: "title", name: "band")
    }

    func numbers(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
}
