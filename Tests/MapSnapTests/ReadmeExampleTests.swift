import MapSnap
import XCTest

// This file imports MapSnap and nothing else of the package, so it proves the library's face is
// enough for the README's example. Keep it that way.

/// The README's "As a library" example, verbatim between the markers below: it compiles and runs
/// as a test, and a second test fails when the README and this copy part.
final class ReadmeExampleTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs the example in a scratch folder that has the package's `Samples`, as the README's
    /// reader would in the package folder, and checks the image it writes.
    func testTheLibraryExampleRuns() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-readme-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: scratch.appendingPathComponent("Samples"),
            withDestinationURL: Self.packageRoot.appendingPathComponent("Samples"))
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(scratch.path))
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(at: scratch)
        }
        try example()
        let png = try Data(contentsOf: scratch.appendingPathComponent("trails.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR width and height (big-endian, bytes 16…23): 600 × 400 points at scale 2.
        let be = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual([be(16), be(20)], [1200, 800])
    }

    func testTheReadmeHoldsThisExample() throws {
        let readme = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "### As a library\n\n```swift\n"), "the README's section")
        let end = try XCTUnwrap(readme[section.upperBound...].range(of: "```\n"))
        let fromReadme = String(readme[section.upperBound..<end.lowerBound])

        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README example begins") })
        let stop = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README example ends") })
        let body = lines[(begin + 1)..<stop].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }
        XCTAssertEqual(fromReadme, (["import MapSnap", ""] + body).joined(separator: "\n") + "\n")

        let imports = lines.filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
        XCTAssertEqual(imports, ["import MapSnap", "import XCTest"], "the example needs nothing but the face")
    }

    private func example() throws {
        // README example begins
        var options = SnapshotOptions()
        options.features = try OverlayFileReader.read(path: "Samples/sf-trails/trails.geojson")
        options.scale = 2
        do {
            options.baseMap = try BaseMapLoader().load(style: "standard") { print("warning: \($0)") }
        } catch {
            // A SnapshotError: its kind (.missingFile, .badInput …) and, when known, file, line and column.
            print("no base map: \(error.kind): \(error)")
        }
        let snapshotter = try Snapshotter()  // reuse it for many images (one per thread)
        let snapshot = try snapshotter.snapshot(options)
        let civicCenter = Coordinate(latitude: 37.7793, longitude: -122.4193)
        let point = snapshot.point(for: civicCenter)  // in points, like MKMapSnapshotter: within 600 × 400
        let pixel = snapshot.pixel(for: civicCenter)  // in the PNG's pixels: point × scale
        print("Civic Center is at \(point) (points), \(pixel) (pixels)")
        try AtomicFile.write(snapshot.data, to: "trails.png")
        // README example ends
    }
}
