import MapSnapGeometry
import MapSnapImage
import MapSnapStyle
import MapSnapTerrain

/// How the camera is chosen.
public enum CameraRequest: Sendable, Equatable {
    /// `--center LAT,LON --zoom Z`.
    case center(Coordinate, zoom: Double)
    /// `--center LAT,LON --span DLAT,DLON`, like `MKCoordinateRegion`.
    case region(center: Coordinate, latitudeDelta: Double, longitudeDelta: Double)
    /// `--bbox W,S,E,N`.
    case bbox(BoundingBox)
    /// Fit every overlay, keeping `padding` points free at the edges (MapKit's `.automatic`).
    case fit(padding: Double)
}

/// Things drawn on top of the map itself: a scale bar and the data's attribution.
public struct Decorations: Sendable, Equatable {
    /// Units of the scale bar in the bottom-left corner; nil draws none.
    public var scaleBar: ScaleBar.Units?
    /// Attribution text for the bottom-right corner (e.g. "© OpenStreetMap contributors");
    /// nil or empty draws none.
    public var attribution: String?
    /// False leaves out the attribution, including the base map's.
    public var showAttribution = true

    public init(scaleBar: ScaleBar.Units? = nil, attribution: String? = nil) {
        self.scaleBar = scaleBar
        self.attribution = attribution
    }
}

/// One image to render: size, density, camera, format and the map under the overlays.
public struct RenderRequest: Sendable {
    /// An elevation profile inset placed in the corner that hides the least of the trails and
    /// none of the decorations; nil draws none.
    public var profile: ProfileInsetRequest?
    /// Image size in points.
    public var size: Size
    /// Pixels per point: 1, 2 or 3.
    public var scale: Double
    public var camera: CameraRequest
    public var format: ImageFormat
    public var png: PNGOptions
    public var decorations = Decorations()
    /// Balloon pins whose markers would touch are drawn as one count bubble; so are pins closer
    /// than this many points. nil draws every pin as itself (`MarkerLayout`).
    public var clusterRadius: Double? = 0
    /// The map under the overlays; nil draws a plain background (`OverlayLayers.plainStyle`).
    public var baseMap: BaseMap?
    /// A folder of the user's font files (.ttf, .otf, .ttc) whose families a style's
    /// `text-font` may name, matched before the bundled fonts; nil for the bundled fonts only.
    public var fontFolder: String?

    public init(
        size: Size = Size(width: 600, height: 400), scale: Double = 1, camera: CameraRequest = .fit(padding: 24),
        format: ImageFormat = .png, png: PNGOptions = PNGOptions()
    ) {
        self.size = size
        self.scale = scale
        self.camera = camera
        self.format = format
        self.png = png
    }
}

/// A rendered image with the camera it was drawn with and what was drawn where.
public struct RenderOutput: Sendable {
    /// Notes about what the base map could not draw (unsupported layer types …), once each.
    public var warnings: [String] = []
    /// The base-map labels placed, with their boxes and collision shapes (for placement tests).
    var mapLabels: [PlacedLabel] = []
    /// The boxes of each placed base-map label (its text and icon), points.
    var mapLabelBoxes: [[Rect]] { mapLabels.map(\.boxes) }
    /// What each placed base-map label keeps others from, points.
    var mapLabelShapes: [[CollisionIndex.Shape]] { mapLabels.map(\.collisionShapes) }
    /// The encoded file (PNG, SVG or PDF bytes).
    public var bytes: [UInt8]
    public var camera: Camera
    public var annotations: Annotations
}

/// An elevation profile drawn as an inset in a corner of the snapshot (`--profile`).
public struct ProfileInsetRequest: Sendable {
    public var profile: TrackProfile
    public var statistics: TrackStatistics
    /// The area's colour; nil for the overlay trails' default.
    public var color: Color?

    public init(profile: TrackProfile, statistics: TrackStatistics, color: Color? = nil) {
        self.profile = profile
        self.statistics = statistics
        self.color = color
    }
}
