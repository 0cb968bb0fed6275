import Foundation
import MapSnapCLI
import MapSnapImage
import MapSnapTestSupport
import XCTest

/// `mapsnap info` and `mapsnap profile` on a GPX written here (its answers worked out by hand)
/// and on the bundled Samples/gpx/Mojstrovka.gpx.
final class TrackCommandTests: XCTestCase {
    var runner: CLIRunner!

    override func setUpWithError() throws { runner = try CLIRunner() }
    override func tearDownWithError() throws { runner.cleanUp() }

    /// 21 points northwards from 46° N, 13.5° E, 0.001° apart (111.1 m): up 300 m to the
    /// middle and down 300 m again, 30 m a point.
    static let peakGPX: String = {
        let points = (0...20).map { i in
            let lat = String(format: "%.3f", 46 + Double(i) * 0.001)
            return "<trkpt lat=\"\(lat)\" lon=\"13.5\"><ele>\(1000 + 30 * min(i, 20 - i))</ele></trkpt>"
        }
        return """
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Peak</name><trkseg>\(points.joined())</trkseg></trk></gpx>
            """
    }()

    func write(_ name: String, _ text: String) -> String {
        let path = runner.folder.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func captured(_ args: [String]) -> (status: Int32, out: String, err: String) {
        var out: [UInt8] = []
        var err = ""
        let status = MapSnapCommand.main(args, stdout: { out += $0 }, stderr: { err += $0 })
        return (status, String(decoding: out, as: UTF8.self), err)
    }

    func testInfoAsText() throws {
        let track = write("peak.gpx", Self.peakGPX)
        let r = captured(["info", track])
        XCTAssertEqual(r.status, 0, r.err)
        let lines = r.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, track)
        // 0.02° of meridian at 46° N: 2 223 m.
        XCTAssertTrue(lines.contains("  length    2.2 km (2223 m)"), r.out)
        XCTAssertTrue(lines.contains("  ascent    300 m"), r.out)
        XCTAssertTrue(lines.contains("  descent   300 m"), r.out)
        XCTAssertTrue(lines.contains("  lowest    1000 m"), r.out)
        XCTAssertTrue(lines.contains("  highest   1300 m"), r.out)
        XCTAssertTrue(r.out.contains("by Tobler's hiking function"), r.out)
        // DIN 33466: up 0.278 h horizontal, 1 h vertical → 1.139 h; down 0.278 h and 0.6 h →
        // 0.739 h; 1.878 h = 1 h 53 min.
        let din = captured(["info", track, "--time-model", "din33466"])
        XCTAssertTrue(din.out.contains("  time      1 h 53 min by DIN 33466\n"), din.out)
    }

    func testInfoAsJSON() throws {
        let track = write("peak.gpx", Self.peakGPX)
        let r = captured(["info", track, "--format", "json", "--time-model", "swiss"])
        XCTAssertEqual(r.status, 0, r.err)
        let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        XCTAssertEqual(o["file"] as? String, track)
        XCTAssertEqual(try XCTUnwrap(o["length_m"] as? Double), 2223, accuracy: 1)
        XCTAssertEqual(o["ascent_m"] as? Double, 300)
        XCTAssertEqual(o["descent_m"] as? Double, 300)
        XCTAssertEqual(o["min_elevation_m"] as? Double, 1000)
        XCTAssertEqual(o["max_elevation_m"] as? Double, 1300)
        XCTAssertEqual(o["elevation"] as? String, "recorded")
        XCTAssertEqual(o["threshold_m"] as? Double, 10)
        XCTAssertEqual(o["time_model"] as? String, "swiss")
        XCTAssertEqual(o["time_model_name"] as? String, "Swiss hiking trails formula")
        XCTAssertGreaterThan(try XCTUnwrap(o["time_s"] as? Double), 3600)
        XCTAssertTrue(r.out.hasPrefix("{\n  \"ascent_m\""), "sorted keys, pretty-printed")
    }

    func testATrackWithoutElevationsSaysSo() throws {
        let track = write("flat.geojson", #"{"type": "LineString", "coordinates": [[13.5, 46], [13.5, 46.02]]}"#)
        let text = captured(["info", track])
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertTrue(text.out.contains("  elevation unknown (the file has no elevations)"), text.out)
        XCTAssertFalse(text.out.contains("  ascent "), "no made-up zeros")
        XCTAssertFalse(text.out.contains(" 0 m"), "no made-up zeros")
        // 2.223 km at Tobler's 5.04 km/h on the flat: 26 min.
        XCTAssertTrue(text.out.contains("  time      26 min by Tobler's hiking function, on the flat\n"), text.out)
        let json = captured(["info", track, "--format=json"])
        let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertTrue(o["ascent_m"] is NSNull)
        XCTAssertTrue(o["max_elevation_m"] is NSNull)
        XCTAssertEqual(o["elevation"] as? String, "unknown")
        let profile = captured(["profile", track, "--out", runner.folder.appendingPathComponent("p.png").path])
        XCTAssertEqual(profile.status, 65)
        XCTAssertTrue(profile.err.contains("\(track): no elevations to draw a profile of"), profile.err)
    }

    func testErrorsNameTheFileAndExitWithTheHouseCodes() throws {
        let missing = captured(["info", "nowhere.gpx"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.err.hasPrefix("error: nowhere.gpx"), missing.err)
        let points = write("pins.geojson", #"{"type": "Point", "coordinates": [13.5, 46]}"#)
        let noLine = captured(["info", points])
        XCTAssertEqual(noLine.status, 65)
        XCTAssertTrue(noLine.err.contains("\(points): no line to measure"), noLine.err)
        let track = write("peak.gpx", Self.peakGPX)
        XCTAssertEqual(captured(["info", track, "--time-model", "fast"]).status, 64)
        XCTAssertEqual(captured(["info", track, "--format", "xml"]).status, 64)
        XCTAssertEqual(captured(["info"]).status, 64)
        XCTAssertEqual(captured(["info", track, track]).status, 64)
        let noOut = captured(["profile", track])
        XCTAssertEqual(noOut.status, 64)
        XCTAssertTrue(noOut.err.contains("run 'mapsnap profile --help'"), noOut.err)
        let noDEM = captured(["info", track, "--dem", "x.hgt"])
        XCTAssertEqual(noDEM.status, 66, "a missing elevation file")
        XCTAssertTrue(noDEM.err.contains("x.hgt"), noDEM.err)
    }

    func testHelp() {
        XCTAssertEqual(captured(["info", "--help"]).out, HelpText.info + "\n")
        XCTAssertEqual(captured(["profile", "-h"]).out, HelpText.profile + "\n")
        XCTAssertTrue(HelpText.main.contains("info"))
    }

    func testProfileWritesTheChartAtItsScale() throws {
        let track = write("peak.gpx", Self.peakGPX)
        let r = try runner.run(["profile", track, "--out", "p.png", "--size", "300x150", "--scale", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try RGBAImage(png: Array(try Data(contentsOf: runner.folder.appendingPathComponent("p.png"))))
        XCTAssertEqual(image.width, 600)
        XCTAssertEqual(image.height, 300)
        let svg = try runner.run(["profile", track, "-o", "p.svg"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        let text = try String(contentsOf: runner.folder.appendingPathComponent("p.svg"), encoding: .utf8)
        XCTAssertTrue(text.contains("width=\"600pt\" height=\"400pt\""), String(text.prefix(300)))
    }

    /// The bundled sample, through the binary: a real track with `ele` values.
    func testTheMojstrovkaSample() throws {
        let sample = TestPaths.packageRoot.appendingPathComponent("Samples/gpx/Mojstrovka.gpx").path
        let r = try runner.run(["info", sample, "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(o["length_m"] as? Double), 2701, accuracy: 5)
        XCTAssertEqual(try XCTUnwrap(o["ascent_m"] as? Double), 431, accuracy: 15)
        XCTAssertEqual(try XCTUnwrap(o["max_elevation_m"] as? Double), 2049, accuracy: 5)
        XCTAssertEqual(o["time_model"] as? String, "tobler")
    }
}
