import MapSnapStyle
import MapSnapTiles

/// A vector-tile feature as the style engine sees it: properties from the tile's key/value
/// tables, the spec's geometry type, the id. Two words (the layer's key cache and the feature's
/// index), so `EvaluationContext` stores it inline without allocating, and copying it costs one
/// reference count.
///
/// Property lookups go through the layer's `TileLayerKeyCache`: a key the style asked before is
/// found by comparing string identities, not by hashing (see there).
struct TileFeatureContext: FeatureContext {
    let layer: TileLayerKeyCache
    let index: Int

    init(layer: TileLayerKeyCache, index: Int) {
        self.layer = layer
        self.index = index
    }

    /// A context for one feature (makes a key cache of its own: for a single use).
    init(feature: VectorTileFeature, in tileLayer: VectorTileLayer) {
        self.init(layer: TileLayerKeyCache(tileLayer), index: feature.index)
    }

    @inline(__always)
    func property(_ key: String) -> StyleValue? {
        guard let v = layer.value(feature: index, key: key) else { return nil }
        return Self.styleValue(v)
    }

    var geometryType: StyleGeometryType {
        switch layer.type(feature: index) {
        case .point: return .point
        case .lineString: return .lineString
        case .polygon: return .polygon
        default: return .unknown
        }
    }

    var featureID: StyleValue? { layer.id(feature: index).map { .number(Double($0)) } }

    func propertiesObject() -> StyleObject {
        StyleObject(layer[feature: index].properties.map { ($0.key, Self.styleValue($0.value)) })
    }

    @inline(__always)
    static func styleValue(_ v: MVTValue) -> StyleValue {
        switch v {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        default: return .number(v.numberValue ?? 0)
        }
    }
}
