import CCairo
import Foundation
import MapSnapGeometry
import MapSnapImage

/// Raster tiles and sprite images: premultiplied ARGB32 words, cairo's own image format.
extension CairoPainter {
    func drawTile(_ image: RasterTileImage, in frame: Rect, opacity: Double, resampling: Resampling) {
        guard image.width > 0, image.height > 0, frame.width > 0, frame.height > 0,
            image.pixels.count >= image.width * image.height
        else { return }
        image.pixels.withUnsafeBufferPointer { words in
            guard let base = words.baseAddress else { return }
            // cairo only reads a source surface (a vector surface keeps a snapshot of it).
            let data = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self)
            guard
                let surface = cairo_image_surface_create_for_data(
                    data, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.width * 4))
            else { return }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
            cairo_save(cr)
            defer { cairo_restore(cr) }
            clipToPixels(frame)
            cairo_translate(cr, frame.x, frame.y)
            cairo_scale(cr, frame.width / Double(image.width), frame.height / Double(image.height))
            cairo_set_source_surface(cr, surface, 0, 0)
            if let pattern = cairo_get_source(cr) {
                cairo_pattern_set_filter(pattern, Self.filter(resampling))
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            }
            if opacity >= 1 {
                cairo_paint(cr)
            } else {
                cairo_paint_with_alpha(cr, opacity)
            }
        }
    }

    func drawImage(_ image: SpriteAtlas.Image, in rect: Rect, opacity: Double, resampling: Resampling) {
        image.argb.withUnsafeBufferPointer { words in
            guard let base = words.baseAddress else { return }
            // cairo only reads a source surface.
            let data = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self)
            guard
                let surface = cairo_image_surface_create_for_data(
                    data, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.width * 4))
            else { return }
            defer { cairo_surface_destroy(surface) }
            cairo_save(cr)
            cairo_translate(cr, rect.x, rect.y)
            cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), Self.filter(resampling))
            cairo_paint_with_alpha(cr, opacity)
            cairo_restore(cr)
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
