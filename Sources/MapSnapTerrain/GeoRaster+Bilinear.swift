extension GeoRaster {
    /// Bilinear interpolation of `cells` (`width` × `height` heights in metres, row by row) at
    /// the fractional cell position (`column`, `row`), cell centres at whole numbers.
    ///
    /// Contract:
    /// - NaN outside −0.5…width − 0.5 × −0.5…height − 0.5 (the raster's outer cell edges);
    ///   between an edge and the outermost centres the edge cells' values hold (clamped).
    /// - NaN-aware: NaN when the cell holding the point is NaN; otherwise the bilinear weights
    ///   of those of the four surrounding cells that have a value, renormalised to sum to 1. So
    ///   data ends exactly at the edges of its cells, and a void does not spread into its
    ///   neighbours.
    @inlinable
    static func bilinear(
        _ cells: UnsafeBufferPointer<Float>, _ width: Int, _ height: Int, _ column: Double, _ row: Double
    ) -> Float {
        guard column >= -0.5, column <= Double(width) - 0.5, row >= -0.5, row <= Double(height) - 0.5 else {
            return .nan
        }
        let cx = min(max(column, 0), Double(width - 1))
        let cy = min(max(row, 0), Double(height - 1))
        let x0 = min(Int(cx), max(width - 2, 0))
        let y0 = min(Int(cy), max(height - 2, 0))
        let x1 = min(x0 + 1, width - 1)
        let y1 = min(y0 + 1, height - 1)
        let fx = Float(cx - Double(x0))
        let fy = Float(cy - Double(y0))
        let a = cells[y0 * width + x0]
        let b = cells[y0 * width + x1]
        let c = cells[y1 * width + x0]
        let d = cells[y1 * width + x1]
        if !(a.isNaN || b.isNaN || c.isNaN || d.isNaN) {
            return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
        }
        let nearest = fy < 0.5 ? (fx < 0.5 ? a : b) : (fx < 0.5 ? c : d)
        if nearest.isNaN { return .nan }
        var sum: Float = 0
        var weights: Float = 0
        for (value, weight) in [(a, (1 - fx) * (1 - fy)), (b, fx * (1 - fy)), (c, (1 - fx) * fy), (d, fx * fy)]
        where !value.isNaN {
            sum += value * weight
            weights += weight
        }
        return weights > 0 ? sum / weights : nearest
    }
}
