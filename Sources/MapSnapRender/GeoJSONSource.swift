import Foundation
import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import MapSnapOverlay
import MapSnapStyle

/// The features of a style's `geojson` source (https://maplibre.org/maplibre-style-spec/sources/#geojson),
/// prepared once for styling: properties converted to style values, geometry type resolved.
public final class GeoJSONSource: @unchecked Sendable {
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

    /// Feature indices by the value of a property, built the first time a layer asks for that
    /// property (see `candidates`); guarded by `memoLock`.
    nonisolated(unsafe) private var indexes: [String: [StyleValue: [Int]]] = [:]

    /// The indices, ascending, of the features `layer`'s filter can pass: those whose property
    /// has one of the values the filter demands (`StyleExpression.requiredValues`), or nil
    /// (all of them) when it demands none.
    func candidates(for layer: StyleLayer) -> [Int]? {
        guard let (key, values) = layer.filter?.requiredValues else { return nil }
        memoLock.lock()
        let index: [StyleValue: [Int]]
        if let known = indexes[key] {
            index = known
        } else {
            var built: [StyleValue: [Int]] = [:]
            for (i, item) in items.enumerated() {
                if let v = item.properties[key] { built[v, default: []].append(i) }
            }
            indexes[key] = built
            index = built
        }
        memoLock.unlock()
        let lists = values.compactMap { index[$0] }
        return lists.count == 1 ? lists[0] : lists.flatMap { $0 }.sorted()
    }

    /// Memos of the style layers drawn from this source, by layer (see `FeatureMemo`); guarded
    /// by `memoLock`, and a memo is taken out while a layer is drawn, so two renderers never
    /// share one.
    private let memoLock = NSLock()
    nonisolated(unsafe) private var memos: [ObjectIdentifier: FeatureMemo] = [:]

    /// What `layer` noted about these features in earlier images (empty the first time), to be
    /// given back with `putMemo` once drawn.
    func takeMemo(for layer: StyleLayer) -> FeatureMemo {
        memoLock.lock()
        defer { memoLock.unlock() }
        if let m = memos.removeValue(forKey: ObjectIdentifier(layer)), m.layer === layer { return m }
        return FeatureMemo(layer: layer, count: items.count)
    }

    func putMemo(_ memo: FeatureMemo) {
        memoLock.lock()
        defer { memoLock.unlock() }
        memos[ObjectIdentifier(memo.layer)] = memo
    }

    /// Whether what `layer` gives a feature is kept for the next image (see `takeMemo`): its
    /// filter and its paint and layout are the same at every zoom.
    /// The overlay source is made anew for every image, so what its layers give its features
    /// is never kept.
    static func memoizes(_ layer: StyleLayer) -> Bool {
        if layer.source == OverlayStyleSource.id { return false }
        if layer.filter?.dependsOnZoom ?? false { return false }
        if layer.paint.properties.contains(where: { layer.paint.dependsOnZoom($0) }) { return false }
        return !layer.layout.properties.contains(where: { layer.layout.dependsOnZoom($0) })
    }

    /// A style layer's filter verdict and paint for each feature of a source, kept from one
    /// image to the next when neither depends on the zoom (batches of thumbnails over the same
    /// base data evaluate them once).
    final class FeatureMemo {
        /// Held so that its identity stays its own.
        let layer: StyleLayer
        /// Per feature: 0 not known yet, 1 passes the filter, 2 does not.
        var verdicts: [UInt8]
        /// Per feature: its paint, once evaluated.
        var paints: [LayerPaint?]

        init(layer: StyleLayer, count: Int) {
            self.layer = layer
            verdicts = [UInt8](repeating: 0, count: count)
            paints = [LayerPaint?](repeating: nil, count: count)
        }
    }
}

/// A GeoJSON feature as the style engine sees it (one word: a class reference).
struct GeoJSONFeatureContext: FeatureContext {
    let item: GeoJSONSource.Item

    func property(_ key: String) -> StyleValue? { item.properties[key] }
    var geometryType: StyleGeometryType { item.type }
    var featureID: StyleValue? { item.id }
    func propertiesObject() -> StyleObject { item.properties }
}
