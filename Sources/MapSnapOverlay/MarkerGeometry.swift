import MapSnapGeometry
import MapSnapStyle

/// Shapes and boxes of pins, flags, callouts and labels, relative to the anchor point (0, 0),
/// in points; the same numbers serve camera fitting, placement and drawing. Text sizes are the
/// shaped text's logical size (points); `iconSize` is the `icon-size` the style gives the pin
/// (`OverlayLook.iconSize`).
public enum MarkerGeometry {
    public static func balloonSize(iconSize: Double) -> (width: Double, height: Double) {
        let w = OverlayImage.balloonWidth * iconSize
        return (w, w * 1.32)
    }

    /// Box of a pin or flag (without its title). A flag's size is its image's: the style's
    /// `icon-size` scales balloons only, as the default `overlay-pins` layer does.
    public static func pinBox(_ pin: PinOverlay, iconSize: Double) -> Rect {
        switch pin.kind {
        case .marker:
            let (w, h) = balloonSize(iconSize: iconSize)
            return Rect(x: -w / 2 - 1, y: -h - 1, width: w + 2, height: h + 1 + w * 0.12)
        case .startFlag, .endFlag, .loopFlag:
            let h = OverlayImage.flagHeight * iconSize
            return Rect(
                x: -3.5 * iconSize, y: -h - iconSize, width: h * 0.78 + 4.5 * iconSize, height: h + 4.5 * iconSize)
        }
    }

    /// Box of a pin's title text (halo included), centred under the pin and clear of its box
    /// `pinBox` (where the style's `title-anchors` put it first; the camera fit makes room for
    /// it there).
    public static func titleBox(text t: Size, under pinBox: Rect, haloWidth h: Double) -> Rect {
        let w = t.width + 2 * h
        return Rect(x: -w / 2, y: pinBox.maxY + 0.5, width: w, height: t.height + 2 * h)
    }

    /// A callout's bubble around text of size `t` with the callout layer's paddings (`look`):
    /// its width and height, and how far it may slide sideways past its pointer each way
    /// (`slack`), points.
    public static func bubble(text t: Size, look: OverlayLook.Text) -> (width: Double, height: Double, slack: Double) {
        let p = look.fitPadding
        let bw = t.width + p[1] + p[3]
        let bh = t.height + p[0] + p[2]
        return (bw, bh, max(0, bw / 2 - bh / 2 - OverlayImage.pointerWidth / 2))
    }

    /// Box of a callout whose pointer tip is at (0, 0), the bubble centred above the tip (as
    /// its first spot has it). `look` is the callout layer's text.
    public static func calloutBox(text t: Size, look: OverlayLook.Text) -> Rect {
        let (bw, bh, _) = bubble(text: t, look: look)
        let pointer = OverlayImage.pointerHeight
        return Rect(x: -bw / 2, y: -(bh + pointer), width: bw, height: bh + pointer)
    }

    public static func labelBox(text t: Size) -> Rect {
        Rect(x: -t.width / 2, y: -t.height / 2, width: t.width, height: t.height)
    }
}
