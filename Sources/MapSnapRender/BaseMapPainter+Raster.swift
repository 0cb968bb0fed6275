import CCairo
import Foundation
import MapSnapGeometry
import MapSnapStyle
import MapSnapTiles
import MapSnapImage

/// Raster layers (https://maplibre.org/maplibre-style-spec/layers/#raster): each tile of the
/// layer's raster source that covers the image is drawn scaled into its tile square, after the
/// colour paint (`RasterColorAdjustment`), with `raster-opacity` and `raster-resampling`.
/// `raster-fade-duration` has no meaning in a still image and is ignored.
extension BaseMapPainter {
    /// Draws `layer` (a raster layer) from its source in `map.rasterSources`; returns the
    /// warnings to report (at most one per source: the tiles that could not be read or decoded).
    func drawRaster(_ layer: StyleLayer) -> [String] {
        guard let sourceID = layer.source, let tiles = map.rasterSources[sourceID] else { return [] }
        let ctx = EvaluationContext(zoom: camera.zoom)
        let opacity = min(1, max(0, layer.paint.number(.rasterOpacity, ctx)))
        guard opacity > 0 else { return [] }
        let adjustment = RasterColorAdjustment(layer, ctx)
        let filter =
            layer.paint.enumValue(.rasterResampling, ctx) == "nearest" ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
        var failed: [TileSourceError] = []
        let cover = TileCover.rasterTiles(
            for: camera, tileSize: tiles.tileSize, minZoom: tiles.minZoom, maxZoom: tiles.maxZoom)
        for tile in cover {
            let image: RasterTileImage?
            do {
                image = try tiles.image(tile.id)
            } catch {
                failed.append(error)
                continue
            }
            guard let image else { continue }
            paintRasterTile(adjustment.apply(to: image), in: tile.frame, opacity: opacity, filter: filter)
        }
        guard let first = failed.first else { return [] }
        let count = failed.count == 1 ? "a tile was" : "\(failed.count) tiles were"
        return ["source \"\(sourceID)\": \(count) not drawn (\(first.description))"]
    }

    /// Paints `image` stretched over `frame` (points), clipped pixel-exactly to `frame` so
    /// neighbouring tiles meet without a seam or an overlap; the tile's edge pixels extend to
    /// its border (as a GL texture clamped to its edge).
    private func paintRasterTile(_ image: RasterTileImage, in frame: Rect, opacity: Double, filter: cairo_filter_t) {
        guard image.width > 0, image.height > 0, frame.width > 0, frame.height > 0,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))
        else { return }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let rowBytes = image.width * 4
        cairo_surface_flush(surface)
        image.pixels.withUnsafeBytes { src in
            guard let base = src.baseAddress else { return }
            for row in 0..<image.height {
                memcpy(data + row * stride, base + row * rowBytes, rowBytes)
            }
        }
        cairo_surface_mark_dirty(surface)

        let cr = canvas.cr
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        cairo_new_path(cr)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        cairo_translate(cr, frame.x, frame.y)
        cairo_scale(cr, frame.width / Double(image.width), frame.height / Double(image.height))
        cairo_set_source_surface(cr, surface, 0, 0)
        if let pattern = cairo_get_source(cr) {
            cairo_pattern_set_filter(pattern, filter)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        if opacity >= 1 {
            cairo_paint(cr)
        } else {
            cairo_paint_with_alpha(cr, opacity)
        }
    }
}
