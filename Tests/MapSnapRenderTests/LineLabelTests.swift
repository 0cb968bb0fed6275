import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapStyle
import XCTest

@testable import MapSnapImage
@testable import MapSnapOverlay
@testable import MapSnapRaster
@testable import MapSnapRender
@testable import MapSnapText

/// Line labels (symbol-placement: line) follow their line glyph by glyph, read left to right,
/// and are left out where the line turns too sharply, as in MapLibre.
final class LineLabelTests: XCTestCase {
    static let size = Size(width: 400, height: 300)
    static let frame = Rect(x: 0, y: 0, width: 400, height: 300)

    /// Places `text` along `path` with a line-placed symbol layer of `layout` (extra layout
    /// properties, JSON); returns the glyphs of the label, or nil when it was not placed.
    func place(
        _ text: String, along path: [Point], layout: String = "", engine: TextEngine? = nil
    ) throws -> (glyphs: [GlyphPlacement], boxes: [Rect])? {
        let style = """
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "l", "type": "symbol", "source": "p",
               "layout": {"symbol-placement": "line", "text-field": "x", "text-size": 16\(layout)},
               "paint": {"text-halo-color": "#ffffff", "text-halo-width": 1.5}}]}
            """
        let (parsed, _) = try StyleParser.parse(style)
        let layer = try XCTUnwrap(parsed.layers.first)
        let engine = try engine ?? TextEngine()
        let canvas = try CairoPainter(format: .png, size: Self.size, scale: 1)
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Self.size)
        var placer = SymbolPlacer(camera: camera, canvas: canvas, text: engine)
        placer.recordsGlyphs = true
        var index = CollisionIndex(width: Self.size.width, height: Self.size.height)
        let candidate = SymbolCandidate(
            layer: layer, layerIndex: 0, ctx: EvaluationContext(zoom: 14), text: text,
            geometry: .lines([path], clip: Self.frame))
        placer.place([candidate], frame: Self.frame, index: &index)
        guard let glyphs = placer.placedGlyphs.first?.glyphs, let boxes = placer.placed.first?.boxes else {
            return nil
        }
        return (glyphs, boxes)
    }

    /// Distance from `p` to the polyline, and the direction of its nearest segment.
    func nearest(_ p: Point, _ path: [Point]) -> (distance: Double, angle: Double) {
        var best = (distance: Double.infinity, angle: 0.0)
        for i in 1..<path.count {
            let a = path[i - 1]
            let b = path[i]
            let dx = b.x - a.x
            let dy = b.y - a.y
            let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
            let d = hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
            if d < best.distance { best = (d, atan2(dy, dx)) }
        }
        return best
    }

    /// The difference of two angles, 0 to π.
    func angleBetween(_ a: Double, _ b: Double) -> Double { abs(remainder(a - b, 2 * .pi)) }

    /// An arc of a circle around (200, 260), radius 180, from `from` to `to` degrees (image
    /// axes: y down, so -90° is straight up), one point every 10°.
    func arc(from: Double, to: Double) -> [Point] {
        let n = Int(abs(to - from) / 10)
        return (0...n).map { k in
            let a = (from + (to - from) * Double(k) / Double(n)) * .pi / 180
            return Point(x: 200 + 180 * cos(a), y: 260 + 180 * sin(a))
        }
    }

    func testGlyphsSitOnAnArcTurnedWithIt() throws {
        let path = arc(from: -150, to: -30)
        let label = try XCTUnwrap(try place("Curved Crescent Road", along: path), "a gentle arc is labelled")
        XCTAssertEqual(label.glyphs.count, "Curved Crescent Road".count)
        for g in label.glyphs {
            let n = nearest(g.center, path)
            XCTAssertLessThan(n.distance, 1, "each glyph sits on the line")
            XCTAssertLessThan(angleBetween(g.angle, n.angle), 0.02, "each glyph turns with its segment")
        }
        // Left to right along the top of the arc, turning clockwise (y down) as it goes.
        for (a, b) in zip(label.glyphs, label.glyphs.dropFirst()) {
            XCTAssertLessThan(a.center.x, b.center.x)
            XCTAssertLessThanOrEqual(a.angle, b.angle)
        }
        let first = try XCTUnwrap(label.glyphs.first)
        let last = try XCTUnwrap(label.glyphs.last)
        XCTAssertGreaterThan(last.angle - first.angle, 0.5, "the label bends with the arc")
        // Its boxes follow the arc too.
        for box in label.boxes {
            XCTAssertLessThan(nearest(Point(x: box.midX, y: box.midY), path).distance, 1)
        }
    }

    func testALineRunningRightToLeftIsWalkedBackwards() throws {
        // The same arc drawn from its right end to its left end.
        let path = arc(from: -150, to: -30).reversed().map { $0 }
        let label = try XCTUnwrap(try place("Curved Crescent Road", along: path))
        for (a, b) in zip(label.glyphs, label.glyphs.dropFirst()) {
            XCTAssertLessThan(a.center.x, b.center.x, "the text reads left to right")
        }
        for g in label.glyphs {
            XCTAssertGreaterThan(cos(g.angle), 0, "no glyph upside down")
            let n = nearest(g.center, path)
            XCTAssertLessThan(n.distance, 1)
            XCTAssertLessThan(angleBetween(g.angle, n.angle + .pi), 0.02, "turned with the line, walked backwards")
        }
        // A straight line running right to left reads left to right too, level.
        let flat = try XCTUnwrap(try place("Level Street", along: [Point(x: 350, y: 150), Point(x: 50, y: 150)]))
        for (a, b) in zip(flat.glyphs, flat.glyphs.dropFirst()) { XCTAssertLessThan(a.center.x, b.center.x) }
        for g in flat.glyphs { XCTAssertEqual(angleBetween(g.angle, 0), 0, accuracy: 1e-9) }
    }

    /// With `text-keep-upright: false` the text follows the line as drawn: a line running right
    /// to left reads right to left, upside down, its top still on the line's left (how contour
    /// labels keep their top uphill).
    func testWithoutKeepUprightTheTextFollowsTheLine() throws {
        let path = [Point(x: 350, y: 150), Point(x: 50, y: 150)]
        let label = try XCTUnwrap(try place("Level Street", along: path, layout: #", "text-keep-upright": false"#))
        for (a, b) in zip(label.glyphs, label.glyphs.dropFirst()) {
            XCTAssertGreaterThan(a.center.x, b.center.x, "the text reads the way the line runs")
        }
        for g in label.glyphs { XCTAssertEqual(angleBetween(g.angle, .pi), 0, accuracy: 1e-9, "upside down") }
    }

    func testALabelGoesRoundACornerOnlyWhenTheMaxAngleAllows() throws {
        // From the frame's edge (a line continued from the next tile: MapLibre's first anchor is
        // half the spacing along), so the label is centred on the corner.
        let path = [Point(x: 0, y: 60), Point(x: 200, y: 60), Point(x: 200, y: 260)]
        let wide = ", \"symbol-spacing\": 400"
        XCTAssertNil(try place("Corner Street", along: path, layout: wide), "90° is more than 45°")
        let label = try XCTUnwrap(
            try place("Corner Street", along: path, layout: wide + ", \"text-max-angle\": 100"))
        var across = 0
        var down = 0
        for g in label.glyphs {
            XCTAssertLessThan(nearest(g.center, path).distance, 1)
            if angleBetween(g.angle, 0) < 1e-9 { across += 1 }
            if angleBetween(g.angle, .pi / 2) < 1e-9 { down += 1 }
        }
        XCTAssertGreaterThan(across, 0, "glyphs along the first leg")
        XCTAssertGreaterThan(down, 0, "and down the second")
        XCTAssertEqual(across + down, label.glyphs.count)
    }

    func testAZigzagSharperThanTheMaxAngleGetsNoLabel() throws {
        // Corners of 90° every 20 points.
        let zigzag = (0...16).map { k in Point(x: 40 + 20 * Double(k), y: k % 2 == 0 ? 140 : 160) }
        XCTAssertNil(try place("Zigzag Lane", along: zigzag))
        // Gentle wiggles (about 23° at each corner) are fine.
        let gentle = (0...16).map { k in Point(x: 40 + 20 * Double(k), y: k % 2 == 0 ? 148 : 152) }
        XCTAssertNotNil(try place("Zigzag Lane", along: gentle))
    }

    func testAStraightLineGivesOneAngleAndEvenSpacing() throws {
        let path = [Point(x: 60, y: 240), Point(x: 340, y: 60)]
        let label = try XCTUnwrap(try place("Straight Avenue", along: path))
        let angle = atan2(-180.0, 280.0)
        for g in label.glyphs {
            XCTAssertEqual(angleBetween(g.angle, angle), 0, accuracy: 1e-9)
            XCTAssertLessThan(nearest(g.center, path).distance, 1e-6)
        }
    }

    func testLineGlyphsAreTheLayoutCutIntoClusters() throws {
        let engine = try TextEngine()
        let t = engine.layout("Rue de l’Église", size: 14, face: .regular, letterSpacing: 1)
        let glyphs = t.lineGlyphs
        XCTAssertEqual(glyphs.count, "Rue de l’Église".count)
        XCTAssertEqual(glyphs.reduce(0) { $0 + $1.advance }, t.width, accuracy: 0.01, "the advances make the width")
        for (a, b) in zip(glyphs, glyphs.dropFirst()) {
            XCTAssertEqual(a.center + a.advance / 2, b.center - b.advance / 2, accuracy: 0.01, "side by side")
        }
        XCTAssertTrue(t.lineGlyphs.first?.center == glyphs.first?.center, "kept with the layout")
        // Right-to-left and combining scripts: clusters in visual order, joined shapes intact.
        for text in ["شارع القاهرة", "नई दिल्ली", "Straße 東京"] {
            let u = engine.layout(text, size: 14, face: .regular)
            let g = u.lineGlyphs
            XCTAssertFalse(g.isEmpty, text)
            XCTAssertEqual(g.reduce(0) { $0 + $1.advance }, u.width, accuracy: 0.01, text)
            for (a, b) in zip(g, g.dropFirst()) { XCTAssertLessThan(a.center, b.center, text) }
        }
    }

    /// Glyph by glyph on a straight line looks like the text drawn whole (outlines in place,
    /// centred on the line, halos under the fills).
    func testGlyphByGlyphMatchesTheWholeText() throws {
        let engine = try TextEngine()
        let t = engine.layout("Halo Glyph Street", size: 15, face: .regular)
        let size = Size(width: 200, height: 60)
        let centre = Point(x: 100, y: 30)
        let angle = 0.3
        func draw(_ body: (CairoPainter) -> Void) throws -> RGBAImage {
            let canvas = try CairoPainter(format: .png, size: size, scale: 1)
            canvas.paint(Color(red: 0.9, green: 0.9, blue: 0.8))
            body(canvas)
            canvas.flushCoverage()
            return try RGBAImage(png: canvas.encode(png: PNGOptions()))
        }
        let dark = Color(red: 0.1, green: 0.1, blue: 0.1)
        let white = Color(red: 1, green: 1, blue: 1)
        let whole = try draw { canvas in
            canvas.save()
            canvas.translate(x: centre.x, y: centre.y)
            canvas.rotate(by: angle)
            canvas.drawText(t, at: Point(x: -t.width / 2, y: -t.height / 2), color: dark, halo: white, haloWidth: 1.5)
            canvas.restore()
        }
        let glyphs = try draw { canvas in
            let placements = t.lineGlyphs.map { g in
                let o = g.center - t.width / 2
                return GlyphPlacement(
                    center: Point(x: centre.x + o * cos(angle), y: centre.y + o * sin(angle)), angle: angle)
            }
            canvas.drawGlyphs(t.lineGlyphs, at: placements, color: dark, halo: white, haloWidth: 1.5)
        }
        var differing = 0
        var inked = 0
        for i in stride(from: 0, to: whole.pixels.count, by: 4) {
            let d = (0..<3).map { abs(Int(whole.pixels[i + $0]) - Int(glyphs.pixels[i + $0])) }.max() ?? 0
            if d > 8 { differing += 1 }
            if whole.pixels[i] < 100 { inked += 1 }
        }
        XCTAssertGreaterThan(inked, 100)
        XCTAssertLessThan(differing, 10, "the same text, glyph by glyph")
    }

    /// icon-image on a line layer (oneway arrows): an icon every symbol-spacing points, turned
    /// with the line's direction (not kept upright), none overlapping.
    func testIconsAlongALineTurnWithIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-arrow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 16 × 8 "arrow": its back (left) half red, its head (right) half blue.
        var pixels = [UInt8](repeating: 0, count: 16 * 8 * 4)
        for y in 0..<8 {
            for x in 0..<16 {
                let i = (y * 16 + x) * 4
                pixels[i..<i + 4] = x < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255]
            }
        }
        try Data(RGBAImage(width: 16, height: 8, pixels: pixels).pngData()).write(
            to: dir.appendingPathComponent("icons.png"))
        try Data(#"{"arrow": {"x": 0, "y": 0, "width": 16, "height": 8, "pixelRatio": 1}}"#.utf8).write(
            to: dir.appendingPathComponent("icons.json"))
        // Two streets: one running south (down the image), one running north.
        let style = """
            {"version": 8, "sprite": "icons",
             "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
               {"type": "Feature", "properties": {}, "geometry": {"type": "LineString",
                "coordinates": [[-0.003, 0.0035], [-0.003, -0.0035]]}},
               {"type": "Feature", "properties": {}, "geometry": {"type": "LineString",
                "coordinates": [[0.003, -0.0035], [0.003, 0.0035]]}}]}}},
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "oneway", "type": "symbol", "source": "p",
                "layout": {"symbol-placement": "line", "icon-image": "arrow", "symbol-spacing": 60}}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        let map = try BaseMapLoader().load(style: path) { XCTFail($0) }
        var req = RenderRequest(
            size: Size(width: 300, height: 300), camera: .center(Coordinate(latitude: 0, longitude: 0), zoom: 15))
        req.baseMap = map
        let out = try SceneRenderer().render(OverlayScene(), request: req)
        let img = try RGBAImage(png: out.bytes)
        let icons = out.annotations.items.filter { $0.kind == .mapLabel && $0.name == "arrow" }
        // Each street is about 330 points long, cut by the image to 300: one icon every 60.
        XCTAssertGreaterThanOrEqual(icons.count, 8)
        func px(_ x: Double, _ y: Double) -> [UInt8] {
            let i = (Int(y) * img.width + Int(x)) * 4
            return Array(img.pixels[i..<(i + 3)])
        }
        var south = 0
        var north = 0
        for icon in icons {
            let b = icon.pixelBox
            XCTAssertEqual(b.width, 8, accuracy: 0.01, "turned a quarter: 8 wide")
            XCTAssertEqual(b.height, 16, accuracy: 0.01, "and 16 high")
            let cx = b.midX
            let cy = b.midY
            if cx < 150 {
                // Running south: the head (blue) points down.
                XCTAssertEqual(px(cx, cy - 4), [255, 0, 0])
                XCTAssertEqual(px(cx, cy + 4), [0, 0, 255])
                south += 1
            } else {
                XCTAssertEqual(px(cx, cy - 4), [0, 0, 255])
                XCTAssertEqual(px(cx, cy + 4), [255, 0, 0])
                north += 1
            }
        }
        XCTAssertGreaterThanOrEqual(south, 4)
        XCTAssertGreaterThanOrEqual(north, 4)
        let boxes = out.mapLabelBoxes.flatMap { $0 }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { XCTAssertFalse(a.intersects(b), "icons do not overlap") }
        }
    }

    func testLinePathDropsGridNoise() {
        // A straight street from a z13 tile (Fulton Street, San Francisco): its points are on a
        // grid of an eighth of a point, and the short steps between them turn every which way.
        let path = [
            Point(x: 0.000, y: 15.125), Point(x: 16.750, y: 12.375), Point(x: 18.000, y: 12.250),
            Point(x: 19.000, y: 12.125), Point(x: 23.625, y: 11.375), Point(x: 25.000, y: 11.125),
            Point(x: 28.125, y: 10.625), Point(x: 36.000, y: 9.375), Point(x: 37.125, y: 9.125),
            Point(x: 38.875, y: 8.875), Point(x: 40.000, y: 8.750), Point(x: 48.625, y: 7.375),
            Point(x: 48.875, y: 7.250), Point(x: 55.000, y: 6.375), Point(x: 55.250, y: 6.250),
            Point(x: 57.375, y: 5.875), Point(x: 57.500, y: 5.875), Point(x: 62.750, y: 5.125),
            Point(x: 66.250, y: 4.500), Point(x: 68.875, y: 4.125), Point(x: 74.250, y: 3.250),
            Point(x: 75.500, y: 3.000), Point(x: 76.375, y: 2.875), Point(x: 89.500, y: 0.750),
            Point(x: 93.000, y: 0.250), Point(x: 93.250, y: 0.125), Point(x: 94.625, y: 0.000),
        ]
        let line = LinePath(path)
        XCTAssertLessThan(line.points.count, 6, "the noise is gone")
        XCTAssertTrue(line.bendWithin(from: 0, to: line.length, window: 9.6, maxAngle: .pi / 4))
        for p in path { XCTAssertLessThan(nearest(p, line.points).distance, LinePath.tolerance + 1e-9) }
        let noisy = LinePath(path, tolerance: 0)
        XCTAssertEqual(noisy.points.count, path.count)
        XCTAssertFalse(
            noisy.bendWithin(from: 0, to: noisy.length, window: 9.6, maxAngle: .pi / 4), "unsimplified, it adds up")
    }

    func testLinePathFindsPointsAndAngles() {
        let line = LinePath([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
        XCTAssertEqual(line.points.count, 3, "repeated points dropped")
        XCTAssertEqual(line.length, 20)
        let a = line.locate(5)
        XCTAssertEqual(a.point, Point(x: 5, y: 0))
        XCTAssertEqual(a.angle, 0)
        let b = line.locate(15)
        XCTAssertEqual(b.point, Point(x: 10, y: 5))
        XCTAssertEqual(b.angle, .pi / 2, accuracy: 1e-12)
        XCTAssertFalse(line.bendWithin(from: 5, to: 15, window: 10, maxAngle: .pi / 4))
        XCTAssertTrue(line.bendWithin(from: 5, to: 15, window: 10, maxAngle: .pi / 2 + 0.01))
        XCTAssertTrue(line.bendWithin(from: 0, to: 9, window: 10, maxAngle: .pi / 4), "the corner is beyond the label")
    }
}

extension LineLabelTests {
    /// Pieces of a line that meet end to start are joined as MapLibre's mergeLines joins them,
    /// in either order of the pieces; pieces that do not meet, or meet only end to end, stay apart.
    func testLinePiecesThatMeetEndToStartAreJoined() {
        let a = [Point(x: 0, y: 0), Point(x: 10, y: 0)]
        let b = [Point(x: 10, y: 0), Point(x: 20, y: 5)]
        let c = [Point(x: 20, y: 5), Point(x: 30, y: 5)]
        let apart = [Point(x: 50, y: 50), Point(x: 60, y: 50)]
        let reversed = [Point(x: 40, y: 5), Point(x: 30, y: 5)]
        let joined = LineLabelMerging.joined([c, a, apart, b])
        XCTAssertEqual(
            joined.map(\.line),
            [[Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 5), Point(x: 30, y: 5)], apart])
        XCTAssertEqual(joined.map(\.first), [0, 2], "each line with its earliest piece")
        let withReversed = LineLabelMerging.joined([a, b, c, reversed])
        XCTAssertEqual(withReversed.count, 2, "a piece that meets end to end is not turned round")
        let loop = LineLabelMerging.joined([a, b, [Point(x: 20, y: 5), Point(x: 0, y: 0)]])
        XCTAssertEqual(loop.count, 1)
        XCTAssertEqual(loop.first?.line.count, 4, "a closed chain is joined once, not forever")
    }
}

extension LineLabelTests {
    /// A street cut into blocks, none long enough for its name, gets its label once the blocks
    /// are joined (per layer and tile: the same text in another layer stays apart).
    func testAStreetCutIntoBlocksIsLabelledAcrossThem() throws {
        let (style, _) = try StyleParser.parse(
            """
            {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [
              {"id": "names", "type": "symbol", "source": "s", "layout": {"symbol-placement": "line", "text-field": "x"}},
              {"id": "other", "type": "symbol", "source": "s", "layout": {"symbol-placement": "line", "text-field": "x"}}]}
            """)
        let clip = Rect(x: 0, y: 0, width: 400, height: 100)
        func block(_ x0: Double, layer: Int = 0) -> SymbolCandidate {
            SymbolCandidate(
                layer: style.layers[layer], layerIndex: layer, ctx: EvaluationContext(zoom: 14),
                text: "Long Street Name",
                geometry: .lines([[Point(x: x0, y: 50), Point(x: x0 + 40, y: 50)]], clip: clip))
        }
        XCTAssertEqual(style.layers.count, 2)
        guard style.layers.count == 2 else { return }
        let blocks = (0..<6).map { block(20 + 40 * Double($0)) } + [block(20, layer: 1)]
        let merged = LineLabelMerging.merging(blocks)
        XCTAssertEqual(merged.count, 2, "one line in the first layer, the other layer's piece apart")
        guard case .lines(let paths, _) = merged[0].geometry else { return XCTFail("not a line") }
        XCTAssertEqual(paths.count, 1)
        XCTAssertEqual(paths.first?.first, Point(x: 20, y: 50))
        XCTAssertEqual(paths.first?.last, Point(x: 260, y: 50))
    }
}

extension LineLabelTests {
    /// MapLibre's anchors (get_anchors.ts): every symbol-spacing from half the label plus two ems
    /// (at the zoom-18 size) for a line that starts in its tile, from half a spacing for one that
    /// comes from the next tile; a label longer than ¾ of the spacing widens it; between integer
    /// zooms the distances grow with the map; an over-zoomed tile multiplies the first offset.
    func testAnchorsFollowMapLibresSpacingAndOffsets() {
        let tile = Rect(x: 0, y: 0, width: 512, height: 512)
        let a = LineAnchors(spacing: 250, labelWidth: 80, size: 16, maxSize: 16, zoom: 14, tile: tile)
        XCTAssertEqual(a.spacing, 250)
        XCTAssertEqual(a.startOffset, 40 + 32)
        XCTAssertEqual(a.distances(along: 700, continued: false) { _ in true }, [72, 322, 572])
        XCTAssertEqual(a.distances(along: 700, continued: true) { _ in true }, [125, 375, 625])
        XCTAssertEqual(a.distances(along: 700, continued: false) { $0 > 100 }, [322, 572])
        let long = LineAnchors(spacing: 250, labelWidth: 240, size: 16, maxSize: 16, zoom: 14, tile: tile)
        XCTAssertEqual(long.spacing, 240 + 62.5)
        let bigger = LineAnchors(spacing: 250, labelWidth: 80, size: 16, maxSize: 20, zoom: 14, tile: tile)
        XCTAssertEqual(bigger.startOffset, 50 + 40, "measured at the zoom-18 size")
        let half = LineAnchors(
            spacing: 250, labelWidth: 80, size: 16, maxSize: 16, zoom: 14.5,
            tile: Rect(x: 0, y: 0, width: 512 * exp2(0.5), height: 512 * exp2(0.5)))
        XCTAssertEqual(half.spacing, 250 * exp2(0.5), accuracy: 1e-9)
        XCTAssertEqual(half.startOffset, 72 * exp2(0.5), accuracy: 1e-9)
        let over = LineAnchors(
            spacing: 250, labelWidth: 80, size: 16, maxSize: 16, zoom: 15,
            tile: Rect(x: 0, y: 0, width: 1024, height: 1024))
        XCTAssertEqual(over.startOffset, 144, "the tile's data zoom magnified twice")
        XCTAssertTrue(LineAnchors.touchesEdge(Point(x: 0, y: 40), of: tile))
        XCTAssertFalse(LineAnchors.touchesEdge(Point(x: 1, y: 40), of: tile))
    }

    /// A long street is named at every anchor where the name fits clear of the others.
    func testALongLineIsLabelledMoreThanOnce() throws {
        let (style, _) = try StyleParser.parse(
            """
            {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "l", "type": "symbol", "source": "s",
               "layout": {"symbol-placement": "line", "text-field": "x", "text-size": 12, "symbol-spacing": 120}}]}
            """)
        let layer = try XCTUnwrap(style.layers.first)
        let canvas = try CairoPainter(format: .png, size: Self.size, scale: 1)
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Self.size)
        var placer = SymbolPlacer(camera: camera, canvas: canvas, text: try TextEngine())
        var index = CollisionIndex(width: Self.size.width, height: Self.size.height)
        let candidate = SymbolCandidate(
            layer: layer, layerIndex: 0, ctx: EvaluationContext(zoom: 14), text: "Elm Street",
            geometry: .lines([[Point(x: 10, y: 150), Point(x: 390, y: 150)]], clip: Self.frame))
        placer.place([candidate], frame: Self.frame, index: &index)
        XCTAssertEqual(placer.placed.count, 3, "at 10 + (half the label + 24) and every 120 points after")
    }
}

extension LineLabelTests {
    /// A style with one line-placed symbol layer of `layout` (extra layout properties, JSON).
    func lineLayer(_ layout: String) throws -> StyleLayer {
        let (style, _) = try StyleParser.parse(
            """
            {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "l", "type": "symbol", "source": "s",
               "layout": {"symbol-placement": "line", "text-field": "x"\(layout)}}]}
            """)
        return try XCTUnwrap(style.layers.first)
    }

    /// Places `candidates` at zoom 14; returns the texts placed.
    func placed(_ candidates: [SymbolCandidate]) throws -> [String] {
        let canvas = try CairoPainter(format: .png, size: Self.size, scale: 1)
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 14, size: Self.size)
        var placer = SymbolPlacer(camera: camera, canvas: canvas, text: try TextEngine())
        var index = CollisionIndex(width: Self.size.width, height: Self.size.height)
        placer.place(candidates, frame: Self.frame, index: &index)
        return placer.placed.map(\.text)
    }

    /// MapLibre judges whether a label fits on its line (and within text-max-angle) by the
    /// label at the text size of zoom 18 (get_anchors.ts: `labelLength = shapedLabelLength ×
    /// textMaxBoxScale`), not as drawn: a line long enough for the label at 10 points but not
    /// at zoom 18's 20 gets no label.
    func testALabelNeedsTheLineItsZoom18SizeNeeds() throws {
        let growing = try lineLayer(#", "text-size": {"stops": [[14, 10], [18, 20]]}"#)
        let fixed = try lineLayer(#", "text-size": 10"#)
        let text = "Long Street Name"
        let width = try TextEngine().layout(text, size: 10, face: .regular).width
        func candidate(_ layer: StyleLayer, length: Double) -> SymbolCandidate {
            SymbolCandidate(
                layer: layer, layerIndex: 0, ctx: EvaluationContext(zoom: 14), text: text,
                geometry: .lines([[Point(x: 20, y: 150), Point(x: 20 + length, y: 150)]], clip: Self.frame))
        }
        XCTAssertEqual(try placed([candidate(fixed, length: width * 1.5)]), [text])
        XCTAssertEqual(try placed([candidate(growing, length: width * 1.5)]), [], "twice as long at zoom 18")
        XCTAssertEqual(try placed([candidate(growing, length: width * 2.2)]), [text])
    }

    /// Line labels collide by MapLibre's circles along the text (collision_index.ts), not by
    /// boxes: two names on parallel diagonal streets 22 points apart both fit (axis-aligned
    /// boxes of a text height would overlap there).
    func testLabelsOnCloseDiagonalStreetsBothFit() throws {
        let layer = try lineLayer(#", "text-size": 12"#)
        func street(_ name: String, offset: Double) -> SymbolCandidate {
            let n = offset / 2.squareRoot()
            return SymbolCandidate(
                layer: layer, layerIndex: 0, ctx: EvaluationContext(zoom: 14), text: name,
                geometry: .lines(
                    [[Point(x: 60 + n, y: 280 + n), Point(x: 330 + n, y: 10 + n)]], clip: Self.frame))
        }
        XCTAssertEqual(
            Set(try placed([street("Mission Street", offset: 0), street("Natoma Street", offset: 22)])).count, 2)
        XCTAssertEqual(
            Set(try placed([street("Mission Street", offset: 0), street("Natoma Street", offset: 12)])),
            ["Mission Street"], "closer than two radii they do collide")
    }

    /// Pieces of a street that join nothing keep their own place in the placement order; a
    /// joined line takes the place of its earliest piece (MapLibre's mergeLines).
    func testPiecesThatJoinNothingKeepTheirPlace() throws {
        let layer = try lineLayer("")
        func piece(_ text: String, _ a: Point, _ b: Point) -> SymbolCandidate {
            SymbolCandidate(
                layer: layer, layerIndex: 0, ctx: EvaluationContext(zoom: 14), text: text,
                geometry: .lines([[a, b]], clip: Self.frame))
        }
        let merged = LineLabelMerging.merging([
            piece("Elm", Point(x: 0, y: 0), Point(x: 10, y: 0)), piece("Oak", Point(x: 0, y: 9), Point(x: 9, y: 9)),
            piece("Elm", Point(x: 50, y: 50), Point(x: 60, y: 50)),
            piece("Elm", Point(x: 10, y: 0), Point(x: 20, y: 0)),
        ])
        XCTAssertEqual(merged.map(\.text), ["Elm", "Oak", "Elm"])
        guard merged.count == 3, case .lines(let first, _) = merged[0].geometry,
            case .lines(let apart, _) = merged[2].geometry
        else { return XCTFail("three line candidates expected") }
        XCTAssertEqual(first, [[Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 0)]])
        XCTAssertEqual(apart, [[Point(x: 50, y: 50), Point(x: 60, y: 50)]])
    }
}
