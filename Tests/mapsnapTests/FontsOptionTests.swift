import Foundation
import MapSnapTestSupport
import XCTest

/// `--fonts DIR`: a style's `text-font` may name the families of the user's font files; a
/// folder that is not there, or a file that is no font, is an error naming it.
final class FontsOptionTests: XCTestCase {
    private var runner: CLIRunner!

    override func setUpWithError() throws { runner = try CLIRunner() }
    override func tearDown() { runner.cleanUp() }

    /// A style with one label in `fonts`, written to the runner's folder.
    private func style(fonts: String) throws -> String {
        let style = """
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Feature", "properties": {},
              "geometry": {"type": "Point", "coordinates": [7.4246, 43.7384]}}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                        {"id": "l", "type": "symbol", "source": "p",
                         "layout": {"text-field": "Wavy Water", "text-size": 20, "text-font": [\(fonts)]}}]}
            """
        try Data(style.utf8).write(to: runner.folder.appendingPathComponent("s.json"))
        return "s.json"
    }

    private let camera = ["--center", "43.7384,7.4246", "--zoom", "14", "--size", "200x80", "--bare"]

    private func labelWidth(_ annotations: String) throws -> Double {
        let data = try Data(contentsOf: runner.folder.appendingPathComponent(annotations))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        let label = try XCTUnwrap(items.first { $0["kind"] as? String == "map-label" })
        let box = try XCTUnwrap(label["box"] as? [Double])
        return box[2]
    }

    func testAFamilyFromTheFontFolder() throws {
        let s = try style(fonts: #""Noto Serif Regular", "Noto Sans Regular""#)
        let fonts = TestPaths.fontFixtures.path
        let plain = try runner.run(["render", "--style", s, "--out", "a.png", "--annotations", "a.json"] + camera)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let run = try runner.run(
            ["render", "--style", s, "--fonts", fonts, "--out", "b.png", "--annotations", "b.json"] + camera)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        XCTAssertGreaterThan(abs(try labelWidth("b.json") - (try labelWidth("a.json"))), 2)
        XCTAssertNotEqual(
            try Data(contentsOf: runner.folder.appendingPathComponent("a.png")),
            try Data(contentsOf: runner.folder.appendingPathComponent("b.png")))
    }

    func testAMissingFolderOrABadFontIsAnError() throws {
        let s = try style(fonts: #""Noto Sans Regular""#)
        let missing = try runner.run(["render", "--style", s, "--fonts", "nowhere", "--out", "x.png"] + camera)
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--fonts: nowhere: no such folder"), missing.stderr)
        try FileManager.default.createDirectory(
            at: runner.folder.appendingPathComponent("bad"), withIntermediateDirectories: true)
        try Data("no font".utf8).write(to: runner.folder.appendingPathComponent("bad/x.ttf"))
        let bad = try runner.run(["render", "--style", s, "--fonts", "bad", "--out", "x.png"] + camera)
        XCTAssertEqual(bad.status, 65, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("bad/x.ttf: fontconfig cannot load it"), bad.stderr)
        XCTAssertFalse(try runner.files().contains("x.png"))
    }
}
