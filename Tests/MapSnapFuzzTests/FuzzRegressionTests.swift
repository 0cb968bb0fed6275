import Foundation
import MapSnapFuzz
import XCTest

/// The inputs the fuzzers found (Regressions/TARGET/NAME), replayed through the same targets in
/// the normal suite: each one once trapped, hung or exhausted memory, and must now just return.
final class FuzzRegressionTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Regressions")

    /// Each folder of kept inputs names a target, so none is silently skipped.
    func testEveryRegressionFolderNamesATarget() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }
        for name in names { XCTAssertNotNil(FuzzTarget.named(name), "Regressions/\(name) names no fuzz target") }
    }

    /// Every kept input runs to completion through its target, within a time a user would wait.
    func testKeptInputsRunThrough() throws {
        for target in FuzzTarget.all {
            let dir = Self.folder.appendingPathComponent(target.name)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { continue }
            for file in files.sorted() where !file.hasPrefix(".") {
                let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(file)))
                let start = Date()
                target.run(bytes)
                let seconds = Date().timeIntervalSince(start)
                XCTAssertLessThan(seconds, 10, "\(target.name)/\(file) took \(seconds) s")
            }
        }
    }

    /// The targets take the degenerate inputs: nothing, one byte, and bytes that are almost a file.
    func testTargetsTakeDegenerateInputs() {
        let inputs: [[UInt8]] = [[], [0], [0xFF], Array("{}".utf8), Array("[\"zoom\"]".utf8), [0x1F, 0x8B, 8, 0]]
        for target in FuzzTarget.all {
            for input in inputs { target.run(input) }
        }
        XCTAssertEqual(Set(FuzzTarget.all.map(\.name)).count, FuzzTarget.all.count, "target names are unique")
    }
}
