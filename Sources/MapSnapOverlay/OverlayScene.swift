import MapSnapGeometry
import MapSnapStyle

/// Everything drawn over the map, already styled: what the renderer paints, in this order —
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
public struct LineOverlay: Sendable, Equatable {
    public enum Kind: String, Sendable { case trail, route }
    public var kind: Kind
    public var name: String?
    /// One or more parts; longitudes unwrapped within each part.
    public var parts: [[Coordinate]]
    public var color: Color
    /// Points.
    public var width: Double
    public var opacity: Double
    public var casingColor: Color
    /// Added on each side of the line, points (0: no casing).
    public var casingWidth: Double
    /// On/off lengths in points; empty: solid.
    public var dash: [Double]
    /// `dash` for round caps: each cap adds half the width at both ends of a dash, so the
    /// on-lengths shrink by the width and the gaps grow by it, and dashes and gaps show at their
    /// stated lengths. Empty for a solid line.
    public var roundCapDash: [Double] {
        guard dash.count >= 2 else { return [] }
        return dash.enumerated().map { i, v in i % 2 == 0 ? max(v - width, 0.001) : v + width }
    }
    /// What a style may want to know beyond the resolved look (`difficulty`, `stroke`,
    /// `highlighted`, `faded`; see `OverlayStyleSource`).
    public var properties: [String: String] = [:]

    public init(
        kind: Kind, name: String?, parts: [[Coordinate]], color: Color, width: Double, opacity: Double,
        casingColor: Color, casingWidth: Double, dash: [Double]
    ) {
        self.kind = kind
        self.name = name
        self.parts = parts
        self.color = color
        self.width = width
        self.opacity = opacity
        self.casingColor = casingColor
        self.casingWidth = casingWidth
        self.dash = dash
    }
}

/// A filled polygon (outer ring first, then holes), with an outline.
public struct AreaOverlay: Sendable, Equatable {
    public var name: String?
    /// Polygons, each a list of rings.
    public var polygons: [[[Coordinate]]]
    public var fill: Color
    public var fillOpacity: Double
    public var stroke: Color
    public var strokeWidth: Double
    public var strokeOpacity: Double

    public init(
        name: String?, polygons: [[[Coordinate]]], fill: Color, fillOpacity: Double, stroke: Color,
        strokeWidth: Double, strokeOpacity: Double
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
    public var kind: Kind
    public var coordinate: Coordinate
    public var color: Color
    public var glyph: PinGlyph
    /// Size factor on the theme's pin width (simplestyle `marker-size`).
    public var sizeFactor: Double
    /// Shown under the pin, with a halo.
    public var title: String?

    public init(
        kind: Kind = .marker, coordinate: Coordinate, color: Color, glyph: PinGlyph = .none,
        sizeFactor: Double = 1, title: String? = nil
    ) {
        self.kind = kind
        self.coordinate = coordinate
        self.color = color
        self.glyph = glyph
        self.sizeFactor = sizeFactor
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
    public var color: Color
    public var textColor: Color
    public var symbol: BuiltinSymbol?
    /// Whether a fitted camera must make room for this callout. Decorations such as trail-name
    /// callouts set it to false: they are placed where they fit and left out otherwise.
    public var affectsFit: Bool
    /// Where a trail's start flag stands: when no anchor on the line leaves room, the callout
    /// may sit on top of that flag's pole instead, like a banner on the flag.
    public var flagAnchor: Coordinate?

    public init(
        text: String, anchors: [Coordinate], color: Color, textColor: Color, symbol: BuiltinSymbol? = nil,
        affectsFit: Bool = true, flagAnchor: Coordinate? = nil
    ) {
        self.text = text
        self.anchors = anchors
        self.color = color
        self.textColor = textColor
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
