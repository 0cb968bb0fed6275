import MapSnap
import MapSnapImage
import XCTest

@testable import MapSnapOverlay

final class SnapshotterTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    func sampleTrails() throws -> [Feature] {
        try OverlayFileReader.read(path: Self.samples.appendingPathComponent("sf-trails/trails.geojson").path)
    }

    func testSampleHasTheFiveSeedTrails() throws {
        let f = try sampleTrails()
        let names = f.compactMap { $0.properties["name"]?.stringValue }
        XCTAssertEqual(
            names,
            [
                "Paradise Falls Trail", "Monsters Inc Mountain Loop", "Radiator Springs Canyon",
                "Nemo Reef Coastal Path", "Buzz Lightyear Summit",
            ])
        for feature in f {
            XCTAssertNotNil(feature.properties["difficulty"]?.stringValue)
            XCTAssertNotNil(feature.properties["distanceKm"]?.doubleValue)
            XCTAssertNotNil(feature.properties["elevationGainMeters"]?.doubleValue)
            XCTAssertNotNil(feature.properties["description"]?.stringValue)
        }
    }

    func testPixelForCoordinateMatchesWhatWasDrawnAndPointIsInPoints() throws {
        var o = SnapshotOptions()
        o.features = try sampleTrails()
        o.scale = 2
        let snap = try Snapshotter().snapshot(o)
        XCTAssertEqual(snap.annotations.camera.pixelWidth, 1200)
        let flags = snap.annotations.items.filter { $0.kind == .startFlag || $0.kind == .startEndFlag }
        XCTAssertEqual(flags.count, 5, "one start flag (or a loop's start/end flag) per sample trail")
        for item in flags {
            let coordinate = try XCTUnwrap(item.coordinate)
            // Annotations are in pixels: pixel(for:) matches them, point(for:) is half of it at @2x.
            let pixel = snap.pixel(for: coordinate)
            XCTAssertEqual(pixel.x, try XCTUnwrap(item.pixel).x, accuracy: 0.01)
            XCTAssertEqual(pixel.y, try XCTUnwrap(item.pixel).y, accuracy: 0.01)
            let point = snap.point(for: coordinate)
            XCTAssertEqual(point.x * 2, pixel.x, accuracy: 1e-9)
            XCTAssertEqual(point.y * 2, pixel.y, accuracy: 1e-9)
            XCTAssertEqual(point, snap.camera.point(for: coordinate), "the same unit as Camera.point(for:)")
            for back in [snap.coordinate(for: point), snap.coordinate(forPixel: pixel)] {
                XCTAssertEqual(back.latitude, coordinate.latitude, accuracy: 1e-9)
                XCTAssertEqual(back.longitude, coordinate.longitude, accuracy: 1e-9)
            }
        }
    }

    func testFitKeepsEveryPinAndFlagInsideThePadding() throws {
        var o = SnapshotOptions()
        o.features = try sampleTrails()
        o.pins = [
            PinOverlay(coordinate: Coordinate(latitude: 37.80, longitude: -122.40), color: .black, title: "Edge pin")
        ]
        let snap = try Snapshotter().snapshot(o)
        for item in snap.annotations.items
        where item.placed && ![.title, .scaleBar, .attribution].contains(item.kind) {
            XCTAssertGreaterThanOrEqual(item.pixelBox.x, 24 - 0.01, "\(item.kind) \(item.name ?? "")")
            XCTAssertGreaterThanOrEqual(item.pixelBox.y, 24 - 0.01)
            XCTAssertLessThanOrEqual(item.pixelBox.x + item.pixelBox.width, 600 - 24 + 0.01)
            XCTAssertLessThanOrEqual(item.pixelBox.y + item.pixelBox.height, 400 - 24 + 0.01)
        }
    }

    func testPlacedCalloutsAndLabelsNeverOverlap() throws {
        var o = SnapshotOptions()
        o.features = try sampleTrails()
        for i in 0..<12 {
            o.callouts.append(
                CalloutOverlay(
                    text: "Callout \(i)",
                    anchors: [Coordinate(latitude: 37.775 + Double(i) * 0.001, longitude: -122.42)],
                    color: .black, textColor: .white, affectsFit: false))
        }
        let snap = try Snapshotter().snapshot(o)
        let boxes = snap.annotations.items.filter {
            $0.placed && [.callout, .label, .marker, .startFlag, .endFlag].contains($0.kind)
        }
        .map(\.pixelBox)
        let placedCallouts = snap.annotations.items.filter { $0.kind == .callout && $0.placed }.count
        XCTAssertGreaterThan(placedCallouts, 2)
        XCTAssertLessThan(placedCallouts, 17, "crowded callouts must be dropped, not stacked")
        let callouts = snap.annotations.items.filter { $0.placed && $0.kind == .callout }
            .map(\.pixelBox)
        for (i, a) in callouts.enumerated() {
            for b in boxes where a != b { XCTAssertFalse(a.intersects(b), "callout \(i) overlaps \(b)") }
        }
    }

    func testHighlightFadesTheOthers() throws {
        var b = OverlayBuilder()
        b.highlight = "Buzz Lightyear Summit"
        let scene = try b.build(features: try sampleTrails())
        let buzz = try XCTUnwrap(scene.lines.first { $0.name == "Buzz Lightyear Summit" })
        XCTAssertEqual(buzz.emphasis, .highlighted)
        XCTAssertEqual(scene.warnings, [], "faded trails have no callout to miss")
        XCTAssertEqual(scene.lines.last?.name, "Buzz Lightyear Summit", "drawn on top")
        for l in scene.lines where l.name != "Buzz Lightyear Summit" {
            XCTAssertEqual(l.emphasis, .faded)
        }
        b.highlight = "Nope"
        XCTAssertThrowsError(try b.build(features: try sampleTrails()))
    }

    /// Flags are bounded per image: the 200 longest trails get them, with one warning saying so.
    func testFlagsGoToTheLongestTrailsOnly() throws {
        let trails = (0..<250).map { i in
            let length = 0.001 * Double(i + 1)
            return Feature(
                geometry: .lineString([
                    Coordinate(latitude: 10 + Double(i) * 0.01, longitude: 20),
                    Coordinate(latitude: 10 + Double(i) * 0.01, longitude: 20 + length),
                ]))
        }
        let scene = try OverlayBuilder().build(features: trails)
        let flags = scene.pins.filter { $0.kind == .startFlag }
        XCTAssertEqual(flags.count, 200)
        XCTAssertEqual(scene.pins.filter { $0.kind == .endFlag }.count, 200)
        // The 50 shortest (the first 50) have none.
        XCTAssertEqual(flags.map(\.coordinate.latitude).min() ?? 0, 10.5, accuracy: 1e-9)
        XCTAssertEqual(
            scene.warnings.filter { $0.contains("200 longest of 250 trails get start and end flags") }.count, 1)
    }

    func testDifficultyColoursAndSimplestyle() throws {
        let json = """
            {"type":"FeatureCollection","features":[
             {"type":"Feature","properties":{"difficulty":"Moderate"},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}},
             {"type":"Feature","properties":{"stroke":"#123456","stroke-width":7,"stroke-opacity":0.5},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}},
             {"type":"Feature","properties":{"route":true},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}},
             {"type":"Feature","properties":{"marker-color":"#00ff00","marker-symbol":"water","marker-size":"large","title":"Spring"},"geometry":{"type":"Point","coordinates":[0,0]}},
             {"type":"Feature","properties":{"marker-symbol":"A"},"geometry":{"type":"Point","coordinates":[0,0]}},
             {"type":"Feature","properties":{"fill":"#ff0000","fill-opacity":0.4},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}
            ]}
            """
        let f = try GeoJSONReader.read(bytes: Array(json.utf8), file: "t.geojson")
        let scene = try OverlayBuilder().build(features: f)
        // What the file said, for the style's layers (OverlayLookTests checks what they make of it).
        XCTAssertEqual(scene.lines[0].difficulty, "moderate")
        XCTAssertNil(scene.lines[0].stroke)
        XCTAssertEqual(scene.lines[1].stroke?.hex, "#123456")
        XCTAssertEqual(scene.lines[1].strokeWidth, 7)
        XCTAssertEqual(scene.lines[1].strokeOpacity, 0.5)
        XCTAssertEqual(scene.lines[2].kind, .route)
        XCTAssertNil(scene.lines[2].strokeWidth)
        let spring = try XCTUnwrap(scene.pins.first { $0.title == "Spring" })
        XCTAssertEqual(spring.color?.hex, "#00ff00")
        XCTAssertEqual(spring.glyph, .symbol(.drop))
        XCTAssertEqual(spring.size, .large)
        XCTAssertTrue(scene.pins.contains { $0.glyph == .text("A") && $0.color == nil && $0.size == nil })
        XCTAssertEqual(scene.areas.first?.fill?.hex, "#ff0000")
        XCTAssertEqual(scene.areas.first?.fillOpacity, 0.4)
        XCTAssertNil(scene.areas.first?.stroke)
        // Trails get start and end flags, and so does the route.
        XCTAssertEqual(scene.pins.filter { $0.kind == .startFlag }.count, 3)
        XCTAssertEqual(scene.pins.filter { $0.kind == .endFlag }.count, 3)
    }

    func testMillionVertexTrackRenders() throws {
        var coords: [Coordinate] = []
        coords.reserveCapacity(1_000_000)
        for i in 0..<1_000_000 {
            let t = Double(i) / 1_000_000
            coords.append(Coordinate(latitude: 37.7 + 0.1 * t, longitude: -122.5 + 0.1 * sin(t * 40)))
        }
        var o = SnapshotOptions()
        o.features = [Feature(geometry: .lineString(coords))]
        let start = Date()
        let snap = try Snapshotter().snapshot(o)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "a million vertices must not take forever")
        // The image is the requested size, and the track is drawn: at its vertices (every
        // 50,000th) the pixels are not the background's (the top edge, inside the padding).
        let image = try RGBAImage(png: snap.data)
        XCTAssertEqual([image.width, image.height], [600, 400])
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * image.width + x) * 4
            return Array(image.pixels[i..<i + 4])
        }
        let background = pixel(300, 2)
        var drawn = 0
        for i in stride(from: 0, to: coords.count, by: 50_000) {
            let p = snap.point(for: coords[i])
            if pixel(Int(p.x), Int(p.y)) != background { drawn += 1 }
        }
        XCTAssertEqual(drawn, 20, "the track shows at all 20 vertices looked at")
    }

    func testAntimeridianTrackIsContinuous() throws {
        var o = SnapshotOptions()
        var track = [179.8, 179.95, -179.95, -179.8].map { Coordinate(latitude: -16.5, longitude: $0) }
        track.unwrapLongitudes()
        o.features = [Feature(geometry: .lineString(track))]
        o.flags = false
        let snap = try Snapshotter().snapshot(o)
        let line = try XCTUnwrap(snap.annotations.items.first { $0.kind == .trail })
        XCTAssertLessThan(line.pixelBox.width, 600, "drawn across the antimeridian, not around the world")
        XCTAssertGreaterThan(line.pixelBox.width, 400, "and fitted to fill the image")
    }
}

final class DecorationTests: XCTestCase {
    func testScaleBarAndAttributionSitInTheCornersAndLabelsAvoidThem() throws {
        var o = SnapshotOptions()
        o.features = try OverlayFileReader.read(
            path: SnapshotterTests.samples.appendingPathComponent("sf-trails/trails.geojson").path)
        o.attribution = "© OpenStreetMap contributors"
        o.scaleBar = .imperial
        let snap = try Snapshotter().snapshot(o)
        let bar = try XCTUnwrap(snap.annotations.items.first { $0.kind == .scaleBar })
        let credit = try XCTUnwrap(snap.annotations.items.first { $0.kind == .attribution })
        XCTAssertLessThan(bar.pixelBox.x, 20, "bottom left")
        XCTAssertGreaterThan(bar.pixelBox.y + bar.pixelBox.height, 380)
        XCTAssertTrue(bar.name?.hasSuffix(" mi") == true || bar.name?.hasSuffix(" ft") == true, bar.name ?? "")
        XCTAssertEqual(credit.pixelBox.x + credit.pixelBox.width, 600, accuracy: 0.01, "bottom right")
        XCTAssertEqual(credit.name, "© OpenStreetMap contributors")
        let corners = [bar, credit].map(\.pixelBox)
        for item in snap.annotations.items where item.placed && (item.kind == .callout || item.kind == .label) {
            let r = item.pixelBox
            for c in corners { XCTAssertFalse(r.intersects(c), "\(item.name ?? "") overlaps a decoration") }
        }
        o.scaleBar = nil
        o.attribution = nil
        let bare = try Snapshotter().snapshot(o)
        XCTAssertFalse(bare.annotations.items.contains { $0.kind == .scaleBar || $0.kind == .attribution })
    }
}

extension SnapshotterTests {
    /// Router answers' alternatives (`"alternative": true`) are routes drawn under the best one,
    /// and the overlay source tells the layers which they are (they draw them muted, thinner).
    func testAlternativeRoutesGoUnderTheBestAndAreMarked() throws {
        let json = #"""
            {"type": "FeatureCollection", "features": [
             {"type":"Feature","properties":{"route":true,"name":"best"},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}},
             {"type":"Feature","properties":{"route":true,"alternative":true,"name":"other"},"geometry":{"type":"LineString","coordinates":[[0,0],[1,0],[1,1]]}}
            ]}
            """#
        let scene = try OverlayBuilder().build(features: GeoJSONReader.read(bytes: Array(json.utf8), file: "r.geojson"))
        XCTAssertEqual(scene.lines.map(\.name), ["other", "best"], "the alternative first: drawn under")
        XCTAssertEqual(scene.lines.map(\.isAlternative), [true, false])
        let members = OverlayStyleSource.lineMembers(scene.lines[0])
        XCTAssertTrue(members.contains { $0.key == "alternative" && $0.value == .bool(true) })
        XCTAssertFalse(OverlayStyleSource.lineMembers(scene.lines[1]).contains { $0.key == "alternative" })
    }
}
