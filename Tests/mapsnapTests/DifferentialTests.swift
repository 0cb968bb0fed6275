import Foundation
import MapSnapTestSupport
import XCTest

/// A fixed sample of the differential test (`Scripts/differential`, README "Differential
/// test"): seeded random styles rendered by this build's `mapsnap` and by MapLibre GL JS 5.24
/// in headless Chromium, each case within T = 3 (blurred mean absolute difference, 0–255).
/// Skips when the reference (`../shared/tools/maplibre-ref` with its 5.24 build, and chromium)
/// is not installed. Reference renders are cached (`~/.cache/mapsnap-differential`).
final class DifferentialTests: XCTestCase {
    /// Seeds 0–7: the first eight of the README's run, not chosen by their scores.
    static let seeds = "0-7"

    func testFixedSampleIsWithinThreeOfMapLibre() throws {
        let ref = try TestPaths.shared("tools/maplibre-ref")
        _ = try TestPaths.shared("conformance/maplibre_cmd.py")
        let cache =
            ProcessInfo.processInfo.environment["MLREF_CACHE"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/maplibre-ref").path
        guard FileManager.default.fileExists(atPath: cache + "/maplibre-js-5.24/maplibre-gl.js") else {
            throw XCTSkip("MapLibre GL JS 5.24 not installed in \(cache) (run \(ref.path)/setup.sh)")
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard
            path.split(separator: ":").contains(where: {
                FileManager.default.isExecutableFile(atPath: "\($0)/chromium")
            })
        else { throw XCTSkip("chromium not on PATH: the reference renderer cannot run") }
        let runner = try CLIRunner()
        defer { runner.cleanUp() }
        let out = runner.folder.appendingPathComponent("differential")
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/differential.py")
        let run = try runner.run(
            [
                "python3", script.path, "--mapsnap", try CLIRunner.binary().path, "--seeds", Self.seeds, "--out",
                out.path, "--suite", try TestPaths.shared("conformance/gl-suite").path, "-T", "3", "--min-share", "1",
            ], executable: URL(fileURLWithPath: "/usr/bin/env"))
        let summary = (try? String(contentsOf: out.appendingPathComponent("summary.txt"), encoding: .utf8)) ?? ""
        XCTAssertEqual(run.status, 0, "a case of seeds \(Self.seeds) is above T = 3:\n\(summary)\n\(run.stderr)")
        XCTAssertTrue(summary.contains("within T: 8 of 8"), summary)
    }
}
