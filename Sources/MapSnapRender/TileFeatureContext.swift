import MapSnapStyle
import MapSnapTiles

/// A vector-tile feature as the style engine sees it: properties from the tile's key/value
/// tables, the spec's geometry type, the id. Two words (a view into the decoded layer), so
/// `EvaluationContext` stores it inline without allocating.
struct TileFeatureContext: FeatureContext {
    let feature: VectorTileFeature

    func property(_ key: String) -> StyleValue? {
        feature.value(forKey: key).map(Self.styleValue)
    }

    var geometryType: StyleGeometryType {
        switch feature.type {
        case .point: return .point
        case .lineString: return .lineString
        case .polygon: return .polygon
        default: return .unknown
        }
    }

    var featureID: StyleValue? { feature.id.map { .number(Double($0)) } }

    func propertiesObject() -> StyleObject {
        StyleObject(feature.properties.map { ($0.key, Self.styleValue($0.value)) })
    }

    static func styleValue(_ v: MVTValue) -> StyleValue {
        switch v {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        default: return .number(v.numberValue ?? 0)
        }
    }
}
