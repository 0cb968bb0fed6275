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
///
/// A class with immutable fields: the renderer walks the layers for every feature, and handing a
/// layer around then costs one reference count instead of a copy of all its fields.
public final class StyleLayer: Sendable {
    public let id: String
    public let type: StyleLayerType
    /// The source id (nil for `background`).
    public let source: String?
    /// The layer of a vector source.
    public let sourceLayer: String?
    /// The layer is hidden below this zoom (nil: no limit).
    public let minzoom: Double?
    /// The layer is hidden at and above this zoom (nil: no limit).
    public let maxzoom: Double?
    /// Which features to draw: `filter.matches(ctx)`; nil draws all.
    public let filter: StyleExpression?
    public let visibility: StyleVisibility
    public let layout: StyleProperties
    public let paint: StyleProperties
    public let metadata: JSONValue?
    /// The filter's executable tree (a `true` literal without a filter): non-optional, so that
    /// `accepts` reaches it without unwrapping.
    private let acceptor: EvalNode

    public init(
        id: String, type: StyleLayerType, source: String? = nil, sourceLayer: String? = nil, minzoom: Double? = nil,
        maxzoom: Double? = nil, filter: StyleExpression? = nil, visibility: StyleVisibility = .visible,
        layout: StyleProperties = StyleProperties(), paint: StyleProperties = StyleProperties(),
        metadata: JSONValue? = nil
    ) {
        self.id = id
        self.type = type
        self.source = source
        self.sourceLayer = sourceLayer
        self.minzoom = minzoom
        self.maxzoom = maxzoom
        self.filter = filter
        self.visibility = visibility
        self.layout = layout
        self.paint = paint
        self.metadata = metadata
        self.acceptor = filter?.evaluator ?? LiteralNode(.bool(true))
    }

    /// Whether the layer is drawn at `zoom`: visible, and minzoom ≤ zoom < maxzoom.
    public func isVisible(atZoom zoom: Double) -> Bool {
        guard visibility == .visible else { return false }
        if let minzoom, zoom < minzoom { return false }
        if let maxzoom, zoom >= maxzoom { return false }
        return true
    }

    /// Whether the feature in `ctx` passes the filter (always, without one); a filter that fails
    /// at runtime rejects the feature. (The spec evaluates zoom in filters at integer zooms: pass
    /// `zoom.rounded(.down)` in `ctx` for MapLibre's behaviour.)
    @inline(__always)
    public func accepts(_ ctx: EvaluationContext) -> Bool {
        do {
            if case .bool(true) = try acceptor.eval(ctx) { return true }
            return false
        } catch {
            return false
        }
    }
}
