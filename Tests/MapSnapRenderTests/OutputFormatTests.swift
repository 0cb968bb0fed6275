import Foundation
import MapSnapGeometry
import MapSnapImage
import MapSnapStyle
import XCTest

@testable import MapSnapOverlay
@testable import MapSnapRender

final class OutputFormatTests: XCTestCase {
    func scene() -> OverlayScene {
        var s = OverlayScene()
        let c = Coordinate(latitude: 37.7749, longitude: -122.4194)
        s.lines = [
            LineOverlay(
                kind: .route, name: "r", parts: [[c, Coordinate(latitude: 37.78, longitude: -122.41)]], stroke: .black)
        ]
        s.pins = [
            PinOverlay(coordinate: c, color: Color(css: "#ff3b30") ?? .black, glyph: .symbol(.star), title: "Start")
        ]
        return s
    }

    func render(_ format: ImageFormat) throws -> RenderOutput {
        let r = try SceneRenderer()
        return try r.render(scene(), request: RenderRequest(size: Size(width: 300, height: 200), format: format))
    }

    func testSVGIsVectorPathsNotABitmap() throws {
        let out = try render(.svg)
        let text = String(decoding: out.bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("<?xml"), "starts with an XML declaration")
        XCTAssertTrue(text.contains("<svg"))
        XCTAssertTrue(text.contains("width=\"300pt\""), "size in points")
        XCTAssertTrue(text.contains("height=\"200pt\""))
        XCTAssertFalse(text.contains("<image"), "no embedded bitmap")
        XCTAssertGreaterThan(text.components(separatedBy: "<path").count - 1, 5, "lines, pin and glyphs as paths")
        XCTAssertTrue(text.contains("stroke-dasharray"), "the route is dashed in vector form")
        // Well-formed XML.
        let parser = XMLParserCheck(data: Data(out.bytes))
        XCTAssertTrue(parser.parse(), "SVG should be well-formed XML")
    }

    func testPDFIsAPDF() throws {
        let out = try render(.pdf)
        XCTAssertEqual(Array(out.bytes.prefix(5)), Array("%PDF-".utf8))
        XCTAssertTrue(String(decoding: out.bytes.suffix(8), as: UTF8.self).contains("%%EOF"))
    }

    /// PDF and SVG are byte-identical from run to run, also within one process: the PDF's
    /// creation date is fixed (the epoch, or SOURCE_DATE_EPOCH when set), and the SVG's surface
    /// ids (cairo numbers surfaces per process) are renumbered in order of appearance.
    func testPDFAndSVGAreByteIdenticalBetweenRuns() throws {
        for format in [ImageFormat.pdf, .svg] {
            let a = try render(format)
            let b = try SceneRenderer().render(
                scene(), request: RenderRequest(size: Size(width: 300, height: 200), format: format))
            XCTAssertEqual(a.bytes, b.bytes, format.rawValue)
        }
        let pdf = String(decoding: try render(.pdf).bytes, as: UTF8.self)
        if ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] == nil {
            XCTAssertTrue(pdf.contains("/CreationDate (19700101000000Z)"), "the epoch, not the clock")
        }
    }

    func testSVGSurfaceIDsAreRenumberedInOrder() {
        let svg = ##"<g id="surface7"><use xlink:href="#surface12"/></g><g id="surface12"/> surface9x"##
        XCTAssertEqual(
            String(decoding: SVGIDs.renumberingSurfaces(Array(svg.utf8)), as: UTF8.self),
            ##"<g id="surface1"><use xlink:href="#surface2"/></g><g id="surface2"/> surface9x"##)
        XCTAssertEqual(SVGIDs.renumberingSurfaces(Array("no ids".utf8)), Array("no ids".utf8))
    }

    /// A character no bundled font draws (here one of the private use area) is a warning naming
    /// the text, not a silent box; arrows and emoji draw and say nothing.
    func testMissingGlyphsAreWarned() throws {
        var s = scene()
        s.title = "Up ↑ with boots 🥾 \u{F8FF}"
        let out = try SceneRenderer().render(s, request: RenderRequest(size: Size(width: 300, height: 200)))
        XCTAssertEqual(
            out.warnings.filter { $0.contains("no bundled font") },
            ["the title: 1 character no bundled font has (drawn as a box)"])
        s.title = "Up ↑ with boots 🥾"
        let clean = try SceneRenderer().render(s, request: RenderRequest(size: Size(width: 300, height: 200)))
        XCTAssertTrue(clean.warnings.isEmpty, "\(clean.warnings)")
    }

    func testPNGIsByteIdenticalBetweenRuns() throws {
        let a = try render(.png)
        let b = try SceneRenderer().render(
            scene(), request: RenderRequest(size: Size(width: 300, height: 200), format: .png))
        XCTAssertEqual(a.bytes, b.bytes)
        XCTAssertEqual(Array(a.bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    func testCompressionLevelChangesSizeNotPixels() throws {
        let r = try SceneRenderer()
        var req = RenderRequest(size: Size(width: 300, height: 200))
        req.png.compressionLevel = 0
        let raw = try r.render(scene(), request: req)
        req.png.compressionLevel = 9
        let small = try r.render(scene(), request: req)
        XCTAssertGreaterThan(raw.bytes.count, small.bytes.count)
        XCTAssertEqual(try RGBAImage(png: raw.bytes), try RGBAImage(png: small.bytes))
    }

    func testDecoderRejectsGarbageWithoutCrashing() {
        XCTAssertThrowsError(try RGBAImage(png: Array("not a png".utf8)))
        // A truncated real PNG: libpng's longjmp must stay inside the C shim.
        if let png = try? render(.png).bytes {
            XCTAssertThrowsError(try RGBAImage(png: Array(png.prefix(png.count / 2))))
        }
    }

    func testTooLargeImageIsRefused() throws {
        let r = try SceneRenderer()
        let req = RenderRequest(size: Size(width: 20000, height: 100), format: .png)
        XCTAssertThrowsError(try r.render(scene(), request: req)) {
            guard case .imageTooLarge = $0 as? RenderError else { return XCTFail("\($0)") }
        }
    }
}
