import Foundation
import MapSnap
import MapSnapImage
import MapSnapTestSupport
import XCTest

@testable import MapSnapCLI

/// `mapsnap basemap build`: its command line, the OSM PBF header box, the GSHHG text it reads,
/// a missing program (exit 69 naming the package, nothing written), and the real thing — the
/// Monaco extract through tilemaker, rendered with the bundled style (skipped, with a message,
/// where tilemaker and the other tools are not installed).
final class BasemapCommandTests: XCTestCase {
    static let monacoPBF = CommandLineTests.packageRoot.appendingPathComponent("Samples/osm/monaco-latest.osm.pbf").path
    var cli: CLIRunner!

    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDownWithError() throws { cli.cleanUp() }

    func testCommandLine() throws {
        let plan = try XCTUnwrap(
            try BasemapCommand.parse(["build", "r.osm.pbf", "--out", "r.pmtiles", "--coast", "i"]))
        XCTAssertEqual(plan.input, "r.osm.pbf")
        XCTAssertEqual(plan.output, "r.pmtiles")
        XCTAssertEqual(plan.coast, "i")
        XCTAssertNil(try BasemapCommand.parse(["build", "--help"]))
        XCTAssertNil(try BasemapCommand.parse([]))
        let box = try XCTUnwrap(try BasemapCommand.parse(["build", "r.pbf", "-o", "r.mbtiles", "--bbox", "7,43,8,44"]))
        XCTAssertEqual(box.bbox, BoundingBox(west: 7, south: 43, east: 8, north: 44))
        for (args, message) in [
            (["build", "r.osm.pbf"], "needs --out"), (["build", "--out", "r.mbtiles"], "one OpenStreetMap extract"),
            (["build", "r.osm.pbf", "--out", "r.png"], "must end in .mbtiles or .pmtiles"),
            (["build", "r.osm.pbf", "--out", "r.mbtiles", "--coast", "x"], "--coast x"),
            (["build", "r.osm.pbf", "--out", "r.mbtiles", "--bbox", "8,43,7,44"], "W < E"),
            (["make", "r.osm.pbf"], "unknown basemap command"),
        ] {
            XCTAssertThrowsError(try BasemapCommand.parse(args), "\(args)") { error in
                let e = error as? SnapshotError
                XCTAssertEqual(e?.kind, .usage)
                XCTAssertTrue(e?.message.contains(message) ?? false, "\(args): \(e?.message ?? "")")
            }
        }
    }

    func testHeaderBoxOfAGeofabrikExtract() throws {
        let box = try OSMPBFHeader.boundingBox(path: Self.monacoPBF)
        XCTAssertEqual(box.west, 7.408583, accuracy: 1e-6)
        XCTAssertEqual(box.south, 43.483817, accuracy: 1e-6)
        XCTAssertEqual(box.east, 7.595671, accuracy: 1e-6)
        XCTAssertEqual(box.north, 43.75293, accuracy: 1e-6)
        let notPBF = cli.folder.appendingPathComponent("x.osm.pbf")
        try Data("<osm/>".utf8).write(to: notPBF)
        XCTAssertThrowsError(try OSMPBFHeader.boundingBox(path: notPBF.path))
    }

    func testGMTSegmentsBecomeLineStrings() {
        let text = "> Shore Bin # 1, Level 1\n7.1\t43.2\n7.3\t43.4\n> one point\n7\t43\n# comment\n> x\n1 2\n3 4\n5 6\n"
        XCTAssertEqual(
            BasemapSea.csvLines(fromGMT: Array(text.utf8)),
            "id,name,WKT\n1,\"\",\"LINESTRING(7.1 43.2,7.3 43.4)\"\n3,\"\",\"LINESTRING(1 2,3 4,5 6)\"\n")
    }

    /// Without tilemaker on PATH: exit 69, the package named, nothing written.
    func testAMissingProgramIsNamedWithItsPackage() throws {
        let r = try cli.run(
            ["basemap", "build", Self.monacoPBF, "--out", "m.mbtiles"], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(r.status, 69, r.stderr)
        XCTAssertTrue(r.stderr.contains("apt-get install"), r.stderr)
        XCTAssertEqual(try cli.files(), [])
        let missing = try cli.run(["basemap", "build", "nope.osm.pbf", "--out", "m.mbtiles"])
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("nope.osm.pbf"), missing.stderr)
    }

    /// A view with no tiles says how to get some, in the command line's words.
    func testTheMissingTilesWarningNamesTheCommand() throws {
        let r = try cli.run(["render", "--center", "44.5,14.5", "--zoom", "7", "--out", "c.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("has no tiles for this view (centre 44.50000, 14.50000, zoom 7.00)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("mapsnap basemap build REGION.osm.pbf"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "has no tiles").count, 2, "one warning: \(r.stderr)")
    }

    /// The Monaco extract through tilemaker with GSHHG sea, drawn with the bundled style: the
    /// sea off Monaco is sea, the hills behind it land, and the image credits OpenStreetMap.
    func testBuildsTheMonacoExtractAndRendersIt() throws {
        for tool in ["tilemaker", "gmt", "ogr2ogr", "python3"] where Tools.which(tool) == nil {
            throw XCTSkip(
                "\(tool) is not installed (Scripts/bootstrap --basemap installs it): basemap build not tested")
        }
        let build = try cli.run(["basemap", "build", Self.monacoPBF, "--out", "monaco.mbtiles"])
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.contains("wrote monaco.mbtiles"), build.stderr)
        let files = try cli.files()
        XCTAssertEqual(files, ["monaco.mbtiles"], "no partial files left")
        let r = try cli.run([
            "render", "--source", "openmaptiles=monaco.mbtiles", "--center", "43.735,7.43", "--zoom", "12", "--out",
            "m.png", "--annotations", "m.json",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("has no tiles"), r.stderr)
        let img = try RGBAImage(png: Array(try Data(contentsOf: cli.folder.appendingPathComponent("m.png"))))
        let camera = Camera(
            center: Coordinate(latitude: 43.735, longitude: 7.43), zoom: 12, size: Size(width: 600, height: 400))
        func color(_ lat: Double, _ lon: Double) -> [UInt8] {
            let p = camera.point(for: Coordinate(latitude: lat, longitude: lon))
            guard p.x >= 0, p.y >= 0, Int(p.x) < img.width, Int(p.y) < img.height else {
                XCTFail("\(lat), \(lon) is off the image")
                return []
            }
            let i = (Int(p.y) * img.width + Int(p.x)) * 4
            return Array(img.pixels[i..<(i + 3)])
        }
        // The standard style's water (#a4d1f2), give or take a step of blending.
        func isWater(_ c: [UInt8]) -> Bool {
            c.count == 3 && zip(c, [0xa4, 0xd1, 0xf2] as [Int]).allSatisfy { abs(Int($0) - $1) < 8 }
        }
        XCTAssertTrue(isWater(color(43.725, 7.45)), "the sea off Monte-Carlo")
        XCTAssertTrue(isWater(color(43.715, 7.42)), "the sea off Fontvieille")
        XCTAssertFalse(isWater(color(43.755, 7.41)), "the hills behind Monaco")
        XCTAssertFalse(isWater(color(43.745, 7.42)), "Beausoleil, above Monte-Carlo")
        let annotations = String(
            decoding: try Data(contentsOf: cli.folder.appendingPathComponent("m.json")), as: UTF8.self)
        XCTAssertTrue(annotations.contains("© OpenStreetMap"), "the credit: \(annotations.suffix(400))")
    }
}
