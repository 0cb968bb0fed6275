import Foundation
import MapSnapGeometry
import MapSnapOverlay
import MapSnapStyle
import MapSnapText

/// Draws an `OverlayScene` into an image, every overlay through the style: resolves the camera
/// (fitting pins and labels whole), publishes the overlays as the style's `overlay` GeoJSON
/// source, paints the style (the base map with the overlay layers in it; without a base map, a
/// plain background and the overlay layers), places the overlay symbols first and the base
/// map's labels in the space left, adds the title band and the decorations, and encodes.
///
/// Not thread-safe: use one renderer per thread (each owns its fonts and text context).
/// Reusing one renderer for many images keeps the font set-up out of the per-image cost.
public final class SceneRenderer {
    /// The engine of the bundled fonts.
    let text: TextEngine
    /// Engines with a user's font folder too, by the folder's path (`RenderRequest.fontFolder`):
    /// a folder is read when a request first names it. Another renderer never sees them.
    private var userTextEngines: [String: TextEngine] = [:]
    /// Coverage buffers of the last raster image, reused by the next one of the same size.
    private var coverageBuffers: CoverageBuffers?
    /// Tile layers earlier images prepared, for the next ones (see `PreparedTileCache`).
    private let preparedTiles: PreparedTileCache
    /// The plain map (background and overlay layers) for requests without a base map.
    private var plainMap: BaseMap?

    /// - Parameter preparedTiles: where the tile layers an image prepares are kept for the next
    ///   images; share one between the renderers of a batch (thread-safe). Nil: a cache of the
    ///   default budget of this renderer's own.
    public init(preparedTiles: PreparedTileCache? = nil) throws(RenderError) {
        self.preparedTiles = preparedTiles ?? PreparedTileCache()
        do {
            text = try TextEngine()
        } catch {
            throw .fontsMissing(error.description)
        }
    }

    /// Renders `scene`.
    /// - Throws: `RenderError.camera` when the camera cannot be resolved, `.imageTooLarge`, or a
    ///   failure of the surface or encoder.
    public func render(_ scene: OverlayScene, request: RenderRequest) throws(RenderError) -> RenderOutput {
        var map: BaseMap
        if let m = request.baseMap { map = m } else { map = try plain() }
        map.sprites = map.sprites(scale: request.scale)
        let text = try textEngine(request)
        let (camera, measures) = try measure(scene, request: request, style: map.style, text: text)
        var warnings = scene.warnings + measures.missingGlyphWarnings
        let texts =
            [scene.title].compactMap { $0 } + scene.pins.compactMap(\.title) + scene.callouts.map(\.text)
            + scene.labels.map(\.text)
        if let long = texts.first(where: { TextEngine.shortened($0) != $0 }) {
            warnings.append(
                "a label of \(long.count) characters is cut to its first \(TextEngine.longestText) (\"\(long.prefix(20))…\")"
            )
        }
        if !scene.isEmpty && !OverlayStyleSource.isDrawn(by: map.style) {
            warnings.append("the style has no layers on the \"overlay\" source: the overlays are not drawn")
        }
        let size = request.size
        // Overlay symbols stay inside the image less the title band.
        let frame = Rect(x: 0, y: measures.band, width: size.width, height: size.height - measures.band)
        let layout = MarkerLayout(
            pins: measures.pins, boxes: measures.pinOnlyBoxes, camera: camera, frame: frame,
            clusterRadius: request.clusterRadius, look: measures.look)
        let overlay = OverlayStyleSource.features(
            areas: scene.areas, lines: scene.lines, pins: measures.pins, callouts: scene.callouts,
            calloutTextSizes: measures.calloutTexts.map(\.size), labels: scene.labels, look: measures.look,
            layout: layout)
        map.geojsonSources[OverlayStyleSource.id] = GeoJSONSource(features: overlay.features)

        let canvas = try CairoPainter(format: request.format, size: request.size, scale: request.scale)
        canvas.adoptCoverageBuffers(coverageBuffers)
        defer { if let b = canvas.coverageBuffers { coverageBuffers = b } }
        var painter = BaseMapPainter(map: map, camera: camera, canvas: canvas, earlier: preparedTiles)
        var baseSymbols = painter.draw()
        preparedTiles.give(painter.prepared, caches: map.tileCaches, style: painter.styleNumber)
        warnings += painter.warnings

        // The overlay symbols first (they win), clear of the scale bar and attribution; then the
        // base map's labels fill the space left.
        var index = CollisionIndex(width: size.width, height: size.height)
        let decorations = DecorationPainter.layout(
            decorations(request, drawn: painter.drawnSources), camera: camera, size: size, text: text)
        for d in decorations { index.insert(d.box) }
        let profileBox = profileInsetBox(
            request, scene: scene, camera: camera, decorations: decorations.map(\.box), band: measures.band)
        if let profileBox { index.insert(profileBox) }
        let overlaySymbols = baseSymbols.filter { $0.overlayFeature != nil }
        baseSymbols.removeAll { $0.overlayFeature != nil }
        var placer = SymbolPlacer(camera: camera, canvas: canvas, text: text, sprites: map.sprites)
        placer.place(overlaySymbols, frame: frame, index: &index)
        let overlayPlaced = placer.overlayPlaced

        var report = AnnotationReport(camera: camera, minStep: 0.35 / request.scale)
        report.add(scene: scene, measures: measures, features: overlay, layout: layout, placed: overlayPlaced)
        if !report.droppedCallouts.isEmpty {
            let names = report.droppedCallouts.map { "\"\($0)\"" }.joined(separator: ", ")
            let n = report.droppedCallouts.count
            warnings.append(
                "\(n == 1 ? "a callout" : "\(n) callouts") found no room and \(n == 1 ? "is" : "are") left out: \(names) "
                    + "(a larger image or fewer overlays makes room)")
        }
        var mapLabels: [PlacedLabel] = []
        if !baseSymbols.isEmpty {
            var placer = SymbolPlacer(camera: camera, canvas: canvas, text: text, sprites: map.sprites)
            placer.place(baseSymbols, frame: frame, index: &index)
            mapLabels = placer.placed
            report.addMapLabels(placer.placed)
        }
        if let t = measures.titleText, let title = scene.title {
            report.add(.title, title, box: TitleBand.draw(t, band: measures.band, canvas: canvas, width: size.width))
        }
        if let p = request.profile, let b = profileBox {
            ProfileInset.draw(
                profile: p.profile, statistics: p.statistics, color: p.color ?? ProfileChart.defaultColor, in: b,
                canvas: canvas, text: text)
            report.add(.profile, p.statistics.summary, box: b)
            let s = p.statistics
            func tenth(_ v: Double?) -> Double? { v.map { ($0 * 10).rounded() / 10 } }
            report.profile = Annotations.TrailFigures(
                length: (s.length * 10).rounded() / 10, ascent: tenth(s.ascent), descent: tenth(s.descent),
                minElevation: tenth(s.minElevation), maxElevation: tenth(s.maxElevation),
                duration: (s.duration * 10).rounded() / 10, timeModel: s.model.rawValue)
        } else if request.profile != nil {
            warnings.append("the elevation profile found no corner clear of the trail and the credits: not drawn")
        }
        for d in decorations {
            DecorationPainter.draw(d, canvas: canvas)
            report.add(d.kind, d.label, box: d.box)
        }

        // A style without an opaque background leaves transparent pixels: keep them.
        var png = request.png
        if !Self.hasOpaqueBackground(map.style, zoom: camera.zoom) { png.alpha = true }
        let bytes = try canvas.encode(png: png)
        var output = RenderOutput(warnings: warnings, bytes: bytes, camera: camera, annotations: report.annotations)
        output.mapLabels = mapLabels
        return output
    }

    /// The text engine for `request`: the bundled fonts', or one with its font folder too.
    private func textEngine(_ request: RenderRequest) throws(RenderError) -> TextEngine {
        guard let folder = request.fontFolder else { return text }
        if let engine = userTextEngines[folder] { return engine }
        do {
            let engine = try TextEngine(userFonts: try FontLibrary.userFonts(in: folder))
            // A few folders at most in a long run; each engine holds its fonts and layouts.
            if userTextEngines.count >= 4 { userTextEngines.removeAll() }
            userTextEngines[folder] = engine
            return engine
        } catch {
            if case .fontsMissing(let m) = error { throw .fontsMissing(m) }
            throw .userFonts(error)
        }
    }

    /// The plain map: a background layer and the overlay layers (kept for the next image).
    private func plain() throws(RenderError) -> BaseMap {
        if let p = plainMap { return p }
        let style: Style
        do {
            style = try OverlayLayers.plainStyle()
        } catch {
            throw .internal("the built-in overlay layers do not parse: \(error.description)")
        }
        let map = BaseMap(style: style, vectorSources: [:], attribution: nil)
        plainMap = map
        return map
    }

    /// The camera, and the scene measured as `style`'s overlay layers size it at the camera's
    /// zoom. A fitted camera makes room for the markers as sized at the requested zoom (14 when
    /// none is asked for); when the layers' sizes depend on the zoom, they are measured again
    /// at the zoom the fit chose.
    private func measure(
        _ scene: OverlayScene, request: RenderRequest, style: Style, text: TextEngine
    ) throws(RenderError) -> (Camera, SceneMeasures) {
        var zoom = 14.0
        if case .center(_, let z) = request.camera { zoom = z }
        var look = OverlayLook(style: style, zoom: zoom)
        var measures = SceneMeasures(scene, look: look, imageWidth: request.size.width, text: text)
        let camera: Camera
        do {
            camera = try resolveCamera(request, scene: scene, measures: measures)
        } catch {
            throw .camera(error)
        }
        if look.dependsOnZoom && camera.zoom != zoom {
            look = OverlayLook(style: style, zoom: camera.zoom)
            measures = SceneMeasures(scene, look: look, imageWidth: request.size.width, text: text)
        }
        return (camera, measures)
    }

    /// The request's decorations with the credit of the base map's sources that drew
    /// something (`drawn`, see `BaseMap.attribution(drawn:)`) joined to the attribution.
    private func decorations(_ request: RenderRequest, drawn: Set<String>) -> Decorations {
        var d = request.decorations
        if let credit = request.baseMap?.attribution(drawn: drawn) {
            d.attribution = BaseMap.joinAttribution([credit, d.attribution ?? ""])
        }
        if !d.showAttribution { d.attribution = nil }
        return d
    }

    /// True when the style's first visible layer is a background that covers everything
    /// (opaque colour, opacity 1) at `zoom`.
    static func hasOpaqueBackground(_ style: Style, zoom: Double) -> Bool {
        guard let first = style.layers.first(where: { $0.isVisible(atZoom: zoom) }), first.type == .background else {
            return false
        }
        let ctx = EvaluationContext(zoom: zoom)
        return first.paint.color(.backgroundColor, ctx).alpha >= 1 && first.paint.number(.backgroundOpacity, ctx) >= 1
    }
}
