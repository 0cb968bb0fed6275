import Foundation
import MapSnapImage
import XCTest

/// `mapsnap render --dem PATH`: relief for the bundled styles from the sample elevation files
/// (`Samples/monaco`: the SRTM3 GeoTIFF cut and the terrain-RGB tiles), and bad elevation files.
extension CommandLineTests {
    static let monacoTIF = packageRoot.appendingPathComponent("Samples/monaco/monaco_srtm3.tif").path
    static let monacoDEM = packageRoot.appendingPathComponent("Samples/monaco/monaco_terrain_rgb.mbtiles").path
    static let monacoTiles = packageRoot.appendingPathComponent("Samples/basemaps/monaco_omt.mbtiles").path

    private func monaco(_ style: String, _ extra: [String], out: String) throws -> Run {
        try run(
            [
                "render", "--style", style, "--source", "openmaptiles=\(Self.monacoTiles)", "--center", "43.748,7.415",
                "--zoom", "14", "--size", "300x200", "--out", out,
            ] + extra)
    }

    /// Each bundled style gains relief from either form of the heights, with no warning; the
    /// standard style also its contour lines (their brown ink appears).
    func testTheBundledStylesGainReliefFromADEM() throws {
        for style in ["standard", "satellite", "hybrid"] {
            let flat = try monaco(style, [], out: "\(style)-flat.png")
            XCTAssertEqual(flat.status, 0, flat.stderr)
            for dem in [Self.monacoTIF, Self.monacoDEM] {
                let r = try monaco(style, ["--dem", dem], out: "\(style)-dem.png")
                XCTAssertEqual(r.status, 0, r.stderr)
                XCTAssertEqual(r.stderr, "", "no warning")
                let a = try Data(contentsOf: tmp.appendingPathComponent("\(style)-flat.png"))
                let b = try Data(contentsOf: tmp.appendingPathComponent("\(style)-dem.png"))
                XCTAssertNotEqual(a, b, "\(style) with \(dem)")
            }
        }
        _ = try monaco("standard", ["--dem", Self.monacoTIF], out: "contours.png")
        let img = try RGBAImage(png: Array(try Data(contentsOf: tmp.appendingPathComponent("contours.png"))))
        var brown = 0
        for i in stride(from: 0, to: img.pixels.count, by: 4) {
            let (r, g, b) = (Int(img.pixels[i]), Int(img.pixels[i + 1]), Int(img.pixels[i + 2]))
            if r - b > 25, r - g > 8, r < 225 { brown += 1 }
        }
        XCTAssertGreaterThan(brown, 150, "contour lines and labels")
    }

    /// A missing, damaged or foreign elevation file is an error naming it: exit 66 or 65, and
    /// no image.
    func testBadElevationFilesAreErrorsNamingTheFile() throws {
        let garbage = writeBytes(
            "bad.tif", [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F] + [UInt8](repeating: 7, count: 64))
        let truncated = writeBytes("N43E007.hgt", [UInt8](repeating: 0, count: 1000))
        for (file, status) in [("/no/such.hgt", Int32(66)), (garbage, 65), (truncated, 65)] {
            let r = try monaco("standard", ["--dem", file], out: "never.png")
            XCTAssertEqual(r.status, status, r.stderr)
            XCTAssertTrue(r.stderr.contains(file), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("never.png").path))
        }
        let none = try run([
            "render", "--style", "none", "--dem", Self.monacoTIF, "--center", "43.74,7.42", "--out", "x.png",
        ])
        XCTAssertEqual(none.status, 64, "--dem needs a style")
    }

    /// `--profile` draws the inset and writes the trail's figures into the annotations: the same
    /// numbers `mapsnap info` prints for the file.
    func testTheProfileInsetAndItsFiguresInTheAnnotations() throws {
        let gpx = Self.packageRoot.appendingPathComponent("Samples/gpx/Mojstrovka.gpx").path
        let r = try run(["render", gpx, "--style", "none", "--profile", "--out", "p.png", "--annotations", "p.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.appendingPathComponent("p.json")))
        let root = try XCTUnwrap(json as? [String: Any])
        let profile = try XCTUnwrap(root["profile"] as? [String: Any])
        let info = try run(["info", gpx, "--format", "json"])
        XCTAssertEqual(info.status, 0, info.stderr)
        let figures = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(info.stdout)) as? [String: Any])
        for key in ["ascent_m", "descent_m", "length_m", "time_s"] {
            let a = try XCTUnwrap(profile[key] as? Double, key)
            let b = try XCTUnwrap(figures[key] as? Double, "info's \(key) in \(figures.keys.sorted())")
            XCTAssertEqual(a, b, accuracy: 0.051, key)
        }
        let items = try XCTUnwrap(root["items"] as? [[String: Any]])
        XCTAssertTrue(items.contains { $0["kind"] as? String == "profile" })
        // Without --profile, neither.
        let plain = try run(["render", gpx, "--style", "none", "--out", "q.png", "--annotations", "q.json"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let q = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: tmp.appendingPathComponent("q.json"))) as? [String: Any]
        )
        XCTAssertNil(q["profile"])
    }
}
