import MapSnap
import MapSnapTestSupport
import XCTest

@testable import MapSnapOverlay

/// Markers never hide each other: pins that would overlap become count bubbles (the same ones
/// whatever the input order), a pin on a flag stands beside it on a leader, and every pin,
/// drawn or clustered, is in the annotations.
final class MarkerLayoutTests: XCTestCase {
    /// 199 points in four clumps of different spread (like a city's public-art list: most of
    /// them downtown), each with a title and one of five categories.
    static func artPoints(seed: UInt64 = 199) -> [Feature] {
        var rng = SplitMix64(seed: seed)
        func uniform() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        func normal() -> Double { (-2 * log(max(uniform(), 1e-12))).squareRoot() * cos(2 * .pi * uniform()) }
        let clumps: [(Double, Double, Double, Int)] = [
            (21.3069, -157.8583, 0.004, 120), (21.2793, -157.8292, 0.006, 45), (21.2970, -157.8170, 0.01, 20),
            (21.3330, -157.8000, 0.02, 14),
        ]
        let categories = ["sculpture", "mural", "mosaic", "fountain", "relief"]
        var features: [Feature] = []
        for (lat, lon, spread, count) in clumps {
            for _ in 0..<count {
                let c = Coordinate(latitude: lat + normal() * spread * 0.8, longitude: lon + normal() * spread)
                let category = categories[Int(uniform() * 5) % 5]
                features.append(
                    Feature(
                        geometry: .point(c),
                        properties: JSONObject([
                            JSONMember(key: "title", value: .string("Artwork \(features.count + 1)")),
                            JSONMember(key: "category", value: .string(category)),
                        ])))
            }
        }
        return features
    }

    func snapshot(_ features: [Feature], _ change: (inout SnapshotOptions) -> Void = { _ in }) throws -> Snapshot {
        var o = SnapshotOptions()
        o.features = features
        change(&o)
        return try Snapshotter().snapshot(o)
    }

    func testDensePinsBecomeClustersThatOverlapNothing() throws {
        let snap = try snapshot(Self.artPoints())
        let items = snap.annotations.items
        let clusters = items.filter { $0.kind == .cluster }
        let pins = items.filter { $0.kind == .marker }
        XCTAssertEqual(pins.count, 199, "every pin is in the annotations")
        XCTAssertGreaterThan(clusters.count, 2)
        XCTAssertEqual(
            clusters.compactMap(\.count).reduce(0, +), pins.filter { $0.cluster != nil }.count,
            "each clustered pin is counted by its cluster")
        for c in clusters {
            XCTAssertTrue(c.placed)
            XCTAssertEqual(pins.filter { $0.cluster == c.cluster }.count, c.count)
        }
        for p in pins { XCTAssertEqual(p.placed, p.cluster == nil, "a pin is drawn unless clustered") }
        let drawn = items.filter { $0.placed && [.marker, .cluster].contains($0.kind) }.map(\.pixelBox)
        for (i, a) in drawn.enumerated() {
            for b in drawn[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(a) overlaps \(b)") }
        }
    }

    func testTheSameClustersWhateverTheInputOrder() throws {
        let features = Self.artPoints()
        var rng = SplitMix64(seed: 7)
        let shuffled = features.shuffled(using: &rng)
        let a = try snapshot(features)
        let b = try snapshot(shuffled)
        XCTAssertEqual(a.data, b.data, "the same image, byte for byte")
        func clusters(_ s: Snapshot) -> [String] {
            s.annotations.items.filter { $0.kind == .cluster }.map { "\($0.count ?? 0)@\($0.pixelBox)" }
        }
        XCTAssertEqual(clusters(a), clusters(b))
    }

    func testNoClusterDrawsEveryPinAndARadiusClustersMore() throws {
        let features = Self.artPoints()
        let all = try snapshot(features) { $0.clusterRadius = nil }
        XCTAssertEqual(all.annotations.items.filter { $0.kind == .marker && $0.placed }.count, 199)
        XCTAssertTrue(all.annotations.items.allSatisfy { $0.kind != .cluster })
        let some = try snapshot(features).annotations.items.filter { $0.kind == .cluster }.count
        let wide = try snapshot(features) { $0.clusterRadius = 80 }.annotations.items
        let drawnWide = wide.filter { $0.placed && [.marker, .cluster].contains($0.kind) }.count
        let drawnSome = try snapshot(features).annotations.items.filter {
            $0.placed && [.marker, .cluster].contains($0.kind)
        }.count
        XCTAssertGreaterThan(some, 0)
        XCTAssertLessThan(drawnWide, drawnSome, "a wider radius gathers more")
    }

    /// A cluster takes its members' majority colour.
    func testMajorityColour() {
        let red = Color(css: "#ff0000")
        let blue = Color(css: "#0000ff")
        let c = Coordinate(latitude: 0, longitude: 0)
        let pins = [
            PinOverlay(coordinate: c, color: blue), PinOverlay(coordinate: c, color: red),
            PinOverlay(coordinate: c, color: blue),
        ]
        XCTAssertEqual(MarkerLayout.majority(pins).0?.hex, "#0000ff")
        var categorised = [PinOverlay(coordinate: c), PinOverlay(coordinate: c), PinOverlay(coordinate: c)]
        categorised[0].categoryIndex = 3
        categorised[1].categoryIndex = 1
        categorised[2].categoryIndex = 3
        XCTAssertEqual(MarkerLayout.majority(categorised).1, 3)
        XCTAssertNil(MarkerLayout.majority([PinOverlay(coordinate: c)]).0)
    }

    /// A waypoint at a trail's start: both the start flag and the pin show, the pin beside the
    /// flag on a leader from its own point.
    func testAPinOnAFlagStandsBesideIt() throws {
        let start = Coordinate(latitude: 46.43, longitude: 13.73)
        let trail = Feature(
            geometry: .lineString([start, Coordinate(latitude: 46.44, longitude: 13.75)]),
            properties: JSONObject([JSONMember(key: "name", value: .string("Hike"))]))
        let waypoint = Feature(
            geometry: .point(Coordinate(latitude: 46.43001, longitude: 13.73002)),
            properties: JSONObject([JSONMember(key: "title", value: .string("Trailhead"))]))
        let snap = try snapshot([trail, waypoint]) { $0.trailCallouts = false }
        let items = snap.annotations.items
        let flag = try XCTUnwrap(items.first { $0.kind == .startFlag })
        let pin = try XCTUnwrap(items.first { $0.kind == .marker })
        XCTAssertTrue(flag.placed && pin.placed)
        XCTAssertFalse(flag.pixelBox.intersects(pin.pixelBox), "\(flag.pixelBox) and \(pin.pixelBox)")
        let point = try XCTUnwrap(pin.pixel)
        XCTAssertFalse(pin.pixelBox.contains(Rect(x: point.x, y: point.y, width: 0, height: 0)), "it stands aside")
        XCTAssertEqual(
            point.x, snap.pixel(for: Coordinate(latitude: 46.43001, longitude: 13.73002)).x, accuracy: 0.01,
            "its point stays where it is")
    }

    /// Two trails from one trailhead: one start flag shows, the other is left out (annotated
    /// not placed); flags never cover each other.
    func testFlagsYieldOnlyToEachOther() throws {
        let head = Coordinate(latitude: 46.43, longitude: 13.73)
        func trail(_ name: String, to end: Coordinate) -> Feature {
            Feature(
                geometry: .lineString([head, end]),
                properties: JSONObject([JSONMember(key: "name", value: .string(name))]))
        }
        let snap = try snapshot([
            trail("North", to: Coordinate(latitude: 46.45, longitude: 13.73)),
            trail("East", to: Coordinate(latitude: 46.43, longitude: 13.76)),
        ]) { $0.trailCallouts = false }
        let starts = snap.annotations.items.filter { $0.kind == .startFlag }
        XCTAssertEqual(starts.count, 2)
        XCTAssertEqual(starts.filter(\.placed).count, 1)
        let flags = snap.annotations.items.filter { $0.placed && $0.kind != .scaleBar && $0.kind != .trail }
        for (i, a) in flags.enumerated() {
            for b in flags[(i + 1)...] { XCTAssertFalse(a.pixelBox.intersects(b.pixelBox), "\(a.kind) and \(b.kind)") }
        }
    }
}
