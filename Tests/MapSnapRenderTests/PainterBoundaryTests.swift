import Foundation
import MapSnapTestSupport
import XCTest

/// C in two rooms (issue 9, requirement 3): cairo is called only by the cairo painter
/// (`Sources/MapSnapRender/CairoPainter*.swift`) and by the text module (which shapes and
/// outlines glyphs into a cairo context the painter hands it); Pango only by the text module.
/// Every other source file, the layer painters included, draws through `Painter`.
final class PainterBoundaryTests: XCTestCase {
    /// Every Swift file under `Sources/`, by its path from the package root.
    private func sources() throws -> [(path: String, text: String)] {
        let root = TestPaths.packageRoot
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            throw XCTSkip("cannot list \(sources.path)")
        }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The lines of `text` that import `module` or mention `prefix` (a C function prefix),
    /// as "path:line: text".
    private func offences(_ path: String, _ text: String, module: String, prefix: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let imports = line.trimmingCharacters(in: .whitespaces).hasPrefix("import \(module)")
            guard imports || line.contains(prefix) else { return nil }
            return "\(path):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))"
        }
    }

    private static func isCairoPainter(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return path.hasPrefix("Sources/MapSnapRender/")
            && (name == "CairoPainter.swift" || name.hasPrefix("CairoPainter+"))
    }

    func testCairoIsCalledOnlyByTheCairoPainterAndTheTextModule() throws {
        let files = try sources()
        let render = files.filter { $0.path.hasPrefix("Sources/MapSnapRender/") }
        // Not vacuous: the layer painters and the painter itself are among the files read.
        for name in [
            "BaseMapPainter", "BaseMapPainter+GeoJSON", "BaseMapPainter+Raster", "SymbolPlacer",
            "SymbolPlacer+Icons", "OverlayImage+Drawing", "MarkerPainter", "DecorationPainter", "Painter",
            "CairoPainter",
        ] {
            XCTAssertTrue(render.contains { $0.path == "Sources/MapSnapRender/\(name).swift" }, "\(name).swift read")
        }
        let painter = render.filter { Self.isCairoPainter($0.path) }
        XCTAssertTrue(painter.contains { $0.text.contains("cairo_") }, "the cairo painter calls cairo")
        var found: [String] = []
        for (path, text) in files where !Self.isCairoPainter(path) && !path.hasPrefix("Sources/MapSnapText/") {
            found += offences(path, text, module: "CCairo", prefix: "cairo_")
        }
        XCTAssertEqual(found, [], "cairo outside the cairo painter:\n" + found.joined(separator: "\n"))
    }

    func testPangoIsCalledOnlyByTheTextModule() throws {
        var found: [String] = []
        for (path, text) in try sources() where !path.hasPrefix("Sources/MapSnapText/") {
            found += offences(path, text, module: "CPangoCairo", prefix: "pango_")
        }
        XCTAssertEqual(found, [], "Pango outside MapSnapText:\n" + found.joined(separator: "\n"))
    }
}
