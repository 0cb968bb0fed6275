import Foundation
import MapSnapImage
import XCTest

/// `Scripts/install PREFIX` makes a mapsnap that works anywhere: installed into a temporary
/// prefix, run from another folder with no resource variables set, it finds the installed
/// fonts and styles (not the source tree's) and renders the sample on the bundled base map.
extension CommandLineTests {
    func testInstalledBinaryFindsItsResourcesAndRenders() throws {
        let cli = self
        let prefix = cli.tmp.appendingPathComponent("prefix with space")
        var env = ProcessInfo.processInfo.environment
        env["MAPSNAP_BIN"] = try cli.binary().path
        // Twice: installing over an install replaces it.
        for round in 1...2 {
            let install = Process()
            install.executableURL = URL(fileURLWithPath: "/bin/bash")
            install.arguments = [
                CommandLineTests.packageRoot.appendingPathComponent("Scripts/install").path, prefix.path,
            ]
            install.environment = env
            install.standardOutput = FileHandle.nullDevice
            try install.run()
            install.waitUntilExit()
            XCTAssertEqual(install.terminationStatus, 0, "install round \(round)")
        }
        let share = prefix.appendingPathComponent("share/mapsnap")
        for file in ["Fonts/NotoSans-Regular.ttf", "Styles/standard.json", "Samples/basemaps/sf_central_omt.mbtiles"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: share.appendingPathComponent(file).path), file)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: prefix.appendingPathComponent("share").path)
        XCTAssertEqual(leftovers, ["mapsnap"], "no temporary folders left")

        let bin = prefix.appendingPathComponent("bin/mapsnap")
        let clean: [String: String?] = ["MAPSNAP_FONT_DIR": nil, "MAPSNAP_STYLE_DIR": nil]
        let version = try cli.run(executable: bin, ["--version"], environment: clean)
        let text = String(decoding: version.stdout, as: UTF8.self)
        XCTAssertTrue(text.contains("fonts: \(share.appendingPathComponent("Fonts").path)"), text)
        XCTAssertTrue(text.contains("styles: \(share.appendingPathComponent("Styles").path)"), text)

        let input = cli.tmp.appendingPathComponent("trails.geojson")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: CommandLineTests.trails), to: input)
        let render = try cli.run(executable: bin, ["render", "trails.geojson", "--out", "t.png"], environment: clean)
        XCTAssertEqual(render.status, 0, render.stderr)
        let img = try RGBAImage(png: Array(try Data(contentsOf: cli.tmp.appendingPathComponent("t.png"))))
        var colours = Set<UInt32>()
        for i in stride(from: 0, to: img.pixels.count, by: 4 * 97) {
            colours.insert(UInt32(img.pixels[i]) << 16 | UInt32(img.pixels[i + 1]) << 8 | UInt32(img.pixels[i + 2]))
        }
        XCTAssertGreaterThan(colours.count, 50, "the base map is drawn, not a blank background")
    }
}
