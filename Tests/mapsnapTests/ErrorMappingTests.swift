import Foundation
import MapSnap
import MapSnapCLI
import XCTest

/// Only the command line turns the library's errors into exit statuses and names its flags.
final class ErrorMappingTests: XCTestCase {
    static let trails = CommandLineTests.trails

    func captured(_ args: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var out: [UInt8] = []
        var err = ""
        let status = MapSnapCommand.main(args, stdout: { out += $0 }, stderr: { err += $0 })
        return (status, String(decoding: out, as: UTF8.self), err)
    }

    func testKindsMapToSysexits() {
        let expected: [SnapshotError.Kind: Int32] = [
            .usage: 64, .badInput: 65, .missingFile: 66, .unavailable: 69, .internal: 70, .cannotWrite: 73,
        ]
        for kind in SnapshotError.Kind.allCases {
            XCTAssertEqual(ExitCode(kind).rawValue, expected[kind], "\(kind)")
            XCTAssertEqual(SnapshotError(kind, "m").exitCode, ExitCode(kind))
        }
    }

    func testMessagesAboutOptionsNameTheFlags() {
        XCTAssertEqual(
            SnapshotError(.usage, "no trail is named \"X\" (there are no named trails)", subject: .highlight)
                .commandLineMessage,
            "--highlight: no trail is named \"X\" (there are no named trails)")
        XCTAssertEqual(
            SnapshotError(.usage, "the style has no source \"a\" (sources: b)", subject: .sourceOverride("a"))
                .commandLineMessage,
            "--source a=…: the style has no source \"a\" (sources: b)")
        XCTAssertEqual(
            SnapshotError(.usage, "nothing to show", subject: .camera).commandLineMessage,
            "nothing to show: give overlay files or --pin, or a camera (--center with --zoom or --span, or --bbox)")
        XCTAssertEqual(
            SnapshotError(.badInput, "bad", file: "f.json", line: 2, column: 3).commandLineMessage, "f.json:2:3: bad")
    }

    /// The command's whole stderr for errors whose library message is reworded: as before the
    /// library spoke of options instead of flags.
    func testTheCommandPrintsTheFlagWording() {
        let help = "run 'mapsnap render --help' for the options\n"
        var r = captured(["render", "--style", "none", "--out", "-", "--format", "png"])
        XCTAssertEqual(r.status, 64)
        XCTAssertEqual(
            r.stderr,
            "error: nothing to show: give overlay files or --pin, or a camera (--center with --zoom or --span, "
                + "or --bbox)\n" + help)
        r = captured(["render", Self.trails, "--style", "none", "--highlight", "Nope", "--out", "-", "--format", "png"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(
            r.stderr.hasPrefix("error: --highlight: no trail is named \"Nope\" (trails: Paradise Falls Trail, "),
            r.stderr)
        r = captured(["render", Self.trails, "--source", "nope=x.mbtiles", "--out", "-", "--format", "png"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(
            r.stderr.hasPrefix("error: --source nope=…: the style has no source \"nope\" (sources: "), r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix(help))
    }

    func testWarningsAboutSourcesThatAreNotLocalNameSource() throws {
        let style = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-net-\(UUID()).json")
        try Data(
            """
            {"version": 8, "sources": {"v": {"type": "vector", "url": "https://example.com/tiles.json"}},
             "layers": [{"id": "bg", "type": "background"}]}
            """.utf8
        ).write(to: style)
        defer { try? FileManager.default.removeItem(at: style) }
        let r = captured(["render", Self.trails, "--style", style.path, "--out", "-", "--format", "svg"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            r.stderr,
            "warning: source \"v\": https://example.com/tiles.json is not a local file; its layers are not drawn "
                + "(bind one with --source v=PATH)\n")
    }
}

/// `mapsnap bench` parses with the same splitter as `render` (one run each here: a check of
/// the options, not a measurement).
final class BenchCommandTests: XCTestCase {
    func captured(_ args: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var out: [UInt8] = []
        var err = ""
        let status = MapSnapCommand.main(args, stdout: { out += $0 }, stderr: { err += $0 })
        return (status, String(decoding: out, as: UTF8.self), err)
    }

    let quick = ["--style", "none", "--out", "-", "--format", "png", "--size", "64x64", CommandLineTests.trails]

    func testOptionsInBothFormsAndTheReportLine() {
        let r = captured(["bench", "--runs=2", "--warmup", "1"] + quick)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("median_ms="), r.stdout)
        XCTAssertTrue(r.stdout.contains(" runs=2 warmup=1 "), r.stdout)
        XCTAssertTrue(r.stdout.contains(" size=64x64@1x "), r.stdout)
        XCTAssertFalse(r.stdout.contains("centers="))
    }

    func testCentersStandInForCenterAndCycle() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-centers-\(UUID()).txt")
        try Data("# two places\n37.78,-122.41\n\n37.76,-122.45\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var r = captured(["bench", "--runs", "3", "--warmup", "0", "--centers", file.path, "--zoom", "13"] + quick)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasSuffix(" centers=2\n"), r.stdout)
        r = captured(["bench", "--runs", "1", "--centers", file.path] + quick)
        XCTAssertEqual(r.status, 64)
        XCTAssertEqual(r.stderr, "error: --centers needs --zoom Z or --span DLAT,DLON\n")
        r = captured(["bench", "--runs", "1", "--centers", file.path, "--zoom", "13", "--bbox", "1,2,3,4"] + quick)
        XCTAssertEqual(r.status, 64)
        XCTAssertEqual(r.stderr, "error: --bbox cannot be combined with --center, --zoom or --span\n")
    }

    func testBadCountsAndMissingValues() {
        var r = captured(["bench", "--runs", "x"] + quick)
        XCTAssertEqual(r.status, 64)
        XCTAssertEqual(r.stderr, "error: --runs: expected a count, got \"x\"\n")
        r = captured(["bench"] + quick + ["--warmup"])
        XCTAssertEqual(r.status, 64)
        XCTAssertEqual(r.stderr, "error: --warmup needs a value\n")
        r = captured(["bench", "--centers", "/nonexistent/centers.txt", "--zoom", "3"] + quick)
        XCTAssertEqual(r.status, 66)
        XCTAssertEqual(r.stderr, "error: /nonexistent/centers.txt: cannot read the centers file\n")
        r = captured(["bench", "--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("USAGE: mapsnap bench"), r.stdout)
    }
}
