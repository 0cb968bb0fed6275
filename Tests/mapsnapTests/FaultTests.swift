import Foundation
import MapSnapImage
import MapSnapTestSupport
import XCTest

/// Faults from outside the process: a kill -9 in the middle of writing, a full disk, a read-only
/// folder, several writers of one path. Whatever happens, the file under the final name is a
/// whole image (the old one or the new one), never a truncated one, and a failed run says so
/// with exit 73 and leaves the old file as it was.
final class FaultTests: XCTestCase {
    private var runner: CLIRunner!
    private let trails = TestPaths.packageRoot.appendingPathComponent("Samples/sf-trails/trails.geojson").path

    override func setUpWithError() throws { runner = try CLIRunner() }
    override func tearDown() { runner.cleanUp() }

    private func args(out: String, title: String = "Trails", size: String = "600x400") -> [String] {
        ["render", trails, "--out", out, "--title", title, "--size", size, "--style", "none"]
    }

    /// Whether `path` holds a whole PNG: it decodes.
    private func isWholePNG(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return (try? RGBAImage(png: [UInt8](data))) != nil
    }

    /// kill -9 at moments spread over a run's life: the final name always holds a whole PNG.
    func testKillNineNeverLeavesATruncatedFile() throws {
        let out = runner.folder.appendingPathComponent("out.png").path
        XCTAssertEqual(try runner.run(args(out: out, title: "Old")).status, 0)
        let old = try Data(contentsOf: URL(fileURLWithPath: out))
        // How long a whole run takes here, to spread the kills over it.
        let start = Date()
        XCTAssertEqual(try runner.run(args(out: "probe.png", size: "2400x1600")).status, 0)
        let runTime = Date().timeIntervalSince(start)
        var replaced = 0
        for i in 0..<12 {
            let p = Process()
            p.executableURL = try CLIRunner.binary()
            p.arguments = args(out: out, title: "New \(i)", size: "2400x1600")
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(UInt32(runTime * 1e6 * Double(i) / 10))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            XCTAssertTrue(isWholePNG(out), "after a kill at \(i)/10 of a run, out.png is not a whole PNG")
            if try Data(contentsOf: URL(fileURLWithPath: out)) != old { replaced += 1 }
        }
        // The late kills come after the rename: some runs finished, the early ones did not.
        XCTAssertLessThan(replaced, 12, "every run finished before its kill: the kills were too late to test anything")
    }

    /// Mounts a tmpfs of `size` at a new folder (root with mount permission only; skips otherwise).
    private func tmpfs(size: String, options: String = "") throws -> String {
        let dir = runner.folder.appendingPathComponent("mnt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let run = try runner.run(
            ["-t", "tmpfs", "-o", "size=\(size)\(options)", "tmpfs", dir],
            executable: URL(fileURLWithPath: "/bin/mount"))
        guard run.status == 0 else { throw XCTSkip("cannot mount a tmpfs here (\(run.stderr))") }
        addTeardownBlock {
            _ = try? CLIRunner(folder: URL(fileURLWithPath: "/")).run(
                [dir], executable: URL(fileURLWithPath: "/bin/umount"))
        }
        return dir
    }

    /// A disk too full for the new image: exit 73 naming the file, the old file intact, no
    /// temporary file left.
    func testFullDiskKeepsTheOldFile() throws {
        let dir = try tmpfs(size: "96k")
        let out = dir + "/out.png"
        XCTAssertEqual(try runner.run(args(out: out, title: "Old", size: "200x150")).status, 0)
        let old = try Data(contentsOf: URL(fileURLWithPath: out))
        let run = try runner.run(args(out: out, size: "2000x2000"))
        XCTAssertEqual(run.status, 73, run.stderr)
        XCTAssertTrue(run.stderr.contains(out) && run.stderr.contains("No space left"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), old)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.png"])
    }

    /// A folder that cannot be written: exit 73, the old file intact.
    func testReadOnlyFolderKeepsTheOldFile() throws {
        let dir = try tmpfs(size: "1m")
        let out = dir + "/out.png"
        XCTAssertEqual(try runner.run(args(out: out, title: "Old")).status, 0)
        let old = try Data(contentsOf: URL(fileURLWithPath: out))
        let remount = try runner.run(["-o", "remount,ro", dir], executable: URL(fileURLWithPath: "/bin/mount"))
        XCTAssertEqual(remount.status, 0, remount.stderr)
        let run = try runner.run(args(out: out) + ["--annotations", dir + "/out.json"])
        XCTAssertEqual(run.status, 73, run.stderr)
        XCTAssertTrue(run.stderr.contains("Read-only file system"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), old)
    }

    /// Six runs writing different images to one path at once: the file ends as exactly one of
    /// them, byte for byte.
    func testConcurrentWritersLeaveOneWholeImage() throws {
        var expected: Set<Data> = []
        for i in 0..<6 {
            XCTAssertEqual(try runner.run(args(out: "single-\(i).png", title: "Writer \(i)")).status, 0)
            expected.insert(try Data(contentsOf: runner.folder.appendingPathComponent("single-\(i).png")))
        }
        XCTAssertEqual(expected.count, 6)
        let out = runner.folder.appendingPathComponent("shared.png").path
        let processes = try (0..<6).map { i -> Process in
            let p = Process()
            p.executableURL = try CLIRunner.binary()
            p.arguments = args(out: out, title: "Writer \(i)")
            p.currentDirectoryURL = runner.folder
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        for p in processes {
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0)
        }
        XCTAssertTrue(
            expected.contains(try Data(contentsOf: URL(fileURLWithPath: out))), "shared.png is none of the six")
        let left = try runner.files().filter { $0.contains(".tmp-") }
        XCTAssertEqual(left, [], "temporary files left behind")
    }
}
