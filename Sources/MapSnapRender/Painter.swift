import MapSnapGeometry
import MapSnapImage
import MapSnapStyle
import MapSnapText

/// What the layer painters (`BaseMapPainter`, `SymbolPlacer`, `MarkerPainter`, `OverlayImage`,
/// `DecorationPainter`) draw with: the one door to the drawing library. `CairoPainter` is its
/// implementation; no layer painter calls cairo.
///
/// **Units.** Coordinates, sizes, widths, radii and dash lengths are in *points*, mapped to the
/// output by the current transform (`translate`, `scale`, `rotate`; undone by `restore`).
/// `deviceTransform` says where a point lands in *device pixels*: points × the image scale on
/// raster output (plus the transforms), points on vector output. Only the polylines recorded
/// for the coverage rasterizers (`recordPoint`) are given in device pixels, and clips snapped
/// to pixels (`clipToPixels`) snap to device pixels. Angles are in radians, clockwise on the
/// image (y grows downwards).
///
/// **Colours.** `Color`s are straight (not premultiplied) RGBA; `opacity` multiplies their
/// alpha. Images (`RasterTileImage`, sprite images) are premultiplied ARGB32 words.
///
/// **The current path** is built by the path calls (points, through the transform at each
/// call) or, for the coverage rasterizers on raster output, recorded as device-pixel polylines
/// and circle centres; the next stroke or fill consumes it (unless it preserves it), `newPath`
/// clears it.
///
/// **Speed.** Painters are classes; the layer painters are generic over `P: Painter` (or take
/// `some Painter`), so a per-feature call is a direct call into the implementation, not a
/// dynamic dispatch.
protocol Painter: AnyObject {
    // MARK: Output

    /// Whether the coverage rasterizers (`strokeByDistance`, `fillByArea`, `drawCircles`,
    /// `recordPoint`, `recordCircle`) draw here: raster output. Vector output keeps strokes and
    /// fills as vectors.
    var canRasterizeCoverage: Bool { get }

    // MARK: State and transform

    /// Saves the transform, clip, miter limit and group nesting; `restore` brings them back.
    func save()
    func restore()
    /// Moves the origin by (`x`, `y`) points.
    func translate(x: Double, y: Double)
    /// Scales what follows by `x`, `y` (widths too).
    func scale(x: Double, y: Double)
    /// Turns what follows by `angle` radians (clockwise on the image) about the origin.
    func rotate(by angle: Double)
    /// The current transform from points to device pixels.
    var deviceTransform: DeviceTransform { get }
    /// How far a miter join may reach, in half line widths, for the strokes that follow (until
    /// `restore`).
    func setMiterLimit(_ limit: Double)

    // MARK: Clip

    /// Narrows the clip to `rect` (points), its edges snapped to whole device pixels without
    /// anti-aliasing, so neighbouring tiles meet without a seam or an overlap. Clears the path.
    func clipToPixels(_ rect: Rect)
    /// Narrows the clip to the current (closed) path, keeping the path.
    func clipPreservingPath()

    // MARK: Path (points)

    /// Clears the current path, the recorded polylines and circle centres included.
    func newPath()
    /// Starts a subpath at `p`.
    func move(to p: Point)
    /// Adds a straight segment to `p`.
    func addLine(to p: Point)
    /// Adds a cubic Bézier segment to `p` with the control points `c1`, `c2`.
    func addCurve(to p: Point, control1 c1: Point, control2 c2: Point)
    /// Closes the current subpath.
    func closePath()
    /// Adds an arc about `center` from angle `a0` to `a1`, anticlockwise on the image.
    func arcNegative(center: Point, radius: Double, from a0: Double, to a1: Double)
    /// Adds a closed circle as its own subpath.
    func addCircle(center: Point, radius: Double)
    func addRect(_ r: Rect)
    /// Adds a rectangle with corners of `radius` (at most half its sides: a capsule).
    func addRoundedRect(_ r: Rect, radius: Double)

    // MARK: Recorded geometry (coverage rasterizers, raster output only)

    /// Adds `p` (device pixels) to the polyline being recorded in place of a path.
    func recordPoint(_ p: Point)
    /// Ends the polyline being recorded; with `closing`, it first goes back to its first point
    /// when it has two points or more and does not end there.
    func endRecordedPolyline(closing: Bool)
    /// Adds a circle centre (points) for the next `drawCircles`.
    func recordCircle(at center: Point)

    // MARK: Painting

    /// Fills the clip with `color` (or the fill pattern).
    func paint(_ color: Color, opacity: Double)
    /// The sprite image `paint`, `fill` and `fillByArea` use instead of their colour until set
    /// back to nil (`fill-pattern`, `background-pattern`).
    func setFillPattern(_ pattern: PatternFill?)
    /// Strokes the current path `style.width` points wide with `pattern` laid along it
    /// (`line-pattern`; dashes are ignored, as MapLibre ignores them with a pattern), composited
    /// once with `opacity`. Clears the path.
    func strokePattern(_ pattern: LinePattern, style: StrokeStyle, opacity: Double)
    /// Strokes the current path (and clears it unless `preserve`).
    func stroke(_ style: StrokeStyle, color: Color, opacity: Double, preserve: Bool)
    /// Fills the current path (and clears it unless `preserve`).
    func fill(_ rule: FillRule, color: Color, opacity: Double, preserve: Bool)
    /// Strokes `width` points outside the closed current path (its inside left untouched), then
    /// clears the path (`circle-stroke-width`).
    func strokeOutside(color: Color, opacity: Double, width: Double)
    /// Strokes the current path as two lines either side of a `gap`-wide hole (points;
    /// `line-gap-width`), `style.width` being the whole width; the strokes and the hole are
    /// composited once with `opacity`. Clears the path.
    func strokeWithGap(_ style: StrokeStyle, gap: Double, color: Color, opacity: Double)
    /// Fills an ellipse of radii `rx`, `ry` about `center` with `color`, fading from `opacity`
    /// at the centre to transparent at the edge (a soft shadow). Clears the path.
    func fillSoftEllipse(center: Point, rx: Double, ry: Double, color: Color, opacity: Double)
    /// Draws what follows into a group of its own, until `endGroup`.
    func beginGroup()
    /// Composites the group begun last with `opacity`.
    func endGroup(opacity: Double)

    // MARK: Coverage rasterizers (MapLibre's line, fill and circle models)

    /// Strokes the current path the way MapLibre's line shader does — coverage from each pixel
    /// centre's distance to the line, round joins — into the painter's coverage mask, then
    /// clears the path. `width`, `blur` and `offset` in points; with `gap` > 0 (points), two
    /// strokes of `width` either side of the gap; with `miterLimit`, mitered joins up to that
    /// many half widths; `offset` moves the lines sideways (positive: to the right). The mask is
    /// composited in the colour by `flushCoverage` (or when paint of another colour arrives),
    /// so strokes of one paint blend once where they overlap. With `dash` (dash and gap lengths
    /// in points, an even count, from the start of each polyline), each dash is stroked on its
    /// own with `cap`. Raster output only.
    func strokeByDistance(
        color: Color, opacity: Double, width: Double, gap: Double, blur: Double, cap: LineCap, miterLimit: Double?,
        offset: Double, dash: [Double])
    /// Fills the current path (nonzero) as MapLibre does — hard-edged interior, then, with
    /// `outline` (`fill-antialias`), a one-device-pixel anti-aliased outline in that colour —
    /// into the coverage mask; clears the path. Raster output only.
    func fillByArea(color: Color, opacity: Double, outline: Color?)
    /// Draws circles of `radius` points at the recorded centres, as MapLibre does: the fill,
    /// then `strokeWidth` points of stroke outside the radius, each composited once; `blur` a
    /// fraction of the radius. Forgets the centres. Raster output only.
    func drawCircles(
        radius: Double, color: Color, opacity: Double, strokeWidth: Double, strokeColor: Color, strokeOpacity: Double,
        blur: Double)
    /// Composites what the coverage mask holds in its colour, and clears it. Call after a
    /// layer (or a feature that must blend on its own).
    func flushCoverage()
    /// What `flushCoverage` does for one translucent feature of many — its coverage blended over
    /// the features of the same paint before it, where they overlap twice — but composited once
    /// for all of them, when they are done (the next flush or paint). Raster output; else a flush.
    func blendCoverage()

    // MARK: Images (premultiplied ARGB32)

    /// Paints `image` stretched over `frame` (points), clipped to `frame` snapped to device
    /// pixels so neighbouring tiles meet without a seam; its edge pixels extend to the frame's
    /// border (a GL texture clamped to its edge).
    func drawTile(_ image: RasterTileImage, in frame: Rect, opacity: Double, resampling: Resampling)
    /// Paints the sprite image `image` stretched over `rect` (points), with `opacity`.
    func drawImage(_ image: SpriteAtlas.Image, in rect: Rect, opacity: Double, resampling: Resampling)

    // MARK: Text

    /// Draws `text` with its top-left corner at `origin` (points) in `color`, over a halo of
    /// `haloWidth` points out from the glyph outlines when `halo` is given.
    func drawText(_ text: TextLayout, at origin: Point, color: Color, halo: Color?, haloWidth: Double)
    /// Draws glyph clusters of a one-line text, each at its own place and angle (a label set
    /// along a curved line): every glyph's halo first, then every fill, so no halo covers a
    /// neighbour's fill.
    func drawGlyphs(
        _ glyphs: [LineGlyph], at placements: [GlyphPlacement], color: Color, halo: Color?, haloWidth: Double)
}

// MARK: - Shorthands

extension Painter {
    /// Fills the clip with `color`.
    func paint(_ color: Color) { paint(color, opacity: 1) }

    /// Strokes the current path (and clears it unless `preserve`).
    func stroke(
        color: Color, opacity: Double = 1, width: Double, cap: LineCap = .round, join: LineJoin = .round,
        dash: [Double] = [], preserve: Bool = false
    ) {
        stroke(
            StrokeStyle(width: width, cap: cap, join: join, dash: dash), color: color, opacity: opacity,
            preserve: preserve)
    }

    /// Fills the current path (and clears it unless `preserve`).
    func fill(color: Color, opacity: Double = 1, evenOdd: Bool = false, preserve: Bool = false) {
        fill(evenOdd ? .evenOdd : .nonZero, color: color, opacity: opacity, preserve: preserve)
    }

    /// Draws `text` without a halo, top-left at `origin` (points).
    func drawText(_ text: TextLayout, at origin: Point, color: Color) {
        drawText(text, at: origin, color: color, halo: nil, haloWidth: 0)
    }

    /// Adds an open polyline (points).
    func addPolyline(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// Adds a closed ring (points).
    func addRing(_ points: [Point]) {
        addPolyline(points)
        closePath()
    }

    /// Adds `commands`, their points mapped through `transform` (to points).
    func addPath(_ commands: [PathCommand], transform: (Point) -> Point) {
        for c in commands {
            switch c {
            case .move(let p): move(to: transform(p))
            case .line(let p): addLine(to: transform(p))
            case .curve(let a, let b, let e):
                let (qa, qb, qe) = (transform(a), transform(b), transform(e))
                addCurve(to: qe, control1: qa, control2: qb)
            case .close: closePath()
            }
        }
    }
}
