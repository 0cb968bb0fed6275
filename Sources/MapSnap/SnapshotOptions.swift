import MapSnapFormats
import MapSnapGeometry
import MapSnapImage
import MapSnapOverlay
import MapSnapRender
import MapSnapStyle
import MapSnapTerrain

/// Everything that decides one snapshot: the image, the camera and what goes on the map.
public struct SnapshotOptions: Sendable {
    /// Image size in points (default 600 × 400); pixels are points × `scale`.
    public var size = Size(width: 600, height: 400)
    /// Pixels per point: 1, 2 or 3.
    public var scale = 1.0
    /// What the image shows: fit the overlays (the default, 24 points of padding), a centre and
    /// zoom, a region or a bounding box.
    public var camera = CameraRequest.fit(padding: 24)
    public var format = ImageFormat.png
    public var png = PNGOptions()
    /// Features drawn as trails, areas, pins and labels (their simplestyle properties first, then
    /// the style's overlay layers: restyle those to change the look).
    public var features: [Feature] = []
    /// Features drawn as computed routes (dashed) whatever their properties say.
    public var routes: [Feature] = []
    /// Extra pins.
    public var pins: [PinOverlay] = []
    /// Extra callouts.
    public var callouts: [CalloutOverlay] = []
    /// Caption band text.
    public var title: String?
    /// The name of the trail to emphasise: it is drawn wider and on top, the others fade.
    public var highlight: String?
    /// Balloon pins whose markers would touch become one count bubble, and so do pins closer
    /// than this many points; nil draws every pin as itself (`--no-cluster`).
    public var clusterRadius: Double? = 0
    /// Start and end flags on every trail.
    public var flags = true
    /// A callout with the trail's name along each named trail.
    public var trailCallouts = true
    /// Scale bar units (bottom left); nil for none.
    public var scaleBar: ScaleBar.Units? = .metric
    /// Attribution text drawn bottom right (data sources add theirs to it); nil for none.
    public var attribution: String?
    /// Draw the attribution at all. The base maps' licence (ODbL) asks for the credit on every
    /// image: switch it off only when the image is credited elsewhere.
    public var showAttribution = true
    /// The map under the overlays (see `BaseMapLoader`); nil for a plain background.
    public var baseMap: BaseMap?
    /// A folder of font files (.ttf, .otf, .ttc, not in subfolders) that a style's `text-font`
    /// may name by family, matched before the bundled Noto Sans; nil for the bundled fonts only.
    /// Read when a `Snapshotter` first meets it; fonts installed on the machine are never used.
    public var fontFolder: String?
    /// An elevation profile inset of the highlighted (or only) trail, from its own elevations
    /// or else the base map's elevation (`--dem`), in a corner clear of the trail (`--profile`).
    public var profile = false
    /// How the profile's hiking time is estimated.
    public var timeModel: HikingTimeModel = .tobler

    public init() {}

    /// What the renderer needs of these options besides the overlay scene.
    var renderRequest: RenderRequest {
        var request = RenderRequest(
            size: size, scale: scale, camera: camera, format: format, png: png)
        request.decorations = Decorations(scaleBar: scaleBar, attribution: attribution)
        request.decorations.showAttribution = showAttribution
        request.baseMap = baseMap
        request.clusterRadius = clusterRadius
        request.fontFolder = fontFolder
        return request
    }

    /// The builder that turns `features` and `routes` into overlays (styled by the base map's
    /// overlay layers, `OverlayLayers`).
    var overlayBuilder: OverlayBuilder {
        var builder = OverlayBuilder()
        builder.highlight = highlight
        builder.flags = flags
        builder.trailCallouts = trailCallouts
        return builder
    }
}

/// A rendered snapshot: the encoded image plus the mapping between coordinates and positions
/// in it, like `MKMapSnapshotter.Snapshot`.
///
/// Positions are in points (`point(for:)`, `coordinate(for:)`) or in pixels of the encoded
/// image (`pixel(for:)`, `coordinate(forPixel:)`); pixels are points × `camera.scale`. Both have
/// their origin at the top-left corner, y down.
public struct Snapshot: Sendable {
    /// The encoded image (PNG, SVG or PDF).
    public var data: [UInt8]
    public var format: ImageFormat
    /// The camera the image was drawn with (size in points, and the scale).
    public var camera: Camera
    /// What was drawn where, in pixels.
    public var annotations: Annotations
    /// What the base map could not draw, once each.
    public var warnings: [String] = []

    /// Position of `coordinate` in the image, in points (like `MKMapSnapshotter.Snapshot`).
    public func point(for coordinate: Coordinate) -> Point {
        camera.point(for: coordinate)
    }

    /// Position of `coordinate` in the encoded image, in pixels (`point(for:)` × scale).
    public func pixel(for coordinate: Coordinate) -> Point {
        let p = camera.point(for: coordinate)
        return Point(x: p.x * camera.scale, y: p.y * camera.scale)
    }

    /// The coordinate at `point`, in points (the inverse of `point(for:)`).
    public func coordinate(for point: Point) -> Coordinate {
        camera.coordinate(for: point)
    }

    /// The coordinate at `pixel`, in pixels of the encoded image (the inverse of `pixel(for:)`).
    public func coordinate(forPixel pixel: Point) -> Coordinate {
        camera.coordinate(for: Point(x: pixel.x / camera.scale, y: pixel.y / camera.scale))
    }
}
