import MapSnapGeometry
import MapSnapStyle

/// Everything drawn over the map, as the input described it (its look is the style's overlay
/// layers'): what the renderer paints, in this order —
/// areas, trails, routes, then pins, flags, callouts and labels through one placement pass.
public struct OverlayScene: Sendable {
    public var areas: [AreaOverlay] = []
    /// Trails and routes; routes (`kind == .route`) are drawn above all trails.
    public var lines: [LineOverlay] = []
    /// Balloon markers and trail start/end flags.
    public var pins: [PinOverlay] = []
    public var callouts: [CalloutOverlay] = []
    public var labels: [LabelOverlay] = []
    /// Caption band text at the top of the image.
    public var title: String?
    /// What the builder could not do as asked (an unknown symbol name …), once each.
    public var warnings: [String] = []

    public init() {}

    public var isEmpty: Bool { areas.isEmpty && lines.isEmpty && pins.isEmpty && callouts.isEmpty && labels.isEmpty }
}

/// A stroked polyline: a trail (solid, with casing) or a computed route (dashed).
///
/// It holds what the input said; how it looks (colours by difficulty, widths, dashes, casings,
/// the highlight) is the style's overlay layers' (`OverlayLayers.json`).
public struct LineOverlay: Sendable, Equatable {
    public enum Kind: String, Sendable { case trail, route }
    /// With `--highlight`: the trail named, or one of the others.
    public enum Emphasis: Sendable, Equatable { case normal, highlighted, faded }
    public var kind: Kind
    public var name: String?
    /// One or more parts; longitudes unwrapped within each part.
    public var parts: [[Coordinate]]
    /// The input's own colour (simplestyle `stroke`); nil leaves it to the style.
    public var stroke: Color?
    /// The input's own width (simplestyle `stroke-width`), points; nil leaves it to the style.
    public var strokeWidth: Double?
    /// The input's own opacity (simplestyle `stroke-opacity`, 0…1); nil leaves it to the style.
    public var strokeOpacity: Double?
    /// The trail's `difficulty`, lower-cased ("easy", "moderate", "hard" in the seed app).
    public var difficulty: String?
    public var emphasis: Emphasis = .normal
    /// A route that is an alternative to another (`"alternative": true`, as router answers mark
    /// them): drawn muted and thinner, under the best one.
    public var isAlternative = false
    /// A route's length (metres), time (seconds) and directions, when its input gave them (a
    /// router's answer): reported in the annotations.
    public var distance: Double?
    public var duration: Double?
    public var steps: [RouteStep] = []

    public init(
        kind: Kind, name: String?, parts: [[Coordinate]], stroke: Color? = nil, strokeWidth: Double? = nil,
        strokeOpacity: Double? = nil, difficulty: String? = nil
    ) {
        self.kind = kind
        self.name = name
        self.parts = parts
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.strokeOpacity = strokeOpacity
        self.difficulty = difficulty
    }
}

/// A filled polygon (outer ring first, then holes), with an outline. Each nil look leaves it to
/// the style's `overlay-areas` and `overlay-area-outlines` layers.
public struct AreaOverlay: Sendable, Equatable {
    public var name: String?
    /// Polygons, each a list of rings.
    public var polygons: [[[Coordinate]]]
    /// simplestyle `fill`, `fill-opacity` (0…1), `stroke`, `stroke-width` (points), `stroke-opacity`.
    public var fill: Color?
    public var fillOpacity: Double?
    public var stroke: Color?
    public var strokeWidth: Double?
    public var strokeOpacity: Double?

    public init(
        name: String?, polygons: [[[Coordinate]]], fill: Color? = nil, fillOpacity: Double? = nil,
        stroke: Color? = nil, strokeWidth: Double? = nil, strokeOpacity: Double? = nil
    ) {
        self.name = name
        self.polygons = polygons
        self.fill = fill
        self.fillOpacity = fillOpacity
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.strokeOpacity = strokeOpacity
    }
}

/// What is drawn inside a balloon marker.
public enum PinGlyph: Sendable, Equatable {
    case none
    /// A short text (a letter or number), drawn in bold.
    case text(String)
    case symbol(BuiltinSymbol)
}

/// A map pin: the balloon marker of MapKit's `Marker`, or a trail's start / end flag.
public struct PinOverlay: Sendable, Equatable {
    /// A balloon marker, a trail's start or end flag, or the one flag of a loop (it ends where
    /// it starts).
    public enum Kind: String, Sendable {
        case marker
        case startFlag = "start-flag"
        case endFlag = "end-flag"
        case loopFlag = "start-end-flag"
    }
    /// simplestyle `marker-size`; the style's `overlay-pins` layer sizes each (`icon-size`).
    public enum Size: String, Sendable { case small, medium, large }
    public var kind: Kind
    public var coordinate: Coordinate
    /// The input's own colour (`marker-color`, `--pin …,COLOR`); nil leaves it to the style (a
    /// red balloon, a green start flag, a red end flag by default).
    public var color: Color?
    public var glyph: PinGlyph
    public var size: Size?
    /// Shown under the pin, with a halo.
    public var title: String?
    /// The input's `category`; pins of one category share a colour (when they have no
    /// `marker-color`), and a cluster takes its majority's.
    public var category: String?
    /// The category's place among the scene's categories in sorted order (the style's palette
    /// index, see `OverlayLayers.json`); set by the builder.
    public var categoryIndex: Int?

    public init(
        kind: Kind = .marker, coordinate: Coordinate, color: Color? = nil, glyph: PinGlyph = .none,
        size: Size? = nil, title: String? = nil, category: String? = nil
    ) {
        self.category = category
        self.kind = kind
        self.coordinate = coordinate
        self.color = color
        self.glyph = glyph
        self.size = size
        self.title = title
    }
}

/// A capsule bubble with text and a pointer triangle whose tip is at one of `anchors`.
/// Placement tries every anchor with the bubble above it, then every anchor with the bubble
/// below it, and takes the first spot where the bubble collides with nothing and stays inside
/// the image; when none fits the callout is left out (and reported so in the annotations).
public struct CalloutOverlay: Sendable, Equatable {
    public var text: String
    /// Candidate tip positions, best first (at least one).
    public var anchors: [Coordinate]
    /// The bubble's colour and its text's; nil leaves them to the style (blue and white by
    /// default), or for a trail's name callout to the trail's colour (`trail`).
    public var color: Color?
    public var textColor: Color?
    /// For a trail's name callout: the index in the scene's `lines` of that trail, whose colour
    /// (as the style draws it) the bubble takes, with a text colour that reads on it.
    public var trail: Int?
    public var symbol: BuiltinSymbol?
    /// Whether a fitted camera must make room for this callout. Decorations such as trail-name
    /// callouts set it to false: they are placed where they fit and left out otherwise.
    public var affectsFit: Bool
    /// Where a trail's start flag stands: when no anchor on the line leaves room, the callout
    /// may sit on top of that flag's pole instead, like a banner on the flag.
    public var flagAnchor: Coordinate?

    public init(
        text: String, anchors: [Coordinate], color: Color? = nil, textColor: Color? = nil, trail: Int? = nil,
        symbol: BuiltinSymbol? = nil, affectsFit: Bool = true, flagAnchor: Coordinate? = nil
    ) {
        self.text = text
        self.anchors = anchors
        self.color = color
        self.textColor = textColor
        self.trail = trail
        self.symbol = symbol
        self.affectsFit = affectsFit
        self.flagAnchor = flagAnchor
    }
}

/// Free text with a halo, centred on one of `anchors` (first that fits, like callouts).
public struct LabelOverlay: Sendable, Equatable {
    public var text: String
    public var anchors: [Coordinate]
    public var color: Color?

    public init(text: String, anchors: [Coordinate], color: Color? = nil) {
        self.text = text
        self.anchors = anchors
        self.color = color
    }
}
