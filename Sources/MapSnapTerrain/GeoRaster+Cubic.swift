extension GeoRaster {
    /// Where a fractional cell position falls along one axis for cubic interpolation: the four
    /// cells around it (clamped to the raster) and their Catmull-Rom weights (Keys' cubic
    /// convolution, a = −0.5, which passes through every cell centre).
    @usableFromInline
    struct CubicAxis: Sendable {
        @usableFromInline let index: SIMD4<Int32>
        @usableFromInline let weight: SIMD4<Float>

        /// Position `p` (cell centres at whole numbers) on an axis of `count` cells; nil outside
        /// −0.5…count − 0.5, as `BilinearAxis`.
        @inlinable
        init?(_ p: Double, count: Int) {
            guard p >= -0.5, p <= Double(count) - 0.5 else { return nil }
            let clamped = min(max(p, 0), Double(count - 1))
            let base = Int(clamped.rounded(.down))
            let t = Float(clamped - Double(base))
            let last = count - 1
            index = SIMD4(
                Int32(max(base - 1, 0)), Int32(min(base, last)), Int32(min(base + 1, last)),
                Int32(min(base + 2, last)))
            let t2 = t * t
            let t3 = t2 * t
            weight = SIMD4(
                -0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1, -1.5 * t3 + 2 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2)
        }
    }

    /// Catmull-Rom interpolation of `cells` (`width` wide, metres) at the cells `x` and `y`
    /// select: smooth slopes across cell edges, so a hillshade of a coarse raster drawn large
    /// shows no facets. NaN when any of the 16 cells is NaN (the caller then blends bilinearly
    /// around the void).
    @inlinable
    static func cubic(_ cells: UnsafeBufferPointer<Float>, _ width: Int, _ x: CubicAxis, _ y: CubicAxis) -> Float {
        var sum: Float = 0
        for j in 0..<4 {
            let row = Int(y.index[j]) * width
            let v = SIMD4(
                cells[row + Int(x.index[0])], cells[row + Int(x.index[1])], cells[row + Int(x.index[2])],
                cells[row + Int(x.index[3])])
            sum += (v * x.weight).sum() * y.weight[j]
        }
        return sum
    }
}
