import Foundation
import MapSnapGeometry
import MapSnapOverlay
import MapSnapRaster
import MapSnapStyle
import MapSnapTiles

/// Draws the non-symbol layers of a base map (background, fill, line, circle) tile by tile,
/// each tile clipped to its own square so buffered geometry never draws twice and a polygon
/// cut at a tile border shows no outline along the cut; collects the symbol layers' labels for
/// the placement pass.
///
/// Style semantics follow the MapLibre style spec v8 (https://maplibre.org/maplibre-style-spec/layers/):
/// line-width and circle-radius in points, line-dasharray in multiples of the line width,
/// minzoom ≤ zoom < maxzoom.
///
/// Speed: each source layer of each tile is decoded and projected once per image and shared by
/// every style layer drawing from it (`PreparedTileLayer`); features whose box (grown by what
/// the paint can add around it) misses the visible part of their tile are skipped before their
/// filter runs; paint that does not depend on the feature is evaluated once per layer, and
/// consecutive features with equal paint go to the painter as one path. Generic over the
/// painter, so the calls per feature and per vertex are direct.
struct BaseMapPainter<P: Painter> {
    let map: BaseMap
    let camera: Camera
    let canvas: P
    /// Layer types the painter skips, each reported once.
    private(set) var warnings: [String] = []
    /// Sources with a tile that could not be read (warned about once).
    private var unreadableSources: Set<String> = []
    /// Pattern images the style asks for that no sprite has (collected while drawing).
    private let missingPatterns = NameSet()
    private var damagedSources: Set<String> = []

    /// - Parameter earlier: layers prepared by earlier images, taken over where this image shows
    ///   the same tiles (none by default); give back `prepared` when the image is drawn.
    init(map: BaseMap, camera: Camera, canvas: P, earlier: PreparedTileCache = PreparedTileCache(budgetBytes: 0)) {
        self.map = map
        self.camera = camera
        self.canvas = canvas
        self.earlier = earlier
        self.styleNumber = earlier.style(of: map.style.layers)
    }

    /// Tiles covering the image for each vector source, computed once per image.
    private var covers: [String: [CoveringTile]] = [:]
    /// Where each vector source read by a visible layer has no data on the image (see
    /// `coverage`), computed once per image.
    var coverages: [String: SourceCoverage] = [:]
    /// The sources (and fallback keys, `BaseMap.fallbackKey`) that drew something on the image.
    private(set) var drawnSources: Set<String> = []

    /// Prepared source layers of this image by source, source layer, tile and tile size (nil:
    /// the tile or the layer is missing).
    private(set) var prepared: [PreparedTileCache.Key: PreparedTileLayer?] = [:]
    /// Those of earlier images, taken over where this image shows the same tiles at the same
    /// size from the same tile caches (see `PreparedTileCache`).
    let earlier: PreparedTileCache
    /// The number `earlier` gives this image's style.
    let styleNumber: Int

    mutating func cover(_ sourceID: String, _ cache: VectorTileCache) -> [CoveringTile] {
        if let c = covers[sourceID] { return c }
        let src = map.style.source(id: sourceID)
        let minZ = Int(max(src?.minzoom ?? 0, Double(cache.source.minZoom)))
        let maxZ = Int(min(src?.maxzoom ?? 22, Double(cache.source.maxZoom)))
        let tiles = TileCover.tiles(for: camera, minZoom: minZ, maxZoom: max(minZ, maxZ))
        covers[sourceID] = tiles
        return tiles
    }

    mutating func preparedLayer(
        _ sourceID: String, _ sourceLayer: String, _ tile: CoveringTile, _ cache: VectorTileCache
    ) -> PreparedTileLayer? {
        let key = PreparedTileCache.Key(source: sourceID, layer: sourceLayer, tile: tile.id, size: tile.size)
        if let p = prepared[key] { return p }
        var p: PreparedTileLayer?
        if let kept = earlier.take(key, from: cache, style: styleNumber) {
            p = kept
        } else {
            do {
                if let tl = try cache.tile(tile.id)?.layer(named: sourceLayer) {
                    p = PreparedTileLayer(layer: tl, tile: tile)
                }
            } catch {
                warnUnreadable(sourceID, tile.id, error)
            }
        }
        if let p, let error = p.damaged.first {
            warnDamaged(sourceID, sourceLayer, tile.id, count: p.damaged.count, error)
        }
        prepared[key] = p
        return p
    }

    /// The image in points.
    var imageRect: Rect { Rect(x: 0, y: 0, width: camera.size.width, height: camera.size.height) }

    /// Draws every visible non-symbol layer; returns the symbol layers' label candidates in
    /// style order (with their layer index) for placement.
    mutating func draw() -> [SymbolCandidate] {
        let zoom = camera.zoom
        var symbols: [SymbolCandidate] = []
        let filterGroups = FeatureFilter.groups(map.style.layers, zoom: zoom)
        for (layerIndex, layer) in map.style.layers.enumerated() where layer.isVisible(atZoom: zoom) {
            defer { canvas.flushCoverage() }
            let zctx = EvaluationContext(zoom: zoom)
            switch layer.type {
            case .background:
                var pattern: PatternFill?
                if layer.paint[.backgroundPattern] != nil {
                    let name = layer.paint.string(.backgroundPattern, zctx)
                    pattern = patternFill(name)
                    if pattern == nil {
                        missingPatterns.names.insert(name)
                        continue
                    }
                }
                let c = layer.paint.color(.backgroundColor, zctx)
                let o = layer.paint.number(.backgroundOpacity, zctx)
                canvas.save()
                canvas.setFillPattern(pattern)
                canvas.paint(c, opacity: o)
                canvas.setFillPattern(nil)
                canvas.restore()
            case .fill, .line, .circle, .symbol:
                guard let sourceID = layer.source else { continue }
                // *-translate (points, map-aligned: the same as viewport-aligned without bearing)
                // moves the features; each tile's clip stays where the tile is, as MapLibre's
                // stencil clip does (see `drawTile`).
                let translate = Self.translation(layer, zctx)
                canvas.save()
                defer { canvas.restore() }
                if translate.x != 0 || translate.y != 0 { canvas.translate(x: translate.x, y: translate.y) }
                if let geojson = map.geojsonSources[sourceID] {
                    drawGeoJSON(layer, layerIndex: layerIndex, source: geojson, symbols: &symbols)
                    drawnSources.insert(sourceID)
                    continue
                }
                guard let cache = map.vectorSources[sourceID], let sourceLayer = layer.sourceLayer else { continue }
                // Paint fixed for the whole layer, or nil when it draws nothing at this zoom.
                var fixed: LayerPaint?
                if layer.type != .symbol {
                    fixed = LayerPaint(layer, zctx, perFeature: false)
                    if fixed?.isInvisible ?? false { continue }
                }
                // Where the source has no data (for the fallback and the warning of `warnMissingTiles`).
                _ = coverage(sourceID, cache)
                let from = VectorLayerSource(
                    id: sourceID, layer: sourceLayer, cache: cache, group: filterGroups[layerIndex])
                drawVectorLayer(layer, layerIndex: layerIndex, from, fixed: fixed, symbols: &symbols)
                if let world = map.fallbackSources[sourceID] {
                    drawFallback(
                        layer, layerIndex: layerIndex, under: from, world: world, fixed: fixed, symbols: &symbols)
                }
            case .heatmap:
                if drawHeatmap(layer, group: filterGroups[layerIndex]), let id = layer.source {
                    drawnSources.insert(id)
                }
            case .raster:
                for warning in drawRaster(layer) { warnOnce(warning) }
                if let id = layer.source { drawnSources.insert(id) }
            case .hillshade, .colorRelief:
                let (drew, warnings) = drawRelief(layer)
                for warning in warnings { warnOnce(warning) }
                if drew, let id = layer.source { drawnSources.insert(id) }
            default:
                warnOnce("layer type \(layer.type.rawValue) is not drawn yet (layer \"\(layer.id)\")")
            }
        }
        warnMissingTiles()
        for name in missingPatterns.names.sorted() {
            warnOnce(
                "the style's sprite has no image \"\(name)\" for a pattern: what asks for it is not drawn, as in "
                    + "MapLibre")
        }
        return symbols
    }

    /// A vector source as one style layer reads it.
    struct VectorLayerSource {
        /// The style source id (or the fallback key) its tiles are prepared under.
        var id: String
        /// The source layer read.
        var layer: String
        var cache: VectorTileCache
        /// The layer's filter group (see `FeatureFilter.groups`).
        var group: Int?
    }

    /// `tiles` in the order MapLibre places their symbols (src/style/style.ts,
    /// `_updatePlacement`: `OverscaledTileID.isLessThan`): world copy, then column, then row —
    /// where labels compete across a tile seam, the tile to the left is placed first.
    static func placementOrder(_ tiles: [CoveringTile]) -> [CoveringTile] {
        tiles.sorted { a, b in
            (a.wrap, a.id.z, a.id.x, a.id.y) < (b.wrap, b.id.z, b.id.x, b.id.y)
        }
    }

    /// Draws (or, for a symbol layer, collects the labels of) `layer` from every tile of
    /// `source` on the image; `clips` (image points) limits it to parts of the image.
    mutating func drawVectorLayer(
        _ layer: StyleLayer, layerIndex: Int, _ source: VectorLayerSource, fixed: LayerPaint?,
        clips: [Rect]? = nil, symbols: inout [SymbolCandidate]
    ) {
        let translate = Self.translation(layer, EvaluationContext(zoom: camera.zoom))
        let tiles = cover(source.id, source.cache)
        for tile in layer.type == .symbol ? Self.placementOrder(tiles) : tiles {
            let tileClips = clips.map { $0.compactMap { $0.intersection(tile.frame) } }
            if let tileClips, tileClips.isEmpty { continue }
            guard let p = preparedLayer(source.id, source.layer, tile, source.cache) else { continue }
            var filter = FeatureFilter(layer, group: source.group, p)
            var drew = false
            if layer.type == .symbol {
                let before = symbols.count
                collectSymbols(layer, layerIndex: layerIndex, p, tile, &filter, into: &symbols)
                if let tileClips { Self.restrict(&symbols, from: before, to: tileClips) }
                drew = symbols.count > before
            } else if let fixed {
                for clip in tileClips ?? [tile.frame] {
                    drew = drawTile(layer, p, tile, fixed, &filter, clip: clip, translate: translate) || drew
                }
            }
            filter.finish()
            if drew { drawnSources.insert(source.id) }
        }
    }

    /// The layer's `fill-translate` / `line-translate` / `circle-translate` offset, points.
    static func translation(_ layer: StyleLayer, _ ctx: EvaluationContext) -> Point {
        let property: StyleProperty
        switch layer.type {
        case .fill: property = .fillTranslate
        case .line: property = .lineTranslate
        case .circle: property = .circleTranslate
        default: return .zero
        }
        let v = layer.paint.numbers(property, ctx)
        guard v.count == 2, v[0].isFinite, v[1].isFinite else { return .zero }
        return Point(x: v[0], y: v[1])
    }

    /// One warning per source for its tiles that cannot be read or decoded (the first one named):
    /// their features are left out, not silently.
    private mutating func warnUnreadable(_ sourceID: String, _ id: TileID, _ error: any Error) {
        guard !unreadableSources.contains(sourceID) else { return }
        unreadableSources.insert(sourceID)
        warnings.append(
            "source \"\(sourceID)\": tile \(id.z)/\(id.x)/\(id.y) cannot be read (\(error)); "
                + "the features of such tiles are left out")
    }

    /// One warning per source for tiles some of whose features do not decode (the rest draw).
    private mutating func warnDamaged(_ sourceID: String, _ layer: String, _ id: TileID, count: Int, _ error: MVTError)
    {
        guard !damagedSources.contains(sourceID) else { return }
        damagedSources.insert(sourceID)
        warnings.append(
            "source \"\(sourceID)\": tile \(id.z)/\(id.x)/\(id.y), layer \"\(layer)\": \(count) feature"
                + (count == 1 ? "" : "s") + " cannot be decoded (\(error.message)); they are left out")
    }

    /// Whether one of the style's sprites has the image `name`.
    func hasImage(_ name: String) -> Bool { spriteImage(name) != nil }

    /// The image `name` of the first of the style's sprites that has it.
    private func spriteImage(_ name: String) -> SpriteAtlas.Image? {
        name.isEmpty ? nil : map.sprites.lazy.compactMap({ $0.images[name] }).first
    }

    /// The sprite image `name` as a pattern over this image, as MapLibre draws it in its tiles:
    /// repeated from the world's corner on the pixel grid of the integer zoom at or below the
    /// camera's, and magnified with the map up to the next integer zoom (the pattern of that
    /// zoom; MapLibre's cross-fade between zooms is for animation). Nil when no sprite has it.
    func patternFill(_ name: String) -> PatternFill? {
        guard let image = spriteImage(name) else { return nil }
        let magnification = exp2(camera.zoom - (camera.zoom + 1e-9).rounded(.down))
        let width = image.pointSize.width * magnification
        let height = image.pointSize.height * magnification
        guard width > 0, height > 0 else { return nil }
        // The image's top-left corner in world points at the camera's zoom.
        let centre = WebMercator.worldPoint(camera.center, zoom: camera.zoom)
        let corner = Point(x: centre.x - camera.size.width / 2, y: centre.y - camera.size.height / 2)
        let origin = Point(
            x: (-corner.x).truncatingRemainder(dividingBy: width),
            y: (-corner.y).truncatingRemainder(dividingBy: height))
        return PatternFill(name: name, image: image, origin: origin, magnification: magnification)
    }

    /// The sprite image `name` laid along lines whose `LayerPaint.dashUnit` is `unit` (see
    /// `LinePattern`); nil when no sprite has it.
    func linePattern(_ name: String, unit: Double) -> LinePattern? {
        guard let image = spriteImage(name) else { return nil }
        return LinePattern(name: name, image: image, unit: unit)
    }

    mutating func warnOnce(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    // MARK: - Fill, line, circle

    /// Draws the features of `p` that pass `filter` within `clip` (image points; the tile's
    /// square or a part of it); true when it drew something.
    ///
    /// The canvas is already moved by the layer's `translate` (points): the features move, the
    /// clip does not. MapLibre clips each tile by a stencil of its untranslated square, so a
    /// translated feature shows only where its own tile is (and features of the tile just
    /// outside the image can move in).
    @discardableResult
    private func drawTile(
        _ style: StyleLayer, _ p: PreparedTileLayer, _ tile: CoveringTile, _ fixed: LayerPaint,
        _ filter: inout FeatureFilter, clip imageClip: Rect, translate t: Point
    ) -> Bool {
        // The clip in the translated canvas's points.
        let clip = imageClip.offsetBy(dx: -t.x, dy: -t.y)
        // The part of the tile drawn on the image, relative to the tile's corner (as `p`'s points).
        guard
            let visible = clip.intersection(imageRect.offsetBy(dx: -t.x, dy: -t.y))?.offsetBy(
                dx: -tile.origin.x, dy: -tile.origin.y)
        else { return false }
        guard let wanted = Self.drawnTypes(style.type) else { return false }
        let zoom = camera.zoom
        let perFeature = fixed.dependsOnFeature
        // How far drawing can reach outside a feature's box (points), plus a pixel for
        // anti-aliasing and the pixel-snapped tile clip; per feature when the paint says so.
        let fixedMargin = perFeature ? nil : fixed.reach + 2

        var started = false
        var pending = false
        // The paint of the features added since the last `apply` (only per-feature paint changes
        // it). Held in a box: a `var` of this size is copied feature after feature otherwise.
        let current = PaintSlot(fixed)
        // Whether the geometry goes to the coverage rasterizers: decided once for fixed paint.
        var record = drawsByCoverage(fixed)
        // Points to device pixels, for the recorded geometry: fixed once the tile has begun.
        var device = DeviceTransform()
        for i in 0..<p.count {
            let type = p.type(i)
            guard type == wanted.0 || type == wanted.1 || style.type == .circle else { continue }
            let g = p.geometries[i]
            guard !g.isEmpty else { continue }
            if let fixedMargin, !g.overlaps(visible, margin: fixedMargin) { continue }
            // The feature's context is made only when something reads it (a filter verdict not
            // known yet, per-feature paint): most features of a tile need neither.
            guard filter.accepts(i, EvaluationContext(zoom: zoom, feature: TileFeatureContext(layer: p.keys, index: i)))
            else { continue }
            if perFeature {
                let ctx = EvaluationContext(zoom: zoom, feature: TileFeatureContext(layer: p.keys, index: i))
                let next = LayerPaint(style, ctx, perFeature: true)
                guard g.overlaps(visible, margin: next.reach + 2) else { continue }
                if pending && next != current.paint {
                    apply(current.paint)
                    pending = false
                }
                current.paint = next
                record = drawsByCoverage(next)
            }
            if !started {
                started = true
                beginTile(tile, clip: clip)
                device = canvas.deviceTransform
            }
            addGeometry(
                g, p, layerType: style.type, circleRadius: current.paint.circleRadius, lineOffset: current.paint.offset,
                record: record, device: device)
            pending = true
            if style.type == .circle || !current.paint.isOpaque {
                // Circles are painted one feature at a time (their fills and strokes overlap), and
                // so is translucent paint: MapLibre blends each feature's triangles in turn, so
                // where translucent features of a layer overlap they blend twice (the GeoJSON
                // path does the same). Opaque paint looks the same either way, bar anti-aliasing
                // where features overlap, and is drawn in one go.
                apply(current.paint)
                if style.type == .circle { canvas.flushCoverage() } else { canvas.blendCoverage() }
                pending = false
            }
        }
        if pending { apply(current.paint) }
        if started { canvas.restore() }
        return started
    }

    /// The geometry types a layer of `type` draws: fills polygons, lines lines and polygons'
    /// rings, circles points and lines (and polygons: a circle at every vertex, as MapLibre).
    private static func drawnTypes(_ type: StyleLayerType) -> (MVTGeometryType, MVTGeometryType)? {
        switch type {
        case .fill: return (.polygon, .polygon)
        case .line: return (.lineString, .polygon)
        case .circle: return (.point, .lineString)
        default: return nil
        }
    }

    /// Saves the painter's state for `tile` (`restore` ends it): a pixel-exact clip to `clip`
    /// (its square, or a part of it), so neighbouring tiles share edge pixels without a seam,
    /// and its corner as the origin (the tile's points are relative to it).
    private func beginTile(_ tile: CoveringTile, clip: Rect) {
        canvas.save()
        canvas.newPath()
        canvas.clipToPixels(clip)
        canvas.newPath()
        canvas.translate(x: tile.origin.x, y: tile.origin.y)
    }

    private func addGeometry(
        _ g: PreparedTileLayer.Geometry, _ p: PreparedTileLayer, layerType: StyleLayerType, circleRadius: Double,
        lineOffset: Double = 0, record: Bool, device m: DeviceTransform
    ) {
        // Geometry the coverage rasterizers draw (`record`) goes to them in device pixels (by
        // `m`), bypassing the painter's path (cairo's is fixed-point, and copied back).
        p.points.withUnsafeBufferPointer { pts in
            switch (layerType, g.type) {
            case (.fill, .polygon):
                for part in p.parts(g) {
                    let r = p.partRange(part)
                    guard r.count > 2 else { continue }
                    if record {
                        recordLine(pts, r, closingWith: pts[r.lowerBound], m)
                    } else {
                        addLine(pts, r, closingWith: nil)
                        canvas.closePath()
                    }
                }
            case (.line, .lineString):
                for part in p.parts(g) {
                    let r = p.partRange(part)
                    guard r.count > 1 else { continue }
                    if record {
                        recordLine(pts, r, closingWith: nil, m)
                    } else {
                        addLine(pts, r, closingWith: nil, offset: lineOffset)
                    }
                }
            case (.line, .polygon):
                for part in p.parts(g) {
                    let r = p.partRange(part)
                    guard r.count > 2 else { continue }
                    if record {
                        recordLine(pts, r, closingWith: pts[r.lowerBound], m)
                    } else {
                        addLine(pts, r, closingWith: pts[r.lowerBound], offset: lineOffset)
                    }
                }
            case (.circle, _):
                for part in p.parts(g) {
                    for k in p.partRange(part) {
                        // MapLibre fades a circle's edge inside its radius: the visible edge is half a pixel in.
                        addCircle(pts[k], radius: circleRadius)
                    }
                }
            default:
                break
            }
        }
    }

    /// Adds the polyline `pts[range]` (then `closing`, when given) to the painter's path,
    /// thinned (see `thinned`).
    /// With `offset` (line-offset, points; the lines the coverage rasterizers cannot draw, e.g.
    /// dashed ones), the polyline is first moved sideways as `CoverageMask.offsetPolyline` does.
    @inline(__always)
    private func addLine(
        _ pts: UnsafeBufferPointer<Point>, _ range: Range<Int>, closingWith closing: Point?, offset: Double = 0
    ) {
        if offset != 0 {
            var line: [Point] = []
            thinned(pts, range, closingWith: closing) { line.append($0) }
            canvas.addPolyline(Self.offset(line, by: offset))
            return
        }
        var first = true
        thinned(pts, range, closingWith: closing) { q in
            if first {
                canvas.move(to: q)
                first = false
            } else {
                canvas.addLine(to: q)
            }
        }
    }

    /// `line` moved sideways by `distance` points (line-offset: positive to the right).
    static func offset(_ line: [Point], by distance: Double) -> [Point] {
        guard distance != 0 else { return line }
        var moved: [Point] = []
        line.withUnsafeBufferPointer { CoverageMask.offsetPolyline($0, by: distance, into: &moved) }
        return moved
    }

    /// Records the polyline `pts[range]` (then `closing`) for the coverage rasterizers in device
    /// pixels (`m` maps points to pixels), thinned (see `thinned`).
    @inline(__always)
    private func recordLine(
        _ pts: UnsafeBufferPointer<Point>, _ range: Range<Int>, closingWith closing: Point?, _ m: DeviceTransform
    ) {
        thinned(pts, range, closingWith: closing) { p in canvas.recordPoint(m.apply(p)) }
        canvas.endRecordedPolyline(closing: false)
    }

    /// Calls `emit` with the vertices of `pts[range]` (then `closing`, when given), dropping
    /// those closer than a quarter pixel to the last one kept (they change nothing visible but
    /// cost the rasterizer); the first and last vertices always stay. (The canvas then merges
    /// what it records into straight chords: `CairoPainter.thinRecorded`.)
    @inline(__always)
    private func thinned(
        _ pts: UnsafeBufferPointer<Point>, _ range: Range<Int>, closingWith closing: Point?, _ emit: (Point) -> Void
    ) {
        PolylineSimplification.forEachKept(
            pts, range, closing: closing, minStep: 0.25 / camera.scale, tolerance: 0, emit)
    }

    /// Whether `paint` is drawn by the canvas's coverage rasterizers (then its geometry is
    /// recorded in device pixels rather than built as a path): fills, and lines but patterned
    /// ones and wide bevelled ones, on raster output.
    func drawsByCoverage(_ paint: LayerPaint) -> Bool {
        guard canvas.canRasterizeCoverage else { return false }
        switch paint.type {
        case .fill:
            return true
        case .line:
            guard paint.pattern == nil else { return false }
            let thin = paint.totalWidth * camera.scale <= Self.roundJoinTolerance
            return paint.join != .bevel || thin || paint.blur > 0 || paint.offset != 0
        default:
            return false
        }
    }

    /// Miter and bevel joins of lines at most this wide (device pixels, gap included) are drawn
    /// round: they differ by under a pixel. Wider bevelled lines go to cairo's stroker.
    static var roundJoinTolerance: Double { 2 }

    /// Adds a circle at `center` (points) of `radius` points to what `apply` paints next: as a
    /// centre for the coverage rasterizer, or (vector output) as a path whose visible edge
    /// is half a pixel inside the radius, where MapLibre's shader fades it.
    func addCircle(_ center: Point, radius: Double) {
        if canvas.canRasterizeCoverage {
            canvas.recordCircle(at: center)
        } else {
            canvas.addCircle(center: center, radius: max(radius - 0.5 / camera.scale, 0))
        }
    }

    /// Paints the current path with `paint`, then clears it. Fills and most lines wait in the
    /// painter's coverage mask until `canvas.flushCoverage()` (each layer ends with one).
    func apply(_ paint: LayerPaint) {
        if let name = paint.pattern, !hasImage(name) {
            // MapLibre draws nothing where a pattern's image is missing (never the colour).
            missingPatterns.names.insert(name)
            canvas.newPath()
            return
        }
        switch paint.type {
        case .fill: applyFill(paint)
        case .line: applyLine(paint)
        case .circle: applyCircle(paint)
        default: canvas.newPath()
        }
    }

    private func applyFill(_ paint: LayerPaint) {
        if let name = paint.pattern, let pattern = patternFill(name) {
            canvas.setFillPattern(pattern)
            defer { canvas.setFillPattern(nil) }
            if canvas.canRasterizeCoverage {
                canvas.fillByArea(color: paint.color, opacity: paint.opacity, outline: nil)
            } else {
                canvas.fill(color: paint.color, opacity: paint.opacity)
            }
            return
        }
        let outlined = paint.outlined
        if canvas.canRasterizeCoverage {
            // MapLibre's fill model (hard interior, anti-aliased one-pixel outline), rasterized
            // by exact area: cairo's scan converter costs several times more on maps of many
            // small polygons.
            let outline = paint.antialias ? (outlined ? paint.outlineColor : paint.color) : nil
            canvas.fillByArea(color: paint.color, opacity: paint.opacity, outline: outline)
            return
        }
        canvas.fill(color: paint.color, opacity: paint.opacity, preserve: outlined)
        if outlined {
            // MapLibre draws the outline one device pixel wide.
            canvas.stroke(
                color: paint.outlineColor, opacity: paint.opacity, width: 1 / camera.scale, cap: .butt, join: .miter)
        }
    }

    private func applyLine(_ paint: LayerPaint) {
        let width = paint.width
        let gap = paint.gap
        guard width > 0, paint.opacity > 0 else {
            canvas.newPath()
            return
        }
        canvas.setMiterLimit(paint.miterLimit)
        if let name = paint.pattern {
            if let pattern = linePattern(name, unit: paint.dashUnit) {
                canvas.strokePattern(
                    pattern, style: StrokeStyle(width: width, cap: paint.cap, join: paint.join), opacity: paint.opacity)
            } else {
                canvas.newPath()
            }
            return
        }
        let dash = paint.validDash
        let cap = dash.isEmpty ? paint.cap : paint.dashCap
        if drawsByCoverage(paint) {
            // MapLibre's own line model: coverage by distance, round joins (plus miter wedges
            // where asked), blur. Much faster than cairo's scan converter for road networks.
            let mitered = paint.join == .miter && paint.totalWidth * camera.scale > Self.roundJoinTolerance
            canvas.strokeByDistance(
                color: paint.color, opacity: paint.opacity, width: width, gap: gap, blur: paint.blur,
                cap: cap, miterLimit: mitered ? paint.miterLimit : nil, offset: paint.offset, dash: dash)
            return
        }
        if gap > 0 {
            // line-gap-width: two strokes of `width` either side of a `gap`-wide hole.
            canvas.strokeWithGap(
                StrokeStyle(width: gap + 2 * width, cap: cap, join: paint.join, dash: dash), gap: gap,
                color: paint.color, opacity: paint.opacity)
        } else {
            canvas.stroke(
                color: paint.color, opacity: paint.opacity, width: width, cap: cap, join: paint.join, dash: dash)
        }
    }

    private func applyCircle(_ paint: LayerPaint) {
        if canvas.canRasterizeCoverage {
            canvas.drawCircles(
                radius: paint.circleRadius, color: paint.color, opacity: paint.opacity, strokeWidth: paint.strokeWidth,
                strokeColor: paint.outlineColor, strokeOpacity: paint.strokeOpacity, blur: paint.circleBlur)
            return
        }
        canvas.fill(color: paint.color, opacity: paint.opacity, preserve: paint.strokeWidth > 0)
        if paint.strokeWidth > 0 {
            // MapLibre draws circle-stroke-width outside circle-radius.
            canvas.strokeOutside(color: paint.outlineColor, opacity: paint.strokeOpacity, width: paint.strokeWidth)
        }
    }

    // MARK: - Symbols

    private func collectSymbols(
        _ style: StyleLayer, layerIndex: Int, _ p: PreparedTileLayer, _ tile: CoveringTile,
        _ filter: inout FeatureFilter, into out: inout [SymbolCandidate]
    ) {
        let zoom = camera.zoom
        // Relative to the tile's corner, as `p`'s points; the candidates get image points.
        let frame = p.frame
        let o = tile.origin
        // Where a line label's anchor and boxes can be (see `SymbolPlacer.placeLine`): on its
        // own tile and on the image.
        let lineReach = frame.intersection(imageRect.offsetBy(dx: -o.x, dy: -o.y))
        let linePlacement = style.layout.enumValue(.symbolPlacement, EvaluationContext(zoom: zoom)) != "point"
        for i in 0..<p.count {
            let type = p.type(i)
            guard type != .unknown else { continue }
            let g = p.geometries[i]
            // A line label off the image can never be placed: skip it before its filter and text.
            if linePlacement && type != .point {
                guard let lineReach, g.overlaps(lineReach, margin: 0) else { continue }
            }
            let ctx = EvaluationContext(zoom: zoom, feature: TileFeatureContext(layer: p.keys, index: i))
            guard filter.accepts(i, ctx) else { continue }
            let rawText = SymbolCandidate.text(of: style, ctx)
            let icon = style.layout.string(.iconImage, ctx)
            guard !rawText.isEmpty || !icon.isEmpty, !g.isEmpty else { continue }
            guard let anchor = Self.anchor(g, p, frame: frame, linePlacement: linePlacement) else { continue }
            let placed = Self.moved(anchor, by: o)
            out.append(
                SymbolCandidate(
                    layer: style, layerIndex: layerIndex, ctx: ctx, text: rawText, geometry: placed, icon: icon))
        }
    }

    /// Where the symbol of `g` goes, in `p`'s points: with line placement its lines (a polygon's
    /// outer ring), labelled only at anchors inside `frame`; else a point inside `frame` (the
    /// first point, a line's middle vertex, a ring's vertex centroid). Nil when there is none.
    private static func anchor(
        _ g: PreparedTileLayer.Geometry, _ p: PreparedTileLayer, frame: Rect, linePlacement: Bool
    ) -> SymbolCandidate.Geometry? {
        p.points.withUnsafeBufferPointer { pts -> SymbolCandidate.Geometry? in
            switch g.type {
            case .point:
                // A point in a tile's buffer belongs to the neighbouring tile.
                for part in p.parts(g) {
                    for k in p.partRange(part) where frame.containsPoint(pts[k]) { return .point(pts[k]) }
                }
                return nil
            case .lineString:
                return lineAnchor(g, p, pts, frame: frame, linePlacement: linePlacement)
            case .polygon:
                guard g.partCount > 0 else { return nil }
                let ring = p.partRange(Int(g.firstPart))
                guard !ring.isEmpty else { return nil }
                if linePlacement {
                    var path = Array(pts[ring])
                    path.append(pts[ring.lowerBound])
                    return .lines([path], clip: frame)
                }
                // Label at the ring's vertex centroid, when it falls in this tile.
                var sx = 0.0
                var sy = 0.0
                for k in ring {
                    sx += pts[k].x
                    sy += pts[k].y
                }
                let c = Point(x: sx / Double(ring.count), y: sy / Double(ring.count))
                return frame.containsPoint(c) ? .point(c) : nil
            default:
                return nil
            }
        }
    }

    /// `anchor` for a line string: its lines (of two points or more), or the middle vertex of
    /// the longest (the first of equals) when inside `frame`.
    private static func lineAnchor(
        _ g: PreparedTileLayer.Geometry, _ p: PreparedTileLayer, _ pts: UnsafeBufferPointer<Point>, frame: Rect,
        linePlacement: Bool
    ) -> SymbolCandidate.Geometry? {
        if linePlacement {
            var paths: [[Point]] = []
            for part in p.parts(g) {
                let r = p.partRange(part)
                if r.count > 1 { paths.append(Array(pts[r])) }
            }
            return paths.isEmpty ? nil : .lines(paths, clip: frame)
        }
        var best: Range<Int>?
        for part in p.parts(g) {
            let r = p.partRange(part)
            if r.count > (best?.count ?? -1) { best = r }
        }
        guard let r = best, !r.isEmpty else { return nil }
        let q = pts[r.lowerBound + r.count / 2]
        return frame.containsPoint(q) ? .point(q) : nil
    }

    /// `anchor` (relative to a tile's corner) moved by `o` (the corner: to image points).
    private static func moved(_ anchor: SymbolCandidate.Geometry, by o: Point) -> SymbolCandidate.Geometry {
        switch anchor {
        case .point(let q):
            return .point(Point(x: q.x + o.x, y: q.y + o.y))
        case .lines(let paths, let clip):
            return .lines(
                paths.map { $0.map { Point(x: $0.x + o.x, y: $0.y + o.y) } }, clip: clip.offsetBy(dx: o.x, dy: o.y))
        }
    }
}

/// A style layer's filter over one prepared source layer; verdicts of a filter shared by several
/// layers (`group`) are kept in the prepared layer and computed once per feature.
struct FeatureFilter {
    let layer: StyleLayer
    let group: Int?
    let prepared: PreparedTileLayer
    private var verdicts: [UInt8]

    init(_ layer: StyleLayer, group: Int?, _ prepared: PreparedTileLayer) {
        self.layer = layer
        self.group = group
        self.prepared = prepared
        verdicts = group.map { prepared.takeVerdicts($0) } ?? []
    }

    /// Whether feature `i` (in `ctx`) passes.
    @inline(__always)
    mutating func accepts(_ i: Int, _ ctx: @autoclosure () -> EvaluationContext) -> Bool {
        guard group != nil else { return layer.filter == nil || layer.accepts(ctx()) }
        let v = verdicts[i]
        if v != 0 { return v == 1 }
        let ok = layer.accepts(ctx())
        verdicts[i] = ok ? 1 : 2
        return ok
    }

    /// For each style layer with a filter, a number shared with the other visible layers that read
    /// the same source layer through an equal filter: verdicts are kept per number, computed once
    /// per feature for all those layers, and kept with the prepared tile layer for the next images
    /// (see `PreparedTileCache`). Nil for a layer without a filter.
    static func groups(_ layers: [StyleLayer], zoom: Double) -> [Int?] {
        struct Key: Hashable {
            var source: String
            var sourceLayer: String
            var filter: StyleExpression
        }
        var groups: [Key: Int] = [:]
        var keys: [Key?] = []
        for layer in layers {
            guard layer.isVisible(atZoom: zoom), let source = layer.source, let sourceLayer = layer.sourceLayer,
                let filter = layer.filter
            else {
                keys.append(nil)
                continue
            }
            let key = Key(source: source, sourceLayer: sourceLayer, filter: filter)
            keys.append(key)
            if groups[key] == nil { groups[key] = groups.count }
        }
        return keys.map { key in key.flatMap { groups[$0] } }
    }

    /// Hands the verdicts back to the prepared layer.
    mutating func finish() {
        if let group {
            prepared.setVerdicts(group, verdicts)
            verdicts = []
        }
    }
}

/// A mutable `LayerPaint` held by reference (see `drawTile`).
private final class PaintSlot {
    var paint: LayerPaint
    init(_ paint: LayerPaint) { self.paint = paint }
}

/// A layer's paint and layout for one feature (or for all, when none depends on the feature),
/// evaluated once; equal values paint equally, so consecutive features with equal paint share a
/// path.
struct LayerPaint: Equatable {
    var type: StyleLayerType
    /// Fill, line or circle colour.
    var color = Color.black
    var opacity = 1.0
    /// Fill outline or circle stroke colour.
    var outlineColor = Color.black
    var outlined = false
    /// fill-antialias.
    var antialias = true
    var width = 0.0
    /// What line-dasharray lengths and a line pattern's repeat are multiples of, points: as
    /// MapLibre lays them in tile space, line-width at the integer zoom at or below the
    /// camera's (its `floorwidth`), magnified with the map up to the next integer zoom (see
    /// `dashUnit(_:_:)`); for the overlay's layers, the line width.
    var dashUnit = 0.0
    var gap = 0.0
    /// line-blur, points.
    var blur = 0.0
    /// line-offset, points (positive: to the right of the line's direction).
    var offset = 0.0
    var cap = LineCap.butt
    /// The ends of each dash: round where `line-cap` is round at the camera's zoom, else butt.
    /// MapLibre lays a line's end caps out with the tile (at its integer zoom) but picks its
    /// dash image, round-ended or not, with the layer's layout at the map's zoom (a zero-length
    /// dash is then a dot); a square cap does not lengthen its dashes there.
    var dashCap = LineCap.butt
    var join = LineJoin.miter
    var miterLimit = 2.0
    var dash: [Double] = []
    /// A line's whole width, points: two strokes and the gap between them with line-gap-width.
    var totalWidth: Double { gap > 0 ? gap + 2 * width : width }
    /// line-dasharray in points (multiples of `dashUnit`), or empty for a solid line (also for
    /// a pattern that is invalid or has no gaps: [2, 0] is common).
    ///
    /// An odd-length array is not doubled as in SVG: MapLibre's line atlas lets its last dash
    /// run on into the first one of the next repeat (`[4, 0.5, 3]` draws 4 on, 0.5 off, 3 + 4
    /// on, …), which is the array with a zero-length gap appended.
    var validDash: [Double] {
        var d = dash.map { $0 * dashUnit }
        if d.count % 2 == 1 { d.append(0) }
        let hasGap = stride(from: 1, to: d.count, by: 2).contains { d[$0] > 0 }
        guard d.count >= 2, d.allSatisfy({ $0 >= 0 }), hasGap else { return [] }
        return d
    }
    /// Whether the line's look runs along it from where it starts (dashes, a pattern), so that
    /// where it starts matters.
    var restartsPerTile: Bool { pattern != nil || !validDash.isEmpty }
    var circleRadius = 0.0
    /// circle-blur, a fraction of the radius (plus stroke).
    var circleBlur = 0.0
    var strokeWidth = 0.0
    var strokeOpacity = 1.0
    /// The image `fill-pattern` or `line-pattern` asks for (nil when the layer has none).
    var pattern: String?
    /// Whether any of the values may differ between features.
    var dependsOnFeature = false

    /// The length, points, of one unit of `line-dasharray` at `ctx`. MapLibre GL JS scales the
    /// pattern by the line width at the integer zoom at or below the camera's (its
    /// `line-floorwidth`) and lays it out in tile space, so it grows with the map up to the next
    /// integer zoom: width(⌊z⌋) · 2^(z − ⌊z⌋). Equal to the line width at integer zooms.
    static func dashUnit(_ paint: StyleProperties, _ ctx: EvaluationContext) -> Double {
        let floored = atIntegerZoom(ctx)
        return paint.number(.lineWidth, floored) * pow(2, ctx.zoom - floored.zoom)
    }

    /// A `line-cap` value (butt by default).
    static func lineCap(_ name: String?) -> LineCap {
        switch name {
        case "round": return .round
        case "square": return .square
        default: return .butt
        }
    }

    /// `ctx` at the integer zoom at or below its own: the zoom of the tile MapLibre draws there
    /// (overscaled beyond a source's maxzoom), at which it evaluates layout properties.
    static func atIntegerZoom(_ ctx: EvaluationContext) -> EvaluationContext {
        var floored = ctx
        floored.zoom = ctx.zoom.rounded(.down)
        return floored
    }

    /// Evaluates `layer`'s paint at `ctx`. With `perFeature` false, only notes whether a
    /// feature could change it (the values are then those of `ctx`).
    init(_ layer: StyleLayer, _ ctx: EvaluationContext, perFeature: Bool) {
        type = layer.type
        let paint = layer.paint
        let layout = layer.layout
        switch layer.type {
        case .fill:
            color = paint.color(.fillColor, ctx)
            opacity = paint.number(.fillOpacity, ctx)
            outlined = paint[.fillOutlineColor] != nil
            antialias = paint.bool(.fillAntialias, ctx)
            if outlined { outlineColor = paint.color(.fillOutlineColor, ctx) }
            if paint[.fillPattern] != nil { pattern = paint.string(.fillPattern, ctx) }
            if !perFeature {
                dependsOnFeature =
                    paint.dependsOnFeature(.fillColor) || paint.dependsOnFeature(.fillOpacity)
                    || paint.dependsOnFeature(.fillOutlineColor) || paint.dependsOnFeature(.fillPattern)
            }
        case .line:
            width = paint.number(.lineWidth, ctx)
            gap = paint.number(.lineGapWidth, ctx)
            blur = paint.number(.lineBlur, ctx)
            offset = paint.number(.lineOffset, ctx)
            color = paint.color(.lineColor, ctx)
            opacity = paint.number(.lineOpacity, ctx)
            if paint[.linePattern] != nil { pattern = paint.string(.linePattern, ctx) }
            if !perFeature {
                dependsOnFeature =
                    paint.dependsOnFeature(.linePattern) || paint.dependsOnFeature(.lineColor)
                    || paint.dependsOnFeature(.lineWidth)
                    || paint.dependsOnFeature(.lineOpacity) || paint.dependsOnFeature(.lineDasharray)
                    || layout.dependsOnFeature(.lineCap) || layout.dependsOnFeature(.lineJoin)
                    || paint.dependsOnFeature(.lineGapWidth) || layout.dependsOnFeature(.lineMiterLimit)
                    || paint.dependsOnFeature(.lineBlur) || paint.dependsOnFeature(.lineOffset)
            }
            guard width > 0, opacity > 0 else { return }
            // Layout is evaluated where MapLibre builds a tile's buckets: at its integer zoom.
            let tileZoom = Self.atIntegerZoom(ctx)
            cap = Self.lineCap(layout.enumValue(.lineCap, tileZoom))
            switch layout.enumValue(.lineJoin, tileZoom) {
            case "round": join = .round
            case "bevel": join = .bevel
            default: join = .miter
            }
            miterLimit = layout.number(.lineMiterLimit, tileZoom)
            dash = paint.numbers(.lineDasharray, ctx)
            dashCap = layout.enumValue(.lineCap, ctx) == "round" ? .round : .butt
            if layer.source == OverlayStyleSource.id {
                // The overlay's dashes keep their length at every zoom: a catalogue of routes
                // fitted at fractional zooms would otherwise show dashes up to twice as long.
                dashUnit = width
            } else if !dash.isEmpty || pattern != nil {
                dashUnit = Self.dashUnit(paint, ctx)
            }
        case .circle:
            circleRadius = paint.number(.circleRadius, ctx)
            circleBlur = paint.number(.circleBlur, ctx)
            color = paint.color(.circleColor, ctx)
            opacity = paint.number(.circleOpacity, ctx)
            strokeWidth = paint.number(.circleStrokeWidth, ctx)
            if strokeWidth > 0 {
                outlineColor = paint.color(.circleStrokeColor, ctx)
                strokeOpacity = paint.number(.circleStrokeOpacity, ctx)
            }
            if !perFeature {
                dependsOnFeature =
                    paint.dependsOnFeature(.circleRadius) || paint.dependsOnFeature(.circleColor)
                    || paint.dependsOnFeature(.circleOpacity) || paint.dependsOnFeature(.circleStrokeWidth)
                    || paint.dependsOnFeature(.circleStrokeColor) || paint.dependsOnFeature(.circleStrokeOpacity)
                    || paint.dependsOnFeature(.circleBlur)
            }
        default:
            break
        }
    }

    /// True when the paint covers what it draws completely (no opacity below 1), so painting
    /// features together or one by one looks the same.
    var isOpaque: Bool {
        switch type {
        case .fill: return opacity >= 1 && color.alpha >= 1 && (!outlined || outlineColor.alpha >= 1)
        case .line: return opacity >= 1 && color.alpha >= 1 && gap <= 0 && blur <= 0
        default: return false
        }
    }

    /// True when this paint, fixed for the whole layer, draws nothing.
    var isInvisible: Bool {
        guard !dependsOnFeature else { return false }
        switch type {
        case .line: return !(width > 0 && opacity > 0)
        case .fill: return opacity == 0
        default: return false
        }
    }

    /// How far (points) drawing reaches outside the geometry's box.
    var reach: Double {
        switch type {
        case .fill: return outlined ? 1 : 0
        case .line:
            guard width > 0, opacity > 0 else { return 0 }
            let half = totalWidth / 2
            // A miter reaches at most miterLimit half-widths from its vertex; a square cap √2; an
            // offset vertex at most twice the offset.
            return half * max(miterLimit, 1.5) + 2 * abs(offset)
        case .circle: return circleRadius + strokeWidth
        default: return 0
        }
    }
}

extension Rect {
    /// True when `p` is inside (left/top edges included, right/bottom excluded).
    func containsPoint(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }

    /// The overlap of two rectangles, nil when they do not overlap.
    func intersection(_ o: Rect) -> Rect? {
        let x0 = max(minX, o.minX)
        let y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX)
        let y1 = min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Names collected by non-mutating drawing code (a reference, so `apply` can add to it).
final class NameSet {
    var names: Set<String> = []
}
