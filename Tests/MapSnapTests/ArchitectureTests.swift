import Foundation
import XCTest

/// The house of `docs/ARCHITECTURE.md`, checked against the sources: each module imports only
/// what its row allows (one-way, C in few rooms), so the map and the code cannot drift apart.
final class ArchitectureTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The toolchain's own modules, allowed everywhere.
    static let system: Set<String> = ["Foundation", "FoundationXML", "Glibc", "Musl", "Darwin", "Synchronization"]

    /// Module → the package modules it may import (docs/ARCHITECTURE.md, "The rooms").
    static let allowed: [String: Set<String>] = {
        var a: [String: Set<String>] = [
            "MapSnapJSON": [],
            "MapSnapGeometry": [],
            "MapSnapIO": ["CZlib", "CDeflate", "CBZip2"],
            "MapSnapImage": ["CMapSnapPNG", "CMapSnapJPEG", "CWebP"],
            "MapSnapFormats": ["MapSnapJSON", "MapSnapGeometry"],
            "MapSnapStyle": ["MapSnapJSON", "MapSnapGeometry"],
            "MapSnapTiles": ["MapSnapJSON", "MapSnapGeometry", "MapSnapIO", "CSQLite"],
            "MapSnapRaster": ["MapSnapGeometry"],
            "MapSnapTerrain": ["MapSnapGeometry", "MapSnapIO", "MapSnapImage"],
            "MapSnapText": ["MapSnapGeometry", "CCairo", "CPangoCairo"],
            "MapSnapOverlay": ["MapSnapJSON", "MapSnapGeometry", "MapSnapFormats", "MapSnapStyle"],
            "MapSnapOSM": ["MapSnapGeometry", "MapSnapIO"],
            "MapSnapRouting": ["MapSnapGeometry", "MapSnapOSM", "MapSnapTerrain"],
        ]
        let swiftBelowRender: Set<String> = [
            "MapSnapJSON", "MapSnapGeometry", "MapSnapIO", "MapSnapImage", "MapSnapFormats", "MapSnapStyle",
            "MapSnapTiles", "MapSnapRaster", "MapSnapTerrain", "MapSnapText", "MapSnapOverlay",
        ]
        a["MapSnapRender"] = swiftBelowRender.union(["CCairo", "CMapSnapComposite"])
        a["MapSnap"] = swiftBelowRender.union(["MapSnapRender"])
        a["MapSnapCLI"] = swiftBelowRender.union(["MapSnapRender", "MapSnap", "MapSnapOSM", "MapSnapRouting"])
        a["mapsnap"] = ["MapSnapCLI", "MapSnap"]
        a["MapSnapFuzz"] = swiftBelowRender.union([
            "MapSnapRender", "MapSnap", "MapSnapCLI", "MapSnapOSM", "MapSnapRouting",
        ])
        return a
    }()

    /// The modules each Swift module under Sources/ imports.
    func imports() throws -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        let fm = FileManager.default
        let pattern = try NSRegularExpression(
            pattern: #"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(\w+)"#,
            options: [.anchorsMatchLines])
        for module in try fm.contentsOfDirectory(atPath: Self.sources.path).sorted() {
            let dir = Self.sources.appendingPathComponent(module)
            guard let files = fm.enumerator(atPath: dir.path) else { continue }
            var found: Set<String> = []
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                let range = NSRange(text.startIndex..., in: text)
                for m in pattern.matches(in: text, range: range) {
                    if let r = Range(m.range(at: 1), in: text) { found.insert(String(text[r])) }
                }
            }
            if !found.isEmpty || module.hasPrefix("MapSnap") || module == "mapsnap" { out[module] = found }
        }
        return out
    }

    func testEveryModuleImportsOnlyWhatTheMapAllows() throws {
        let found = try imports()
        XCTAssertEqual(
            Set(found.keys.filter { !$0.hasPrefix("C") }), Set(Self.allowed.keys),
            "every Swift module has a row in docs/ARCHITECTURE.md and in this test")
        for (module, imported) in found.sorted(by: { $0.key < $1.key }) {
            guard let allowed = Self.allowed[module] else { continue }
            let extra = imported.subtracting(allowed).subtracting(Self.system)
            XCTAssertTrue(extra.isEmpty, "\(module) imports \(extra.sorted()), which the map does not allow")
        }
    }

    /// Geometry, style, overlay, tiles' model and the rasterizers are pure Swift: no C module.
    func testThePureRoomsImportNoC() throws {
        let found = try imports()
        for module in [
            "MapSnapJSON", "MapSnapGeometry", "MapSnapFormats", "MapSnapStyle", "MapSnapRaster", "MapSnapTerrain",
            "MapSnapOverlay",
        ] {
            let c = (found[module] ?? []).filter { $0.hasPrefix("C") }
            XCTAssertTrue(c.isEmpty, "\(module) imports C: \(c.sorted())")
        }
        let pango = found.filter { $0.value.contains("CPangoCairo") }.map(\.key)
        XCTAssertEqual(pango, ["MapSnapText"], "Pango only in the text room")
        let bzip2 = found.filter { $0.value.contains("CBZip2") }.map(\.key)
        XCTAssertEqual(bzip2, ["MapSnapIO"], "bzip2 only in the IO room, beside zlib")
        XCTAssertEqual(found["MapSnapOSM"]?.filter { $0.hasPrefix("C") }, [], "the OSM room imports no C")
    }

    /// The check itself can fail: a module importing something off the map is caught.
    func testAnOffMapImportIsCaught() {
        let imported: Set<String> = ["MapSnapGeometry", "MapSnapRender"]
        let extra = imported.subtracting(Self.allowed["MapSnapRaster"] ?? []).subtracting(Self.system)
        XCTAssertEqual(extra, ["MapSnapRender"])
    }
}
