import Foundation
import MapSnapCLI
import MapSnapTestSupport
import XCTest

@testable import MapSnapCLI

/// `mapsnap batch`: manifest lines, relative paths, bad lines, determinism across worker counts,
/// resume after a kill, shards, progress and the summary.
final class BatchCommandTests: XCTestCase {
    var runner: CLIRunner!
    static let trails = TestPaths.packageRoot.appendingPathComponent("Samples/sf-trails/trails.geojson").path

    override func setUpWithError() throws { runner = try CLIRunner() }
    override func tearDownWithError() throws { runner.cleanUp() }

    func path(_ name: String) -> String { runner.folder.appendingPathComponent(name).path }

    func write(_ name: String, _ lines: [String]) -> String {
        let p = path(name)
        FileManager.default.createFile(atPath: p, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        return p
    }

    func captured(_ args: [String]) -> (status: Int32, err: String) {
        let err = Locked2("")
        let status = MapSnapCommand.main(args, stdout: { _ in }, stderr: { s in err.append(s) })
        return (status, err.value)
    }

    /// `n` small thumbnails of the sample trails, at varied sizes and scales, plain style.
    func thumbnails(_ n: Int, folder: String = "thumbs") -> [String] {
        (0..<n).map { i in
            "{\"out\": \"\(folder)/\(i).png\", \"inputs\": [\"\(Self.trails)\"], \"size\": \"\(120 + 8 * i)x90\", "
                + "\"scale\": \(1 + i % 2), \"style\": \"none\", \"no-callouts\": \(i % 3 == 0)}"
        }
    }

    func testLinesBecomeRenderArguments() throws {
        let line = try BatchLine(
            bytes: Array(
                """
                {"out": "a/b.png", "inputs": ["t.gpx", "/abs/u.geojson"], "size": "300x200", "scale": 2, \
                "pin": ["1,2,A", "3,4"], "no-flags": true, "no-callouts": false, "source": "openmaptiles=tiles/x.mbtiles", \
                "style": "dark", "zoom": 14.5, "dem": "d.hgt"}
                """.utf8), number: 3, manifest: "m.ndjson", inputFolder: "/data", outputFolder: "/out")
        XCTAssertEqual(
            line.arguments,
            [
                "--out", "/out/a/b.png", "--size", "300x200", "--scale", "2", "--pin", "1,2,A", "--pin", "3,4",
                "--no-flags", "--source", "openmaptiles=/data/tiles/x.mbtiles", "--style", "dark", "--zoom", "14.5",
                "--dem", "/data/d.hgt", "--", "/data/t.gpx", "/abs/u.geojson",
            ])
        // A style file is a path; a bundled name is not.
        let styled = try BatchLine(
            bytes: Array(#"{"out": "x.png", "style": "styles/my.json"}"#.utf8), number: 1, manifest: "m",
            inputFolder: "/data", outputFolder: "/out")
        XCTAssertTrue(styled.arguments.contains("/data/styles/my.json"))
        func failure(_ text: String) -> String {
            do {
                _ = try BatchLine(
                    bytes: Array(text.utf8), number: 1, manifest: "m", inputFolder: "/", outputFolder: "/")
                return "accepted"
            } catch { return error.description }
        }
        XCTAssertEqual(failure("[1]"), "a line must be a JSON object of render options, found an array")
        XCTAssertTrue(failure(#"{"out": "x.png", "colour": "red"}"#).contains("colour: not an option of render"))
        XCTAssertTrue(failure(#"{"out": "x.png", "timeout": 5}"#).contains("timeout stops the whole process"))
        XCTAssertTrue(failure(#"{"out": ["a.png", "b.png"]}"#).contains("out: takes one value, not a list"))
        XCTAssertTrue(failure(#"{"out": "x.png", "no-flags": "yes"}"#).contains("a flag: give true or false"))
        XCTAssertTrue(failure(#"{"out": "x.png", "geojson": {"type": "Point"}}"#).contains("geojson"))
        XCTAssertTrue(failure(#"{"out": "x.png", "#).hasPrefix("column "))
    }

    func testABatchMakesWhatRenderMakesAndReportsBadLines() throws {
        let manifest = write(
            "m.ndjson",
            thumbnails(3) + [
                "", "{\"out\": \"thumbs/bad.png\", \"inputs\": [\"missing.gpx\"]}", "not json",
                "{\"out\": \"thumbs/inline.png\", \"style\": \"none\", \"geojson\": {\"type\": \"LineString\", "
                    + "\"coordinates\": [[7.42, 43.73], [7.43, 43.74]]}}",
            ])
        let summary = path("summary.json")
        let r = captured(["batch", manifest, "--workers", "2", "--summary", summary])
        XCTAssertEqual(r.status, 65, r.err)
        XCTAssertTrue(r.err.contains("error: \(manifest):5: "), r.err)
        XCTAssertTrue(r.err.contains("missing.gpx"), r.err)
        XCTAssertTrue(r.err.contains("error: \(manifest):6: column 1: not JSON"), r.err)
        for name in ["0", "1", "2", "inline"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("thumbs/\(name).png")), name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("thumbs/bad.png")))
        // The same line through `render` gives the same bytes.
        let single = path("single.png")
        XCTAssertEqual(
            captured(["render", Self.trails, "--out", single, "--size", "128x90", "--scale", "2", "--style", "none"])
                .status, 0)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: single)),
            try Data(contentsOf: URL(fileURLWithPath: path("thumbs/1.png"))))
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summary))) as? [String: Any]
        XCTAssertEqual(json?["lines"] as? Int, 6)
        XCTAssertEqual(json?["rendered"] as? Int, 4)
        XCTAssertEqual(json?["failed"] as? Int, 2)
        let failures = json?["failures"] as? [[String: Any]]
        XCTAssertEqual(failures?.compactMap { $0["line"] as? Int }, [5, 6])
        XCTAssertNotNil((json?["time_ms"] as? [String: Any])?["p99"])
        XCTAssertGreaterThan(json?["peak_rss_bytes"] as? Int ?? 0, 1 << 20)
        // A good manifest exits 0; a missing one 66.
        XCTAssertEqual(captured(["batch", write("ok.ndjson", thumbnails(2, folder: "ok")), "-q"]).status, 0)
        XCTAssertEqual(captured(["batch", path("none.ndjson")]).status, 66)
    }

    func testOutputsAreByteIdenticalWhateverTheWorkerCount() throws {
        let lines = thumbnails(8)
        var images: [[Data]] = []
        for workers in [1, 3] {
            let out = "w\(workers)"
            let manifest = write("m\(workers).ndjson", lines)
            XCTAssertEqual(
                captured(["batch", manifest, "--workers", "\(workers)", "--out-dir", path(out), "-q"]).status, 0)
            images.append(
                try (0..<8).map { try Data(contentsOf: URL(fileURLWithPath: path("\(out)/thumbs/\($0).png"))) })
        }
        XCTAssertEqual(images[0], images[1])
    }

    func testShardsPartitionTheLines() throws {
        let manifest = write("m.ndjson", thumbnails(7))
        var made: [Set<String>] = []
        for k in 0..<3 {
            let out = path("s\(k)")
            XCTAssertEqual(captured(["batch", manifest, "--shard", "\(k)/3", "--out-dir", out, "-q"]).status, 0)
            made.append(Set((try? FileManager.default.contentsOfDirectory(atPath: out + "/thumbs")) ?? []))
        }
        XCTAssertEqual(made[0].union(made[1]).union(made[2]).count, 7)
        XCTAssertEqual(made[0].count + made[1].count + made[2].count, 7)
        XCTAssertEqual(made[1], ["1.png", "4.png"])
        XCTAssertEqual(
            try BatchShard("auto", environment: ["JOB_COMPLETION_INDEX": "2", "MAPSNAP_SHARDS": "5"]),
            BatchShard(index: 2, count: 5))
        XCTAssertEqual(
            try BatchShard(
                "auto",
                environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"]),
            BatchShard(index: 3, count: 4))
        XCTAssertThrowsError(try BatchShard("auto", environment: [:]))
        XCTAssertThrowsError(try BatchShard("3/3"))
    }

    func testResumeAfterAKillGivesTheUninterruptedFiles() throws {
        let lines = thumbnails(40)
        let clean = path("clean")
        XCTAssertEqual(
            captured(["batch", write("c.ndjson", lines), "--out-dir", clean, "-q", "--workers", "2"]).status, 0)
        let killed = path("killed")
        let manifest = write("k.ndjson", lines)
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = ["batch", manifest, "--out-dir", killed, "-q", "--workers", "2"]
        try process.run()
        // Kill it once some thumbnails exist, hard.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let n =
                (try? FileManager.default.contentsOfDirectory(atPath: killed + "/thumbs"))?.filter {
                    $0.hasSuffix(".png")
                }.count ?? 0
            if n >= 3 || !process.isRunning { break }
            usleep(2000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let r = captured([
            "batch", manifest, "--out-dir", killed, "--resume", "--workers", "2", "--summary", path("s.json"),
        ])
        XCTAssertEqual(r.status, 0, r.err)
        let cleanFiles = try FileManager.default.contentsOfDirectory(atPath: clean + "/thumbs").sorted()
        let resumedFiles = try FileManager.default.contentsOfDirectory(atPath: killed + "/thumbs").sorted()
        XCTAssertEqual(resumedFiles, cleanFiles)
        for f in cleanFiles {
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: clean + "/thumbs/" + f)),
                try Data(contentsOf: URL(fileURLWithPath: killed + "/thumbs/" + f)), f)
        }
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("s.json"))))
            as? [String: Any]
        XCTAssertEqual((json?["skipped"] as? Int ?? 0) + (json?["rendered"] as? Int ?? 0), 40)
    }

    func testProgressOnATerminalAndWithout() throws {
        let manifest = write("m.ndjson", thumbnails(3))
        let plain = captured(["batch", manifest, "--out-dir", path("p")])
        XCTAssertEqual(plain.status, 0)
        XCTAssertTrue(plain.err.contains("batch: 3/3 done"), plain.err)
        XCTAssertTrue(plain.err.contains("batch: 3 rendered, 0 skipped, 0 failed of 3 lines"), plain.err)
        XCTAssertFalse(plain.err.contains("\r"))
        XCTAssertEqual(captured(["batch", manifest, "--out-dir", path("q"), "--quiet"]).err, "")
        // A real pseudo-terminal, through script(1) when the machine has it.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let binary = try CLIRunner.binary().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(binary) batch \(manifest) --out-dir \(path("t"))", "/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        XCTAssertTrue(output.contains("\r\u{1B}[K["), output)
        XCTAssertTrue(output.contains("3/3"), output)
        XCTAssertTrue(output.contains("img/s"), output)
    }
}

/// A string appended to from several threads.
final class Locked2: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String

    init(_ text: String) { self.text = text }

    func append(_ s: String) {
        lock.lock()
        text += s
        lock.unlock()
    }

    var value: String {
        lock.lock()
        defer { lock.unlock() }
        return text
    }
}
