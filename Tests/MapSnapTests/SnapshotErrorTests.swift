import MapSnap
import XCTest

/// The library's errors: typed, with a kind, the place where there is one, and messages in the
/// library's terms (no command-line flags).
final class SnapshotErrorTests: XCTestCase {
    var tmp: URL!

    override func setUpWithError() throws {
        tmp = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: tmp)
    }

    func write(_ name: String, _ text: String) -> String {
        let path = tmp.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// The error `body` throws (typed: no cast), or a failure when it throws none.
    func thrown<T>(
        _ body: () throws(SnapshotError) -> T, file: StaticString = #filePath, line: UInt = #line
    ) -> SnapshotError {
        do {
            _ = try body()
            XCTFail("no error thrown", file: file, line: line)
            return SnapshotError(.internal, "none")
        } catch {
            XCTAssertFalse(error.message.contains("--"), "a flag in \"\(error.message)\"", file: file, line: line)
            return error
        }
    }

    func sampleTrails() throws -> [Feature] {
        try OverlayFileReader.read(
            path: SnapshotterTests.samples.appendingPathComponent("sf-trails/trails.geojson").path)
    }

    // MARK: - Base maps

    func testABrokenStyleNamesItsFileLineAndColumn() {
        let path = write("broken.json", "{\"version\": 8,\n \"layers\": [}")
        let e = thrown { () throws(SnapshotError) in try BaseMapLoader().load(style: path) { _ in } }
        XCTAssertEqual(e.kind, .badInput)
        XCTAssertEqual(e.file, path)
        XCTAssertEqual(e.line, 2)
        XCTAssertEqual(e.column, 13)
        XCTAssertNil(e.subject)
        XCTAssertEqual(e.description, "\(path):2:13: \(e.message)")
    }

    func testAMissingStyleIsAMissingFile() {
        let path = tmp.appendingPathComponent("nope.json").path
        let e = thrown { () throws(SnapshotError) in try BaseMapLoader().load(style: path) { _ in } }
        XCTAssertEqual(e.kind, .missingFile)
        XCTAssertEqual(e.file, path)
        XCTAssertNil(e.line)
        XCTAssertEqual(e.description, "\(path): cannot read the style file (no such file)")
    }

    func testAnOverrideOfASourceTheStyleLacksIsUsage() {
        let e = thrown { () throws(SnapshotError) in
            try BaseMapLoader().load(style: "standard", overrides: ["nope": "x.mbtiles"]) { _ in }
        }
        XCTAssertEqual(e.kind, .usage)
        XCTAssertEqual(e.subject, .sourceOverride("nope"))
        XCTAssertTrue(e.message.hasPrefix("the style has no source \"nope\" (sources: "), e.message)
    }

    func testAMissingArchiveIsAMissingFileAndWarningsNameNoFlags() {
        let e = thrown { () throws(SnapshotError) in
            try BaseMapLoader().load(style: "standard", overrides: ["openmaptiles": "missing.mbtiles"]) { _ in }
        }
        XCTAssertEqual(e.kind, .missingFile)
        XCTAssertEqual(e.file.map { URL(fileURLWithPath: $0).lastPathComponent }, "missing.mbtiles")
        // A network source: left out with a warning that speaks of overrides.
        let style = write(
            "net.json",
            """
            {"version": 8, "sources": {"v": {"type": "vector", "url": "https://example.com/tiles.json"}},
             "layers": [{"id": "bg", "type": "background"}]}
            """)
        var warnings: [String] = []
        XCTAssertNoThrow(try BaseMapLoader().load(style: style) { warnings.append($0) })
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.hasSuffix("(give \"v\" a local file in the overrides)") == true, "\(warnings)")
        XCTAssertFalse(warnings.contains { $0.contains("--") })
    }

    func testABadGeoJSONSourceFileNamesItsPlace() {
        let data = write("bad.geojson", "{\"type\": \"Point\",\n \"coordinates\": [1]}")
        let style = write(
            "geo.json",
            """
            {"version": 8, "sources": {"g": {"type": "geojson", "data": "bad.geojson"}},
             "layers": [{"id": "c", "type": "circle", "source": "g"}]}
            """)
        // MapLibre's rule: the source is left out with a warning, the map still renders.
        var warnings: [String] = []
        XCTAssertNoThrow(try BaseMapLoader().load(style: style) { warnings.append($0) })
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.hasPrefix("source \"g\" is not drawn: \(data):2:") == true, "\(warnings)")
    }

    // MARK: - Snapshots

    func testOptionsThatCannotMakeAnImageAreUsageErrorsWithTheirSubject() throws {
        let snapshotter = try Snapshotter()
        var o = SnapshotOptions()
        var e = thrown { () throws(SnapshotError) in try snapshotter.snapshot(o) }
        XCTAssertEqual(e.kind, .usage)
        XCTAssertEqual(e.subject, .camera, "nothing to fit")
        XCTAssertTrue(e.message.hasPrefix("nothing to show"), e.message)

        o.features = try sampleTrails()
        o.size = Size(width: 0, height: 400)
        e = thrown { () throws(SnapshotError) in try snapshotter.snapshot(o) }
        XCTAssertEqual([e.kind], [.usage])
        XCTAssertEqual(e.subject, .size)

        o.size = Size(width: 600, height: 400)
        o.scale = 4
        e = thrown { () throws(SnapshotError) in try snapshotter.snapshot(o) }
        XCTAssertEqual(e.subject, .scale)

        o.scale = 1
        o.highlight = "Nope"
        e = thrown { () throws(SnapshotError) in try snapshotter.snapshot(o) }
        XCTAssertEqual(e.kind, .usage)
        XCTAssertEqual(e.subject, .highlight)
        XCTAssertTrue(e.message.hasPrefix("no trail is named \"Nope\" (trails: Paradise Falls Trail, "), e.message)

        o.highlight = nil
        o.size = Size(width: 8192, height: 8192)
        o.scale = 3
        e = thrown { () throws(SnapshotError) in try snapshotter.snapshot(o) }
        XCTAssertEqual(e.kind, .usage)
        XCTAssertEqual(e.subject, .size, "too many pixels")
    }

    // MARK: - Files

    func testAnUnwritableOutputIsCannotWriteNamingThePath() {
        let path = tmp.appendingPathComponent("no/such/folder/x.png").path
        let e = thrown { () throws(SnapshotError) in try AtomicFile.write([1, 2, 3], to: path) }
        XCTAssertEqual(e.kind, .cannotWrite)
        XCTAssertEqual(e.file, path)
        XCTAssertTrue(e.description.hasPrefix("\(path): cannot create output"), e.description)
    }

    func testOverlayFileErrorsKeepTheirKindAndPlace() {
        let bad = write("one.geojson", "{\"type\":\"LineString\",\n \"coordinates\": [[1,2],\n    [3]]}")
        do {
            _ = try OverlayFileReader.read(path: bad)
            XCTFail("no error")
        } catch {
            let e = SnapshotError(error)
            XCTAssertEqual(e.kind, .badInput)
            XCTAssertEqual([e.file, e.line.map(String.init), e.column.map(String.init)], [bad, "3", "5"])
            XCTAssertEqual(e.description, error.description, "the same message as the reader's")
        }
        do {
            _ = try OverlayFileReader.read(path: tmp.appendingPathComponent("missing.gpx").path)
            XCTFail("no error")
        } catch {
            XCTAssertEqual(SnapshotError(error).kind, .missingFile)
        }
    }

    func testDescriptionLeadsWithTheKnownPartsOfThePlace() {
        XCTAssertEqual(SnapshotError(.usage, "m").description, "m")
        XCTAssertEqual(SnapshotError(.badInput, "m", file: "f").description, "f: m")
        XCTAssertEqual(SnapshotError(.badInput, "m", file: "f", line: 3).description, "f:3: m")
        XCTAssertEqual(SnapshotError(.badInput, "m", file: "f", line: 3, column: 4).description, "f:3:4: m")
        XCTAssertEqual(SnapshotError(.badInput, "m", line: 3, column: 4).description, "3:4: m")
        XCTAssertEqual(
            SnapshotError.Kind.allCases, [.badInput, .missingFile, .cannotWrite, .usage, .internal, .unavailable])
    }
}
