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
        guard let surface = makeSurface(image) else { return nil }
        defer { cairo_surface_destroy(surface) }
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

    /// A cairo image surface holding `image` (premultiplied ARGB32), or nil for an empty image
    /// or when cairo has no memory. Caller destroys it.
    private func makeSurface(_ image: SpriteAtlas.Image) -> OpaquePointer? {
        guard image.width > 0, image.height > 0,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))
        else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        image.argb.withUnsafeBytes { words in
            for row in 0..<image.height {
                if let from = words.baseAddress.map({ $0 + row * image.width * 4 }) {
                    (data + row * stride).update(from: from.assumingMemoryBound(to: UInt8.self), count: image.width * 4)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    func strokePattern(_ pattern: LinePattern, style: StrokeStyle, opacity: Double) {
        let lines = flattenedPath()
        cairo_new_path(cr)
        guard !lines.isEmpty, opacity > 0, let surface = makeSurface(pattern.image),
            let source = cairo_pattern_create_for_surface(surface)
        else { return }
        defer {
            cairo_pattern_destroy(source)
            cairo_surface_destroy(surface)
        }
        cairo_pattern_set_extend(source, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(source, CAIRO_FILTER_GOOD)
        let grouped = opacity < 1
        if grouped { cairo_push_group(cr) }
        setStrokeStyle(StrokeStyle(width: style.width, cap: style.cap, join: style.join))
        let miter = style.join == .miter ? max(cairo_get_miter_limit(cr), 1) : 1
        let reach = style.width / 2 * miter + 2
        for line in lines {
            for segment in LinePattern.segments(of: line.points, closed: line.closed, width: style.width, reach: reach)
            {
                strokeSegment(segment, of: pattern, source: source, width: style.width)
            }
        }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Strokes `segment`'s neighbourhood inside its region with the pattern laid along it.
    private func strokeSegment(
        _ segment: LinePattern.Segment, of pattern: LinePattern, source: OpaquePointer, width: Double
    ) {
        cairo_save(cr)
        // The regions of neighbouring segments share their edges: clipped without
        // anti-aliasing, every pixel belongs to one, so no seam shows where they meet.
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        addPolygon(segment.region)
        cairo_clip(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        let m = pattern.imageMatrix(on: segment, width: width)
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, m.xx, m.yx, m.xy, m.yy, m.x0, m.y0)
        cairo_pattern_set_matrix(source, &matrix)
        cairo_set_source(cr, source)
        addPolygon(segment.neighbourhood, closing: false)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    private func addPolygon(_ points: [Point], closing: Bool = true) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        if closing { cairo_close_path(cr) }
    }

    /// The current path in user space as polylines (curves flattened), each marked closed
    /// when it ends with a close.
    private func flattenedPath() -> [(points: [Point], closed: Bool)] {
        guard let path = cairo_copy_path_flat(cr) else { return [] }
        defer { cairo_path_destroy(path) }
        var lines: [(points: [Point], closed: Bool)] = []
        var current: [Point] = []
        var i = 0
        let count = Int(path.pointee.num_data)
        while i < count {
            let header = path.pointee.data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if current.count > 1 { lines.append((current, false)) }
                current = [Point(x: path.pointee.data[i + 1].point.x, y: path.pointee.data[i + 1].point.y)]
            case CAIRO_PATH_LINE_TO:
                current.append(Point(x: path.pointee.data[i + 1].point.x, y: path.pointee.data[i + 1].point.y))
            case CAIRO_PATH_CLOSE_PATH:
                if current.count > 1 { lines.append((current, true)) }
                current = current.first.map { [$0] } ?? []
            default:
                break
            }
            i += max(Int(header.length), 1)
        }
        if current.count > 1 { lines.append((current, false)) }
        return lines
    }
}
