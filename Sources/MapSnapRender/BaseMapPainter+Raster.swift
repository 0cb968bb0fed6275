import Foundation
import MapSnapGeometry
import MapSnapImage
import MapSnapStyle
import MapSnapTiles

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
        let resampling: Resampling = layer.paint.enumValue(.rasterResampling, ctx) == "nearest" ? .nearest : .bilinear
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
            canvas.drawTile(adjustment.apply(to: image), in: tile.frame, opacity: opacity, resampling: resampling)
        }
        guard let first = failed.first else { return [] }
        let count = failed.count == 1 ? "a tile was" : "\(failed.count) tiles were"
        return ["source \"\(sourceID)\": \(count) not drawn (\(first.description))"]
    }
}
