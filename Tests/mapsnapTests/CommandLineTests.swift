import Foundation
import MapSnap
import MapSnapCLI
import MapSnapImage
import MapSnapTestSupport
import XCTest

/// End-to-end tests of the built `mapsnap` binary (run it, check exit codes, files, stderr),
/// plus in-process runs of the command for the help snapshots.
final class CommandLineTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let trails = packageRoot.appendingPathComponent("Samples/sf-trails/trails.geojson").path
    var tmp: URL!

    override func setUpWithError() throws {
        tmp = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: tmp)
    }

    /// The `mapsnap` executable next to the test bundle.
    func binary() throws -> URL { try CLIRunner.binary() }

    typealias Run = CLIRunner.Run

    /// Runs the binary (or `executable`) with `args` in `tmp`; `environment` changes the
    /// inherited environment (nil removes a variable).
    func run(executable: URL? = nil, _ args: [String], environment: [String: String?] = [:]) throws -> Run {
        try CLIRunner(folder: tmp).run(args, executable: executable, environment: environment)
    }

    /// A PDF and an SVG figure rendered twice, in two processes a second apart, are the same
    /// bytes (documentation figures live in git).
    func testPDFAndSVGFiguresAreByteIdenticalAcrossRuns() throws {
        let track = write("t.geojson", #"{"type": "LineString", "coordinates": [[7.42, 43.73], [7.43, 43.74]]}"#)
        for ext in ["pdf", "svg"] {
            let a = try run(
                ["render", track, "--style", "none", "--out", "a.\(ext)"], environment: ["SOURCE_DATE_EPOCH": nil])
            XCTAssertEqual(a.status, 0, a.stderr)
            Thread.sleep(forTimeInterval: 1.1)
            let b = try run(
                ["render", track, "--style", "none", "--out", "b.\(ext)"], environment: ["SOURCE_DATE_EPOCH": nil])
            XCTAssertEqual(b.status, 0, b.stderr)
            let first = try Data(contentsOf: tmp.appendingPathComponent("a.\(ext)"))
            XCTAssertGreaterThan(first.count, 500)
            XCTAssertEqual(first, try Data(contentsOf: tmp.appendingPathComponent("b.\(ext)")), ext)
            if ext == "pdf" {
                XCTAssertTrue(
                    String(decoding: first, as: UTF8.self).contains("/CreationDate (19700101000000Z)"),
                    "the epoch, not the clock")
            }
        }
    }

    func write(_ name: String, _ text: String) -> String {
        let path = tmp.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func writeBytes(_ name: String, _ bytes: [UInt8]) -> String {
        let path = tmp.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    // MARK: - Success

    func testRenderSamplePNGAndAnnotations() throws {
        let r = try run(["render", Self.trails, "--out", "t.png", "--annotations", "t.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let png = try Data(contentsOf: tmp.appendingPathComponent("t.png"))
        let img = try RGBAImage(png: Array(png))
        XCTAssertEqual(img.width, 600)
        XCTAssertEqual(img.height, 400)
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.appendingPathComponent("t.json")))
            as? [String: Any]
        let items = json?["items"] as? [[String: Any]] ?? []
        XCTAssertEqual(items.filter { $0["kind"] as? String == "trail" }.count, 5)
        XCTAssertNotNil((json?["camera"] as? [String: Any])?["zoom"])
    }

    func testSameInputsGiveByteIdenticalPNG() throws {
        XCTAssertEqual(try run(["render", Self.trails, "-o", "a.png", "--scale", "2"]).status, 0)
        XCTAssertEqual(try run(["render", Self.trails, "-o", "b.png", "--scale", "2"]).status, 0)
        XCTAssertEqual(
            try Data(contentsOf: tmp.appendingPathComponent("a.png")),
            try Data(contentsOf: tmp.appendingPathComponent("b.png")))
        let img = try RGBAImage(png: Array(try Data(contentsOf: tmp.appendingPathComponent("a.png"))))
        XCTAssertEqual(img.width, 1200)
    }

    func testJPEGWebPAndPalettePNGFromTheCommandLine() throws {
        let runner = try CLIRunner()
        defer { runner.cleanUp() }
        func out(_ name: String) -> String { runner.folder.appendingPathComponent(name).path }
        var sizes: [String: Int] = [:]
        for (name, extra) in [
            ("a.png", []), ("a8.png", ["--png8"]), ("a16.png", ["--colors", "16"]), ("a.jpg", ["--quality", "90"]),
            ("a.webp", []), ("l.webp", ["--lossless"]),
        ] {
            let (status, _, err) = captured(["render", Self.trails, "--style", "none", "--out", out(name)] + extra)
            XCTAssertEqual(status, 0, "\(name): \(err)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out(name))))
            sizes[name] = bytes.count
            switch name {
            case "a.jpg": XCTAssertEqual(Array(bytes.prefix(3)), [0xFF, 0xD8, 0xFF])
            case "a.webp", "l.webp": XCTAssertEqual(Array(bytes[8..<12]), Array("WEBP".utf8))
            default: XCTAssertEqual(Array(bytes[1..<4]), Array("PNG".utf8))
            }
        }
        XCTAssertLessThan(sizes["a8.png"] ?? .max, sizes["a.png"] ?? 0)
        XCTAssertLessThan(sizes["a16.png"] ?? .max, sizes["a8.png"] ?? 0)
        // Options that do not fit the format are usage errors.
        for (name, extra, message) in [
            ("b.png", ["--quality", "80"], "--quality is for JPEG and WebP"),
            ("b.jpg", ["--png8"], "--png8 and --colors are for PNG"),
            ("b.png", ["--lossless"], "--lossless is for WebP"),
            ("b.webp", ["--quality", "0"], "--quality: expected 1…100"),
        ] {
            let (status, _, err) = captured(["render", Self.trails, "--style", "none", "--out", out(name)] + extra)
            XCTAssertEqual(status, 64, name)
            XCTAssertTrue(err.contains(message), err)
        }
    }

    func testFormatsFromExtensionAndStdout() throws {
        XCTAssertEqual(try run(["render", Self.trails, "-o", "m.svg"]).status, 0)
        let svg = try String(contentsOf: tmp.appendingPathComponent("m.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"))
        XCTAssertEqual(try run(["render", Self.trails, "-o", "m.pdf"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: tmp.appendingPathComponent("m.pdf")).prefix(5), Data("%PDF-".utf8))
        let r = try run(["render", Self.trails, "--out", "-", "--format", "png"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(Array(r.stdout.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testCameraModesAndPinsAndGPXAndPolyline() throws {
        let gpx = write(
            "t.gpx",
            """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="37.78" lon="-122.41"><name>Water</name><sym>water</sym></wpt>
            <trk><name>Loop</name><trkseg><trkpt lat="37.77" lon="-122.42"><ele>10</ele></trkpt>
            <trkpt lat="37.78" lon="-122.40"><ele>20</ele></trkpt></trkseg></trk></gpx>
            """)
        let poly = write("r.polyline", "_p~iF~ps|U_ulLnnqC_mqNvxq`@\n")
        for camera in [
            ["--center", "37.7749,-122.4194", "--zoom", "13.5"],
            ["--center", "37.7749,-122.4194", "--span", "0.02,0.02"],
            ["--bbox", "-122.45,37.76,-122.39,37.80"], ["--padding", "40"],
        ] {
            let r = try run(
                ["render", gpx, "--route-file", Self.trails, "--pin", "37.775,-122.41,Café,#5856d6", "-o", "c.png"]
                    + camera)
            XCTAssertEqual(r.status, 0, "\(camera): \(r.stderr)")
        }
        let r = try run(["render", poly, "-o", "p.png", "--title", "Polyline"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testMillionVertexTrackRendersFromAFile() throws {
        var text =
            "{\"type\":\"Feature\",\"properties\":{\"name\":\"Big\"},\"geometry\":{\"type\":\"LineString\",\"coordinates\":["
        text.reserveCapacity(26_000_000)
        for i in 0..<1_000_000 {
            let t = Double(i) / 1_000_000
            if i > 0 { text += "," }
            text += "[\(-122.5 + 0.1 * sin(t * 40)),\(37.7 + 0.1 * t)]"
        }
        text += "]}}"
        let path = write("big.geojson", text)
        let r = try run(["render", path, "-o", "big.png", "--annotations", "big.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let img = try RGBAImage(png: Array(try Data(contentsOf: tmp.appendingPathComponent("big.png"))))
        XCTAssertEqual(img.width, 600)
        let json = try String(contentsOf: tmp.appendingPathComponent("big.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("\"trail\""))
    }

    // MARK: - Errors: exit codes, messages, no output

    func expectFailure(
        _ args: [String], status: Int32, contains: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let out = tmp.appendingPathComponent("never.png")
        let r = try run(args + (args.contains("-o") || args.contains("--out") ? [] : ["-o", out.path]))
        XCTAssertEqual(r.status, status, "\(args): \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.contains(contains), "stderr was: \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("error: "), file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "no output on failure", file: file, line: line)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter {
            $0.contains(".tmp-") || $0 == "never.png"
        }
        XCTAssertEqual(leftovers, [], "no temporary files left", file: file, line: line)
    }

    func testBadInputsGiveClearErrorsAndNoOutput() throws {
        try expectFailure(["render", "missing.geojson"], status: 66, contains: "missing.geojson")
        try expectFailure(["render", write("empty.geojson", "")], status: 65, contains: "empty")
        try expectFailure(
            ["render", write("one.geojson", "{\"type\":\"LineString\",\n \"coordinates\": [[1,2],\n    [3]]}")],
            status: 65,
            contains: "one.geojson:3:5:")
        try expectFailure(
            ["render", write("nan.geojson", "{\"type\":\"Point\",\"coordinates\":[NaN,1]}")], status: 65,
            contains: "nan.geojson:1:")
        try expectFailure(
            ["render", write("big.geojson", "{\"type\":\"Point\",\"coordinates\":[1e308,1]}")], status: 65,
            contains: "1e308")
        try expectFailure(
            ["render", write("lat.geojson", "{\"type\":\"Point\",\"coordinates\":[1,95]}")], status: 65, contains: "95")
        try expectFailure(
            ["render", write("trunc.geojson", "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":")], status: 65,
            contains: "trunc.geojson")
        try expectFailure(
            ["render", write("types.geojson", "{\"type\":\"FeatureCollection\",\"features\":\"no\"}")], status: 65,
            contains: "features")
        try expectFailure(
            [
                "render",
                writeBytes(
                    "latin1.geojson",
                    Array("{\"type\":\"Point\",\"coordinates\":[1,2],\"x\":\"".utf8) + [0xE9, 0x22, 0x7D]),
            ], status: 65, contains: "UTF-8")
        try expectFailure(
            ["render", write("bad.gpx", "<gpx><trk><trkseg><trkpt lat=\"95\" lon=\"1\"/></trkseg></trk></gpx>")],
            status: 65, contains: "bad.gpx:1:")
        try expectFailure(
            ["render", writeBytes("garbage.gpx", [0xFF, 0xD8, 0x00, 0x13, 0x37])], status: 65, contains: "garbage.gpx")
        try expectFailure(["render", write("bad.polyline", "_p~iF~ps|U_")], status: 65, contains: "bad.polyline:1:")
    }

    /// An output that cannot be written fails the run before any is: the image that was there
    /// stays as it was (issue 11: the annotations' folder was missing and the image replaced).
    func testAFailedRunChangesNoFile() throws {
        let old = Data([0x01, 0x02])
        try old.write(to: tmp.appendingPathComponent("t.png"))
        let r = try run(["render", Self.trails, "--out", "t.png", "--annotations", "missing/t.json"])
        XCTAssertEqual(r.status, 73, r.stderr)
        XCTAssertTrue(r.stderr.contains("missing/t.json"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: tmp.appendingPathComponent("t.png")), old)
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { !$0.hasPrefix(".std") }
        XCTAssertEqual(left, ["t.png"])
    }

    /// `--source ID=PATH` takes an archive by its content, whatever its name, and an absolute
    /// path as it is (issue 11: "no such tile file: <cwd>/abs/path/file").
    func testSourceArchivesAreRecognisedByContent() throws {
        for name in ["monaco_omt.pmtiles", "monaco_omt.mbtiles"] {
            let copy = tmp.appendingPathComponent("archive-\(name.hasSuffix("pmtiles") ? "p" : "m")")
            try FileManager.default.copyItem(
                at: Self.packageRoot.appendingPathComponent("Samples/basemaps/\(name)"), to: copy)
            let r = try run([
                "render", "--style", "hybrid", "--source", "openmaptiles=\(copy.path)", "--center", "43.7384,7.4246",
                "--zoom", "15", "--out", "m.png",
            ])
            XCTAssertEqual(r.status, 0, "\(name) without its extension: \(r.stderr)")
        }
        let text = tmp.appendingPathComponent("notes")
        try Data("not tiles".utf8).write(to: text)
        try expectFailure(
            [
                "render", "--style", "hybrid", "--source", "openmaptiles=\(text.path)", "--center", "43.7,7.4",
                "--zoom", "14", "-o",
                "x.png",
            ],
            status: 65, contains: "\(text.path): not an MBTiles or PMTiles archive")
    }

    /// `--timeout`: a run that takes longer stops with exit 70 and writes nothing (the image
    /// that was there stays); one within its time is not disturbed.
    func testTimeoutStopsCleanly() throws {
        var features: [String] = []
        for i in 0..<40_000 {
            let x = -122.5 + Double(i % 200) * 0.001
            let y = 37.7 + Double(i / 200) * 0.0007
            features.append(
                #"{"type":"Feature","properties":{"name":"L\#(i)"},"geometry":{"type":"LineString","coordinates":[[\#(x),\#(y)],[\#(x + 0.0005),\#(y + 0.0004)]]}}"#
            )
        }
        let big = tmp.appendingPathComponent("big.geojson")
        try Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8).write(to: big)
        let old = Data([0x01])
        try old.write(to: tmp.appendingPathComponent("t.png"))
        let start = Date()
        let r = try run(["render", big.path, "--timeout", "0.3", "--out", "t.png", "--annotations", "t.json"])
        XCTAssertEqual(r.status, 70, r.stderr)
        XCTAssertTrue(r.stderr.contains("did not finish within 0.3 s (--timeout); nothing was written"), r.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertEqual(try Data(contentsOf: tmp.appendingPathComponent("t.png")), old)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("t.json").path))
        let quick = try run(["render", Self.trails, "--timeout", "120", "--out", "q.png"])
        XCTAssertEqual(quick.status, 0, quick.stderr)
        try expectFailure(["render", Self.trails, "--timeout", "0", "-o", "x.png"], status: 64, contains: "--timeout")
    }

    func testUsageErrors() throws {
        try expectFailure(["render", Self.trails, "--zoom", "3"], status: 64, contains: "--zoom needs --center")
        try expectFailure(["render", Self.trails, "--size", "axb"], status: 64, contains: "--size")
        try expectFailure(["render", Self.trails, "--scale", "4"], status: 64, contains: "--scale")
        try expectFailure(["render", Self.trails, "--bogus"], status: 64, contains: "unknown option --bogus")
        // An empty style (issue 11: /dev/null was "cannot read"): the parser's own message.
        try expectFailure(
            ["render", Self.trails, "--style", "/dev/null", "-o", "x.png"], status: 65,
            contains: "/dev/null:1:1: the file is empty")
        try expectFailure(
            ["render", Self.trails, "--style", "nope.json", "-o", "x.png"], status: 66,
            contains: "cannot read the style file (no such file)")
        try expectFailure(
            ["render", Self.trails, "--cluster-radius", "-3", "-o", "x.png"], status: 64, contains: "--cluster-radius")
        try expectFailure(
            ["render", Self.trails, "--theme", "t.json", "-o", "x.png"], status: 64,
            contains: "--theme is no longer an option: the overlays' look is the style's overlay layers")
        try expectFailure(["render", Self.trails, "-o", "x.gif"], status: 64, contains: "format")
        let noOut = try run(["render", Self.trails])
        XCTAssertEqual(noOut.status, 64)
        XCTAssertTrue(noOut.stderr.contains("--out"))
        try expectFailure(["render", "--style", "none"], status: 64, contains: "nothing to show")
        try expectFailure(
            ["render", Self.trails, "--style", "none", "--source", "a=b.mbtiles"], status: 64, contains: "--source")
        try expectFailure(
            ["render", Self.trails, "--source", "nope=x.mbtiles"], status: 64, contains: "no source \"nope\"")
        try expectFailure(
            ["render", Self.trails, "--source", "openmaptiles=missing.mbtiles"], status: 66, contains: "missing.mbtiles"
        )
        try expectFailure(
            ["render", Self.trails, "--style", write("broken.json", "{\"version\": 8,\n \"layers\": [}")], status: 65,
            contains: "broken.json:2:")
        try expectFailure(["render", Self.trails, "--highlight", "Nope"], status: 64, contains: "Nope")
        try expectFailure(
            ["render", Self.trails, "--center", "95,0", "--zoom", "3"], status: 64, contains: "latitude 95")
        let r = try run(["frobnicate"])
        XCTAssertEqual(r.status, 64)
        // No overlay and no camera: nothing to show, not the style's home view.
        try expectFailure(["render", "-o", "home.png"], status: 64, contains: "nothing to show")
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("home.png").path))
        // A colour that does not parse is an error, not part of the label; ", " keeps a comma.
        try expectFailure(
            ["render", "--pin", "37.77,-122.41,X,notacolor", "-o", "p.png"], status: 64,
            contains: "\"notacolor\" is not a colour")
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("p.png").path))
        let comma = try run(["render", "--pin", "37.77,-122.41,Lyon, France", "-o", "q.png", "--annotations", "q.json"])
        XCTAssertEqual(comma.status, 0, comma.stderr)
        let annotations = try Data(contentsOf: tmp.appendingPathComponent("q.json"))
        XCTAssertTrue(String(decoding: annotations, as: UTF8.self).contains("Lyon, France"))
    }

    /// A copied bundled style whose relative archive path no longer resolves says which source
    /// named it, against which folder, and how to bind another file.
    func testACopiedStyleWithARelativeTilePathSaysHowToFixIt() throws {
        let standard = Self.packageRoot.appendingPathComponent("Styles/standard.json")
        let copy = tmp.appendingPathComponent("copied.json")
        try FileManager.default.copyItem(at: standard, to: copy)
        try expectFailure(
            ["render", Self.trails, "--style", copy.path, "-o", "c.png"], status: 66,
            contains: "source \"openmaptiles\" names mbtiles://../Samples/basemaps/sf_central_omt.mbtiles")
        try expectFailure(
            ["render", Self.trails, "--style", copy.path, "-o", "c.png"], status: 66,
            contains: "--source openmaptiles=PATH")
        let sf = Self.packageRoot.appendingPathComponent("Samples/basemaps/sf_central_omt.mbtiles").path
        let bound = try run([
            "render", Self.trails, "--style", copy.path, "--source", "openmaptiles=\(sf)", "-o", "c.png",
        ])
        XCTAssertEqual(bound.status, 0, bound.stderr)
    }

    /// An overlay file with nothing drawable is an error naming it (65), unless --allow-empty;
    /// no partial output either way.
    func testEmptyInputsAreErrorsNotPlausiblePictures() throws {
        let files = [
            write("empty.geojson", #"{"type": "FeatureCollection", "features": []}"#),
            write("null.geojson", #"{"type": "Feature", "geometry": null, "properties": {"name": "x"}}"#),
            write(
                "empty.gpx",
                #"<gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg/></trk></gpx>"#),
        ]
        for f in files {
            try expectFailure(["render", f, "-o", "e.png"], status: 65, contains: "nothing to draw")
            let r = try run(["render", f, "-o", "e.png"])
            XCTAssertTrue(r.stderr.contains((f as NSString).lastPathComponent), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("e.png").path))
        }
        let allowed = try run([
            "render", files[0], "--allow-empty", "--style", "none", "--center", "0,0", "--zoom", "2", "-o", "ok.png",
        ])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        // A file with something drawable next to an empty one still fails on the empty one.
        try expectFailure(["render", Self.trails, files[0], "-o", "e.png"], status: 65, contains: "empty.geojson")
    }

    func testUnwritableOutputIs73AndKeepsTheOldFile() throws {
        try expectFailure(
            ["render", Self.trails, "-o", tmp.appendingPathComponent("no/such/dir/x.png").path], status: 73,
            contains: "cannot create")
        // A failed render never replaces an existing file.
        let keep = write("keep.png", "precious")
        let r = try run(["render", write("bad.geojson", "{"), "-o", keep])
        XCTAssertEqual(r.status, 65)
        XCTAssertEqual(try String(contentsOfFile: keep, encoding: .utf8), "precious")
    }

    // MARK: - Help and version (text snapshots)

    func captured(_ args: [String]) -> (Int32, String, String) {
        var out: [UInt8] = []
        var err = ""
        let status = MapSnapCommand.main(args, stdout: { out += $0 }, stderr: { err += $0 })
        return (status, String(decoding: out, as: UTF8.self), err)
    }

    func testHelpAndVersion() throws {
        let (s1, main, _) = captured(["--help"])
        XCTAssertEqual(s1, 0)
        XCTAssertEqual(main, HelpText.main + "\n")
        let (s2, render, _) = captured(["render", "--help"])
        XCTAssertEqual(s2, 0)
        XCTAssertEqual(render, HelpText.render + "\n")
        for option in RenderCommandOptions.all {
            XCTAssertTrue(HelpText.render.contains(option), "--help documents \(option)")
        }
        let (s3, version, _) = captured(["--version"])
        XCTAssertEqual(s3, 0)
        XCTAssertTrue(version.hasPrefix("mapsnap 0.1.0\nfonts: /"), version)
        XCTAssertTrue(version.contains("\nstyles: /"), version)
        let r = try run(["--version"])
        XCTAssertEqual(String(decoding: r.stdout, as: UTF8.self), version)
    }

    func testHelpTextSnapshotFile() throws {
        // The rendered help is kept in the repo so that a change to it shows up in review.
        let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "render-help.txt")
        let expected = try String(contentsOf: snapshot, encoding: .utf8)
        XCTAssertEqual(HelpText.render + "\n", expected)
    }
}

extension CommandLineTests {
    func testDefaultRenderHasTheSanFranciscoBaseMapAndCredit() throws {
        let r = try run(["render", Self.trails, "-o", "t.png", "--annotations", "t.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "the bundled style renders without warnings")
        let json = try String(contentsOf: tmp.appendingPathComponent("t.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("© OpenStreetMap contributors"), "ODbL attribution on every image")
        XCTAssertTrue(json.contains("\"map-label\""), "base-map labels are drawn")
    }

    /// With --bare (a style drawn as it is) or --allow-empty, no overlays and no camera take the
    /// style's own centre and zoom; without either, that is "nothing to show" (testUsageErrors).
    func testStyleWithoutCameraUsesItsOwnCentreAndZoom() throws {
        try expectFailure(["render", "--style", "standard", "-o", "s.png"], status: 64, contains: "nothing to show")
        let r = try run(["render", "--style", "standard", "--bare", "-o", "s.png", "--annotations", "s.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.appendingPathComponent("s.json")))
            as? [String: Any]
        let camera = json?["camera"] as? [String: Any]
        XCTAssertEqual(camera?["zoom"] as? Double, 13)
    }

    func testMonacoFromPMTiles() throws {
        let tiles = Self.packageRoot.appendingPathComponent("Samples/basemaps/monaco_omt.pmtiles").path
        let r = try run([
            "render", "--source", "openmaptiles=\(tiles)", "--center", "43.7384,7.4246", "--zoom", "15", "-o", "m.png",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}

extension CommandLineTests {
    /// The conformance runner's exact call: `render --style S --size WxH --scale R --bare --out O`.
    func testBareRenderHasOnlyWhatTheStyleDraws() throws {
        let r = try run([
            "render", "--style", "standard", "--size", "300x200", "--scale", "2", "--bare", "--out", "b.png",
            "--annotations", "b.json",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let img = try RGBAImage(png: Array(try Data(contentsOf: tmp.appendingPathComponent("b.png"))))
        XCTAssertEqual(img.width, 600)
        let json = try String(contentsOf: tmp.appendingPathComponent("b.json"), encoding: .utf8)
        XCTAssertFalse(json.contains("scale-bar"))
        XCTAssertFalse(json.contains("attribution"))
    }
}

extension CommandLineTests {
    /// The GL render test suite's geometry cases (../shared/conformance): the pass count must not
    /// drop below the one recorded in conformance-passes.txt. Skips when the suite is not there.
    func testConformancePassCountDoesNotDrop() throws {
        // The recorded count is read first: a missing or garbled file fails here, suite or not.
        let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "conformance-passes.txt")
        let recordedText = try String(contentsOf: recorded, encoding: .utf8)
        let floor = try XCTUnwrap(
            Int(recordedText.trimmingCharacters(in: .whitespacesAndNewlines)),
            "conformance-passes.txt must hold the pass count alone, not \"\(recordedText.prefix(40))\"")
        XCTAssertGreaterThan(floor, 0, "conformance-passes.txt: a floor of \(floor) checks nothing")
        let suite = Self.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        guard FileManager.default.fileExists(atPath: suite.appendingPathComponent("run.py").path) else {
            throw XCTSkip("../shared/conformance is not here: the GL suite is test input kept outside the repo")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [
            "python3", suite.appendingPathComponent("run.py").path, suite.appendingPathComponent("gl-suite").path,
            "--out",
            tmp.appendingPathComponent("conf").path, "-j", "2", "--cmd",
            "\(try binary().path) render --style {style} --size {width}x{height} --scale {ratio} --bare --out {out}",
        ]
        let log = tmp.appendingPathComponent("conf.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        p.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: log, encoding: .utf8)
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("conformance: ") }) else {
            throw XCTSkip(
                "the conformance runner did not finish (python3 with Pillow and numpy needed): \(text.suffix(300))")
        }
        let passed = try XCTUnwrap(
            line.split(separator: " ").dropFirst().first.flatMap { Int($0) }, "garbled runner summary: \(line)")
        XCTAssertGreaterThanOrEqual(passed, floor, "GL suite: \(line) — below the recorded \(floor)")
    }
}
