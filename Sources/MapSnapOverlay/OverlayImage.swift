import MapSnapGeometry
import MapSnapStyle

/// The built-in icon images of the overlay layers, drawn by the renderer's `MarkerPainter` so a style's
/// markers look like the renderer's own: `icon-image` names them (after the sprites, so a
/// sprite image of the same name wins), `icon-color` colours them, and the balloon draws the
/// glyph the feature names (`glyph`: a short text, or `symbol`: a built-in symbol name; in
/// `glyph-color`).
///
/// They are the images' geometry, as a sprite's pixels are a sprite image's: at `icon-size` 1 a
/// balloon is 28 points wide, a flag's pole 22 high, a callout's pointer 12 × 6; the layers size
/// and colour them (`icon-size`, `icon-color`):
///
/// | image | size | where the point goes |
/// |---|---|---|
/// | `mapsnap-marker` | balloon width w × its height + 0.12 w (its shadow) | the tip, 0.12 w up from the bottom centre (`icon-anchor: bottom`, `icon-offset: [0, 0.12 w]`, the pin feature's `icon-offset`); `icon-padding: [1, 1, 0, 1]` (the feature's `icon-padding`) makes the renderer's own pin box, for its outline |
/// | `mapsnap-start-flag`, `mapsnap-end-flag`, `mapsnap-start-end-flag` | 0.78 × pole + 4.5 × pole + 4.5 | the pole's foot, 3.5 points in from the left and up from the bottom (`icon-anchor: bottom-left`, `icon-offset: [-3.5, 3.5]`, the flag feature's `icon-offset`) |
/// | `mapsnap-cluster` | 26 × 26 | the centre (`icon-anchor: center`); the count is the layer's text |
/// | `mapsnap-callout`, `mapsnap-callout-below` | 24 × 24, meant for `icon-text-fit: both` | the capsule bubble fills the image; its pointer (`pointerHeight`) hangs below it (above it for `-below`), its tip straight under (over) the symbol's point, so `icon-padding` should add the pointer on that side (the feature's `icon-padding`); the feature's `symbol` sits at the left end, in `text-color` |
public enum OverlayImage: String, CaseIterable, Sendable {
    case marker = "mapsnap-marker"
    case startFlag = "mapsnap-start-flag"
    case endFlag = "mapsnap-end-flag"
    /// A loop's one flag: the start flag's colour above, checkered in `glyph-color` below.
    case loopFlag = "mapsnap-start-end-flag"
    case callout = "mapsnap-callout"
    case calloutBelow = "mapsnap-callout-below"
    /// A cluster's count bubble: a disc with a white ring and a soft shadow, `clusterDiameter`
    /// wide at icon-size 1, its point in the centre; its text is the layer's.
    case cluster = "mapsnap-cluster"

    /// Inset of a flag's pole foot from the image's left and bottom edges, points.
    public static let flagFootInset = 3.5

    /// A cluster bubble's diameter at icon-size 1, points.
    public static let clusterDiameter = 26.0
    /// A balloon's width at icon-size 1, points (its height is 1.32 × that).
    public static let balloonWidth = 28.0
    /// A flag's pole height at icon-size 1, points.
    public static let flagHeight = 22.0
    /// A callout pointer's base width and height, points.
    public static let pointerWidth = 12.0
    public static let pointerHeight = 6.0
    /// Opacity of the soft shadow under balloons and flags.
    public static let shadowOpacity = 0.35
    /// A balloon glyph's colour when the feature names none (`glyph-color`).
    public static let glyphColor = Color.white
    /// The checkered half of a loop's flag when the feature names no `glyph-color`: the end
    /// flag's red.
    public static let loopCheckColor = Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255)

    /// How far a balloon's shadow reaches below its tip at icon-size 1, points.
    public static let shadowDepth = balloonWidth * 0.12

    /// Where the image's point is, from its bottom-left corner at icon-size 1 (points, y up):
    /// the `icon-offset` that puts it on the feature with `icon-anchor` bottom (a balloon) or
    /// bottom-left (a flag).
    public var anchorOffset: (x: Double, y: Double) {
        switch self {
        case .marker: return (0, Self.shadowDepth)
        case .startFlag, .endFlag, .loopFlag: return (-Self.flagFootInset, Self.flagFootInset)
        case .callout, .calloutBelow, .cluster: return (0, 0)
        }
    }

    /// The icon-padding (top, right, bottom, left, points) that makes the image's collision box
    /// the renderer's own: a balloon's outline; a callout's pointer.
    public var padding: [Double] {
        switch self {
        case .marker: return [1, 1, 0, 1]
        case .startFlag, .endFlag, .loopFlag, .cluster: return [0, 0, 0, 0]
        case .callout: return [0, 0, Self.pointerHeight, 0]
        case .calloutBelow: return [Self.pointerHeight, 0, 0, 0]
        }
    }

    /// Size in points at icon-size 1.
    public var size: (width: Double, height: Double) {
        switch self {
        case .marker:
            let w = Self.balloonWidth
            return (w, w * 1.32 + Self.shadowDepth)
        case .startFlag, .endFlag, .loopFlag:
            let h = Self.flagHeight
            return (h * 0.78 + 1 + Self.flagFootInset, h + 1 + Self.flagFootInset)
        case .callout, .calloutBelow:
            return (24, 24)
        case .cluster:
            return (Self.clusterDiameter, Self.clusterDiameter)
        }
    }

    /// The image of a pin or flag.
    public static func of(_ kind: PinOverlay.Kind) -> OverlayImage {
        switch kind {
        case .marker: return .marker
        case .startFlag: return .startFlag
        case .endFlag: return .endFlag
        case .loopFlag: return .loopFlag
        }
    }
}
