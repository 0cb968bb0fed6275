import Foundation
import MapSnap
import MapSnapTestSupport
import XCTest

/// An archive whose metadata JSON cannot be read still opens (its tiles draw), and the loader
/// says so once, naming the file and the place in the JSON.
final class ArchiveMetadataWarningTests: XCTestCase {
    func testBrokenMetadataJSONIsReported() throws {
        let sqlite = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let sqlite else { throw XCTSkip("the sqlite3 command-line shell is not installed") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-meta-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let archive = dir.appendingPathComponent("broken.mbtiles")
        try FileManager.default.copyItem(
            at: TestPaths.packageRoot.appendingPathComponent("Samples/basemaps/monaco_omt.mbtiles"), to: archive)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: sqlite)
        p.arguments = [
            archive.path,
            "DELETE FROM metadata WHERE name = 'json'; INSERT INTO metadata VALUES ('json', '{\"vector_layers\": [,]}');",
        ]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        var warnings: [String] = []
        _ = try BaseMapLoader().load(style: "standard", overrides: ["openmaptiles": archive.path]) {
            warnings.append($0)
        }
        let found = warnings.filter { $0.contains("metadata JSON cannot be read") }
        XCTAssertEqual(found.count, 1, "\(warnings)")
        XCTAssertTrue(found.first?.contains(archive.path) ?? false)
        XCTAssertTrue(found.first?.contains("1:") ?? false, "the place in the JSON: \(found)")
    }
}
