import Foundation
import MapSnapTestSupport
import XCTest

/// The style storm: random styles (`StyleGenerator`) rendered end to end by the `mapsnap`
/// binary over the Monaco sample tiles and a GeoJSON overlay, at random sizes, scales, cameras
/// and formats. Whatever the style, the run must end by itself (well inside its `--timeout`),
/// with a status of its own (never a signal), and write its outputs only when it succeeds.
///
/// The normal suite renders a dozen styles; `Scripts/style-storm SECONDS` runs it for as long as
/// asked with the release binary (`MAPSNAP_STYLE_STORM_SECONDS`, `MAPSNAP_BIN`), starting at
/// `MAPSNAP_STYLE_STORM_SEED`. A failing style is kept in the printed folder.
final class StyleStormTests: XCTestCase {
    func testRandomStylesRenderOrFailCleanly() throws {
        let env = ProcessInfo.processInfo.environment
        let seconds = env["MAPSNAP_STYLE_STORM_SECONDS"].flatMap(Double.init)
        let firstSeed = env["MAPSNAP_STYLE_STORM_SEED"].flatMap(UInt64.init) ?? 1
        let storm = try Storm()
        defer { storm.runner.cleanUp() }
        let start = Date()
        var seed = firstSeed
        var statuses: [Int32: Int] = [:]
        var timedOut: [UInt64] = []
        while seconds.map({ Date().timeIntervalSince(start) < $0 }) ?? (seed < firstSeed + 12) {
            let status = try storm.run(seed: seed, test: self)
            statuses[status, default: 0] += 1
            if status == 70 { timedOut.append(seed) }
            seed += 1
        }
        let summary = statuses.keys.sorted().map { "exit \($0): \(statuses[$0] ?? 0)" }.joined(separator: ", ")
        print("style storm: \(seed - firstSeed) styles in \(Int(Date().timeIntervalSince(start))) s (\(summary))")
        if !timedOut.isEmpty {
            print("style storm: seeds past --timeout: \(timedOut.map(String.init).joined(separator: " "))")
        }
        XCTAssertGreaterThan(statuses[0] ?? 0, 0, "no random style rendered at all (\(summary))")
    }

    /// Seeds whose style once broke the contract, replayed exactly (the generator is
    /// deterministic): 1709 trapped converting the box count of a line label of text-size 0.
    static let keptSeeds: [UInt64] = [1709]

    func testKeptSeedsRenderOrFailCleanly() throws {
        let storm = try Storm()
        defer { storm.runner.cleanUp() }
        for seed in Self.keptSeeds { _ = try storm.run(seed: seed, test: self) }
    }

    /// What every storm run shares: a folder with the overlay, the sample tiles and raster tiles.
    private struct Storm {
        let runner: CLIRunner
        let tiles = TestPaths.packageRoot.appendingPathComponent("Samples/basemaps/monaco_omt.mbtiles").path
        let raster = TestPaths.packageRoot.appendingPathComponent("Tests/MapSnapRenderTests/Fixtures/raster/tiles").path
        let overlay: String

        init() throws {
            runner = try CLIRunner()
            overlay = runner.folder.appendingPathComponent("walk.geojson").path
            try Data(StyleStormTests.walk.utf8).write(to: URL(fileURLWithPath: overlay))
        }

        /// Generates the style of `seed`, renders it and checks the contract; returns the exit status.
        func run(seed: UInt64, test: StyleStormTests) throws -> Int32 {
            var generator = StyleGenerator(seed: seed)
            let style = generator.style(rasterTemplate: raster + "/{z}/{x}/{y}.png")
            let styleFile = runner.folder.appendingPathComponent("style-\(seed).json")
            try JSONSerialization.data(withJSONObject: style, options: [.sortedKeys]).write(to: styleFile)
            defer { try? FileManager.default.removeItem(at: styleFile) }
            return try test.render(seed: seed, style: styleFile.path, tiles: tiles, overlay: overlay, runner: runner)
        }
    }

    /// A walk across Monaco with a pin: the overlay every storm image draws.
    fileprivate static let walk = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"name":"Rocher walk"},"geometry":{"type":"LineString",
        "coordinates":[[7.4167,43.7307],[7.4215,43.7335],[7.4260,43.7380]]}},
        {"type":"Feature","properties":{"name":"Casino"},"geometry":{"type":"Point","coordinates":[7.4282,43.7395]}}]}
        """

    /// Renders one style and checks the contract; returns the exit status.
    private func render(seed: UInt64, style: String, tiles: String, overlay: String, runner: CLIRunner) throws -> Int32
    {
        var rng = SplitMix64(seed: seed ^ 0x5EED)
        let format = ["png", "png", "png", "svg", "pdf"][Int(rng.next() % 5)]
        let out = "out.\(format)"
        let width = 16 + Int(rng.next() % 700)
        let height = 16 + Int(rng.next() % 500)
        var args = [
            "render", overlay, "--style", style, "--source", "omt=\(tiles)", "--out", out, "--annotations", "out.json",
            "--size", "\(width)x\(height)", "--scale", "\(1 + rng.next() % 3)", "--timeout", "20",
        ]
        if rng.next() % 2 == 0 { args += ["--center", "43.735,7.42", "--zoom", "\(Double(rng.next() % 2300) / 100)"] }
        let begin = Date()
        let run = try runner.run(args)
        let elapsed = Date().timeIntervalSince(begin)
        let keep = "style storm seed \(seed): \(args.joined(separator: " "))\n\(run.stderr)"
        XCTAssertFalse(run.signaled, "killed by signal \(run.status): \(keep)")
        XCTAssertTrue([0, 64, 65, 66, 69, 70, 73].contains(run.status), "exit \(run.status): \(keep)")
        XCTAssertLessThan(elapsed, 40, "took \(Int(elapsed)) s: \(keep)")
        let written = try runner.files().filter { $0.hasPrefix("out.") }
        if run.status == 0 {
            XCTAssertEqual(Set(written), [out, "out.json"], keep)
            if format == "png" {
                let png = try [UInt8](Data(contentsOf: runner.folder.appendingPathComponent(out)))
                XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], keep)
            }
        } else {
            XCTAssertEqual(written, [], "a failed run left files: \(keep)")
        }
        if run.signaled || !(run.status == 0 ? Set(written) == [out, "out.json"] : written.isEmpty) {
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("style-storm-\(seed).json")
            try? FileManager.default.copyItem(atPath: style, toPath: kept.path)
            print("style storm: kept \(kept.path)")
        }
        for f in written { try FileManager.default.removeItem(at: runner.folder.appendingPathComponent(f)) }
        return run.status
    }
}
