import Foundation
import MapSnapCLI
import MapSnapTestSupport
import XCTest

/// `mapsnap route` and `render --route` on the Monaco sample extract, and the answers to bad
/// networks and impossible routes.
final class RouteCommandTests: XCTestCase {
    var runner: CLIRunner!
    static let monaco = TestPaths.packageRoot.appendingPathComponent("Samples/osm/monaco-latest.osm.pbf").path

    override func setUpWithError() throws { runner = try CLIRunner() }
    override func tearDownWithError() throws { runner.cleanUp() }

    func captured(_ args: [String]) -> (status: Int32, out: String, err: String) {
        var out: [UInt8] = []
        var err = ""
        let cache = ["--cache-dir", runner.folder.appendingPathComponent("cache").path]
        let status = MapSnapCommand.main(args + cache, stdout: { out += $0 }, stderr: { err += $0 })
        return (status, String(decoding: out, as: UTF8.self), err)
    }

    func path(_ name: String) -> String { runner.folder.appendingPathComponent(name).path }

    func testRouteAsGeoJSONAndGPX() throws {
        let r = captured(["route", "--network", Self.monaco, "--from", "43.7307,7.4206", "--to", "43.7396,7.4276"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.err.hasSuffix(" walking\n"), r.err)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let feature = try XCTUnwrap((json?["features"] as? [[String: Any]])?.first)
        let props = try XCTUnwrap(feature["properties"] as? [String: Any])
        let distance = try XCTUnwrap(props["distance"] as? Double)
        XCTAssertGreaterThan(distance, 1200)
        XCTAssertLessThan(distance, 2500)
        XCTAssertEqual((props["steps"] as? [[String: Any]])?.last?["type"] as? String, "arrive")
        // The same route again (now from the cache) gives the same bytes.
        let again = captured(["route", "--network", Self.monaco, "--from", "43.7307,7.4206", "--to", "43.7396,7.4276"])
        XCTAssertEqual(again.out, r.out)
        // GPX with alternatives, written atomically.
        let gpx = path("walk.gpx")
        let g = captured([
            "route", "--network", Self.monaco, "--from", "43.7307,7.4206", "--to", "43.7396,7.4276", "--alternatives",
            "2", "--out", gpx,
        ])
        XCTAssertEqual(g.status, 0, g.err)
        let text = try String(contentsOfFile: gpx, encoding: .utf8)
        XCTAssertTrue(text.contains("<rte>"))
        XCTAssertTrue(text.contains("<name>Alternative 1</name>"), text.prefix(400).description)
        XCTAssertTrue(g.err.contains("alternative"), g.err)
    }

    func testImpossibleRoutesAreAnswers() {
        // The middle of the harbour, 0.6 km from any footway; a point in the sea 20 km out.
        let far = captured(["route", "--network", Self.monaco, "--from", "43.7307,7.4206", "--to", "43.70,7.45"])
        XCTAssertEqual(far.status, 65)
        XCTAssertTrue(far.err.contains("the destination is "), far.err)
        XCTAssertTrue(far.err.contains("m from the nearest way open to walking"), far.err)
        XCTAssertTrue(far.err.contains(Self.monaco), far.err)
        let out = captured(["route", "--network", Self.monaco, "--from", "43.7307,7.4206", "--to", "44.5,7.45"])
        XCTAssertEqual(out.status, 65)
        XCTAssertTrue(out.err.contains("outside the network's data"), out.err)
        let usage = captured(["route", "--network", Self.monaco, "--from", "43.7307,7.4206"])
        XCTAssertEqual(usage.status, 64)
        let profile = captured(["route", "--network", Self.monaco, "--from", "1,1", "--to", "2,2", "--profile", "boat"])
        XCTAssertEqual(profile.status, 64)
        XCTAssertTrue(profile.err.contains("foot, hiking, bicycle, car"), profile.err)
    }

    func testBadNetworkFilesGetClearErrors() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.monaco)))
        let missing = captured(["route", "--network", path("nope.osm.pbf"), "--from", "1,1", "--to", "2,2"])
        XCTAssertEqual(missing.status, 66, missing.err)
        // Truncated in the middle of a blob.
        let truncated = path("truncated.osm.pbf")
        FileManager.default.createFile(atPath: truncated, contents: Data(bytes.prefix(bytes.count / 2)))
        let t = captured(["route", "--network", truncated, "--from", "43.7307,7.4206", "--to", "43.7396,7.4276"])
        XCTAssertEqual(t.status, 65, t.err)
        XCTAssertTrue(t.err.contains(truncated) && t.err.contains("blob"), t.err)
        // A BlobHeader claiming 1 MiB (the format allows less than 64 KiB).
        let oversized = path("oversized.osm.pbf")
        FileManager.default.createFile(
            atPath: oversized, contents: Data([0, 0x10, 0, 0] + [UInt8](repeating: 0, count: 64)))
        let o = captured(["route", "--network", oversized, "--from", "1,1", "--to", "2,2"])
        XCTAssertEqual(o.status, 65, o.err)
        XCTAssertTrue(o.err.contains(oversized), o.err)
        // The second blob's compressed data scrambled: it does not inflate.
        var corrupt = bytes
        let second = Self.secondBlobData(bytes)
        for i in second.lowerBound + 20..<min(second.lowerBound + 400, second.upperBound) { corrupt[i] ^= 0x5A }
        let corruptPath = path("corrupt.osm.pbf")
        FileManager.default.createFile(atPath: corruptPath, contents: Data(corrupt))
        let c = captured(["route", "--network", corruptPath, "--from", "43.7307,7.4206", "--to", "43.7396,7.4276"])
        XCTAssertEqual(c.status, 65, c.err)
        XCTAssertTrue(c.err.contains(corruptPath) && c.err.contains("blob 1"), c.err)
        // XML whose way lists a node that is not in the file: the way is cut there, one warning,
        // and the rest routes.
        let xml = path("clipped.osm")
        let text = """
            <?xml version="1.0"?><osm version="0.6">
            <node id="1" lat="45.0000" lon="7.0000"/><node id="2" lat="45.0000" lon="7.0020"/>
            <node id="4" lat="45.0000" lon="7.0060"/><node id="5" lat="45.0000" lon="7.0080"/>
            <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="5"/><tag k="highway" v="footway"/></way>
            </osm>
            """
        FileManager.default.createFile(atPath: xml, contents: Data(text.utf8))
        let x = captured(["route", "--network", xml, "--from", "45.0,7.0001", "--to", "45.0,7.0015"])
        XCTAssertEqual(x.status, 0, x.err)
        XCTAssertEqual(x.err.components(separatedBy: "warning:").count - 1, 1, x.err)
        XCTAssertTrue(x.err.contains(xml), x.err)
        // Across the gap there is no route.
        let gap = captured(["route", "--network", xml, "--from", "45.0,7.0001", "--to", "45.0,7.0075"])
        XCTAssertEqual(gap.status, 65, gap.err)
        XCTAssertTrue(gap.err.contains("does not connect"), gap.err)
    }

    /// The byte range of the second blob's data (after its BlobHeader).
    static func secondBlobData(_ b: [UInt8]) -> Range<Int> {
        var offset = 0
        var range = 0..<0
        for _ in 0..<2 {
            let headerLength =
                Int(b[offset]) << 24 | Int(b[offset + 1]) << 16 | Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            let header = b[(offset + 4)..<(offset + 4 + headerLength)]
            // BlobHeader.datasize is field 3 (key 0x18), a varint.
            var size = 0
            if let k = header.firstIndex(of: 0x18) {
                var shift = 0
                var i = k + 1
                while i < header.endIndex {
                    size |= Int(header[i] & 0x7F) << shift
                    shift += 7
                    if header[i] & 0x80 == 0 { break }
                    i += 1
                }
            }
            let start = offset + 4 + headerLength
            range = start..<(start + size)
            offset = start + size
        }
        return range
    }

    func testRenderDrawsTheComputedRoute() throws {
        let out = path("route.png")
        let notes = path("route.json")
        let r = captured([
            "render", "--style", "standard", "--source",
            "openmaptiles=" + TestPaths.packageRoot.appendingPathComponent("Samples/basemaps/monaco_omt.mbtiles").path,
            "--route", "43.7307,7.4206:43.7396,7.4276", "--network", Self.monaco, "--alternatives", "1", "--title",
            "Walk {distance}, {duration}", "--out", out, "--annotations", notes,
        ])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: notes))) as? [String: Any]
        let routes = try XCTUnwrap(json?["routes"] as? [[String: Any]])
        XCTAssertEqual(routes.filter { $0["alternative"] as? Bool == true }.count, routes.count - 1)
        XCTAssertGreaterThanOrEqual(routes.count, 1)
        // Start and end flags.
        let items = try XCTUnwrap(json?["items"] as? [[String: Any]])
        let kinds = items.compactMap { $0["kind"] as? String }
        XCTAssertTrue(kinds.contains("start-flag") && kinds.contains("end-flag"), "\(Set(kinds))")
        // Without --title the caption says the distance and the time.
        let plain = path("plain.json")
        let p = captured([
            "render", "--style", "none", "--route", "43.7307,7.4206:43.7396,7.4276", "--network", Self.monaco,
            "--out", path("plain.png"), "--annotations", plain,
        ])
        XCTAssertEqual(p.status, 0, p.err)
        let notesPlain =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: plain))) as? [String: Any]
        let title =
            (notesPlain?["items"] as? [[String: Any]])?.first { $0["kind"] as? String == "title" }?["name"] as? String
        XCTAssertTrue(title?.hasSuffix(" min walking") == true && title?.contains(" km · ") == true, title ?? "none")
        // Route options without --route are a usage error.
        let lone = captured(["render", "--network", Self.monaco, "--out", path("x.png"), "--pin", "43.73,7.42"])
        XCTAssertEqual(lone.status, 64)
        XCTAssertTrue(lone.err.contains("--network needs --route"), lone.err)
    }

    func testRouteHelpDocumentsEveryOption() {
        let r = captured(["route", "--help"])
        XCTAssertEqual(r.status, 0)
        for option in [
            "--from", "--to", "--via", "--network", "--profile", "--dem", "--alternatives", "--out", "--format",
            "--time-model", "--max-sac", "--max-snap", "--cache-dir", "--shortest", "--no-cache",
        ] {
            XCTAssertTrue(r.out.contains(option), option)
        }
    }

    func testDEMGivesClimbsAndSlopeTimesAndViasAreKept() throws {
        let dem = TestPaths.packageRoot.appendingPathComponent("Samples/monaco/monaco_srtm3.tif").path
        // From the harbour up to the Jardin Exotique, through a via point in Moneghetti.
        let args = [
            "route", "--network", Self.monaco, "--from", "43.7352,7.4210", "--via", "43.7340,7.4160", "--to",
            "43.7313,7.4140",
        ]
        let flat = captured(args)
        let hilly = captured(args + ["--dem", dem])
        XCTAssertEqual(flat.status, 0, flat.err)
        XCTAssertEqual(hilly.status, 0, hilly.err)
        func properties(_ out: String) throws -> [String: Any] {
            let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
            let feature = try XCTUnwrap((json?["features"] as? [[String: Any]])?.first)
            return try XCTUnwrap(feature["properties"] as? [String: Any])
        }
        let f = try properties(flat.out)
        let h = try properties(hilly.out)
        XCTAssertNil(f["ascent"])
        let ascent = try XCTUnwrap(h["ascent"] as? Double)
        XCTAssertGreaterThan(ascent, 20)
        XCTAssertTrue(hilly.err.contains("ascent"), hilly.err)
        // Climbing takes longer than the flat time of the same length.
        let flatSpeed = try XCTUnwrap(f["distance"] as? Double) / XCTUnwrap(f["duration"] as? Double)
        let hillySpeed = try XCTUnwrap(h["distance"] as? Double) / XCTUnwrap(h["duration"] as? Double)
        XCTAssertLessThan(hillySpeed, flatSpeed)
        // The via point is passed and named.
        let steps = try XCTUnwrap(h["steps"] as? [[String: Any]])
        XCTAssertTrue(steps.contains { ($0["type"] as? String) == "waypoint" }, "\(steps)")
    }
}
