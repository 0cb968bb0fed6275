import CCairo
import MapSnapGeometry

/// A sprite image repeated over the plane (`fill-pattern`, `background-pattern`): one copy every
/// `image.pointSize × magnification` points, aligned so that a copy's corner sits at `origin`
/// (points, image space). MapLibre anchors a pattern to its tiles, that is to the world's pixel
/// grid at the integer zoom below the camera's, and scales it with the map up to the next one.
struct PatternFill: Equatable {
    /// The image's name in the sprites (with `image`, what makes two patterns the same).
    let name: String
    let image: SpriteAtlas.Image
    let origin: Point
    /// How many points an image point covers (2^(zoom − ⌊zoom⌋)).
    let magnification: Double

    static func == (a: PatternFill, b: PatternFill) -> Bool {
        a.name == b.name && a.origin == b.origin && a.magnification == b.magnification
    }
}

extension CairoPainter {
    /// Sets `pattern` as the source (in place of a colour), anchored in device space whatever
    /// the current user space (`scale` device pixels a point). Returns the cairo pattern to
    /// destroy after drawing.
    func setPatternSource(_ pattern: PatternFill) -> OpaquePointer? {
        let image = pattern.image
        guard image.width > 0, image.height > 0,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        image.argb.withUnsafeBytes { words in
            for row in 0..<image.height {
                let from = words.baseAddress.map { $0 + row * image.width * 4 }
                if let from {
                    (data + row * stride).update(from: from.assumingMemoryBound(to: UInt8.self), count: image.width * 4)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        guard let source = cairo_pattern_create_for_surface(surface) else { return nil }
        cairo_pattern_set_extend(source, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(source, CAIRO_FILTER_GOOD)
        // Device pixels → image pixels (one image pixel is 1 / pixelRatio points), after the
        // current user space → device pixels.
        var toImage = cairo_matrix_t()
        let k = image.pixelRatio / (scale * pattern.magnification)
        cairo_matrix_init_scale(&toImage, k, k)
        cairo_matrix_translate(&toImage, -pattern.origin.x * scale, -pattern.origin.y * scale)
        var toDevice = cairo_matrix_t()
        cairo_get_matrix(cr, &toDevice)
        var m = cairo_matrix_t()
        cairo_matrix_multiply(&m, &toDevice, &toImage)
        cairo_pattern_set_matrix(source, &m)
        cairo_set_source(cr, source)
        return source
    }
}
