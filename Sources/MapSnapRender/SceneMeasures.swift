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
    let labelTexts: [TextLayout]
    let titleText: TextLayout?
    /// Height of the title band at the top (0 without a title), points.
    let band: Double

    /// One warning per overlay text with characters no bundled font draws (they show as boxes),
    /// so a missing glyph is said, not silently drawn wrong.
    var missingGlyphWarnings: [String] {
        var texts: [(String, TextLayout)] = []
        if let t = titleText { texts.append(("the title", t)) }
        for (pin, t) in zip(pins, pinTitles) { if let t, let title = pin.title { texts.append(("\"\(title)\"", t)) } }
        for (c, t) in zip(calloutTexts.indices, calloutTexts) { texts.append(("callout \(c + 1)", t)) }
        for (l, t) in zip(labelTexts.indices, labelTexts) { texts.append(("label \(l + 1)", t)) }
        return texts.compactMap { name, layout in
            let n = layout.unknownGlyphs
            guard n > 0 else { return nil }
            return "\(name): \(n) character\(n == 1 ? "" : "s") no bundled font has (drawn as a box)"
        }
    }

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
        labelTexts = scene.labels.map {
            text.layout($0.text, size: theme.label.fontSize, bold: theme.label.bold, maxWidth: 200)
        }
        labelBoxes = labelTexts.map { MarkerGeometry.labelBox(text: $0.size).insetBy(dx: -halo, dy: -halo) }
        titleText = scene.title.map {
            text.layout($0, size: theme.title.fontSize, bold: true, maxWidth: imageWidth - 2 * theme.title.padding)
        }
        band = titleText.map { $0.height + 2 * theme.title.padding } ?? 0
    }
}
