import Foundation
import MapSnapGeometry

extension ElevationModel {
    /// The model resampled onto the pixel grid of Web Mercator tile `z`/`x`/`y` (XYZ scheme:
    /// 2^z × 2^z tiles, y from the north) of `dim` × `dim` pixels, so `.hgt` and GeoTIFF files
    /// feed the same pipeline as `raster-dem` tiles.
    ///
    /// Each pixel takes the bilinear height (metres) at its centre from the finest raster with a
    /// value there (`GeoRaster.bilinear`). The one-pixel border holds the true heights of the
    /// neighbouring tiles' edge pixels, sampled the same way, so slopes are continuous from
    /// tile to tile without `backfillBorder`. Pixels where no raster has a value get 0 m (as
    /// `raster-dem` encoders store the sea and voids).
    ///
    /// - Returns: nil when no pixel (border included) has a value, or for a tile that does
    ///   not exist (z outside 0…30, x or y outside 0..<2^z, dim < 1).
    public func demTile(z: Int, x: Int, y: Int, dim: Int) -> DEMTile? {
        guard (0...30).contains(z), dim >= 1, dim <= 4096 else { return nil }
        let tiles = 1 << z
        guard (0..<tiles).contains(x), (0..<tiles).contains(y) else { return nil }
        let side = dim + 2
        let scale = 1 / (Double(tiles) * Double(dim))
        // Pixel centres of the border and the tile: index k is pixel k − 1.
        let longitudes = (0..<side).map { k -> Double in
            var lon = (Double(x * dim + k - 1) + 0.5) * scale * 360 - 180
            if lon < -180 { lon += 360 } else if lon >= 180 { lon -= 360 }
            return lon
        }
        let latitudes = (0..<side).map { k -> Double in
            let unitY = (Double(y * dim + k - 1) + 0.5) * scale
            return atan(sinh(.pi * (1 - 2 * unitY))) * 180 / .pi
        }
        var heights = [Float](repeating: .nan, count: side * side)
        var touched = false
        for raster in rasters {
            if sample(raster, longitudes, latitudes, into: &heights) { touched = true }
        }
        guard touched else { return nil }
        for i in 0..<heights.count where heights[i].isNaN { heights[i] = 0 }
        return DEMTile(dim: dim, bordered: heights)
    }

    /// Fills the NaN pixels of `heights` (`longitudes.count` wide) that `raster` has a value
    /// for; true when it filled any.
    private func sample(_ raster: GeoRaster, _ longitudes: [Double], _ latitudes: [Double], into heights: inout [Float])
        -> Bool
    {
        let columns = longitudes.map { GeoRaster.BilinearAxis(raster.column(longitude: $0), count: raster.width) }
        let rows = latitudes.map { GeoRaster.BilinearAxis(raster.row(latitude: $0), count: raster.height) }
        // Where the tile's pixels are finer than the raster's cells, Catmull-Rom instead of
        // bilinear: a bilinear surface has a slope that jumps at every cell edge, which a
        // hillshade shows as squares.
        let step =
            abs(raster.column(longitude: longitudes.last ?? 0) - raster.column(longitude: longitudes.first ?? 0))
            / Double(max(1, longitudes.count - 1))
        let cubicColumns = longitudes.map { GeoRaster.CubicAxis(raster.column(longitude: $0), count: raster.width) }
        let cubicRows = latitudes.map { GeoRaster.CubicAxis(raster.row(latitude: $0), count: raster.height) }
        let smooth = step < 0.75 && raster.width >= 4 && raster.height >= 4
        guard columns.contains(where: { $0 != nil }), rows.contains(where: { $0 != nil }) else { return false }
        let side = longitudes.count
        var filled = false
        raster.heights.withUnsafeBufferPointer { cells in
            heights.withUnsafeMutableBufferPointer { out in
                for (j, row) in rows.enumerated() {
                    guard let row else { continue }
                    for (i, column) in columns.enumerated() where out[j * side + i].isNaN {
                        guard let column else { continue }
                        var h = Float.nan
                        if smooth, let cx = cubicColumns[i], let cy = cubicRows[j] {
                            h = GeoRaster.cubic(cells, raster.width, cx, cy)
                        }
                        if h.isNaN { h = GeoRaster.blend(cells, raster.width, column, row) }
                        if !h.isNaN {
                            out[j * side + i] = h
                            filled = true
                        }
                    }
                }
            }
        }
        return filled
    }
}
