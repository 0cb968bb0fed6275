/// A value a relief canvas mixes linearly between texels: a height in metres.
protocol ReliefSample {
    static var zero: Self { get }
    /// a + (b − a) · t, the canvas's linear mix (t in 0…1).
    static func mix(_ a: Self, _ b: Self, _ t: Float) -> Self
}

extension Float: ReliefSample {
    @inline(__always)
    static func mix(_ a: Float, _ b: Float, _ t: Float) -> Float { a + (b - a) * t }
}

extension ReliefCanvas {
    /// Bilinear reading of `texels` at every pixel of a tile's rows and columns, separated: each
    /// texel row the pixels read is mixed across once (at each pixel column, by `xs`) and kept
    /// while consecutive pixel rows read it, so that a pixel costs one mix down. The same
    /// operations in the same order as mixing the four texels per pixel (across, then down),
    /// so the same values to the bit.
    ///
    /// - Parameters:
    ///   - texels: texel (x, y) at `y · stride + x + offset`.
    ///   - xs, ys: per pixel column and row, the two texels around it and the second's weight.
    ///   - emit: per pixel row (its index in `ys`), the row above and the row below mixed
    ///     across (`xs.count` values each) and the weight of the lower.
    static func bilinearRows<T: ReliefSample>(
        _ texels: UnsafeBufferPointer<T>, stride: Int, offset: Int, xs: [(Int, Int, Float)],
        ys: [(Int, Int, Float)],
        _ emit: (Int, UnsafeBufferPointer<T>, UnsafeBufferPointer<T>, Float) -> Void
    ) {
        let n = xs.count
        var upper = [T](repeating: .zero, count: n)
        var lower = [T](repeating: .zero, count: n)
        var upperRow = Int.min
        var lowerRow = Int.min
        func fill(_ row: inout [T], _ y: Int) {
            let r = y * stride + offset
            xs.withUnsafeBufferPointer { x in
                row.withUnsafeMutableBufferPointer { out in
                    for k in 0..<n {
                        let (x0, x1, fx) = x[k]
                        out[k] = T.mix(texels[r + x0], texels[r + x1], fx)
                    }
                }
            }
        }
        for (k, (y0, y1, fy)) in ys.enumerated() {
            if y0 != upperRow {
                if y0 == lowerRow {
                    swap(&upper, &lower)
                    swap(&upperRow, &lowerRow)
                } else {
                    fill(&upper, y0)
                    upperRow = y0
                }
            }
            if y1 != lowerRow {
                fill(&lower, y1)
                lowerRow = y1
            }
            upper.withUnsafeBufferPointer { u in lower.withUnsafeBufferPointer { l in emit(k, u, l, fy) } }
        }
    }

    /// `HillshadeShading.word` in vector operations: premultiplied RGBA 0…1 → an ARGB word,
    /// each channel ⌊clamp(v · 255 + 0.5, 0, 255)⌋ (NaN gives 0), the same bytes to the bit.
    @inline(__always)
    static func packWord(_ c: SIMD4<Float>) -> UInt32 {
        var v = c * 255 + 0.5
        v.replace(with: 0, where: .!(v .>= 0))
        v.replace(with: 255, where: v .> 255)
        // v + 2²³ is v rounded to an integer in its low bits; one less where that rounded up.
        let t = v + 8_388_608
        var r = unsafeBitCast(t, to: SIMD4<UInt32>.self) &- 0x4B00_0000
        r.replace(with: r &- 1, where: (t - 8_388_608) .> v)
        return r.w << 24 | r.x << 16 | r.y << 8 | r.z
    }
}
