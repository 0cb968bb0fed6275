import Foundation
import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle
import MapSnapText

/// A label a symbol layer wants to show: its text, style and where it may go.
struct SymbolCandidate {
    enum Geometry {
        /// Point placement at this image position (points).
        case point(Point)
        /// Line placement along these polylines (image points); only anchors inside `clip` (the
        /// feature's own tile) are tried, so a road split over tiles is labelled once per tile.
        case lines([[Point]], clip: Rect)
    }

    var layer: StyleLayer
    var layerIndex: Int
    var ctx: EvaluationContext
    var text: String
    var geometry: Geometry
    /// icon-image ("" for none): a sprite image or a built-in symbol name (point placement).
    var icon: String = ""
    /// The feature's index in the `overlay` source, for features of that source (the renderer
    /// reports where each overlay was placed).
    var overlayFeature: Int?
}

/// Where the parts of an overlay feature's symbol went (points); nil for a part not drawn.
struct OverlayPlacement {
    var icon: Rect?
    var text: Rect?
}

/// Places and draws base-map labels after the overlays, in MapLibre's order: symbol layers
/// higher in the style first (they win), and within a layer ascending `symbol-sort-key`.
/// A label is drawn only where its boxes collide with nothing placed before and lie inside the
/// image — unless the layer allows overlap: then it is drawn even where the image edge cuts it.
///
/// Point labels honour text-anchor, text-offset (ems), text-max-width (ems), text-size,
/// text-letter-spacing (ems) and text-font (family, weight, style and width, `TextEngine.face(for:)`); line labels follow the line glyph by glyph
/// (each glyph on the line, turned with its segment) where the line's corners within any 3/5
/// em of the label turn less than text-max-angle in all, every symbol-spacing points, walked
/// backwards where the line runs right to left so that they read left to right.
struct SymbolPlacer<P: Painter> {
    let camera: Camera
    let canvas: P
    let text: TextEngine
    /// Shaped labels, shared by every image drawn with `text` (the same names come back image
    /// after image).
    let layouts: TextLayoutCache
    /// Text parameters by layer index, for layers whose text size, font, spacing and wrap width
    /// do not depend on the feature (nil: they do).
    private var fixedParams: [Int: TextParams?] = [:]

    /// Sprite sheets icon-image names are looked up in (then the built-in symbols).
    let sprites: [SpriteAtlas]

    init(camera: Camera, canvas: P, text: TextEngine, sprites: [SpriteAtlas] = []) {
        self.camera = camera
        self.canvas = canvas
        self.text = text
        self.sprites = sprites
        self.layouts = text.layouts
    }

    /// The labels drawn: text and collision boxes, points (for annotations and tests).
    private(set) var placed: [PlacedLabel] = []

    /// Where the symbols of `overlay` source features went, by feature index (their icon and
    /// text may come from different layers).
    private(set) var overlayPlaced: [Int: OverlayPlacement] = [:]

    /// Whether to keep where each glyph of a line label went, in `placedGlyphs` (tests).
    var recordsGlyphs = false
    private(set) var placedGlyphs: [(text: String, glyphs: [GlyphPlacement])] = []

    /// Buffers reused from one line label to the next.
    private var line = LinePath()
    private var glyphScratch: [GlyphPlacement] = []
    private var boxScratch: [Rect] = []
    /// The collision circles of the line label being placed (points).
    private var circleScratch: [CollisionIndex.Shape] = []

    mutating func place(_ candidates: [SymbolCandidate], frame: Rect, index: inout CollisionIndex) {
        let candidates = LineLabelMerging.merging(candidates)
        // Top layers first; inside a layer by sort key, then source order (stable).
        let sortKeys = candidates.map { $0.layer.layout.number(.symbolSortKey, $0.ctx) }
        let order = candidates.indices.sorted { a, b in
            let la = candidates[a].layerIndex
            let lb = candidates[b].layerIndex
            if la != lb { return la > lb }
            let ka = sortKeys[a]
            let kb = sortKeys[b]
            if ka != kb { return ka < kb }
            return a < b
        }
        var seenText: [Int: Set<String>] = [:]
        var placedGroups: [Int: Set<String>] = [:]
        for i in order {
            let c = candidates[i]
            switch c.geometry {
            case .point(let p):
                // Overlay features sharing a `group` are one overlay's alternative spots: the
                // first that fits in a layer is placed, the others are left out.
                let group = c.overlayFeature == nil ? nil : Self.group(c)
                if let group, placedGroups[c.layerIndex, default: []].contains(group) { continue }
                let before = placed.count
                placePoint(c, at: p, frame: frame, index: &index)
                if let group, placed.count > before { placedGroups[c.layerIndex, default: []].insert(group) }
            case .lines(let paths, let clip) where c.text.isEmpty:
                placeLineIcons(c, paths: paths, clip: clip, frame: frame, index: &index)
            case .lines(let paths, let clip):
                // One label per text per layer is plenty at snapshot sizes.
                if seenText[c.layerIndex, default: []].contains(c.text) { continue }
                if placeLine(c, paths: paths, clip: clip, frame: frame, index: &index) {
                    seenText[c.layerIndex, default: []].insert(c.text)
                }
            }
        }
    }

    /// The `group` property of an overlay feature (a string or a number), nil without one.
    private static func group(_ c: SymbolCandidate) -> String? {
        switch c.ctx.feature?.property("group") {
        case .string(let s)?: return s
        case .number(let d)?: return String(d)
        default: return nil
        }
    }

    /// What shaping a label needs from its layer.
    private struct TextParams {
        var size: Double
        /// The face `text-font` asks for (`TextEngine.face(for:)`).
        var face: FontFace
        var spacingEms: Double
        var maxWidthEms: Double
    }

    private mutating func params(_ c: SymbolCandidate) -> TextParams {
        if let cached = fixedParams[c.layerIndex] {
            if let cached { return cached }
        } else {
            let l = c.layer.layout
            let fixed =
                !l.dependsOnFeature(.textSize) && !l.dependsOnFeature(.textFont)
                && !l.dependsOnFeature(.textLetterSpacing) && !l.dependsOnFeature(.textMaxWidth)
            let p = evaluateParams(c)
            fixedParams[c.layerIndex] = .some(fixed ? p : nil)
            return p
        }
        return evaluateParams(c)
    }

    private func evaluateParams(_ c: SymbolCandidate) -> TextParams {
        let l = c.layer.layout
        return TextParams(
            size: l.number(.textSize, c.ctx), face: text.face(for: l.strings(.textFont, c.ctx)),
            spacingEms: l.number(.textLetterSpacing, c.ctx),
            maxWidthEms: l.number(.textMaxWidth, c.ctx))
    }

    private mutating func layout(_ c: SymbolCandidate, wrap: Bool) -> (TextLayout, size: Double) {
        let p = params(c)
        let size = p.size
        let spacing = p.spacingEms * size
        let maxWidth = wrap ? p.maxWidthEms * size : nil
        let t = layouts.layout(
            c.text, size: size, face: p.face, maxWidth: maxWidth, letterSpacing: spacing,
            justify: wrap ? Self.justify(c) : .center, engine: text)
        return (t, size)
    }

    /// text-justify: left, center or right; `auto` follows the anchor's side (a label anchored
    /// on its left lines up on the left), as MapLibre does.
    static func justify(_ c: SymbolCandidate) -> TextEngine.Justify {
        let l = c.layer.layout
        var j = l.enumValue(.textJustify, c.ctx)
        if j == "auto" {
            let anchor = l.enumValue(.textAnchor, c.ctx)
            j = anchor.hasSuffix("left") ? "left" : (anchor.hasSuffix("right") ? "right" : "center")
        }
        switch j {
        case "left": return .left
        case "right": return .right
        default: return .center
        }
    }

    private func style(_ c: SymbolCandidate) -> (color: Color, halo: Color, haloWidth: Double, opacity: Double) {
        let p = c.layer.paint
        return (
            p.color(.textColor, c.ctx), p.color(.textHaloColor, c.ctx), p.number(.textHaloWidth, c.ctx),
            p.number(.textOpacity, c.ctx)
        )
    }

    // MARK: Point labels

    private mutating func placePoint(_ c: SymbolCandidate, at p: Point, frame: Rect, index: inout CollisionIndex) {
        let l = c.layer.layout
        typealias Label = (layout: TextLayout, origin: Point, box: Rect)
        // The text at each anchor to try (text-variable-anchor-offset, text-variable-anchor, or
        // the one text-anchor), best first.
        var labels: [Label] = []
        if !c.text.isEmpty {
            let (t, size) = layout(c, wrap: true)
            let pad = l.number(.textPadding, c.ctx)
            for (anchor, dx, dy) in Self.textAnchors(c, size: size) {
                let origin = Self.anchored(t.width, t.height, at: p, anchor: anchor, dx: dx, dy: dy)
                let box = Rect(
                    x: origin.x - pad, y: origin.y - pad, width: t.width + 2 * pad, height: t.height + 2 * pad)
                labels.append((t, origin, box))
            }
        }
        // Both parts must fit, unless one is optional (then the other shows alone).
        let textAllow = l.bool(.textAllowOverlap, c.ctx)
        let iconAllow = l.bool(.iconAllowOverlap, c.ctx)
        // Parts that must show (…-allow-overlap) are drawn even where the image edge cuts them,
        // as MapLibre does; the others only whole.
        func fits(_ box: Rect, allow: Bool) -> Bool {
            (allow ? frame.intersection(box) != nil : frame.contains(box)) && (allow || !index.collides(box))
        }
        // The icon (MapLibre skips an icon-image it cannot find and still places the text); with
        // icon-text-fit it follows the text, so it is laid out per anchor.
        let fitsText = !l.enumValue(.iconTextFit, c.ctx).isEmpty && l.enumValue(.iconTextFit, c.ctx) != "none"
        let fixedIcon = c.icon.isEmpty || (fitsText && !labels.isEmpty) ? nil : pointIcon(self.icon(c, at: p), c, at: p)
        if labels.isEmpty {
            guard let icon = fixedIcon, fits(icon.box, allow: iconAllow) else { return }
            return placeParts(c, label: nil, icon: icon, index: &index)
        }
        var textAlone: Label?
        for label in labels {
            let icon =
                c.icon.isEmpty ? nil : (fitsText ? pointIcon(self.icon(c, at: p, fitting: label), c, at: p) : fixedIcon)
            let textFits = fits(label.box, allow: textAllow)
            let iconFits = icon.map { fits($0.box, allow: iconAllow) } ?? true
            if textFits && iconFits { return placeParts(c, label: label, icon: icon, index: &index) }
            if textFits && textAlone == nil { textAlone = label }
        }
        // No anchor fits both: an optional part is left out.
        if let icon = fixedIcon, fits(icon.box, allow: iconAllow), l.bool(.textOptional, c.ctx) {
            return placeParts(c, label: nil, icon: icon, index: &index)
        }
        if let label = textAlone, c.icon.isEmpty || l.bool(.iconOptional, c.ctx) {
            return placeParts(c, label: label, icon: nil, index: &index)
        }
    }

    /// The anchors to try for a point label, best first, with their offsets (points): the
    /// pairs of text-variable-anchor-offset (offsets in ems as given), else text-variable-anchor
    /// with text-offset taken as absolute values and applied away from each anchor, else
    /// text-anchor with text-offset.
    static func textAnchors(_ c: SymbolCandidate, size: Double) -> [(String, Double, Double)] {
        let l = c.layer.layout
        if let property = variableAnchorOffsetProperty, case .array(let items)? = l.value(property, c.ctx) {
            var list: [(String, Double, Double)] = []
            var i = 0
            while i + 1 < items.count {
                if case .string(let anchor) = items[i], case .array(let xy) = items[i + 1], xy.count == 2,
                    case .number(let x) = xy[0], case .number(let y) = xy[1]
                {
                    list.append((anchor, x * size, y * size))
                }
                i += 2
            }
            if !list.isEmpty { return list }
        }
        let offset = l.numbers(.textOffset, c.ctx)
        let ox = (offset.first ?? 0) * size
        let oy = (offset.count > 1 ? offset[1] : 0) * size
        let variable = l.strings(.textVariableAnchor, c.ctx)
        if !variable.isEmpty {
            return variable.map { anchor in
                let dx = anchor.hasSuffix("left") ? abs(ox) : (anchor.hasSuffix("right") ? -abs(ox) : 0)
                let dy = anchor.hasPrefix("top") ? abs(oy) : (anchor.hasPrefix("bottom") ? -abs(oy) : 0)
                return (anchor, dx, dy)
            }
        }
        return [(l.enumValue(.textAnchor, c.ctx), ox, oy)]
    }

    /// Records the placed boxes (unless ignore-placement) and draws the icon, then the text.
    private mutating func placeParts(
        _ c: SymbolCandidate, label: (layout: TextLayout, origin: Point, box: Rect)?, icon: PlacedIcon?,
        index: inout CollisionIndex
    ) {
        let l = c.layer.layout
        var boxes: [Rect] = []
        if let icon {
            if !l.bool(.iconIgnorePlacement, c.ctx) { index.insert(icon.box) }
            drawIcon(icon, c)
            boxes.append(icon.box)
            if let f = c.overlayFeature { overlayPlaced[f, default: OverlayPlacement()].icon = icon.box }
        }
        if let label {
            if !l.bool(.textIgnorePlacement, c.ctx) { index.insert(label.box) }
            let s = style(c)
            if s.opacity > 0 {
                canvas.drawText(
                    label.layout, at: label.origin, color: s.color.withAlpha(s.opacity),
                    halo: s.haloWidth > 0 ? s.halo.withAlpha(s.opacity) : nil, haloWidth: s.haloWidth)
            }
            boxes.insert(label.box, at: 0)
            if let f = c.overlayFeature { overlayPlaced[f, default: OverlayPlacement()].text = label.box }
        }
        placed.append(PlacedLabel(text: c.text.isEmpty ? c.icon : c.text, boxes: boxes))
    }

    /// The top-left corner of a `w` × `h` box placed at `p` by `anchor` (MapLibre's anchors:
    /// center, left, right, top, bottom and the corners), shifted by `dx`, `dy` points.
    static func anchored(_ w: Double, _ h: Double, at p: Point, anchor: String, dx: Double, dy: Double) -> Point {
        var x = p.x + dx - w / 2
        var y = p.y + dy - h / 2
        if anchor.hasSuffix("left") { x = p.x + dx }
        if anchor.hasSuffix("right") { x = p.x + dx - w }
        if anchor.hasPrefix("top") { y = p.y + dy }
        if anchor.hasPrefix("bottom") { y = p.y + dy - h }
        return Point(x: x, y: y)
    }

    // MARK: Line labels

    /// Places a line label at MapLibre's anchors along each part of `paths` inside `clip` (its
    /// tile; see `LineAnchors`), each one that fits and is clear of what is placed (a long
    /// street is named more than once, as in MapLibre); true when one was placed.
    private mutating func placeLine(
        _ c: SymbolCandidate, paths: [[Point]], clip: Rect, frame: Rect, index: inout CollisionIndex
    ) -> Bool {
        let (t, size) = layout(c, wrap: false)
        guard !t.lineGlyphs.isEmpty, size > 0 else { return false }
        let l = c.layer.layout
        var atEighteen = c.ctx
        atEighteen.zoom = 18
        let anchors = LineAnchors(
            spacing: max(l.number(.symbolSpacing, c.ctx), 1), labelWidth: t.width, size: size,
            maxSize: l.number(.textSize, atEighteen), zoom: camera.zoom, tile: clip)
        var placedOne = false
        for path in paths {
            for part in PolylineClipping.clip(path, to: clip) {
                line.reset(part)
                guard line.points.count > 1, line.length >= anchors.fitLength else { continue }
                let continued = LineAnchors.touchesEdge(part[0], of: clip)
                var candidates = anchors.distances(along: line.length, continued: continued) { d in
                    anchorFits(d, anchors, c, clip: clip)
                }
                if candidates.isEmpty, !continued, anchorFits(line.length / 2, anchors, c, clip: clip) {
                    candidates = [line.length / 2]
                }
                for d in candidates where placeLineLabel(c, t, size: size, at: d, frame: frame, index: &index) {
                    placedOne = true
                }
            }
        }
        return placedOne
    }

    /// The collision circles of a line label centred `d` points along the current line, into
    /// `circleScratch`, as MapLibre places them (src/symbol/collision_index.ts,
    /// placeCollisionCircles): along the line from the first glyph's centre to the last one's,
    /// less a quarter radius at each end, `ceil(length / 2.5 r) + 1` circles evenly spaced (one
    /// when the path is shorter than half a radius), of radius `r` = half the line height
    /// (text-line-height ems of the text size, at least 10/24 of it) plus text-padding.
    private mutating func collisionCircles(
        _ t: TextLayout, _ c: SymbolCandidate, at d: Double, direction dir: Double, size: Double, padding: Double
    ) {
        circleScratch.removeAll(keepingCapacity: true)
        guard let first = t.lineGlyphs.first, let last = t.lineGlyphs.last else { return }
        let lineHeight = c.layer.layout.number(.textLineHeight, c.ctx)
        let r = max(lineHeight, 10.0 / 24) * size / 2 + padding
        guard r > 0, r.isFinite else { return }
        let half = t.width / 2
        let ends = (d + dir * (first.center - half), d + dir * (last.center - half))
        let (a, b) = (min(ends.0, ends.1), max(ends.0, ends.1))
        let inset = 0.25 * r
        let padded = b - a - 2 * inset
        let count = b - a <= 0.5 * r ? 1 : Int(min((max(padded, 0) / (2.5 * r)).rounded(.up), 4096)) + 1
        for i in 0..<count {
            let f = Double(i) / Double(max(count - 1, 1))
            circleScratch.append(CollisionIndex.Shape(circle: line.point(at: a + inset + f * padded), radius: r))
        }
    }

    /// Whether a label centred `d` points along the current line fits there as MapLibre judges
    /// it (`anchors.fitLength` long: the label at zoom 18's text size): on the line, its anchor
    /// in `clip`, bending no more than text-max-angle.
    private func anchorFits(_ d: Double, _ anchors: LineAnchors, _ c: SymbolCandidate, clip: Rect) -> Bool {
        let half = anchors.fitLength / 2
        guard d - half >= 0, d + half <= line.length, clip.containsPoint(line.point(at: d)) else { return false }
        let maxAngle = c.layer.layout.number(.textMaxAngle, c.ctx) * .pi / 180
        // MapLibre sums the turns within 3/5 of an em (getAngleWindowSize).
        return line.bendWithin(from: d - half, to: d + half, window: anchors.angleWindow, maxAngle: maxAngle)
    }

    /// Places the label `t` of `c` centred `d` points along the current line when it is inside
    /// `frame` and clear of what `index` holds (unless it may overlap), with its icon; true
    /// when placed.
    private mutating func placeLineLabel(
        _ c: SymbolCandidate, _ t: TextLayout, size: Double, at d: Double, frame: Rect, index: inout CollisionIndex
    ) -> Bool {
        let l = c.layer.layout
        let half = t.width / 2
        let h = t.height
        let allow = l.bool(.textAllowOverlap, c.ctx)
        let pad = max(l.number(.textPadding, c.ctx), 0)
        let mid = line.point(at: d)
        // Read left to right: walk the line backwards when it runs right to left
        // (MapLibre's keep-upright, judged by where the label starts and ends), unless
        // `text-keep-upright` is false: then the text's top stays on the line's left.
        let flip = l.bool(.textKeepUpright, c.ctx) && line.point(at: d + half).x < line.point(at: d - half).x
        let dir = flip ? -1.0 : 1.0
        // The glyphs, each on the line at its own distance, turned with its segment.
        glyphScratch.removeAll(keepingCapacity: true)
        for g in t.lineGlyphs {
            let (p, angle) = line.locate(d + dir * (g.center - half))
            glyphScratch.append(GlyphPlacement(center: p, angle: flip ? angle + .pi : angle))
        }
        // The label stays inside the image: boxes along the path, one per text height, grown
        // by text-padding, must all be in `frame`.
        // (A text of no height, text-size 0, gets one box: width / 0 is no count.)
        let boxes = (t.width / h).rounded(.up)
        let n = boxes.isFinite ? Int(min(max(boxes, 1), 4096)) : 1
        boxScratch.removeAll(keepingCapacity: true)
        for k in 0..<n {
            let off = -half + (Double(k) + 0.5) * t.width / Double(n)
            let p = line.point(at: d + dir * off)
            let box = Rect(x: p.x - h / 2 - pad, y: p.y - h / 2 - pad, width: h + 2 * pad, height: h + 2 * pad)
            guard frame.contains(box) else { return false }
            boxScratch.append(box)
        }
        // What it takes from others: MapLibre's collision circles (see `collisionCircles`).
        collisionCircles(t, c, at: d, direction: dir, size: size, padding: pad)
        if !allow {
            for circle in circleScratch where index.collides(circle) { return false }
        }
        // An icon goes at the anchor, turned with the line (MapLibre skips an icon it
        // cannot find); both must fit unless the icon is optional.
        var icon = c.icon.isEmpty ? nil : lineIcon(c, at: mid, angle: line.locate(d).angle)
        if let i = icon, !iconFits(i, c, frame: frame, index: index) {
            guard l.bool(.iconOptional, c.ctx) else { return false }
            icon = nil
        }
        if let icon {
            if !l.bool(.iconIgnorePlacement, c.ctx) { index.insert(icon.box) }
            drawIcon(icon, c)
        }
        if !l.bool(.textIgnorePlacement, c.ctx) {
            for circle in circleScratch { index.insert(circle) }
        }
        drawLineLabel(
            c, t, glyphs: t.lineGlyphs, mid: mid, from: line.point(at: d - half), to: line.point(at: d + half))
        placed.append(
            PlacedLabel(
                text: c.text, boxes: icon.map { boxScratch + [$0.box] } ?? boxScratch,
                collisionShapes: circleScratch + (icon.map { [CollisionIndex.Shape(box: $0.box, radius: 0)] } ?? [])))
        if recordsGlyphs { placedGlyphs.append((c.text, glyphScratch)) }
        return true
    }

    /// Whether `icon` can go where it is: inside the image (or, with icon-allow-overlap, at
    /// least partly) and clear of what is placed unless icon-allow-overlap.
    private func iconFits(_ icon: PlacedIcon, _ c: SymbolCandidate, frame: Rect, index: CollisionIndex) -> Bool {
        let allow = c.layer.layout.bool(.iconAllowOverlap, c.ctx)
        return (allow ? frame.intersection(icon.box) != nil : frame.contains(icon.box))
            && (allow || !index.collides(icon.box))
    }

    /// Icons without text along a line (oneway arrows): one every symbol-spacing points, on
    /// this tile's part of the line, turned with the line where it turns less than
    /// text-max-angle at any corner under the icon.
    private mutating func placeLineIcons(
        _ c: SymbolCandidate, paths: [[Point]], clip: Rect, frame: Rect, index: inout CollisionIndex
    ) {
        let l = c.layer.layout
        let spacing = max(l.number(.symbolSpacing, c.ctx), 1)
        let maxAngle = l.number(.textMaxAngle, c.ctx) * .pi / 180
        let ignore = l.bool(.iconIgnorePlacement, c.ctx)
        for path in paths {
            line.reset(path)
            let total = line.length
            guard line.points.count > 1 else { continue }
            var d = min(spacing / 2, total / 2)
            var tried = 0
            while d < total && tried < 256 {
                tried += 1
                defer { d += spacing }
                let (p, angle) = line.locate(d)
                guard clip.containsPoint(p), let icon = lineIcon(c, at: p, angle: angle) else { continue }
                // The icon's length along the line must fit on it, round no sharp corner.
                let half = icon.rect.width / 2
                guard d - half >= 0, d + half <= total,
                    line.bendWithin(from: d - half, to: d + half, window: 0, maxAngle: maxAngle),
                    iconFits(icon, c, frame: frame, index: index)
                else { continue }
                if !ignore { index.insert(icon.box) }
                drawIcon(icon, c)
                placed.append(PlacedLabel(text: c.icon, boxes: [icon.box]))
            }
        }
    }

    /// Draws a line label placed at `glyphScratch`: on a straight stretch as one turned text
    /// (as a point label is drawn), else glyph by glyph.
    private func drawLineLabel(
        _ c: SymbolCandidate, _ t: TextLayout, glyphs: [LineGlyph], mid: Point, from a: Point, to b: Point
    ) {
        let s = style(c)
        guard s.opacity > 0 else { return }
        let color = s.color.withAlpha(s.opacity)
        let halo = s.haloWidth > 0 ? s.halo.withAlpha(s.opacity) : nil
        let first = glyphScratch.first?.angle ?? 0
        let straight = glyphScratch.allSatisfy { g in
            let d = abs(remainder(g.angle - first, 2 * .pi))
            return d < 1e-3
        }
        if straight {
            var angle = atan2(b.y - a.y, b.x - a.x)
            if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
            canvas.save()
            canvas.translate(x: mid.x, y: mid.y)
            canvas.rotate(by: angle)
            canvas.drawText(
                t, at: Point(x: -t.width / 2, y: -t.height / 2), color: color, halo: halo, haloWidth: s.haloWidth)
            canvas.restore()
        } else {
            canvas.drawGlyphs(glyphs, at: glyphScratch, color: color, halo: halo, haloWidth: s.haloWidth)
        }
    }
}

/// text-variable-anchor-offset (not in the property table yet).
private let variableAnchorOffsetProperty = StyleProperty("text-variable-anchor-offset")
