import CCairo
import CPangoCairo
import MapSnapGeometry

/// Shapes text with Pango (HarfBuzz underneath) in the bundled fonts. One engine per thread:
/// it owns its own font map and context, so two threads can render at once.
///
/// Text metrics are independent of the image scale (hinting off, metrics unhinted), so a
/// @2x image has exactly the @1x layout at twice the pixels.
final class TextEngine {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private let config: OpaquePointer

    init() throws(RenderError) {
        config = try FontLibrary.makeConfig()
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
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        FcConfigDestroy(config)
    }

    /// How the lines of a wrapped label line up (`text-justify`).
    enum Justify: Hashable {
        case left, center, right
    }

    /// Lays out `text` at `size` points. `maxWidth` (points) wraps at word boundaries; the
    /// lines line up by `justify` (centred by default).
    /// `letterSpacing` is extra space between characters, points.
    func layout(
        _ text: String, size: Double, bold: Bool, maxWidth: Double? = nil, letterSpacing: Double = 0,
        justify: Justify = .center
    ) -> TextLayout {
        let layout = pango_layout_new(context)
        let desc = pango_font_description_new()
        pango_font_description_set_family(desc, FontLibrary.family)
        pango_font_description_set_weight(desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(desc, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        if let maxWidth {
            pango_layout_set_width(layout, Int32(maxWidth * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            switch justify {
            case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
            }
        }
        if letterSpacing != 0, let attrs = pango_attr_list_new() {
            if let a = pango_attr_letter_spacing_new(Int32(letterSpacing * Double(PANGO_SCALE))) {
                pango_attr_list_insert(attrs, a)
            }
            pango_layout_set_attributes(layout, attrs)
            pango_attr_list_unref(attrs)
        }
        pango_layout_set_text(layout, text, -1)
        return TextLayout(layout: layout)
    }
}

/// A shaped piece of text. Its box is in points with the origin at its top-left corner.
final class TextLayout {
    fileprivate let layout: OpaquePointer?
    /// Logical size in points.
    let width: Double
    let height: Double
    /// Ink extents relative to the text's top-left corner, points (what actually gets painted).
    let ink: Rect
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

    /// Characters no bundled font could draw (shown as boxes).
    var unknownGlyphs: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// Adds the glyph outlines at `origin` (top-left, points) to the current path of `cr`.
    func appendPath(to cr: OpaquePointer, at origin: Point) {
        cairo_move_to(cr, origin.x - logicalOffset.x, origin.y - logicalOffset.y)
        pango_cairo_layout_path(cr, layout)
    }

    /// Paints the text at `origin` (top-left, points) in the current source of `cr`.
    func show(in cr: OpaquePointer, at origin: Point) {
        cairo_move_to(cr, origin.x - logicalOffset.x, origin.y - logicalOffset.y)
        pango_cairo_show_layout(cr, layout)
    }
}
