import MapSnapGeometry
import MapSnapStyle

/// Shapes and boxes of pins, flags, callouts and labels, relative to the anchor point (0, 0),
/// in points; the same numbers serve camera fitting, placement and drawing. Text sizes are the
/// shaped text's logical size (points).
public enum MarkerGeometry {
    public static func balloonSize(_ pin: PinOverlay, theme: OverlayTheme) -> (width: Double, height: Double) {
        let w = theme.pin.width * pin.sizeFactor
        return (w, w * 1.32)
    }

    /// Box of a pin or flag (without its title).
    public static func pinBox(_ pin: PinOverlay, theme: OverlayTheme) -> Rect {
        switch pin.kind {
        case .marker:
            let (w, h) = balloonSize(pin, theme: theme)
            return Rect(x: -w / 2 - 1, y: -h - 1, width: w + 2, height: h + 1 + w * 0.12)
        case .startFlag, .endFlag, .loopFlag:
            let h = theme.flags.height
            return Rect(x: -3.5, y: -h - 1, width: h * 0.78 + 4.5, height: h + 4.5)
        }
    }

    /// Box of a pin's title text (halo included), centred under the pin and clear of its box
    /// (where the style's `title-anchors` put it first; the camera fit makes room for it there).
    public static func titleBox(text t: Size, pin: PinOverlay, theme: OverlayTheme) -> Rect {
        let h = theme.label.haloWidth
        let w = t.width + 2 * h
        return Rect(x: -w / 2, y: pinBox(pin, theme: theme).maxY + 0.5, width: w, height: t.height + 2 * h)
    }

    /// Box of a callout whose pointer tip is at (0, 0): the bubble above the tip, or below it
    /// when `below` (pointer pointing up).
    ///
    /// `shift` (-1…1) slides the bubble sideways past its pointer: -1 puts the pointer near the
    /// bubble's right end, 1 near its left end.
    public static func calloutBox(
        text t: Size, callout: CalloutOverlay, theme: OverlayTheme, below: Bool = false, shift: Double = 0
    ) -> Rect {
        let s = theme.callout
        let iconW = callout.symbol == nil ? 0 : s.fontSize * 1.3 + 4
        let bw = t.width + 2 * s.paddingX + iconW
        let bh = t.height + 2 * s.paddingY
        let slack = max(0, bw / 2 - bh / 2 - s.pointerWidth / 2)
        return Rect(
            x: -bw / 2 + shift * slack, y: below ? 0 : -(bh + s.pointerHeight), width: bw, height: bh + s.pointerHeight)
    }

    public static func labelBox(text t: Size) -> Rect {
        Rect(x: -t.width / 2, y: -t.height / 2, width: t.width, height: t.height)
    }
}
