extension ReliefCanvas {
    /// Colours the pixels of `cols` × `rows` with the bilinear mix of the four texel colour
    /// words around each (premultiplied ARGB), the weights rounded to 1/256 as a GPU's texture
    /// filter rounds them.
    ///
    /// - Parameters:
    ///   - texels: texel (x, y) at `y · stride + x + offset`.
    ///   - xs, ys: per pixel column and row, the two texels around it and the second's weight.
    mutating func mixWords(
        _ texels: [UInt32], stride: Int, offset: Int, cols: Range<Int>, rows: Range<Int>, xs: [(Int, Int, Float)],
        ys: [(Int, Int, Float)]
    ) {
        let across = xs.map { Tap(left: Int32($0.0), right: Int32($0.1), weight: Self.weight($0.2)) }
        let w = width
        texels.withUnsafeBufferPointer { texels in
            across.withUnsafeBufferPointer { across in
                pixels.withUnsafeMutableBufferPointer { pixels in
                    guard let t = texels.baseAddress, let x = across.baseAddress, let out = pixels.baseAddress else {
                        return
                    }
                    for (k, (y0, y1, fy)) in ys.enumerated() {
                        let down = Self.weight(fy)
                        let top = t + (y0 * stride + offset)
                        let bottom = t + (y1 * stride + offset)
                        let o = out + ((rows.lowerBound + k) * w + cols.lowerBound)
                        for i in 0..<across.count {
                            let tap = x[i]
                            let (a, b) = (Int(tap.left), Int(tap.right))
                            o[i] = Self.mix(top[a], top[b], bottom[a], bottom[b], tap.weight, down)
                        }
                    }
                }
            }
        }
    }

    /// The two texels around a pixel column and the second's weight in 256ths.
    struct Tap {
        var left: Int32
        var right: Int32
        var weight: UInt32
    }

    /// A weight 0…1 in 256ths.
    @inline(__always)
    static func weight(_ f: Float) -> UInt32 { UInt32(min(max(f, 0), 1) * 256 + 0.5) }

    /// The four words above left, above right, below left and below right mixed with the
    /// weights `wx` across and `wy` down (256ths), each channel rounded to the nearest byte.
    /// The four weights sum to 256, so a channel's sum stays within its 16 bits.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ wx: UInt32, _ wy: UInt32) -> UInt32 {
        let wd = (wx &* wy &+ 128) >> 8
        let wb = wx &- wd
        let wc = wy &- wd
        let wa = 256 &+ wd &- wx &- wy
        let m: UInt32 = 0x00FF_00FF
        let rb = (a & m) &* wa &+ (b & m) &* wb &+ (c & m) &* wc &+ (d & m) &* wd
        let ag = (a >> 8 & m) &* wa &+ (b >> 8 & m) &* wb &+ (c >> 8 & m) &* wc &+ (d >> 8 & m) &* wd
        return ((rb &+ 0x0080_0080) >> 8) & m | ((ag &+ 0x0080_0080) & ~m)
    }
}
