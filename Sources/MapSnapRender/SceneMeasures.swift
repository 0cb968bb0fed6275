import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle
import MapSnapText

/// A scene's texts shaped and its markers' boxes measured, before the camera is chosen: the
/// fit makes room for them, and the annotations report where an unplaced one would have gone.
/// Boxes are in points, relative to each marker's anchor.
struct SceneMeasures {
    /// The pins in drawing order (`OverlayStyleSource.markerOrder`).
    let pins: [PinOverlay]
    /// Each pin's shaped title, if it has one.
    let pinTitles: [TextLayout?]
    /// Each pin's box with its title under it.
    let pinBoxes: [Rect]
    let calloutTexts: [TextLayout]
    /// Each callout's box with the bubble above its first anchor.
    let calloutBoxes: [Rect]
    /// Each label's box with its halo.
    let labelBoxes: [Rect]
    let titleText: TextLayout?
    /// Height of the title band at the top (0 without a title), points.
    let band: Double

    init(_ scene: OverlayScene, theme: OverlayTheme, imageWidth: Double, text: TextEngine) {
        pins = OverlayStyleSource.markerOrder(scene.pins)
        pinTitles = pins.map { pin in
            pin.title.map { text.layout($0, size: theme.pin.labelFontSize, bold: true, maxWidth: 160) }
        }
        pinBoxes = zip(pins, pinTitles).map { pin, title in
            let box = MarkerGeometry.pinBox(pin, theme: theme)
            guard let title else { return box }
            return box.union(MarkerGeometry.titleBox(text: title.size, pin: pin, theme: theme))
        }
        calloutTexts = scene.callouts.map { text.layout($0.text, size: theme.callout.fontSize, bold: true) }
        calloutBoxes = zip(calloutTexts, scene.callouts).map {
            MarkerGeometry.calloutBox(text: $0.size, callout: $1, theme: theme)
        }
        let halo = theme.label.haloWidth
        labelBoxes = scene.labels.map {
            let t = text.layout($0.text, size: theme.label.fontSize, bold: theme.label.bold, maxWidth: 200)
            return MarkerGeometry.labelBox(text: t.size).insetBy(dx: -halo, dy: -halo)
        }
        titleText = scene.title.map {
            text.layout($0, size: theme.title.fontSize, bold: true, maxWidth: imageWidth - 2 * theme.title.padding)
        }
        band = titleText.map { $0.height + 2 * theme.title.padding } ?? 0
    }
}
