import Foundation
import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle
import MapSnapText

/// An icon placed for a symbol: what to draw and where (points).
struct PlacedIcon {
    enum Art {
        case sprite(SpriteAtlas.Image)
        case builtin(BuiltinSymbol)
        /// A marker, flag or callout bubble drawn by `MarkerPainter`.
        case overlay(OverlayImage)
    }
    var art: Art
    /// Where the image goes (top-left and size).
    var rect: Rect
    /// The collision box: `rect` grown by icon-padding (turned with the icon, the box around it).
    var box: Rect
    /// How far the image is turned about `pivot` (radians; icons set along a line).
    var rotation = 0.0
    var pivot = Point(x: 0, y: 0)
    /// The symbol's point (a callout bubble's pointer goes there).
    var anchor = Point(x: 0, y: 0)
}

extension SymbolPlacer {
    /// Side of a built-in symbol at icon-size 1, points (the size of MapLibre's common 15-pixel
    /// icons).
    static var builtinIconSize: Double { 15 }

    /// The icon of `c` at `p`: its image from the sprites (or a built-in overlay image or
    /// symbol of that name), scaled by icon-size, placed by icon-anchor and icon-offset; nil
    /// when there is none.
    func icon(_ c: SymbolCandidate, at p: Point) -> PlacedIcon? {
        let art: PlacedIcon.Art
        var size: (width: Double, height: Double)
        if let image = sprites.lazy.compactMap({ $0.images[c.icon] }).first {
            art = .sprite(image)
            size = image.pointSize
        } else if let image = OverlayImage(rawValue: c.icon) {
            art = .overlay(image)
            size = image.size
        } else if let symbol = BuiltinSymbol.named(c.icon) {
            art = .builtin(symbol)
            size = (Self.builtinIconSize, Self.builtinIconSize)
        } else {
            return nil
        }
        let l = c.layer.layout
        let scale = max(l.number(.iconSize, c.ctx), 0)
        size = (size.width * scale, size.height * scale)
        guard size.width > 0, size.height > 0 else { return nil }
        let offset = l.numbers(.iconOffset, c.ctx)
        let origin = Self.anchored(
            size.width, size.height, at: p, anchor: l.enumValue(.iconAnchor, c.ctx),
            dx: (offset.first ?? 0) * scale, dy: (offset.count > 1 ? offset[1] : 0) * scale)
        let rect = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        return PlacedIcon(art: art, rect: rect, box: Self.padded(rect, c), anchor: p)
    }

    /// `rect` grown by icon-padding: one number for all sides, or up to four in CSS order (top,
    /// right, bottom, left). Unset, it adds nothing, as this renderer always did (MapLibre's
    /// default is 2).
    static func padded(_ rect: Rect, _ c: SymbolCandidate) -> Rect {
        var top = 0.0
        var right = 0.0
        var bottom = 0.0
        var left = 0.0
        switch c.layer.layout[.iconPadding]?.evaluate(c.ctx) {
        case .number(let d)?:
            (top, right, bottom, left) = (d, d, d, d)
        case .array(let items)?:
            let v = items.compactMap { item -> Double? in
                if case .number(let d) = item { return d }
                return nil
            }
            switch v.count {
            case 1: (top, right, bottom, left) = (v[0], v[0], v[0], v[0])
            case 2: (top, right, bottom, left) = (v[0], v[1], v[0], v[1])
            case 3: (top, right, bottom, left) = (v[0], v[1], v[2], v[1])
            case 4: (top, right, bottom, left) = (v[0], v[1], v[2], v[3])
            default: break
            }
        default:
            break
        }
        return Rect(
            x: rect.x - left, y: rect.y - top, width: rect.width + left + right, height: rect.height + top + bottom)
    }

    /// The icon of `c` at `p` stretched around its text `label` as icon-text-fit says
    /// (`width`, `height` or `both`, plus icon-text-fit-padding: top, right, bottom, left); in
    /// a dimension not fitted the icon keeps its size, centred on the text. icon-offset still
    /// applies.
    func icon(
        _ c: SymbolCandidate, at p: Point, fitting label: (layout: TextLayout, origin: Point, box: Rect)
    ) -> PlacedIcon? {
        guard var icon = icon(c, at: p) else { return nil }
        let l = c.layer.layout
        let fit = l.enumValue(.iconTextFit, c.ctx)
        let pad = l.numbers(.iconTextFitPadding, c.ctx)
        let (top, right, bottom, left) = pad.count == 4 ? (pad[0], pad[1], pad[2], pad[3]) : (0, 0, 0, 0)
        let scale = max(l.number(.iconSize, c.ctx), 0)
        let offset = l.numbers(.iconOffset, c.ctx)
        let ox = (offset.first ?? 0) * scale
        let oy = (offset.count > 1 ? offset[1] : 0) * scale
        let t = Rect(x: label.origin.x, y: label.origin.y, width: label.layout.width, height: label.layout.height)
        var r = icon.rect
        if fit == "width" || fit == "both" {
            r = Rect(x: t.x - left + ox, y: r.y, width: t.width + left + right, height: r.height)
        } else {
            r = Rect(x: t.midX - r.width / 2 + ox, y: r.y, width: r.width, height: r.height)
        }
        if fit == "height" || fit == "both" {
            r = Rect(x: r.x, y: t.y - top + oy, width: r.width, height: t.height + top + bottom)
        } else {
            r = Rect(x: r.x, y: t.midY - r.height / 2 + oy, width: r.width, height: r.height)
        }
        guard r.width > 0, r.height > 0 else { return nil }
        icon.rect = r
        icon.box = Self.padded(r, c)
        return icon
    }

    /// The icon of `c` at `p` on a line running at `angle` (radians): turned with the line
    /// (icon-rotation-alignment `map`, the default for line placement; `viewport` keeps it
    /// upright), plus icon-rotate degrees.
    func lineIcon(_ c: SymbolCandidate, at p: Point, angle: Double) -> PlacedIcon? {
        guard let icon = icon(c, at: p) else { return nil }
        let l = c.layer.layout
        let aligned = l.enumValue(.iconRotationAlignment, c.ctx) != "viewport"
        return Self.turned(icon, by: (aligned ? angle : 0) + l.number(.iconRotate, c.ctx) * .pi / 180, about: p)
    }

    /// A point symbol's icon (`icon` of `c` at `p`) turned by icon-rotate degrees clockwise about
    /// the symbol's point, its offset with it (the spec: "as if the rotated direction was up").
    func pointIcon(_ icon: PlacedIcon?, _ c: SymbolCandidate, at p: Point) -> PlacedIcon? {
        guard let icon else { return nil }
        return Self.turned(icon, by: c.layer.layout.number(.iconRotate, c.ctx) * .pi / 180, about: p)
    }

    /// `icon` turned by `rotation` radians (clockwise on the image) about `p`; its collision box
    /// becomes the box around the turned one.
    static func turned(_ icon: PlacedIcon, by rotation: Double, about p: Point) -> PlacedIcon {
        guard rotation != 0, rotation.isFinite else { return icon }
        var icon = icon
        icon.rotation = rotation
        icon.pivot = p
        // The box around the turned collision box: its half sizes projected on the axes.
        let cs = abs(cos(rotation))
        let sn = abs(sin(rotation))
        let b = icon.box
        let c = Point(x: b.midX - p.x, y: b.midY - p.y)
        let centre = Point(
            x: p.x + c.x * cos(rotation) - c.y * sin(rotation), y: p.y + c.x * sin(rotation) + c.y * cos(rotation))
        let hw = (b.width * cs + b.height * sn) / 2
        let hh = (b.width * sn + b.height * cs) / 2
        icon.box = Rect(x: centre.x - hw, y: centre.y - hh, width: 2 * hw, height: 2 * hh)
        return icon
    }

    /// Draws `icon` with the paint of `c`: sprite images as they are (icon-opacity), built-in
    /// symbols filled with icon-color.
    func drawIcon(_ icon: PlacedIcon, _ c: SymbolCandidate) {
        let paint = c.layer.paint
        let opacity = paint.number(.iconOpacity, c.ctx)
        guard opacity > 0 else { return }
        if icon.rotation != 0 {
            canvas.save()
            canvas.translate(x: icon.pivot.x, y: icon.pivot.y)
            canvas.rotate(by: icon.rotation)
            canvas.translate(x: -icon.pivot.x, y: -icon.pivot.y)
        }
        defer { if icon.rotation != 0 { canvas.restore() } }
        switch icon.art {
        case .sprite(let image):
            canvas.drawImage(image, in: icon.rect, opacity: opacity, resampling: .smooth)
        case .builtin(let symbol):
            let k = icon.rect.width / BuiltinSymbol.canvasSize
            canvas.newPath()
            canvas.addPath(symbol.path) { Point(x: icon.rect.x + $0.x * k, y: icon.rect.y + $0.y * k) }
            canvas.fill(color: paint.color(.iconColor, c.ctx), opacity: opacity)
        case .overlay(let image):
            drawOverlayImage(image, icon, c, opacity: opacity)
        }
    }

    /// Draws a built-in overlay image: in icon-color, with the glyph the feature names
    /// (`symbol` or `glyph`, in `glyph-color`); translucent as a whole when icon-opacity < 1.
    private func drawOverlayImage(_ image: OverlayImage, _ icon: PlacedIcon, _ c: SymbolCandidate, opacity: Double) {
        let rect = icon.rect
        let feature = c.ctx.feature
        func string(_ key: String) -> String? {
            if case .string(let s)? = feature?.property(key) { return s }
            return nil
        }
        var glyph = PinGlyph.none
        var layout: TextLayout?
        if let name = string("symbol"), let symbol = BuiltinSymbol.named(name) {
            glyph = .symbol(symbol)
        } else if let s = string("glyph"), !s.isEmpty {
            glyph = .text(s)
            let natural = image.size.width
            let width = OverlayImage.balloonWidth * (natural > 0 ? rect.width / natural : 1)
            layout = layouts.layout(
                s, size: width * (s.count > 1 ? 0.36 : 0.46), face: .bold, maxWidth: nil, letterSpacing: 0, engine: text
            )
        }
        let isCallout = image == .callout || image == .calloutBelow
        let color = c.layer.paint.color(.iconColor, c.ctx)
        // A callout's symbol takes its layer's text colour; a balloon's glyph and a loop flag's
        // checks the feature's `glyph-color`, else the image's own.
        let glyphColor =
            isCallout
            ? c.layer.paint.color(.textColor, c.ctx)
            : string("glyph-color").flatMap { Color(css: $0) }
                ?? (image == .loopFlag ? OverlayImage.loopCheckColor : OverlayImage.glyphColor)
        if opacity < 1 { canvas.beginGroup() }
        image.draw(
            canvas, in: rect, color: color, glyph: glyph, glyphLayout: layout, glyphColor: glyphColor,
            tipX: icon.anchor.x, symbolSide: isCallout ? 1.3 * c.layer.layout.number(.textSize, c.ctx) : 0,
            symbolInset: isCallout ? c.layer.layout.numbers(.iconTextFitPadding, c.ctx).dropFirst().first ?? 0 : 0)
        if opacity < 1 { canvas.endGroup(opacity: opacity) }
    }
}
