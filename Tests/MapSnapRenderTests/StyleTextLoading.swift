import Foundation
import MapSnap
import MapSnapRender
import XCTest

extension XCTestCase {
    /// Loads `style` (JSON text) from a style file in a fresh folder, removed when the test ends.
    func loadStyleText(_ style: String, warn: (String) -> Void = { _ in }) throws -> BaseMap {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-style-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        return try BaseMapLoader().load(style: path, warn: warn)
    }
}
