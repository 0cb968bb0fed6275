import CCairo
import MapSnapGeometry
import MapSnapStyle

extension CairoCanvas {
    /// Whether `strokeByDistance` and `fillByArea` can draw on this canvas (raster output;
    /// vector output keeps cairo's strokes and fills, which stay vectors).
    var canRasterizeCoverage: Bool { format == .png }

    /// Strokes the current path the way MapLibre's line shader does — coverage from each pixel
    /// centre's distance to the line, round joins — then clears the path. Widths and blur are in
    /// points. With `gap` > 0, two strokes of `width` either side of a `gap`-wide hole
    /// (`line-gap-width`). The current clip bounds the work; the result is composited once, so
    /// where the path overlaps itself it blends once. Only for `canRasterizeCoverage` canvases.
    func strokeByDistance(
        color: Color, opacity: Double, width: Double, gap: Double = 0, blur: Double = 0, cap: LineCap
    ) {
        defer { cairo_new_path(cr) }
        guard let mask = sharedMask() else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let s = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        guard s > 0, width > 0, opacity > 0 else { return }
        let clip = deviceClip(m)
        guard !clip.isEmpty else { return }
        let ramp = 1 + max(blur, 0) * s
        let outer = gap > 0 ? (gap / 2 + width) * s : width / 2 * s
        let capShape: CoverageMask.Cap
        switch cap {
        case .round: capShape = .round
        case .butt: capShape = .flat(extension: 0)
        case .square: capShape = .flat(extension: outer)
        }
        let outerStroke = CoverageMask.Stroke(edge: outer + 0.5, ramp: ramp, cap: capShape)
        forEachDevicePolyline(m) { mask.add($0, outerStroke, mode: .union, clip: clip) }
        if gap > 0 {
            let inner = CoverageMask.Stroke(edge: gap / 2 * s + 0.5, ramp: ramp, cap: capShape)
            forEachDevicePolyline(m) { mask.add($0, inner, mode: .erase, clip: clip) }
        }
        compositeMask(mask, color: color, opacity: opacity)
    }

    /// Fills the current path with the nonzero rule, coverage from exact pixel areas
    /// (`AreaAccumulator`), then clears the path unless `preserve`. The current clip bounds the
    /// work; overlapping rings blend once. Only for `canRasterizeCoverage` canvases.
    func fillByArea(color: Color, opacity: Double, preserve: Bool = false) {
        defer { if !preserve { cairo_new_path(cr) } }
        guard opacity > 0, let mask = sharedMask() else { return }
        let acc: AreaAccumulator
        if let a = areaAccumulator {
            acc = a
        } else {
            acc = AreaAccumulator(width: mask.width, height: mask.height)
            areaAccumulator = acc
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let clip = deviceClip(m).intersection(CoverageMask.PixelRect(x0: 0, y0: 0, x1: mask.width, y1: mask.height))
        guard !clip.isEmpty else { return }
        forEachDevicePolyline(m, closing: true) { pts in
            for i in 1..<pts.count { acc.addEdge(pts[i - 1], pts[i], clip: clip) }
        }
        acc.resolve(into: mask, clip: clip)
        // Compositing replaces the current path: keep a copy to give back.
        let kept = preserve ? cairo_copy_path(cr) : nil
        compositeMask(mask, color: color, opacity: opacity)
        if let kept {
            cairo_new_path(cr)
            cairo_append_path(cr, kept)
            cairo_path_destroy(kept)
        }
    }

    /// The mask and its cairo surface, made on first use; nil for vector output.
    private func sharedMask() -> CoverageMask? {
        if let coverageMask { return coverageMask }
        guard canRasterizeCoverage else { return nil }
        let w = Int(cairo_image_surface_get_width(surface))
        let h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(w)))
        let mask = CoverageMask(width: w, height: h, stride: stride)
        guard
            let surf = cairo_image_surface_create_for_data(
                mask.data, CAIRO_FORMAT_A8, Int32(w), Int32(h), Int32(stride)),
            cairo_surface_status(surf) == CAIRO_STATUS_SUCCESS
        else { return nil }
        coverageMask = mask
        coverageMaskSurface = surf
        return mask
    }

    /// The current clip in whole device pixels (rounded outwards).
    private func deviceClip(_ m: cairo_matrix_t) -> CoverageMask.PixelRect {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let xs = [x1 * m.xx + y1 * m.xy, x2 * m.xx + y1 * m.xy, x1 * m.xx + y2 * m.xy, x2 * m.xx + y2 * m.xy]
        let ys = [x1 * m.yx + y1 * m.yy, x2 * m.yx + y1 * m.yy, x1 * m.yx + y2 * m.yy, x2 * m.yx + y2 * m.yy]
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else {
            return CoverageMask.PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        }
        func clamp(_ v: Double) -> Int { Int(min(max(v, -1e9), 1e9)) }
        return CoverageMask.PixelRect(
            x0: clamp((minX + m.x0).rounded(.down)), y0: clamp((minY + m.y0).rounded(.down)),
            x1: clamp((maxX + m.x0).rounded(.up)), y1: clamp((maxY + m.y0).rounded(.up)))
    }

    /// Calls `body` with each subpath of the current path in device pixels (a closed subpath
    /// ends with its first point again; with `closing`, every subpath does, as fills want).
    private func forEachDevicePolyline(
        _ m: cairo_matrix_t, closing: Bool = false, _ body: (UnsafeBufferPointer<Point>) -> Void
    ) {
        guard let path = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return }
        let count = Int(path.pointee.num_data)
        var pts = pathScratch
        pts.removeAll(keepingCapacity: true)
        func device(_ x: Double, _ y: Double) -> Point {
            Point(x: m.xx * x + m.xy * y + m.x0, y: m.yx * x + m.yy * y + m.y0)
        }
        func flush() {
            if closing, let first = pts.first, let last = pts.last, first != last { pts.append(first) }
            if pts.count > 1 { pts.withUnsafeBufferPointer(body) }
            pts.removeAll(keepingCapacity: true)
        }
        var i = 0
        while i < count {
            let header = data[i].header
            let length = max(Int(header.length), 1)
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                flush()
                if i + 1 < count { pts.append(device(data[i + 1].point.x, data[i + 1].point.y)) }
            case CAIRO_PATH_LINE_TO:
                if i + 1 < count { pts.append(device(data[i + 1].point.x, data[i + 1].point.y)) }
            case CAIRO_PATH_CLOSE_PATH:
                if let first = pts.first, pts.count > 1 { pts.append(first) }
                flush()
            default:
                // Curves do not occur in map geometry (lines and rings); their end point keeps the shape connected.
                if i + 3 < count { pts.append(device(data[i + 3].point.x, data[i + 3].point.y)) }
            }
            i += length
        }
        flush()
        pathScratch = pts
    }

    /// Paints `color` through what `mask` holds, then clears the mask.
    private func compositeMask(_ mask: CoverageMask, color: Color, opacity: Double) {
        let d = mask.dirty
        guard !d.isEmpty, let surf = coverageMaskSurface else { return }
        cairo_surface_mark_dirty_rectangle(surf, Int32(d.x0), Int32(d.y0), Int32(d.x1 - d.x0), Int32(d.y1 - d.y0))
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(d.x0), Double(d.y0), Double(d.x1 - d.x0), Double(d.y1 - d.y0))
        cairo_clip(cr)
        setColor(color, opacity: opacity)
        cairo_mask_surface(cr, surf, 0, 0)
        cairo_restore(cr)
        mask.clear()
    }
}
