import Foundation
import MapSnap
import MapSnapTestSupport
import XCTest

/// Labels are set in the faces their layer's `text-font` names: the bundled Noto Sans weights
/// and italics, or a family from `SnapshotOptions.fontFolder`, and only in the snapshot that
/// asked for that folder.
final class FontStackTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-fontstack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// One label "Wavy Water" per stack, each in its own layer, one under the other.
    private static let stacks: [(key: String, fonts: [String])] = [
        ("regular", ["Noto Sans Regular"]), ("bold", ["Noto Sans Bold"]),
        ("italic", ["Metropolis Medium Italic", "Noto Sans Italic"]), ("medium", ["Roboto Medium"]),
        ("serif", ["Noto Serif Regular", "Noto Sans Regular"]),
    ]

    private func options() throws -> SnapshotOptions {
        let features = Self.stacks.enumerated().map { i, s in
            #"{"type": "Feature", "properties": {"k": "\#(s.key)"}, "geometry": {"type": "Point", "coordinates": [0, \#(0.004 - 0.002 * Double(i))]}}"#
        }
        let layers = Self.stacks.map { s in
            let fonts = s.fonts.map { "\"\($0)\"" }.joined(separator: ", ")
            return
                #"{"id": "\#(s.key)", "type": "symbol", "source": "p", "filter": ["==", ["get", "k"], "\#(s.key)"], "layout": {"text-field": "Wavy Water", "text-size": 16, "text-font": [\#(fonts)]}}"#
        }
        let style = """
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
              \(features.joined(separator: ",\n  "))]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
              \(layers.joined(separator: ",\n  "))]}
            """
        let path = folder.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        var o = SnapshotOptions()
        o.baseMap = try BaseMapLoader().load(style: path) { _ in }
        o.camera = .center(Coordinate(latitude: 0, longitude: 0), zoom: 14)
        o.size = Size(width: 400, height: 300)
        o.scaleBar = nil
        o.showAttribution = false
        return o
    }

    /// The width of each layer's label, pixels, by layer key order of `stacks`.
    private func widths(_ snap: Snapshot) -> [String: Double] {
        let labels = snap.annotations.items.filter { $0.kind == .mapLabel }
        let rows = labels.sorted { $0.pixelBox.y < $1.pixelBox.y }
        var out: [String: Double] = [:]
        for (s, label) in zip(Self.stacks, rows) { out[s.key] = label.pixelBox.width }
        XCTAssertEqual(labels.count, Self.stacks.count, "every label is placed")
        return out
    }

    func testStacksPickFacesByWeightAndStyle() throws {
        let o = try options()
        let w = widths(try Snapshotter().snapshot(o))
        let regular = try XCTUnwrap(w["regular"])
        XCTAssertGreaterThan(try XCTUnwrap(w["bold"]), regular + 3)
        XCTAssertGreaterThan(try XCTUnwrap(w["medium"]), regular + 1)
        XCTAssertLessThan(try XCTUnwrap(w["medium"]), try XCTUnwrap(w["bold"]) - 1)
        XCTAssertGreaterThan(abs(try XCTUnwrap(w["italic"]) - regular), 1)
        // No Noto Serif without a font folder: the stack's next name, Noto Sans Regular.
        XCTAssertEqual(try XCTUnwrap(w["serif"]), regular, accuracy: 1e-9)
    }

    func testAFontFolderIsMatchedByFamilyInThatSnapshotOnly() throws {
        var o = try options()
        let snapshotter = try Snapshotter()
        let before = widths(try snapshotter.snapshot(o))
        o.fontFolder = TestPaths.fontFixtures.path
        let snap = try snapshotter.snapshot(o)
        let with = widths(snap)
        XCTAssertGreaterThan(abs(try XCTUnwrap(with["serif"]) - (before["regular"] ?? 0)), 2)
        for key in ["regular", "bold", "italic", "medium"] { XCTAssertEqual(with[key], before[key], key) }
        // The folder does not stay: not in the next snapshot, not in another Snapshotter.
        o.fontFolder = nil
        XCTAssertEqual(widths(try snapshotter.snapshot(o)), before)
        XCTAssertEqual(widths(try Snapshotter().snapshot(o)), before)
        // Byte for byte the same image each time.
        o.fontFolder = TestPaths.fontFixtures.path
        XCTAssertEqual(try Snapshotter().snapshot(o).data, snap.data)
    }

    func testAMissingFontFolderIsAnError() throws {
        var o = try options()
        o.fontFolder = folder.appendingPathComponent("nowhere").path
        XCTAssertThrowsError(try Snapshotter().snapshot(o)) {
            let e = $0 as? SnapshotError
            XCTAssertEqual(e?.kind, .missingFile)
            XCTAssertEqual(e?.file, o.fontFolder)
            XCTAssertEqual(e?.subject, .fontFolder)
            XCTAssertEqual(e?.description, "\(o.fontFolder ?? ""): no such folder")
        }
        let junk = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: junk, withIntermediateDirectories: true)
        try Data("not a font".utf8).write(to: junk.appendingPathComponent("a.otf"))
        o.fontFolder = junk.path
        XCTAssertThrowsError(try Snapshotter().snapshot(o)) {
            let e = $0 as? SnapshotError
            XCTAssertEqual(e?.kind, .badInput)
            XCTAssertEqual(e?.file, junk.appendingPathComponent("a.otf").path)
        }
    }
}
