import CCairo
import CPangoCairo
import MapSnapGeometry

/// Shapes text with Pango (HarfBuzz underneath) in the bundled fonts, and in a user's fonts when
/// made with them. One engine per thread: it owns its own font map and context, so two threads
/// can render at once; its fonts are its own (another engine never sees a user's fonts).
///
/// Text metrics are independent of the image scale (hinting off, metrics unhinted, glyph
/// positions unrounded, in fractions of a point), so a @2x image has exactly the @1x layout at
/// twice the pixels, and letters at 1x keep the font's spacing (the raster painter fills their
/// outlines where they are, rather than snapping each glyph to a whole pixel).
package final class TextEngine {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private let config: OpaquePointer
    /// Whether the fallback faces are in `config` (they wait until a text or a face needs
    /// them: `TextEngine+Fallbacks`).
    private(set) var fallbacksLoaded: Bool
    /// While they wait: Noto Sans Regular's characters, and the keys of their families.
    let regularCharset: OpaquePointer?
    var fallbackFamilies: Set<String> = []
    /// Shaped text kept across images (used by this engine's thread, like the engine).
    package let layouts = TextLayoutCache()
    /// The families of the loaded faces, by `FontFace.key`.
    let families: [String: String]
    /// The face of each `text-font` stack asked for (`face(for:)`).
    var faces: [[String]: FontFace] = [:]
    /// A Pango font description (size unset) of each face laid out.
    var descriptions: [FontFace: OpaquePointer] = [:]

    /// An engine with the bundled fonts and, matched before them, the font files `userFonts`
    /// (paths; see `FontLibrary.userFonts(in:)`).
    /// - Throws: `TextError.fontFile` for a user's file fontconfig cannot load, `.fontsMissing`
    ///   when the bundled fonts cannot be loaded.
    /// With `fallbacksUpFront`, the fallback faces are loaded at once (for tests: the same
    /// layouts either way).
    package init(userFonts: [String] = [], fallbacksUpFront: Bool = false) throws(TextError) {
        let wait = !fallbacksUpFront && FontLibrary.fallbacksMayWait
        config = try FontLibrary.makeConfig(userFonts: userFonts, fallbacks: !wait)
        regularCharset = wait ? FontLibrary.regularCharset(in: config) : nil
        fallbacksLoaded = regularCharset == nil
        if !fallbacksLoaded {
            fallbackFamilies = Set(FontLibrary.fallbackFamilies.flatMap(\.families).map(FontFace.key))
        }
        families = FontLibrary.families(in: config, adding: fallbacksLoaded ? [] : FontLibrary.fallbackFamilies)
        _ = FontLibrary.emptyCurrentConfig  // before the first font map: see there
        guard let map = pango_cairo_font_map_new() else {
            FcConfigDestroy(config)
            throw .fontsMissing("pango: cannot create a font map")
        }
        fontMap = map
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        guard let ctx = pango_font_map_create_context(map) else {
            g_object_unref(map)
            FcConfigDestroy(config)
            throw .fontsMissing("pango: cannot create a context")
        }
        context = ctx
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        // Pango ≥ 1.44 rounds every glyph position to a whole unit of the layout (a point here,
        // so a whole pixel at 1x): letters then drift up to a pixel off their neighbours
        // ("WESTER N"). Unrounded, each glyph sits at its exact, unhinted place.
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        for d in descriptions.values { pango_font_description_free(d) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        FcConfigDestroy(config)
        if let regularCharset { FcCharSetDestroy(regularCharset) }
    }

    /// Adds the fallback faces to the engine's configuration and tells Pango (its font sets
    /// are made again; layouts made before keep their fonts, which the faces added would not
    /// have changed: see `needsFallbacks`).
    func loadFallbacks() {
        guard !fallbacksLoaded else { return }
        fallbacksLoaded = true
        _ = FontLibrary.addFallbacks(to: config)
        pango_fc_font_map_config_changed(OpaquePointer(fontMap))
    }

    /// How the lines of a wrapped label line up (`text-justify`).
    package enum Justify: Hashable {
        case left, center, right
    }

    /// Lays out `text` at `size` points. `maxWidth` (points) wraps it as MapLibre wraps
    /// `text-max-width` (`LineBreaker`: balanced lines, broken only where Unicode allows, never
    /// inside a word, no hyphen added); the lines line up by `justify` (centred by default).
    /// `letterSpacing` is extra space between characters, points. `face` is what to set it in
    /// (`face(for:)` reads a style's `text-font`); characters it lacks come from the others.
    package func layout(
        _ text: String, size: Double, face: FontFace, maxWidth: Double? = nil, letterSpacing: Double = 0,
        justify: Justify = .center
    ) -> TextLayout {
        // Sizes any style can ask for stay where Pango's fixed-point units (1/1024 point in an
        // Int32) and its glyph caches cope: what is larger than any image is no text to read.
        let text = Self.shortened(text)
        let size = Self.bounded(size, 0...Self.largestSize)
        let letterSpacing = Self.bounded(letterSpacing, -Self.largestSize...Self.largestSize)
        let maxWidth = maxWidth.map { Self.bounded($0, 0...1_000_000) }
        let oneLine = pangoLayout(text, size: size, face: face, letterSpacing: letterSpacing)
        guard let maxWidth, let layout = oneLine else { return TextLayout(layout: oneLine) }
        // What fits on one line stays there (the line breaker's own first test, without
        // measuring every character): its letters with their spacing, the ends' included.
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        if Double(logical.width) / Double(PANGO_SCALE) + letterSpacing <= maxWidth && !text.utf8.contains(0x0A) {
            return TextLayout(layout: oneLine)
        }
        let characters = Self.characters(of: layout, text)
        let lines = LineBreaker.lines(characters, maxWidth: maxWidth)
        guard lines.count > 1 else { return TextLayout(layout: oneLine) }
        g_object_unref(UnsafeMutableRawPointer(layout))
        var wrapped = String.UnicodeScalarView()
        for (k, line) in lines.enumerated() {
            if k > 0 { wrapped.append("\n") }
            wrapped.append(contentsOf: characters[line].map(\.scalar))
        }
        let broken = pangoLayout(String(wrapped), size: size, face: face, letterSpacing: letterSpacing)
        // With no width set, Pango lines up the lines within the widest one.
        switch justify {
        case .left: pango_layout_set_alignment(broken, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(broken, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(broken, PANGO_ALIGN_RIGHT)
        }
        return TextLayout(layout: broken)
    }

    /// The largest text size and letter spacing laid out, points.
    package static let largestSize = 2048.0

    /// The most characters a label is laid out with: longer text is cut there, with an ellipsis.
    /// No map label is that long, and shaping and line breaking grow with the length (a name of
    /// a million characters took minutes).
    package static let longestText = 1000

    /// `text`, cut to `longestText` characters (an ellipsis added) when longer.
    package static func shortened(_ text: String) -> String {
        // Bytes are at least as many as characters: short text costs one comparison.
        guard text.utf8.count > longestText, text.count > longestText else { return text }
        return String(text.prefix(longestText)) + "…"
    }

    /// `v` within `range`; 0 (or the range's nearest end to it) when it is not a number.
    static func bounded(_ v: Double, _ range: ClosedRange<Double>) -> Double {
        guard !v.isNaN else { return min(max(0, range.lowerBound), range.upperBound) }
        return min(max(v, range.lowerBound), range.upperBound)
    }

    /// A Pango layout of `text` in `face`, not wrapped (lines only at newlines).
    private func pangoLayout(_ text: String, size: Double, face: FontFace, letterSpacing: Double) -> OpaquePointer? {
        if !fallbacksLoaded && needsFallbacks(text, face: face) { loadFallbacks() }
        let layout = pango_layout_new(context)
        let desc = description(face)
        // The layout keeps a copy: the kept description only lends its family, weight and style.
        pango_font_description_set_absolute_size(desc, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)
        let spaces = EmojiSpacing.spaces(in: text)
        if letterSpacing != 0 || !spaces.isEmpty, let attrs = pango_attr_list_new() {
            if letterSpacing != 0, let a = pango_attr_letter_spacing_new(Int32(letterSpacing * Double(PANGO_SCALE))) {
                pango_attr_list_insert(attrs, a)
            }
            for r in spaces {
                guard let a = pango_attr_family_new(FontLibrary.family) else { continue }
                a.pointee.start_index = UInt32(r.lowerBound)
                a.pointee.end_index = UInt32(r.upperBound)
                pango_attr_list_insert(attrs, a)
            }
            pango_layout_set_attributes(layout, attrs)
            pango_attr_list_unref(attrs)
        }
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// The characters of `text` as laid out in `layout`: each one's advance (its share of its
    /// glyph cluster, from Pango's logical widths) and whether a line may start at it (UAX #14).
    private static func characters(of layout: OpaquePointer, _ text: String) -> [LineBreaker.Character] {
        let scalars = Array(text.unicodeScalars)
        var attrCount: Int32 = 0
        let attrs = pango_layout_get_log_attrs_readonly(layout, &attrCount)
        var out = scalars.enumerated().map { i, scalar in
            LineBreaker.Character(
                scalar: scalar, advance: 0,
                breakBefore: i > 0 && i < Int(attrCount) && (attrs?[i].is_line_break ?? 0) != 0)
        }
        // The character index of every UTF-8 offset that starts a character.
        var charAt = [Int](repeating: 0, count: text.utf8.count + 1)
        var offset = 0
        for (i, scalar) in scalars.enumerated() {
            charAt[offset] = i
            offset += scalar.utf8.count
        }
        charAt[offset] = scalars.count
        guard let iter = pango_layout_get_iter(layout), let layoutText = pango_layout_get_text(layout) else {
            return out
        }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item else { continue }
            let first = charAt[Int(item.pointee.offset)]
            let count = Int(item.pointee.num_chars)
            var widths = [Int32](repeating: 0, count: count)
            pango_glyph_item_get_logical_widths(UnsafeMutablePointer(mutating: run), layoutText, &widths)
            for k in 0..<count where first + k < out.count {
                out[first + k].advance = Double(widths[k]) / Double(PANGO_SCALE)
            }
        } while pango_layout_iter_next_run(iter) != 0
        return out
    }
}

/// A shaped piece of text. Its box is in points with the origin at its top-left corner.
package final class TextLayout {
    fileprivate let layout: OpaquePointer?
    /// Logical size in points.
    package let width: Double
    package let height: Double
    /// The logical size, points.
    package var size: Size { Size(width: width, height: height) }
    /// Ink extents relative to the text's top-left corner, points (what actually gets painted).
    package let ink: Rect
    /// Where Pango puts the logical box inside the layout (non-zero for centred, wrapped text).
    private let logicalOffset: Point

    fileprivate init(layout: OpaquePointer?) {
        self.layout = layout
        var inkRect = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &inkRect, &logical)
        let s = Double(PANGO_SCALE)
        width = Double(logical.width) / s
        height = Double(logical.height) / s
        logicalOffset = Point(x: Double(logical.x) / s, y: Double(logical.y) / s)
        ink = Rect(
            x: Double(inkRect.x - logical.x) / s, y: Double(inkRect.y - logical.y) / s,
            width: Double(inkRect.width) / s,
            height: Double(inkRect.height) / s)
    }

    deinit {
        if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// Each line's text and logical box (points, from the text's top-left corner), top to bottom.
    var lines: [(text: String, box: Rect)] {
        guard let layout, let iter = pango_layout_get_iter(layout), let text = pango_layout_get_text(layout) else {
            return []
        }
        defer { pango_layout_iter_free(iter) }
        let s = Double(PANGO_SCALE)
        var out: [(String, Rect)] = []
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let slice = UnsafeRawBufferPointer(
                start: text + Int(line.pointee.start_index), count: Int(line.pointee.length))
            let box = Rect(
                x: Double(logical.x) / s - logicalOffset.x, y: Double(logical.y) / s - logicalOffset.y,
                width: Double(logical.width) / s, height: Double(logical.height) / s)
            out.append((String(decoding: slice, as: UTF8.self), box))
        } while pango_layout_iter_next_line(iter) != 0
        return out
    }

    /// Characters no bundled font could draw (shown as boxes).
    package var unknownGlyphs: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// Adds the glyph outlines at `origin` (top-left, points) to the current path of `cr`.
    package func appendPath(to cr: OpaquePointer, at origin: Point) {
        cairo_move_to(cr, origin.x - logicalOffset.x, origin.y - logicalOffset.y)
        pango_cairo_layout_path(cr, layout)
    }

    /// Paints the text at `origin` (top-left, points) in the current source of `cr`.
    package func show(in cr: OpaquePointer, at origin: Point) {
        cairo_move_to(cr, origin.x - logicalOffset.x, origin.y - logicalOffset.y)
        pango_cairo_show_layout(cr, layout)
    }

    /// The glyph clusters of the text, left to right, for setting it along a line (made on
    /// first use and kept with the layout, so a cached layout shapes and outlines them once).
    package var lineGlyphs: [LineGlyph] {
        if let glyphs = lineGlyphStore { return glyphs }
        let glyphs = makeLineGlyphs()
        lineGlyphStore = glyphs
        return glyphs
    }

    private var lineGlyphStore: [LineGlyph]?

    /// One `LineGlyph` per cluster (a letter with its marks, a ligature) of every run, in
    /// visual order: its place, advance and glyphs (outlined only when drawn, from cairo's glyph
    /// cache: kept outlines would cost a kilobyte or two a letter in the layout cache).
    private func makeLineGlyphs() -> [LineGlyph] {
        guard let layout, let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        let s = Double(PANGO_SCALE)
        var out: [LineGlyph] = []
        repeat {
            // Only the first line: line labels are not wrapped.
            guard pango_layout_iter_get_line_readonly(iter) == pango_layout_get_line_readonly(layout, 0) else { break }
            guard let run = pango_layout_iter_get_run_readonly(iter), let glyphs = run.pointee.glyphs,
                let item = run.pointee.item, let font = item.pointee.analysis.font
            else { continue }
            var extents = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, nil, &extents)
            let baseline = Double(pango_layout_iter_get_baseline(iter))
            let count = Int(glyphs.pointee.num_glyphs)
            guard let infos = glyphs.pointee.glyphs else { continue }
            var x = Int(extents.x)
            var i = 0
            while i < count {
                // The cluster: this glyph and the ones after it that do not start a cluster.
                var end = i + 1
                while end < count && infos[end].attr.is_cluster_start == 0 { end += 1 }
                var width = 0
                for k in i..<end { width += Int(infos[k].geometry.width) }
                let left = (Double(x) - s * logicalOffset.x) / s
                let advance = Double(width) / s
                out.append(
                    LineGlyph(
                        center: left + advance / 2, advance: advance,
                        baseline: (baseline - s * logicalOffset.y) / s - height / 2, font: font,
                        glyphs: Array(UnsafeBufferPointer(start: infos + i, count: end - i))))
                x += width
                i = end
            }
        } while pango_layout_iter_next_run(iter) != 0
        return out
    }
}

/// A glyph cluster of a one-line text, for setting text along a line. Valid while the
/// `TextLayout` it came from lives (that holds its font).
package struct LineGlyph {
    /// The middle of its advance, points from the text's left edge.
    package var center: Double
    /// Its advance, points.
    var advance: Double
    /// The baseline, points below the point that goes on the line (the middle of the advance
    /// at half the text's height).
    var baseline: Double
    fileprivate let font: UnsafeMutablePointer<PangoFont>
    fileprivate let glyphs: [PangoGlyphInfo]

    /// Adds its outline to the current path of `cr`, its line point at `center` (points) and
    /// turned by `angle` (radians).
    package func appendPath(to cr: OpaquePointer, center c: Point, angle: Double) {
        var string = PangoGlyphString()
        glyphs.withUnsafeBufferPointer { buffer in
            string.num_glyphs = Int32(buffer.count)
            string.glyphs = UnsafeMutablePointer(mutating: buffer.baseAddress)
            cairo_save(cr)
            cairo_translate(cr, c.x, c.y)
            cairo_rotate(cr, angle)
            cairo_move_to(cr, -advance / 2, baseline)
            pango_cairo_glyph_string_path(cr, font, &string)
            cairo_restore(cr)
        }
    }
}
