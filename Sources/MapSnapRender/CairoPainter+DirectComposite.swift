import CCairo
import CMapSnapComposite
import MapSnapRaster
import MapSnapStyle

/// What `solidPixel` keeps a pixel for: a colour's components and its alpha times the opacity.
struct SolidPixelKey: Hashable {
    var red, green, blue, alpha: Double
}

extension CairoPainter {
    /// Off only for the tests that compare the direct composite with cairo's.
    nonisolated(unsafe) static var compositesDirectly = true

    /// `compositeMask` for a plain colour without cairo: the mask's dirty rectangle composited
    /// OVER the canvas by `mapsnap_composite_over_solid_a8`, which writes the bytes pixman's
    /// OVER of a solid source through an A8 mask writes (the operation cairo_mask_surface does
    /// here), without its set-up per call and skipping thirty-two empty mask bytes at a time.
    /// False, with nothing done, where the target is not what that covers (another operator,
    /// a group or surface that is not the ARGB32 canvas at offset 0) or the processor has no AVX2.
    func compositeDirectly(_ mask: CoverageMask, _ d: CoverageMask.PixelRect, color: Color, opacity: Double) -> Bool {
        guard Self.compositesDirectly, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER,
            let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
            Int(cairo_image_surface_get_width(target)) == mask.width,
            Int(cairo_image_surface_get_height(target)) == mask.height
        else { return false }
        var ox = 0.0
        var oy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        guard ox == 0 && oy == 0, let source = solidPixel(color, opacity: opacity) else { return false }
        cairo_surface_flush(target)
        guard let pixels = cairo_image_surface_get_data(target) else { return false }
        let stride = Int(cairo_image_surface_get_stride(target))
        let (w, h) = (d.x1 - d.x0, d.y1 - d.y0)
        let done = mapsnap_composite_over_solid_a8(
            source, mask.data + d.y0 * mask.stride + d.x0, Int32(mask.stride), pixels + d.y0 * stride + d.x0 * 4,
            Int32(stride), Int32(w), Int32(h))
        guard done != 0 else { return false }  // no AVX2 here: cairo composites it
        cairo_surface_mark_dirty_rectangle(target, Int32(d.x0), Int32(d.y0), Int32(w), Int32(h))
        return true
    }

    /// The premultiplied ARGB32 pixel cairo composites for `color` at `opacity`: what its own
    /// OVER through a full mask writes on a clear pixel (so the conversion is cairo's, whatever
    /// it is), made once per colour of an image.
    private func solidPixel(_ color: Color, opacity: Double) -> UInt32? {
        let key = SolidPixelKey(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * opacity)
        if let known = solidPixels[key] { return known }
        guard let pixel = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        defer { cairo_surface_destroy(pixel) }
        guard let full = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return nil }
        defer { cairo_surface_destroy(full) }
        cairo_surface_flush(full)
        guard let fullData = cairo_image_surface_get_data(full), let c = cairo_create(pixel) else { return nil }
        fullData.pointee = 255
        cairo_surface_mark_dirty(full)
        cairo_set_source_rgba(c, key.red, key.green, key.blue, key.alpha)
        cairo_mask_surface(c, full, 0, 0)
        cairo_destroy(c)
        cairo_surface_flush(pixel)
        guard let data = cairo_image_surface_get_data(pixel) else { return nil }
        let value = UnsafeRawPointer(data).load(as: UInt32.self)
        solidPixels[key] = value
        return value
    }
}
