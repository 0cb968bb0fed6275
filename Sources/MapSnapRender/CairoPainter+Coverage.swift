import CCairo
import Foundation
import MapSnapGeometry
import MapSnapRaster
import MapSnapStyle
import MapSnapText

extension CairoPainter {
    /// Whether `strokeByDistance` and `fillByArea` can draw on this painter (raster output;
    /// vector output keeps cairo's strokes and fills, which stay vectors).
    var canRasterizeCoverage: Bool { format.isRaster }

    /// Strokes the current path the way MapLibre's line shader does — coverage from each pixel
    /// centre's distance to the line, round joins — into the coverage mask, then clears the
    /// path. Widths and blur are in points. With `gap` > 0, two strokes of `width` either side of
    /// a `gap`-wide hole (`line-gap-width`). With `miterLimit`, joins are mitered up to that
    /// many half widths (the outer edge; a gap's inner edge stays round). `offset` (points) moves
    /// the lines sideways (`line-offset`, positive to the right). Polylines with a join
    /// sharper than that (bevelled by MapLibre) are stroked by cairo. The current clip bounds the
    /// work. The mask is
    /// composited by `flushCoverage()` (or when paint of another colour arrives), so strokes of
    /// one paint blend once where they overlap. Only where `canRasterizeCoverage`.
    func strokeByDistance(
        color: Color, opacity: Double, width: Double, gap: Double, blur: Double, cap: LineCap, miterLimit: Double?,
        offset: Double, dash: [Double]
    ) {
        strokeByDistance(
            color: color, opacity: opacity, width: width, gap: gap, blur: blur, cap: cap, miterLimit: miterLimit,
            offset: offset, dash: dash, flatten: false)
    }

    /// `strokeByDistance`, with curves of the path flattened first when `flatten` (glyph
    /// outlines).
    func strokeByDistance(
        color: Color, opacity: Double, width: Double, gap: Double, blur: Double, cap: LineCap, miterLimit: Double?,
        offset: Double, dash: [Double] = [], flatten: Bool
    ) {
        defer { newPath() }
        guard width > 0, opacity > 0, let mask = coverageTarget(CoveragePaint(color: color, opacity: opacity))
        else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let s = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        let clip = deviceClip(m)
        guard s > 0, !clip.isEmpty else { return }
        let ramp = 1 + max(blur, 0) * s
        let outer = gap > 0 ? (gap / 2 + width) * s : width / 2 * s
        let capShape: CoverageMask.Cap
        switch cap {
        case .round: capShape = .round
        case .butt: capShape = .flat(extension: 0)
        case .square: capShape = .flat(extension: outer)
        }
        // Dash edges fade over about a pixel each side, as MapLibre's dash distance field does.
        let softEnds = dash.isEmpty ? 0.0 : 1.0
        let outerStroke = CoverageMask.Stroke(edge: outer + 0.5, ramp: ramp, cap: capShape, softEnds: softEnds)
        let inner =
            gap > 0 ? CoverageMask.Stroke(edge: gap / 2 * s + 0.5, ramp: ramp, cap: capShape, softEnds: softEnds) : nil
        // The device polylines, moved sideways by `offset` (line-offset) and cut into dashes
        // when asked; an offset line is dashed by its original's distances, as MapLibre does.
        var moved: [Point] = []
        let pattern = dash.map { $0 * s }
        var measures: [Double]? = pattern.isEmpty ? nil : []
        func eachLine(_ body: (UnsafeBufferPointer<Point>) -> Void) {
            forEachDevicePolyline(m, flatten: flatten) { pts in
                guard offset != 0 else {
                    guard !pattern.isEmpty else { return body(pts) }
                    return DashPieces.forEach(pts, pattern: pattern, keepDots: cap == .round, body)
                }
                CoverageMask.offsetPolyline(pts, by: offset * s, into: &moved, measures: &measures)
                guard let along = measures else { return moved.withUnsafeBufferPointer(body) }
                moved.withUnsafeBufferPointer { line in
                    along.withUnsafeBufferPointer {
                        DashPieces.forEach(line, pattern: pattern, keepDots: cap == .round, measures: $0, body)
                    }
                }
            }
        }
        if opacity * color.alpha < 1 {
            let shape = RunShape(
                outer: outerStroke, inner: inner, halfWidth: outer, gap: gap * s, miterLimit: miterLimit, clip: clip)
            var started = false
            eachLine {
                strokeFoldedRuns($0, shape, paint: CoveragePaint(color: color, opacity: opacity), cap: cap, &started)
            }
            return
        }
        var sharp: [[Point]] = []
        if let miterLimit {
            // Miter joins: the wedges beyond the round join, by exact area. Polylines with a join
            // MapLibre bevels go to cairo's stroker instead.
            let acc = accumulator(for: mask)
            eachLine {
                if CoverageMask.hasSharpJoin($0, limit: miterLimit) {
                    sharp.append(Array($0))
                } else {
                    mask.add($0, outerStroke, mode: .union, clip: clip)
                    mask.addMiterWedges($0, halfWidth: outer, limit: miterLimit, using: acc, clip: clip)
                }
            }
        } else {
            eachLine { mask.add($0, outerStroke, mode: .union, clip: clip) }
        }
        if let inner {
            eachLine { mask.add($0, inner, mode: .erase, clip: clip) }
        }
        if let miterLimit, !sharp.isEmpty {
            // Last: this replaces the current path.
            strokeDevicePolylines(
                sharp, color: color, opacity: opacity, width: 2 * outer, cap: cap, miterLimit: miterLimit, gap: gap * s)
        }
    }

    /// How `strokeFoldedRuns` strokes each run, device pixels.
    struct RunShape {
        var outer: CoverageMask.Stroke
        /// The gap's stroke, erased from the outer one (nil without `line-gap-width`).
        var inner: CoverageMask.Stroke?
        var halfWidth: Double
        /// The gap's width (0 without one).
        var gap: Double
        var miterLimit: Double?
        var clip: CoverageMask.PixelRect
    }

    /// Strokes a translucent line `pts` (device pixels) as MapLibre blends it: each run between the
    /// joins where its geometry folds over (`FoldedJoins`) blends on its own, so where the runs
    /// overlap they blend twice; ends at a fold are round for round joins (MapLibre's round
    /// join caps both segments) and flat for the others. The last run stays in the mask, for
    /// the caller's `blendCoverage` (one blend per feature when nothing folds).
    /// `started`: whether a run of the feature is in the mask already.
    private func strokeFoldedRuns(
        _ pts: UnsafeBufferPointer<Point>, _ shape: RunShape, paint: CoveragePaint, cap: LineCap, _ started: inout Bool
    ) {
        let foldCap: CoverageMask.Cap = shape.miterLimit == nil ? .round : .flat(extension: 0)
        FoldedJoins.forEachRun(pts, unfoldedUpTo: shape.miterLimit ?? 0) { run, startsAtFold, endsAtFold in
            // A run after a fold blends on its own: the one before goes first.
            if started && startsAtFold { blendCoverage() }
            started = true
            guard let mask = coverageTarget(paint) else { return }
            if let limit = shape.miterLimit, CoverageMask.hasSharpJoin(run, limit: limit) {
                strokeDevicePolylines(
                    [Array(run)], color: paint.color, opacity: paint.opacity, width: 2 * shape.halfWidth, cap: cap,
                    miterLimit: limit, gap: shape.gap)
                return
            }
            let start = startsAtFold ? foldCap : nil
            let end = endsAtFold ? foldCap : nil
            mask.add(run, shape.outer, mode: .union, clip: shape.clip, startCap: start, endCap: end)
            if let limit = shape.miterLimit {
                mask.addMiterWedges(
                    run, halfWidth: shape.halfWidth, limit: limit, using: accumulator(for: mask), clip: shape.clip)
            }
            if let inner = shape.inner {
                mask.add(run, inner, mode: .erase, clip: shape.clip, startCap: start, endCap: end)
            }
        }
    }

    /// Fills the current path (nonzero rule) the way MapLibre draws fills: the interior with
    /// hard edges (pixels whose centre is inside, by exact area ≥ ½), then, when `outline` is
    /// given (`fill-antialias`), a one-pixel GL line along every ring in that colour
    /// (`fill-outline-color`, else the fill colour): one pixel per step, alpha
    /// `1 − smoothstep(0, 1, d)` at distance `d` from the ring (MapLibre's fill outline shader
    /// over `gl.LINES`). Clears the path; the current clip bounds the work; composited like
    /// `strokeByDistance`. Only where `canRasterizeCoverage`.
    func fillByArea(color: Color, opacity: Double, outline: Color?) {
        defer { newPath() }
        let paint = CoveragePaint(color: color, opacity: opacity, pattern: fillPattern)
        guard opacity > 0, let mask = coverageTarget(paint) else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard let clip = fillPath(into: mask, m, flatten: false, hard: true) else { return }
        let stroke = CoverageMask.Stroke(edge: 1, ramp: 1, cap: .round, smooth: true, hairline: true)
        if fillPattern != nil {
            // A pattern is smoothed by an outline of itself, as MapLibre's fill-outline-pattern.
            forEachDevicePolyline(m, closing: true) { mask.add($0, stroke, mode: .union, clip: clip) }
            return
        }
        guard let outline, let outlineMask = coverageTarget(CoveragePaint(color: outline, opacity: opacity)) else {
            return
        }
        forEachDevicePolyline(m, closing: true) { outlineMask.add($0, stroke, mode: .union, clip: clip) }
    }

    /// Draws `t` at `origin` (points) with its halo (`haloWidth` points out from the glyph
    /// outlines) stroked by distance and its glyphs filled by exact area, at their fractional
    /// places: cairo 1.16 puts each glyph from its glyph cache at a whole pixel, which spaces
    /// letters unevenly at 1x ("WESTER N"), and would rasterize rotated glyphs anew at every angle.
    func drawTextByCoverage(_ t: TextLayout, at origin: Point, color: Color, halo: Color?, haloWidth: Double) {
        if sharedMask() != nil {
            cairo_new_path(cr)
            t.appendPath(to: cr, at: origin)
            drawGlyphCoverage(color: color, halo: halo, haloWidth: haloWidth)
        } else {
            flushCoverage()
            setColor(color)
            t.show(in: cr, at: origin)
            cairo_new_path(cr)
        }
    }

    /// Draws glyph clusters of a text each at its own place and angle (a label set along a
    /// curved line): the halo of every glyph first, then every fill, so no halo covers a
    /// neighbour's fill. Raster output fills by exact area and strokes the halo by distance, as
    /// for rotated text; vector output keeps cairo's paths.
    func drawGlyphs(
        _ glyphs: [LineGlyph], at placements: [GlyphPlacement], color: Color, halo: Color?, haloWidth: Double
    ) {
        func outlines() {
            newPath()
            for (g, p) in zip(glyphs, placements) { g.appendPath(to: cr, center: p.center, angle: p.angle) }
        }
        guard canRasterizeCoverage else {
            outlines()
            if let halo, haloWidth > 0 {
                stroke(color: halo, width: haloWidth * 2, cap: .round, join: .round, preserve: true)
            }
            fill(color: color)
            return
        }
        outlines()
        drawGlyphCoverage(color: color, halo: halo, haloWidth: haloWidth)
    }

    /// Fills the glyph outlines of the current path by exact area and composites them in
    /// `color` over their halo: `haloWidth` points around them in `halo`, grown from their
    /// coverage (`CoverageMask.addDilation`). Clears the path. Raster output only.
    private func drawGlyphCoverage(color: Color, halo: Color?, haloWidth: Double) {
        defer { cairo_new_path(cr) }
        flushCoverage()
        guard sharedMask() != nil, let buffers = coverageBuffers else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard let region = fillPath(into: buffers.glyphMask, m, flatten: true, hard: false) else { return }
        let s = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        if let halo, haloWidth > 0, let mask = coverageTarget(CoveragePaint(color: halo, opacity: 1)) {
            mask.addDilation(
                of: buffers.glyphMask, region: buffers.glyphMask.dirty.intersection(region), radius: haloWidth * s)
            flushCoverage()
        }
        compositeMask(buffers.glyphMask, color: color, opacity: 1, surface: buffers.glyphSurface)
    }

    /// Draws circles at the recorded centres (points) as MapLibre does (see
    /// `CoverageMask.addDisc`): the fill, then the stroke outside `radius`, each composited once.
    /// Sizes in points. Forgets the centres.
    func drawCircles(
        radius: Double, color: Color, opacity: Double, strokeWidth: Double, strokeColor: Color, strokeOpacity: Double,
        blur: Double
    ) {
        let centers = circleCenters
        defer { circleCenters.removeAll(keepingCapacity: true) }
        guard !centers.isEmpty else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let s = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        let clip = deviceClip(m)
        guard s > 0, !clip.isEmpty else { return }
        func device(_ p: Point) -> Point { Point(x: m.xx * p.x + m.xy * p.y + m.x0, y: m.yx * p.x + m.yy * p.y + m.y0) }
        let parts: [(CoverageMask.DiscPart, CoveragePaint)] = [
            (.fill, CoveragePaint(color: color, opacity: opacity)),
            (.stroke, CoveragePaint(color: strokeColor, opacity: strokeOpacity)),
        ]
        for (part, paint) in parts where paint.opacity > 0 && (part == .fill || strokeWidth > 0) {
            guard let mask = coverageTarget(paint) else { return }
            for c in centers {
                mask.addDisc(
                    center: device(c), radius: radius * s, strokeWidth: strokeWidth * s, blur: blur, part: part,
                    clip: clip)
            }
            flushCoverage()
        }
    }

    /// Rasterizes the current path (closed rings, nonzero) by area into `mask` within the
    /// current clip (`hard`: whole pixels, see `AreaAccumulator.resolve`); the clip in device
    /// pixels, or nil when nothing of the image is inside it.
    private func fillPath(
        into mask: CoverageMask, _ m: cairo_matrix_t, flatten: Bool, hard: Bool
    ) -> CoverageMask.PixelRect? {
        let clip = deviceClip(m).intersection(CoverageMask.PixelRect(x0: 0, y0: 0, x1: mask.width, y1: mask.height))
        guard !clip.isEmpty else { return nil }
        let acc = accumulator(for: mask)
        forEachDevicePolyline(m, closing: true, flatten: flatten) { pts in
            for i in 1..<pts.count { acc.addEdge(pts[i - 1], pts[i], clip: clip) }
        }
        acc.resolve(into: mask, clip: clip, hard: hard)
        return clip
    }

    /// Composites what the coverage mask holds with its paint, and clears it. Call after a
    /// layer (or a feature that must blend on its own).
    func flushCoverage() {
        if let blended = pendingBlend, let buffers = coverageBuffers {
            // The features blended so far first; a last one of their paint joins them.
            if pendingCoverage == blended {
                buffers.mask.blend(into: buffers.blendMask, opacity: blended.opacity * blended.color.alpha)
                pendingCoverage = nil
            }
            pendingBlend = nil
            var opaque = blended.color
            opaque.alpha = 1
            compositeMask(buffers.blendMask, color: opaque, opacity: 1, surface: buffers.blendSurface)
        }
        guard let paint = pendingCoverage, let mask = coverageBuffers?.mask else { return }
        pendingCoverage = nil
        compositeMask(mask, color: paint.color, opacity: paint.opacity, pattern: paint.pattern)
    }

    func blendCoverage() {
        guard let paint = pendingCoverage, paint.pattern == nil, paint.opacity * paint.color.alpha < 1,
            let buffers = coverageBuffers
        else { return flushCoverage() }
        if let blended = pendingBlend, blended != paint {
            pendingCoverage = nil
            flushCoverage()
            pendingCoverage = paint
        }
        // Blending features of one colour one after another is the same as compositing the
        // colour, opaque, once through the coverage 1 − Π(1 − alpha · coverage)
        // (`CoverageMask.blend`; alpha: the colour's times the opacity), without a cairo
        // composite per feature.
        buffers.mask.blend(into: buffers.blendMask, opacity: paint.opacity * paint.color.alpha)
        pendingCoverage = nil
        pendingBlend = paint
    }

    /// The mask to draw `paint` into: what it holds of another paint is composited first.
    private func coverageTarget(_ paint: CoveragePaint) -> CoverageMask? {
        if let pending = pendingCoverage, pending != paint { flushCoverage() }
        if let blended = pendingBlend, blended != paint { flushCoverage() }
        guard let mask = sharedMask() else { return nil }
        pendingCoverage = paint
        return mask
    }

    /// Strokes polylines given in device pixels with cairo (miter joins), under the current
    /// clip: the lines `strokeByDistance` cannot draw. With `gap`, the middle `gap` pixels are
    /// left out (`line-gap-width`).
    private func strokeDevicePolylines(
        _ lines: [[Point]], color: Color, opacity: Double, width: Double, cap: LineCap, miterLimit: Double,
        gap: Double
    ) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for line in lines { addPolyline(line) }
        cairo_set_miter_limit(cr, miterLimit)
        if gap > 0 {
            strokeWithGap(StrokeStyle(width: width, cap: cap, join: .miter), gap: gap, color: color, opacity: opacity)
        } else {
            stroke(color: color, opacity: opacity, width: width, cap: cap, join: .miter)
        }
        cairo_restore(cr)
    }

    /// Uses `buffers` (left by an earlier image) when they fit this raster canvas.
    func adoptCoverageBuffers(_ buffers: CoverageBuffers?) {
        guard canRasterizeCoverage, let buffers else { return }
        let w = Int(cairo_image_surface_get_width(surface))
        let h = Int(cairo_image_surface_get_height(surface))
        guard buffers.fits(width: w, height: h) else { return }
        buffers.mask.clear()
        coverageBuffers = buffers
    }

    /// The edge accumulator (as large as `mask`).
    private func accumulator(for mask: CoverageMask) -> AreaAccumulator {
        coverageBuffers?.accumulator ?? AreaAccumulator(width: mask.width, height: mask.height)
    }

    /// The coverage mask, made on first use unless the renderer handed one over; nil for vector output.
    private func sharedMask() -> CoverageMask? {
        if let b = coverageBuffers { return b.mask }
        guard canRasterizeCoverage else { return nil }
        let w = Int(cairo_image_surface_get_width(surface))
        let h = Int(cairo_image_surface_get_height(surface))
        coverageBuffers = CoverageBuffers(width: w, height: h)
        return coverageBuffers?.mask
    }

    /// The current clip in whole device pixels (rounded outwards).
    private func deviceClip(_ m: cairo_matrix_t) -> CoverageMask.PixelRect {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        // The clip's corners in device space (the matrix may rotate: labels set along lines).
        let (ax, bx, cx, dx) = (
            x1 * m.xx + y1 * m.xy, x2 * m.xx + y1 * m.xy, x1 * m.xx + y2 * m.xy, x2 * m.xx + y2 * m.xy
        )
        let (ay, by, cy, dy) = (
            x1 * m.yx + y1 * m.yy, x2 * m.yx + y1 * m.yy, x1 * m.yx + y2 * m.yy, x2 * m.yx + y2 * m.yy
        )
        let (minX, maxX) = (min(ax, bx, cx, dx), max(ax, bx, cx, dx))
        let (minY, maxY) = (min(ay, by, cy, dy), max(ay, by, cy, dy))
        func clamp(_ v: Double) -> Int { Int(min(max(v, -1e9), 1e9)) }
        return CoverageMask.PixelRect(
            x0: clamp((minX + m.x0).rounded(.down)), y0: clamp((minY + m.y0).rounded(.down)),
            x1: clamp((maxX + m.x0).rounded(.up)), y1: clamp((maxY + m.y0).rounded(.up)))
    }

    /// Calls `body` with each subpath of the current path in device pixels (a closed subpath
    /// ends with its first point again; with `closing`, every subpath does, as fills want).
    /// With `flatten`, curves become lines within cairo's tolerance (glyph outlines).
    private func forEachDevicePolyline(
        _ m: cairo_matrix_t, closing: Bool = false, flatten: Bool = false, _ body: (UnsafeBufferPointer<Point>) -> Void
    ) {
        if !recordedEnds.isEmpty {
            recordedPoints.withUnsafeBufferPointer { all in
                var start = 0
                for end in recordedEnds {
                    // Recorded rings already end where they start.
                    if end - start > 1 { body(UnsafeBufferPointer(rebasing: all[start..<end])) }
                    start = end
                }
            }
            return
        }
        guard let path = flatten ? cairo_copy_path_flat(cr) : cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return }
        let count = Int(path.pointee.num_data)
        var pts: [Point] = []
        swap(&pts, &pathScratch)
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

    /// Paints `color` through what `mask` holds, then clears the mask. Neither the path nor the
    /// clip of the caller matter (the mask was clipped as it was drawn).
    private func compositeMask(
        _ mask: CoverageMask, color: Color, opacity: Double, pattern: PatternFill? = nil, surface: OpaquePointer? = nil
    ) {
        let d = mask.dirty
        guard !d.isEmpty, let surf = surface ?? coverageBuffers?.surface else { return }
        defer { mask.clear() }
        if pattern == nil && compositeDirectly(mask, d, color: color, opacity: opacity) { return }
        let (x, y, w, h) = (Double(d.x0), Double(d.y0), Double(d.x1 - d.x0), Double(d.y1 - d.y0))
        cairo_surface_mark_dirty_rectangle(surf, Int32(d.x0), Int32(d.y0), Int32(d.x1 - d.x0), Int32(d.y1 - d.y0))
        guard let part = cairo_surface_create_for_rectangle(surf, x, y, w, h) else { return }
        defer { cairo_surface_destroy(part) }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        if let pattern {
            cairo_push_group(cr)
            let source = setPatternSource(pattern)
            cairo_mask_surface(cr, part, x, y)
            if let source { cairo_pattern_destroy(source) }
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        } else {
            setColor(color, opacity: opacity)
            cairo_mask_surface(cr, part, x, y)
        }
        cairo_restore(cr)
    }
}

/// Colour and opacity waiting in a canvas's coverage mask.
struct CoveragePaint: Equatable {
    var color: Color
    var opacity: Double
    /// The pattern that replaces the colour (`fill-pattern`), if any.
    var pattern: PatternFill?
}

/// The coverage mask of one image size with its cairo A8 surface and the edge accumulator: kept
/// by a renderer from one image to the next (allocating and faulting in a megabyte or more per
/// image is measurable). Empty between images (every flush clears what it composited).
final class CoverageBuffers {
    let mask: CoverageMask
    let surface: OpaquePointer
    /// Glyph coverage, held apart while a halo grows from it into `mask` (see `drawGlyphCoverage`).
    let glyphMask: CoverageMask
    let glyphSurface: OpaquePointer
    /// Translucent features of one paint blended one after another (see `blendCoverage`).
    let blendMask: CoverageMask
    let blendSurface: OpaquePointer
    let accumulator: AreaAccumulator

    init?(width: Int, height: Int) {
        guard let (mask, surf) = Self.maskAndSurface(width: width, height: height) else { return nil }
        guard let (glyphMask, glyphSurf) = Self.maskAndSurface(width: width, height: height) else {
            cairo_surface_destroy(surf)
            return nil
        }
        guard let (blendMask, blendSurf) = Self.maskAndSurface(width: width, height: height) else {
            cairo_surface_destroy(surf)
            cairo_surface_destroy(glyphSurf)
            return nil
        }
        self.mask = mask
        surface = surf
        self.glyphMask = glyphMask
        glyphSurface = glyphSurf
        self.blendMask = blendMask
        blendSurface = blendSurf
        accumulator = AreaAccumulator(width: width, height: height)
    }

    /// A mask and the cairo A8 surface over its bytes (the caller destroys the surface).
    private static func maskAndSurface(width: Int, height: Int) -> (CoverageMask, OpaquePointer)? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
        let mask = CoverageMask(width: width, height: height, stride: stride)
        guard
            let surf = cairo_image_surface_create_for_data(
                mask.data, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride))
        else { return nil }
        guard cairo_surface_status(surf) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surf)
            return nil
        }
        return (mask, surf)
    }

    deinit {
        cairo_surface_destroy(surface)
        cairo_surface_destroy(glyphSurface)
        cairo_surface_destroy(blendSurface)
    }

    /// Whether these buffers fit an image of `width` × `height` pixels.
    func fits(width: Int, height: Int) -> Bool { mask.width == width && mask.height == height }
}
