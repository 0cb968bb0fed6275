import MapSnap
import XCTest

/// `import MapSnap` is a curated face: each re-export names one declaration, never a whole
/// module (which would make every internal type of it public API again).
final class FaceTests: XCTestCase {
    func testEveryReexportIsScopedToOneDeclaration() throws {
        let exports = ReadmeExampleTests.packageRoot.appendingPathComponent("Sources/MapSnap/Exports.swift")
        let lines = try String(contentsOf: exports, encoding: .utf8).split(separator: "\n")
        let reexports = lines.filter { $0.hasPrefix("@_exported") }
        XCTAssertGreaterThan(reexports.count, 10)
        let scoped = /^@_exported import (struct|enum|class|protocol|typealias|func|var|let) MapSnap\w+\.\w+$/
        for line in reexports {
            XCTAssertNotNil(try scoped.wholeMatch(in: String(line)), "not scoped to one declaration: \(line)")
        }
        // Sources/MapSnap imports the modules below it only to use them, not to re-export them.
        let sources = try FileManager.default.contentsOfDirectory(
            atPath: exports.deletingLastPathComponent().path)
        for name in sources where name.hasSuffix(".swift") && name != "Exports.swift" {
            let text = try String(
                contentsOf: exports.deletingLastPathComponent().appendingPathComponent(name), encoding: .utf8)
            XCTAssertFalse(text.contains("@_exported"), name)
        }
    }
}
