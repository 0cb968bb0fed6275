import CCairo
import Foundation
import MapSnapGeometry
import MapSnapImage

/// Raster tiles and sprite images: premultiplied ARGB32 words, cairo's own image format.
extension CairoPainter {
    func drawTile(_ image: RasterTileImage, in frame: Rect, opacity: Double, resampling: Resampling) {
        guard frame.width > 0, frame.height > 0, image.pixels.count >= image.width * image.height else { return }
        paintWords(image.pixels, width: image.width, height: image.height, in: frame, clip: true) {
            cairo_pattern_set_filter($0, Self.filter(resampling))
            cairo_pattern_set_extend($0, CAIRO_EXTEND_PAD)
        } paint: {
            if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
        }
    }

    func drawImage(_ image: SpriteAtlas.Image, in rect: Rect, opacity: Double, resampling: Resampling) {
        guard image.argb.count >= image.width * image.height else { return }
        paintWords(image.argb, width: image.width, height: image.height, in: rect, clip: false) {
            cairo_pattern_set_filter($0, Self.filter(resampling))
        } paint: {
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Paints `words` (`width` × `height` premultiplied ARGB32, cairo's format) scaled into
    /// `rect` (points), straight from the caller's memory: cairo only reads a source surface,
    /// and a vector surface keeps a snapshot of it. `configure` sets the source pattern's
    /// filter and extend; `paint` paints it; `clip` keeps the paint to `rect`'s pixels.
    private func paintWords(
        _ words: [UInt32], width: Int, height: Int, in rect: Rect, clip: Bool,
        configure: (OpaquePointer) -> Void, paint: () -> Void
    ) {
        guard width > 0, height > 0 else { return }
        words.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let data = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self)
            guard
                let surface = cairo_image_surface_create_for_data(
                    data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
            else { return }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
            cairo_save(cr)
            defer { cairo_restore(cr) }
            if clip { clipToPixels(rect) }
            cairo_translate(cr, rect.x, rect.y)
            cairo_scale(cr, rect.width / Double(width), rect.height / Double(height))
            cairo_set_source_surface(cr, surface, 0, 0)
            if let pattern = cairo_get_source(cr) { configure(pattern) }
            paint()
        }
    }

    private static func filter(_ resampling: Resampling) -> cairo_filter_t {
        switch resampling {
        case .nearest: return CAIRO_FILTER_NEAREST
        case .bilinear: return CAIRO_FILTER_BILINEAR
        case .smooth: return CAIRO_FILTER_GOOD
        }
    }
}
