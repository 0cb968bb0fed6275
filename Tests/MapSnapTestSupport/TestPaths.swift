import Foundation
import XCTest

/// Where the tests find the package's own files and the optional `../shared` data.
public enum TestPaths {
    /// The package root (the folder holding `Package.swift`), found from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures/fonts`: font files for the tests of a user's font folder (see its
    /// PROVENANCE.md).
    public static let fontFixtures = packageRoot.appendingPathComponent("Tests/Fixtures/fonts", isDirectory: true)

    /// `<package>/../shared/<relative>`, or an `XCTSkip` naming the path when it is absent
    /// (a fresh clone without the shared data folder still passes, skipping what needs it).
    public static func shared(_ relative: String) throws -> URL {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared").appendingPathComponent(
            relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("\(url.path) not found (the shared data folder is not next to the package)")
        }
        return url
    }
}
