/// What expressions may ask about the feature being styled, and the evaluation context.
///
/// Spec: https://maplibre.org/maplibre-style-spec/expressions/#feature-data

/// A feature's simple geometry type as the spec names it (`["geometry-type"]`, legacy `$type`):
/// multi-geometries report their single form (MultiPolygon → Polygon).
public enum StyleGeometryType: String, Sendable, CaseIterable {
    /// A vector-tile feature of type UNKNOWN (0).
    case unknown = "Unknown"
    case point = "Point"
    case lineString = "LineString"
    case polygon = "Polygon"
}

/// Implemented by the renderer for each feature it styles.
///
/// Evaluation calls these tens of thousands of times per image, so keep them cheap: no
/// allocation, no dictionary building. Conforming types should be classes or structs of at most
/// three words so that `any FeatureContext` stores them inline (a larger struct is boxed on the
/// heap every time an `EvaluationContext` is made).
public protocol FeatureContext: Sendable {
    /// The value of property `key`, or nil when the feature has no such property. A property
    /// present with a null value returns `.null` (so `has` is true and `get` gives null).
    func property(_ key: String) -> StyleValue?

    /// The feature's geometry type.
    var geometryType: StyleGeometryType { get }

    /// The feature's id (`["id"]`, legacy `$id`): a number or string, nil when it has none.
    var featureID: StyleValue? { get }

    /// All properties, in any stable order. Only `["properties"]` calls this (rare; may allocate).
    func propertiesObject() -> StyleObject
}

/// The inputs of one evaluation: zoom level and (for data expressions) the feature.
///
/// Make one per feature and reuse it across layers; it does not allocate when the feature is a
/// class or a small struct (see `FeatureContext`).
public struct EvaluationContext: Sendable {
    /// Fractional zoom level (0 = whole world in one 512 px tile).
    public var zoom: Double
    /// The feature, stored without an optional (`NoFeature` stands for none): reading through a
    /// non-optional existential needs no copy of it.
    @usableFromInline var subject: any FeatureContext
    /// `["heatmap-density"]`, 0…1 (only meaningful in `heatmap-color`).
    public var heatmapDensity: Double
    /// `["elevation"]`, metres (only meaningful in `color-relief-color`).
    public var elevation: Double = 0
    /// `["line-progress"]`, 0…1 along the line (only meaningful in `line-gradient`).
    public var lineProgress: Double

    public init(
        zoom: Double, feature: (any FeatureContext)? = nil, heatmapDensity: Double = 0, lineProgress: Double = 0
    ) {
        self.zoom = zoom
        self.subject = feature ?? NoFeature()
        self.heatmapDensity = heatmapDensity
        self.lineProgress = lineProgress
    }

    /// `init(zoom:feature:)` for a feature of a known type, as the renderer makes one per
    /// feature: the feature goes straight into the context instead of through an optional
    /// existential, whose copy and destruction by value witnesses cost some 250 instructions
    /// a feature (4 % of a cold thumbnail, where every tile feature meets the filters once).
    @inlinable
    public init<F: FeatureContext>(zoom: Double, feature: F, heatmapDensity: Double = 0, lineProgress: Double = 0) {
        self.zoom = zoom
        self.subject = feature
        self.heatmapDensity = heatmapDensity
        self.elevation = 0
        self.lineProgress = lineProgress
    }

    /// The feature being styled; nil when evaluating zoom-only expressions (feature lookups then
    /// give null, `geometry-type` gives "Unknown").
    public var feature: (any FeatureContext)? {
        get { subject is NoFeature ? nil : subject }
        set { subject = newValue ?? NoFeature() }
    }
}

/// The absent feature: no properties, no id, geometry type "Unknown".
struct NoFeature: FeatureContext {
    func property(_ key: String) -> StyleValue? { nil }
    var geometryType: StyleGeometryType { .unknown }
    var featureID: StyleValue? { nil }
    func propertiesObject() -> StyleObject { StyleObject() }
}

/// A simple `FeatureContext` backed by an ordered property object, for tests and tools.
/// (The renderer should implement the protocol on its own decoded features instead.)
public struct SimpleFeature: FeatureContext {
    public var properties: StyleObject
    public var geometryType: StyleGeometryType
    public var featureID: StyleValue?

    public init(
        properties: StyleObject = StyleObject(), geometryType: StyleGeometryType = .point, id: StyleValue? = nil
    ) {
        self.properties = properties
        self.geometryType = geometryType
        self.featureID = id
    }

    public init(_ properties: [(String, StyleValue)], geometryType: StyleGeometryType = .point, id: StyleValue? = nil) {
        self.init(properties: StyleObject(properties), geometryType: geometryType, id: id)
    }

    public func property(_ key: String) -> StyleValue? { properties[key] }
    public func propertiesObject() -> StyleObject { properties }
}
