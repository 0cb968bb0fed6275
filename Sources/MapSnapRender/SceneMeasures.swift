import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle
import MapSnapText

/// A scene's texts shaped and its markers' boxes measured, as the style's overlay layers size
/// them (`look`), before the camera is chosen: the fit makes room for them, and the
/// annotations report where an unplaced one would have gone. Boxes are in points, relative to
/// each marker's anchor.
struct SceneMeasures {
    /// The look the sizes were read from.
    let look: OverlayLook
    /// The pins in drawing order (`OverlayStyleSource.markerOrder`).
    let pins: [PinOverlay]
    /// Each pin's shaped title, if it has one.
    let pinTitles: [TextLayout?]
    /// Each pin's own box (without its title).
    let pinOnlyBoxes: [Rect]
    /// Each pin's title box under it (nil without a title).
    let titleBoxes: [Rect?]
    /// Each pin's box with its title under it.
    let pinBoxes: [Rect]
    let calloutTexts: [TextLayout]
    /// Each callout's box with the bubble above its first anchor.
    let calloutBoxes: [Rect]
    /// Each label's box with its halo.
    let labelBoxes: [Rect]
    let labelTexts: [TextLayout]
    /// Half the drawn width of each of the scene's lines (casing included) and of each area's
    /// outline, points.
    let lineHalfWidths: [Double]
    let areaHalfWidths: [Double]
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

    init(_ scene: OverlayScene, look: OverlayLook, imageWidth: Double, text: TextEngine) {
        self.look = look
        pins = OverlayStyleSource.markerOrder(scene.pins)
        var titles: [TextLayout?] = []
        var own: [Rect] = []
        var under: [Rect?] = []
        for pin in pins {
            let f = OverlayStyleSource.pinMembers(pin)
            let box = MarkerGeometry.pinBox(pin, iconSize: look.iconSize(f))
            own.append(box)
            let t = look.text(f)
            let title = pin.title.map {
                text.layout($0, size: t.size, face: text.face(for: t.fonts), maxWidth: t.maxWidth)
            }
            titles.append(title)
            under.append(title.map { MarkerGeometry.titleBox(text: $0.size, under: box, haloWidth: t.haloWidth) })
        }
        pinTitles = titles
        pinOnlyBoxes = own
        titleBoxes = under
        pinBoxes = zip(own, under).map { box, title in title.map { box.union($0) } ?? box }
        var texts: [TextLayout] = []
        var boxes: [Rect] = []
        for (i, callout) in scene.callouts.enumerated() {
            let t = look.text(OverlayStyleSource.calloutMembers(callout, index: i))
            let layout = text.layout(
                callout.text, size: t.size, face: text.face(for: t.fonts), maxWidth: t.maxWidth)
            texts.append(layout)
            boxes.append(MarkerGeometry.calloutBox(text: layout.size, look: t))
        }
        calloutTexts = texts
        calloutBoxes = boxes
        texts = []
        boxes = []
        for (i, label) in scene.labels.enumerated() {
            let t = look.text(OverlayStyleSource.labelMembers(label, index: i))
            let layout = text.layout(label.text, size: t.size, face: text.face(for: t.fonts), maxWidth: t.maxWidth)
            texts.append(layout)
            let h = t.haloWidth
            boxes.append(MarkerGeometry.labelBox(text: layout.size).insetBy(dx: -h, dy: -h))
        }
        labelTexts = texts
        labelBoxes = boxes
        lineHalfWidths = scene.lines.map { line in
            let drawn = look.line(OverlayStyleSource.lineMembers(line))
            return max(drawn?.width ?? 0, drawn?.casingWidth ?? 0) / 2
        }
        areaHalfWidths = scene.areas.map { area in
            let members = OverlayStyleSource.areaMembers(area)
            return (look.line(members, type: .polygon)?.width ?? 0) / 2
        }
        titleText = scene.title.map {
            text.layout($0, size: TitleBand.fontSize, face: .bold, maxWidth: imageWidth - 2 * TitleBand.padding)
        }
        band = titleText.map { $0.height + 2 * TitleBand.padding } ?? 0
    }
}
