import CCairo
import Foundation
import MapSnapGeometry
import MapSnapImage
import MapSnapStyle
import MapSnapText

/// The `Painter` of cairo: owns a cairo surface and context (internal: cairo never appears in a
/// public signature, nor outside the `CairoPainter` files).
///
/// All drawing is in points; for raster output the context is scaled by the image scale, so
/// line widths and text grow with it.
final class CairoPainter: Painter {
    let format: ImageFormat
    let size: Size
    let scale: Double
    let surface: OpaquePointer
    let cr: OpaquePointer
    private let sink: ByteSink?
    /// Coverage mask, its cairo surface and the edge accumulator for `strokeByDistance` and
    /// `fillByArea`: handed over by the renderer (kept across images of one size) or made on
    /// first use (raster output only).
    var coverageBuffers: CoverageBuffers?
    /// The paint of what the coverage mask holds, composited by `flushCoverage()`.
    var pendingCoverage: CoveragePaint?
    /// The paint of the translucent features blended in the blend mask (`blendCoverage`).
    var pendingBlend: CoveragePaint?
    /// The pattern fills and paints use instead of their colour (`setFillPattern`).
    var fillPattern: PatternFill?
    /// Polylines in device pixels recorded for the coverage rasterizers in place of a cairo
    /// path (`recordedEnds`: where each ends in `recordedPoints`); consumed like the path.
    var recordedPoints: [Point] = []
    var recordedEnds: [Int] = []
    /// Circle centres (points) waiting for `drawCircles`, when circles are drawn by coverage.
    var circleCenters: [Point] = []
    /// Scratch buffer for a path's device points, reused between strokes.
    var pathScratch: [Point] = []
    /// The premultiplied pixel cairo makes of each colour composited directly (`solidPixel`).
    var solidPixels: [SolidPixelKey: UInt32] = [:]

    /// Largest raster side and area accepted, pixels.
    static let maxSide = 16_384
    static let maxPixels = 100_000_000

    init(format: ImageFormat, size: Size, scale: Double) throws(RenderError) {
        self.format = format
        self.size = size
        self.scale = scale
        switch format {
        case .png, .jpeg, .webp:
            let w = Int((size.width * scale).rounded())
            let h = Int((size.height * scale).rounded())
            guard w > 0, h > 0, w <= CairoPainter.maxSide, h <= CairoPainter.maxSide, w * h <= CairoPainter.maxPixels
            else {
                throw .imageTooLarge(width: w, height: h)
            }
            guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else {
                throw .cairo("cannot create an image surface")
            }
            surface = s
            sink = nil
        case .svg, .pdf:
            let box = ByteSink()
            let closure = Unmanaged.passUnretained(box).toOpaque()
            let s: OpaquePointer?
            if format == .svg {
                s = cairo_svg_surface_create_for_stream(byteSinkWrite, closure, size.width, size.height)
                if let s { cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PT) }
            } else {
                s = cairo_pdf_surface_create_for_stream(byteSinkWrite, closure, size.width, size.height)
                if let s {
                    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "MapSnap")
                    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, Self.pdfCreationDate)
                }
            }
            guard let s else { throw .cairo("cannot create a \(format.rawValue) surface") }
            surface = s
            sink = box
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        guard let c = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .cairo("cannot create a context")
        }
        cr = c
        if format.isRaster { cairo_scale(cr, scale, scale) }
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    // MARK: - State and transform

    /// Sets the source to `c` with its alpha times `opacity`.
    func setColor(_ c: Color, opacity: Double = 1) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * opacity)
    }

    func save() { cairo_save(cr) }
    func restore() { cairo_restore(cr) }
    func translate(x: Double, y: Double) { cairo_translate(cr, x, y) }
    func scale(x: Double, y: Double) { cairo_scale(cr, x, y) }
    func rotate(by angle: Double) { cairo_rotate(cr, angle) }
    func setMiterLimit(_ limit: Double) { cairo_set_miter_limit(cr, limit) }

    var deviceTransform: DeviceTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return DeviceTransform(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
    }

    // MARK: - Clip

    func clipToPixels(_ rect: Rect) {
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
    }

    func clipPreservingPath() { cairo_clip_preserve(cr) }

    // MARK: - Paths

    func newPath() {
        cairo_new_path(cr)
        if !recordedEnds.isEmpty {
            recordedPoints.removeAll(keepingCapacity: true)
            recordedEnds.removeAll(keepingCapacity: true)
        }
    }

    @inline(__always)
    func move(to p: Point) { cairo_move_to(cr, p.x, p.y) }

    @inline(__always)
    func addLine(to p: Point) { cairo_line_to(cr, p.x, p.y) }

    func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
    }

    func closePath() { cairo_close_path(cr) }

    func arcNegative(center: Point, radius: Double, from a0: Double, to a1: Double) {
        cairo_arc_negative(cr, center.x, center.y, radius, a0, a1)
    }

    func addCircle(center: Point, radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
        cairo_close_path(cr)
    }

    func addRect(_ r: Rect) { cairo_rectangle(cr, r.x, r.y, r.width, r.height) }

    func addRoundedRect(_ r: Rect, radius: Double) {
        let rad = min(radius, r.width / 2, r.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, .pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, .pi / 2, .pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, .pi, 1.5 * .pi)
        cairo_close_path(cr)
    }

    // MARK: - Recorded geometry

    @inline(__always)
    func recordPoint(_ p: Point) { recordedPoints.append(p) }

    func endRecordedPolyline(closing: Bool) {
        let start = recordedEnds.last ?? 0
        if closing {
            let end = recordedPoints.count
            if end > start + 1 && recordedPoints[end - 1] != recordedPoints[start] {
                recordedPoints.append(recordedPoints[start])
            }
        }
        thinRecorded(from: start)
        recordedEnds.append(recordedPoints.count)
    }

    /// Device pixels: how far a recorded line may move where a run of its vertices is merged
    /// into a straight chord (a tenth of a pixel moves an edge's coverage by at most 26 of 255,
    /// and by 10 on the sample maps).
    static let chordTolerance = 0.1

    /// Drops the vertices of the polyline recorded from `start` that stay within
    /// `chordTolerance` of a straight chord (`PolylineSimplification.forEachKept`). Map
    /// geometry is dense where it curves or where tile coordinates zigzag by their quantum
    /// (57 % of Positron's segments at San Francisco z14 were under 3 pixels); every segment
    /// costs the rasterizers its joins pixel by pixel.
    private func thinRecorded(from start: Int) {
        let end = recordedPoints.count
        guard end - start > 2 else { return }
        // In place: the k-th vertex kept is written at `start + k`, never past one still to be read.
        let kept = recordedPoints.withUnsafeMutableBufferPointer { all -> Int in
            guard let base = all.baseAddress else { return end - start }
            var k = 0
            PolylineSimplification.forEachKept(
                UnsafeBufferPointer(all), start..<end, closing: nil, minStep: 0, tolerance: Self.chordTolerance
            ) { p in
                base[start + k] = p
                k += 1
            }
            return k
        }
        recordedPoints.removeSubrange((start + kept)..<end)
    }

    func recordCircle(at center: Point) { circleCenters.append(center) }

    // MARK: - Painting

    func paint(_ color: Color, opacity: Double) {
        if let fillPattern {
            let source = setPatternSource(fillPattern)
            cairo_paint_with_alpha(cr, opacity)
            if let source { cairo_pattern_destroy(source) }
            return
        }
        setColor(color, opacity: opacity)
        cairo_paint(cr)
    }

    func setFillPattern(_ pattern: PatternFill?) { fillPattern = pattern }

    func stroke(_ style: StrokeStyle, color: Color, opacity: Double, preserve: Bool) {
        setColor(color, opacity: opacity)
        setStrokeStyle(style)
        if preserve { cairo_stroke_preserve(cr) } else { cairo_stroke(cr) }
    }

    /// Sets the width, cap, join and dashes of the strokes that follow.
    func setStrokeStyle(_ style: StrokeStyle) {
        cairo_set_line_width(cr, style.width)
        switch style.cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.join {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
        if style.dash.isEmpty {
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            style.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        }
    }

    func fill(_ rule: FillRule, color: Color, opacity: Double, preserve: Bool) {
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        if let fillPattern {
            // The path as a clip, the pattern painted through it with the opacity.
            cairo_save(cr)
            cairo_clip_preserve(cr)
            let source = setPatternSource(fillPattern)
            cairo_paint_with_alpha(cr, opacity)
            if let source { cairo_pattern_destroy(source) }
            cairo_restore(cr)
            if !preserve { cairo_new_path(cr) }
            return
        }
        setColor(color, opacity: opacity)
        if preserve { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
    }

    func strokeOutside(color: Color, opacity: Double, width: Double) {
        guard let path = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(path) }
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, -1e6, -1e6, 2e6, 2e6)
        cairo_append_path(cr, path)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cr)
        cairo_new_path(cr)
        cairo_append_path(cr, path)
        stroke(color: color, opacity: opacity, width: 2 * width, cap: .butt, join: .round)
        cairo_restore(cr)
        cairo_new_path(cr)
    }

    func strokeWithGap(_ style: StrokeStyle, gap: Double, color: Color, opacity: Double) {
        // The whole width, then the hole cleared, in a group composited with the opacity.
        cairo_push_group(cr)
        stroke(style, color: color, opacity: 1, preserve: true)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        var hole = style
        hole.width = gap
        stroke(hole, color: color, opacity: 1, preserve: false)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
    }

    func fillSoftEllipse(center: Point, rx: Double, ry: Double, color: Color, opacity: Double) {
        save()
        cairo_translate(cr, center.x, center.y)
        cairo_scale(cr, rx, ry)
        guard let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1) else {
            restore()
            return
        }
        cairo_pattern_add_color_stop_rgba(pattern, 0, color.red, color.green, color.blue, opacity)
        cairo_pattern_add_color_stop_rgba(pattern, 0.55, color.red, color.green, color.blue, opacity * 0.55)
        cairo_pattern_add_color_stop_rgba(pattern, 1, color.red, color.green, color.blue, 0)
        cairo_set_source(cr, pattern)
        cairo_new_path(cr)
        cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_pattern_destroy(pattern)
        restore()
    }

    func beginGroup() { cairo_push_group(cr) }

    func endGroup(opacity: Double) {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
    }

    // MARK: - Text

    func drawText(_ t: TextLayout, at origin: Point, color: Color, halo: Color?, haloWidth: Double) {
        if canRasterizeCoverage {
            drawTextByCoverage(t, at: origin, color: color, halo: halo, haloWidth: haloWidth)
            return
        }
        if let halo, haloWidth > 0 {
            cairo_new_path(cr)
            t.appendPath(to: cr, at: origin)
            stroke(color: halo, width: haloWidth * 2, cap: .round, join: .round)
        }
        setColor(color)
        t.show(in: cr, at: origin)
        cairo_new_path(cr)
    }

    // MARK: - Output

    /// Finishes the surface and returns the encoded bytes.
    /// The PDF's creation date, so that the same inputs give the same bytes on every run:
    /// `SOURCE_DATE_EPOCH` (whole seconds since 1970, the reproducible-builds convention) when
    /// it is set, else the epoch itself; ISO 8601 in UTC, as cairo takes it. (cairo 1.16, Debian
    /// 12's, writes it without the "D:" prefix of PDF dates; readers such as poppler accept that.)
    static let pdfCreationDate: String = {
        let env = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]
        let seconds = env.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.map { max(0, $0) } ?? 0
        return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
    }()

    func encode(png: PNGOptions) throws(RenderError) -> [UInt8] {
        switch format {
        case .png, .jpeg, .webp:
            cairo_surface_flush(surface)
            let w = Int(cairo_image_surface_get_width(surface))
            let h = Int(cairo_image_surface_get_height(surface))
            let stride = Int(cairo_image_surface_get_stride(surface))
            guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("image surface has no data") }
            let pixels = UnsafePointer(data)
            do {
                switch format {
                case .jpeg:
                    return try JPEGEncoder.encode(
                        pixels: pixels, width: w, height: h, stride: stride, quality: png.quality, dpiScale: scale)
                case .webp:
                    return try WebPEncoder.encode(
                        pixels: pixels, width: w, height: h, stride: stride, quality: png.quality,
                        lossless: png.lossless, alpha: png.alpha)
                default:
                    return try PNGEncoder.encode(
                        pixels: pixels, width: w, height: h, stride: stride, options: png, dpiScale: scale)
                }
            } catch {
                throw .encoder(error.description)
            }
        case .svg, .pdf:
            cairo_surface_finish(surface)
            let status = cairo_surface_status(surface)
            guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
            let bytes = sink?.bytes ?? []
            return format == .svg ? SVGIDs.renumberingSurfaces(bytes) : bytes
        }
    }

    /// Straight (un-premultiplied) RGBA of one pixel, for tests. Raster only.
    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard format.isRaster, let data = cairo_image_surface_get_data(surface) else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let v = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
        let a = UInt32(v >> 24)
        func un(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
        return (un((v >> 16) & 0xFF), un((v >> 8) & 0xFF), un(v & 0xFF), UInt8(a))
    }
}

/// Collects the bytes cairo streams out for SVG and PDF.
final class ByteSink {
    var bytes: [UInt8] = []
}

private func byteSinkWrite(
    _ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32
) -> cairo_status_t {
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
}
