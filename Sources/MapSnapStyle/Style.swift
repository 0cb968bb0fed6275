import MapSnapGeometry
import MapSnapJSON

/// A parsed MapLibre style, version 8 (https://maplibre.org/maplibre-style-spec/root/).
///
/// Build one with `StyleParser.parse(bytes:file:)`. `light`, `sky`, `terrain`, `projection`,
/// `transition` and `state` are accepted and ignored.
public struct Style: Sendable {
    /// Always 8.
    public var version: Int
    public var name: String?
    /// Default map centre. (The style gives it as `[longitude, latitude]`.)
    public var center: Coordinate?
    /// Default zoom level.
    public var zoom: Double?
    /// Default bearing in degrees clockwise from north (parsed, not used by the renderer).
    public var bearing: Double
    /// Default pitch in degrees (parsed, not used by the renderer).
    public var pitch: Double
    /// Sources in the order of the style file.
    public var sources: [StyleSource]
    /// Layers in drawing order (first drawn first). Layers of unknown types, with invalid
    /// filters or unknown sources are not here (see the parser's warnings).
    public var layers: [StyleLayer]
    /// Glyph URL template (`{fontstack}`, `{range}`).
    public var glyphs: String?
    /// Sprite sheets (one `default` sprite for the string form).
    public var sprites: [StyleSprite]
    /// The style's `metadata`, untouched.
    public var metadata: JSONValue?

    public init(version: Int = 8) {
        self.version = version
        bearing = 0
        pitch = 0
        sources = []
        layers = []
        sprites = []
    }

    /// The source with this id.
    public func source(id: String) -> StyleSource? { sources.first { $0.id == id } }

    /// The layer with this id.
    public func layer(id: String) -> StyleLayer? { layers.first { $0.id == id } }
}

/// One layer (https://maplibre.org/maplibre-style-spec/layers/).
public struct StyleLayer: Sendable {
    public var id: String
    public var type: StyleLayerType
    /// The source id (nil for `background`).
    public var source: String?
    /// The layer of a vector source.
    public var sourceLayer: String?
    /// The layer is hidden below this zoom (nil: no limit).
    public var minzoom: Double?
    /// The layer is hidden at and above this zoom (nil: no limit).
    public var maxzoom: Double?
    /// Which features to draw: `filter.matches(ctx)`; nil draws all.
    public var filter: StyleExpression?
    public var visibility: StyleVisibility
    public var layout: StyleProperties
    public var paint: StyleProperties
    public var metadata: JSONValue?

    public init(id: String, type: StyleLayerType) {
        self.id = id
        self.type = type
        visibility = .visible
        layout = StyleProperties()
        paint = StyleProperties()
    }

    /// Whether the layer is drawn at `zoom`: visible, and minzoom ≤ zoom < maxzoom.
    public func isVisible(atZoom zoom: Double) -> Bool {
        guard visibility == .visible else { return false }
        if let minzoom, zoom < minzoom { return false }
        if let maxzoom, zoom >= maxzoom { return false }
        return true
    }

    /// Whether the feature in `ctx` passes the filter (always, without one).
    @inline(__always)
    public func accepts(_ ctx: EvaluationContext) -> Bool {
        guard let filter else { return true }
        return filter.matches(ctx)
    }
}
