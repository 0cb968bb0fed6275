extension GeoRaster {
    /// Where a fractional cell position falls along one axis: the two cells around it and the
    /// weight of the upper one. Used per pixel by `bilinear` and per column and row by
    /// `ElevationModel.demTile`.
    @usableFromInline
    struct BilinearAxis: Sendable {
        @usableFromInline let lower: Int
        @usableFromInline let upper: Int
        @usableFromInline let fraction: Float

        /// Position `p` (cell centres at whole numbers) on an axis of `count` cells; nil
        /// outside −0.5…count − 0.5. Between an edge and the outermost centre the edge cell holds.
        @inlinable
        init?(_ p: Double, count: Int) {
            guard p >= -0.5, p <= Double(count) - 0.5 else { return nil }
            let clamped = min(max(p, 0), Double(count - 1))
            lower = min(Int(clamped), max(count - 2, 0))
            upper = min(lower + 1, count - 1)
            fraction = Float(clamped - Double(lower))
        }
    }

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
        guard let x = BilinearAxis(column, count: width), let y = BilinearAxis(row, count: height) else {
            return .nan
        }
        return blend(cells, width, x, y)
    }

    /// The NaN-aware bilinear blend of the four cells `x` and `y` select (see `bilinear`).
    @inlinable
    static func blend(_ cells: UnsafeBufferPointer<Float>, _ width: Int, _ x: BilinearAxis, _ y: BilinearAxis)
        -> Float
    {
        let fx = x.fraction
        let fy = y.fraction
        let a = cells[y.lower * width + x.lower]
        let b = cells[y.lower * width + x.upper]
        let c = cells[y.upper * width + x.lower]
        let d = cells[y.upper * width + x.upper]
        if !(a.isNaN || b.isNaN || c.isNaN || d.isNaN) {
            return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
        }
        return blendAroundVoids(a, b, c, d, fx, fy)
    }

    /// The slow path of `blend`, when one of the four cells is NaN.
    @usableFromInline
    static func blendAroundVoids(_ a: Float, _ b: Float, _ c: Float, _ d: Float, _ fx: Float, _ fy: Float) -> Float {
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
