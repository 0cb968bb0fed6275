import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import MapSnapStyle

/// The features of a style's `geojson` source (https://maplibre.org/maplibre-style-spec/sources/#geojson),
/// prepared once for styling: properties converted to style values, geometry type resolved.
public final class GeoJSONSource: Sendable {
    final class Item: Sendable {
        let feature: Feature
        let type: StyleGeometryType
        let properties: StyleObject
        let id: StyleValue?

        init(_ feature: Feature) {
            self.feature = feature
            type = Self.styleType(feature.geometry)
            properties = StyleObject(feature.properties.members.map { ($0.key, StyleValue($0.value)) })
            id = nil
        }

        static func styleType(_ g: Geometry) -> StyleGeometryType {
            switch g {
            case .point, .multiPoint: return .point
            case .lineString, .multiLineString: return .lineString
            case .polygon, .multiPolygon: return .polygon
            case .geometryCollection(let gs): return gs.first.map(styleType) ?? .unknown
            }
        }
    }

    let items: [Item]

    public init(features: [Feature]) {
        items = features.map(Item.init)
    }

    public var count: Int { items.count }
}

/// A GeoJSON feature as the style engine sees it (one word: a class reference).
struct GeoJSONFeatureContext: FeatureContext {
    let item: GeoJSONSource.Item

    func property(_ key: String) -> StyleValue? { item.properties[key] }
    var geometryType: StyleGeometryType { item.type }
    var featureID: StyleValue? { item.id }
    func propertiesObject() -> StyleObject { item.properties }
}
