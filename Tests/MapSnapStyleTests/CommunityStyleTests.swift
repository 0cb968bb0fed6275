import Foundation
import MapSnapJSON
import MapSnapStyle
import XCTest

/// Parses the community OpenMapTiles styles (Positron, MapTiler Basic) from the shared data
/// folder (`<repo>/../shared/data/styles`): no errors, every filter and property compiled, and a
/// few known values evaluated.
final class CommunityStyleTests: XCTestCase {
    /// `<repo>/../shared/data/styles/<name>/style.json`, found from this file's path.
    func styleBytes(_ name: String) throws -> [UInt8] {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = repo.deletingLastPathComponent().appendingPathComponent("shared/data/styles/\(name)/style.json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw XCTSkip("community style \(name) not found at \(url.path) (shared test data absent)")
        }
        return [UInt8](data)
    }

    /// Parses and checks that nothing was dropped: the file's layer count, and for every layer its
    /// filter and each of its paint/layout members compiled.
    func parseCompletely(_ name: String, layers expectedCount: Int) throws -> Style {
        let bytes = try styleBytes(name)
        let (style, warnings) = try StyleParser.parse(bytes: bytes, file: "\(name)/style.json")
        XCTAssertEqual(warnings, [], "warnings:\n" + warnings.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(style.version, 8)
        XCTAssertEqual(style.layers.count, expectedCount)
        guard case .object(let root) = try JSONParser().parse(bytes), case .array(let layers)? = root["layers"] else {
            XCTFail("unreadable style")
            return style
        }
        XCTAssertEqual(layers.count, expectedCount)
        for item in layers.elements {
            guard case .object(let json) = item, case .string(let id)? = json["id"] else { continue }
            guard let layer = style.layer(id: id) else {
                XCTFail("layer \(id) missing")
                continue
            }
            XCTAssertEqual(layer.filter != nil, json["filter"] != nil, "filter of \(id)")
            for (group, properties) in [("paint", layer.paint), ("layout", layer.layout)] {
                let members = json[group]?.objectValue?.members ?? []
                XCTAssertEqual(
                    Set(properties.properties.map(\.name)), Set(members.map(\.key)), "\(group) of \(id)")
            }
        }
        return style
    }

    func testPositron() throws {
        let style = try parseCompletely("positron", layers: 50)
        XCTAssertEqual(style.name, "Positron")
        XCTAssertEqual(style.sources.map(\.id), ["openmaptiles"])
        XCTAssertEqual(style.sources.first?.kind, .vector)
        XCTAssertEqual(style.sprites.first?.id, "default")

        let z14 = EvaluationContext(zoom: 14)
        let water = try XCTUnwrap(style.layer(id: "water"))
        XCTAssertEqual(water.paint.color(.fillColor, z14), Color(r: 194, g: 200, b: 202))
        XCTAssertTrue(water.accepts(EvaluationContext(zoom: 14, feature: SimpleFeature(geometryType: .polygon))))
        XCTAssertFalse(
            water.accepts(
                EvaluationContext(zoom: 14, feature: SimpleFeature([("brunnel", "tunnel")], geometryType: .polygon))))
        XCTAssertFalse(water.accepts(EvaluationContext(zoom: 14, feature: SimpleFeature(geometryType: .lineString))))

        // ["interpolate", ["exponential", 1.3], ["zoom"], 10, 2, 20, 20]
        let road = try XCTUnwrap(style.layer(id: "highway_major_inner"))
        XCTAssertEqual(road.paint.number(.lineWidth, z14), 4.613029413756635, accuracy: 1e-9)
        XCTAssertEqual(road.paint.number(.lineWidth, EvaluationContext(zoom: 16)), 7.387406108414748, accuracy: 1e-9)
        XCTAssertEqual(road.paint.color(.lineColor, z14), .white)
        XCTAssertEqual(road.layout.enumValue(.lineCap, z14), "round")
        XCTAssertFalse(road.paint.dependsOnFeature(.lineWidth))
        XCTAssertTrue(road.paint.dependsOnZoom(.lineWidth))
        let primary = SimpleFeature([("class", "primary")], geometryType: .lineString)
        XCTAssertTrue(road.accepts(EvaluationContext(zoom: 14, feature: primary)))
        XCTAssertFalse(
            road.accepts(
                EvaluationContext(zoom: 14, feature: SimpleFeature([("class", "minor")], geometryType: .lineString))))
        XCTAssertFalse(road.isVisible(atZoom: 10.5))

        let town = try XCTUnwrap(style.layer(id: "place_town"))
        XCTAssertEqual(town.layout.string(.iconImage, EvaluationContext(zoom: 7)), "circle-11")
        XCTAssertEqual(town.layout.string(.iconImage, EvaluationContext(zoom: 8)), "")
        let berlin = SimpleFeature([("name:latin", "Berlin"), ("name:nonlatin", "Берлин")], geometryType: .point)
        XCTAssertEqual(town.layout.string(.textField, EvaluationContext(zoom: 9, feature: berlin)), "Berlin\nБерлин")
        XCTAssertEqual(town.layout.strings(.textFont, z14), ["Metropolis Regular", "Noto Sans Regular"])
        XCTAssertEqual(town.layout.numbers(.textOffset, z14), [0.5, 0.2])
        XCTAssertEqual(town.layout.enumValue(.textTransform, z14), "uppercase")

        let motorway = try XCTUnwrap(style.layer(id: "highway_motorway_inner"))
        let mid = (0.85 + 1) / 2
        let c = motorway.paint.color(.lineColor, EvaluationContext(zoom: 5.9))
        XCTAssertEqual(c.red, mid, accuracy: 1e-9)
        XCTAssertEqual(c.alpha, 0.765, accuracy: 1e-9)
    }

    func testMapTilerBasic() throws {
        let style = try parseCompletely("maptiler-basic", layers: 48)
        XCTAssertEqual(style.name, "Basic")

        let z14 = EvaluationContext(zoom: 14)
        let water = try XCTUnwrap(style.layer(id: "water"))
        XCTAssertEqual(water.paint.color(.fillColor, z14), Color(css: "hsl(205, 56%, 73%)"))
        // Legacy filter ["all", ["==", "$type", "Polygon"], ["!=", "intermittent", 1], ["!=", "brunnel", "tunnel"]]
        XCTAssertTrue(water.accepts(EvaluationContext(zoom: 14, feature: SimpleFeature(geometryType: .polygon))))
        XCTAssertFalse(
            water.accepts(
                EvaluationContext(zoom: 14, feature: SimpleFeature([("intermittent", 1)], geometryType: .polygon))))

        // Legacy zoom function {"base": 1.4, "stops": [[6, 0.5], [20, 30]]}
        let trunk = try XCTUnwrap(style.layer(id: "road_trunk_primary"))
        XCTAssertEqual(trunk.paint.number(.lineWidth, z14), 4.185593170701962, accuracy: 1e-9)
        XCTAssertEqual(trunk.paint.number(.lineWidth, EvaluationContext(zoom: 16)), 7.9809364471807385, accuracy: 1e-9)

        let building = try XCTUnwrap(style.layer(id: "building"))
        XCTAssertEqual(building.paint.number(.fillOpacity, z14), 0.5, accuracy: 1e-12)
        let outline = building.paint.color(.fillOutlineColor, EvaluationContext(zoom: 15.5))
        XCTAssertEqual(outline.alpha, 0.25, accuracy: 1e-9)

        let places = try XCTUnwrap(style.layer(id: "place_label_other"))
        let paris = SimpleFeature([("name:latin", "Paris"), ("class", "town")], geometryType: .point)
        XCTAssertEqual(places.layout.string(.textField, EvaluationContext(zoom: 9, feature: paris)), "Paris\n")
        XCTAssertTrue(places.accepts(EvaluationContext(zoom: 9, feature: paris)))
        XCTAssertEqual(places.layout.number(.textSize, EvaluationContext(zoom: 9)), 12, accuracy: 1e-9)

        let admin = try XCTUnwrap(style.layer(id: "admin_sub"))
        XCTAssertTrue(
            admin.accepts(
                EvaluationContext(zoom: 9, feature: SimpleFeature([("admin_level", 4)], geometryType: .lineString))))
        XCTAssertFalse(
            admin.accepts(
                EvaluationContext(zoom: 9, feature: SimpleFeature([("admin_level", 2)], geometryType: .lineString))))
        XCTAssertEqual(admin.paint.numbers(.lineDasharray, z14), [2, 1])
    }

    /// Evaluation speed with the Positron filters and line widths: a smoke test that prints a
    /// figure (debug builds are slow; no threshold).
    func testEvaluationThroughput() throws {
        let style = try parseCompletely("positron", layers: 50)
        var features: [SimpleFeature] = []
        for i in 0..<200 {
            let roadClass: StyleValue = i % 3 == 0 ? "primary" : "minor"
            let brunnel: StyleValue = i % 7 == 0 ? "bridge" : "none"
            let rank = StyleValue.number(Double(i % 10))
            let type: StyleGeometryType = i % 2 == 0 ? .lineString : .polygon
            features.append(
                SimpleFeature([("class", roadClass), ("brunnel", brunnel), ("rank", rank)], geometryType: type))
        }
        var accepted = 0
        var width = 0.0
        let start = Date()
        for _ in 0..<10 {
            for f in features {
                let ctx = EvaluationContext(zoom: 14, feature: f)
                for layer in style.layers where layer.accepts(ctx) {
                    accepted += 1
                    if layer.type == .line { width += layer.paint.number(.lineWidth, ctx) }
                }
            }
        }
        let evaluations = 10 * features.count * style.layers.count
        print(
            "positron: \(evaluations) filter evaluations in \(Date().timeIntervalSince(start)) s (\(accepted) matched)")
        XCTAssertGreaterThan(accepted, 0)
        XCTAssertGreaterThan(width, 0)
    }
}
