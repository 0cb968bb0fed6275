import Foundation
import MapSnapImage
import MapSnapTestSupport
import XCTest

/// The use cases a new user tries first, end to end through the built binary.
extension CommandLineTests {
    /// A 1200x630 share image whose title has arrows and a mountain sign: every character is
    /// drawn (no missing-glyph warning), the title band is annotated across the full width.
    func testShareImageWithArrowsInTheTitle() throws {
        let walk = Self.packageRoot.appendingPathComponent("Samples/sf-trails/walk.geojson").path
        let r = try run([
            "render", Self.trails, walk, "--size", "1200x630", "--title", "Twin Peaks → Summit ↑ 280 m ⛰",
            "--out", "share.png", "--annotations", "share.json",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("drawn as a box"), r.stderr)
        let img = try RGBAImage(png: Array(try Data(contentsOf: tmp.appendingPathComponent("share.png"))))
        XCTAssertEqual([img.width, img.height], [1200, 630])
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.appendingPathComponent("share.json")))
        let items = (json as? [String: Any])?["items"] as? [[String: Any]] ?? []
        let title = try XCTUnwrap(items.first { $0["kind"] as? String == "title" })
        XCTAssertEqual(title["name"] as? String, "Twin Peaks → Summit ↑ 280 m ⛰")
        XCTAssertEqual((title["box"] as? [Double])?[2], 1200)
    }

    /// A thumbnail per GPX file in a folder (the samples, and the shared tracks from Slovenia and
    /// Croatia when present): each renders, is a 300x200 PNG, shows its track over the world
    /// map, and says once that the view has no tiles of its own.
    func testAThumbnailPerGPXFile() throws {
        var folders = [Self.packageRoot.appendingPathComponent("Samples/gpx")]
        if let shared = try? TestPaths.shared("data/gpx") { folders.append(shared) }
        var files: [URL] = []
        for f in folders {
            files += try FileManager.default.contentsOfDirectory(at: f, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "gpx" }
        }
        XCTAssertGreaterThanOrEqual(files.count, 2)
        for (i, file) in files.sorted(by: { $0.path < $1.path }).enumerated() {
            let r = try run(["render", file.path, "--size", "300x200", "--out", "thumb\(i).png"])
            XCTAssertEqual(r.status, 0, "\(file.lastPathComponent): \(r.stderr)")
            let img = try RGBAImage(png: Array(try Data(contentsOf: tmp.appendingPathComponent("thumb\(i).png"))))
            XCTAssertEqual([img.width, img.height], [300, 200], file.lastPathComponent)
            var trail = 0
            for p in stride(from: 0, to: img.pixels.count, by: 4) {
                // The default purple of a trail without a colour of its own.
                let (r, g, b) = (Int(img.pixels[p]), Int(img.pixels[p + 1]), Int(img.pixels[p + 2]))
                if r > 140 && g < 120 && b > 180 { trail += 1 }
            }
            XCTAssertGreaterThan(trail, 30, "\(file.lastPathComponent): the track is drawn")
            // Slovenia and Croatia are off the bundled tiles: the world map is under the track,
            // and one warning says so and how to get tiles.
            XCTAssertEqual(
                r.stderr.components(separatedBy: "has no tiles for this view").count - 1, 1,
                "\(file.lastPathComponent): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("mapsnap basemap build"), r.stderr)
            var colours = Set<UInt32>()
            for p in stride(from: 0, to: img.pixels.count, by: 4) {
                colours.insert(UInt32(img.pixels[p]) << 16 | UInt32(img.pixels[p + 1]) << 8 | UInt32(img.pixels[p + 2]))
            }
            XCTAssertGreaterThan(colours.count, 8, "\(file.lastPathComponent): more than a handful of colours")
        }
    }
}
