import Foundation
import MapSnapImage
import MapSnapTestSupport
import XCTest

/// `--sprite PATH`: the icons and patterns of a style from a sprite of the user's, as if the
/// style named it; a sprite that is not there is an error naming what was looked for.
final class SpriteOptionTests: XCTestCase {
    private var runner: CLIRunner!

    override func setUpWithError() throws { runner = try CLIRunner() }
    override func tearDown() { runner.cleanUp() }

    /// A sprite with one 8 × 8 image "dots" in `folder`, and a style with a fill-pattern of it
    /// over Monaco, with (`named`) or without its own `sprite`.
    private func files(styleNamesSprite: Bool) throws -> String {
        var pixels = [UInt8](repeating: 255, count: 8 * 8 * 4)
        for i in stride(from: 0, to: 4 * 8 * 4, by: 4) { pixels[i..<i + 3] = [0, 90, 200] }
        try Data(RGBAImage(width: 8, height: 8, pixels: pixels).pngData()).write(
            to: runner.folder.appendingPathComponent("mine.png"))
        try Data(#"{"dots": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#.utf8).write(
            to: runner.folder.appendingPathComponent("mine.json"))
        let sprite = styleNamesSprite ? #""sprite": "mine","# : ""
        let style = """
            {"version": 8, \(sprite) "sources": {"g": {"type": "geojson", "data": {"type": "Feature", "properties": {},
              "geometry": {"type": "Polygon", "coordinates": [[[7.41, 43.73], [7.43, 43.73], [7.43, 43.745], [7.41, 43.73]]]}}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                        {"id": "f", "type": "fill", "source": "g", "paint": {"fill-pattern": "dots"}}]}
            """
        let name = styleNamesSprite ? "named.json" : "plain.json"
        try Data(style.utf8).write(to: runner.folder.appendingPathComponent(name))
        return name
    }

    private let camera = [
        "--center", "43.7384,7.4246", "--zoom", "14", "--size", "160x120", "--no-scale-bar", "--no-attribution",
    ]

    func testSpriteOptionDrawsAsTheStylesOwnSprite() throws {
        let named = try files(styleNamesSprite: true)
        let plain = try files(styleNamesSprite: false)
        XCTAssertEqual(try runner.run(["render", "--style", named, "--out", "a.png"] + camera).status, 0)
        let run = try runner.run(["render", "--style", plain, "--sprite", "mine", "--out", "b.png"] + camera)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("pattern"), run.stderr)
        let a = try Data(contentsOf: runner.folder.appendingPathComponent("a.png"))
        XCTAssertEqual(try Data(contentsOf: runner.folder.appendingPathComponent("b.png")), a)
        // Without the sprite the pattern draws nothing, and says so.
        let bare = try runner.run(["render", "--style", plain, "--out", "c.png"] + camera)
        XCTAssertTrue(bare.stderr.contains("no image \"dots\" for a pattern"), bare.stderr)
        XCTAssertNotEqual(try Data(contentsOf: runner.folder.appendingPathComponent("c.png")), a)
    }

    func testAMissingSpriteIsAnError() throws {
        let plain = try files(styleNamesSprite: false)
        let run = try runner.run(["render", "--style", plain, "--sprite", "nowhere/icons", "--out", "x.png"] + camera)
        XCTAssertEqual(run.status, 66, run.stderr)
        XCTAssertTrue(run.stderr.contains("nowhere/icons: no sprite there (looked for"), run.stderr)
        XCTAssertFalse(try runner.files().contains("x.png"))
        let none = try runner.run(["render", "--style", "none", "--sprite", "mine", "--out", "x.png"] + camera)
        XCTAssertEqual(none.status, 64, none.stderr)
        XCTAssertTrue(none.stderr.contains("--sprite cannot be used with --style none"), none.stderr)
    }
}
