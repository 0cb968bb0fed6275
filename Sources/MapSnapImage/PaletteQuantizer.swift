/// Reduces an image to at most 256 colours for an 8-bit palette PNG: a deterministic median cut
/// of our own (libimagequant, the usual choice, is GPL-3).
///
/// 1. A histogram of the pixels on a 6-bit-per-channel grid (5 bits and 3 of alpha when the
///    image is not opaque), keeping each cell's pixel count and the sums of its exact colours.
/// 2. Median cut over the occupied cells: the box with the largest weighted squared spread is
///    split at the weighted median of its widest channel, until there are `colors` boxes (or
///    every box holds one cell).
/// 3. Each box's colour is the mean of its pixels (exact, not a cell centre); every pixel takes
///    the colour of its cell's box. No dithering: maps are flat colours and thin lines, where
///    error diffusion makes noise.
///
/// The same pixels give the same palette and indices on every run and machine (integer sums,
/// ties broken by cell order).
package enum PaletteQuantizer {
    /// The palette (straight RGBA, at most `colors` entries) and one index per pixel, row by row.
    package struct Result {
        package var palette: [UInt8]
        package var indices: [UInt8]
        package var count: Int { palette.count / 4 }
    }

    /// A cell of the histogram grid.
    struct Cell {
        var key: Int32
        var count: UInt32
        var r: UInt64
        var g: UInt64
        var b: UInt64
        var a: UInt64
    }

    /// Quantizes cairo ARGB32 pixels (premultiplied, native-endian) to `colors` (2…256).
    package static func quantize(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, colors: Int, alpha: Bool
    ) -> Result {
        let n = width * height
        var keys = [Int32](repeating: 0, count: n)
        let bins = 1 << 18
        var slot = [Int32](repeating: -1, count: bins)
        var cells: [Cell] = []
        cells.reserveCapacity(8192)
        for y in 0..<height {
            let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let (r, g, b, a) = straight(row[x])
                // 6 bits a channel; with alpha 5 bits a colour and 3 of alpha.
                let key =
                    alpha
                    ? Int32(r >> 3) << 13 | Int32(g >> 3) << 8 | Int32(b >> 3) << 3 | Int32(a >> 5)
                    : Int32(r >> 2) << 12 | Int32(g >> 2) << 6 | Int32(b >> 2)
                var s = slot[Int(key)]
                if s < 0 {
                    s = Int32(cells.count)
                    slot[Int(key)] = s
                    cells.append(Cell(key: key, count: 0, r: 0, g: 0, b: 0, a: 0))
                }
                cells[Int(s)].count += 1
                cells[Int(s)].r += UInt64(r)
                cells[Int(s)].g += UInt64(g)
                cells[Int(s)].b += UInt64(b)
                cells[Int(s)].a += UInt64(a)
                keys[y * width + x] = s
            }
        }
        // Cells in key order: the cut does not depend on the order pixels were met.
        let order = cells.indices.sorted { cells[$0].key < cells[$1].key }
        var rank = [Int32](repeating: 0, count: cells.count)
        for (i, c) in order.enumerated() { rank[c] = Int32(i) }
        let sorted = order.map { cells[$0] }
        let boxes = MedianCut.boxes(sorted, colors: max(2, min(colors, 256)), alpha: alpha)
        var palette: [UInt8] = []
        var boxOfCell = [UInt8](repeating: 0, count: sorted.count)
        for (i, box) in boxes.enumerated() {
            var count: UInt64 = 0
            var sr: UInt64 = 0
            var sg: UInt64 = 0
            var sb: UInt64 = 0
            var sa: UInt64 = 0
            for c in box.cells {
                let cell = sorted[c]
                count += UInt64(cell.count)
                sr += cell.r
                sg += cell.g
                sb += cell.b
                sa += cell.a
                boxOfCell[c] = UInt8(i)
            }
            func mean(_ s: UInt64) -> UInt8 { UInt8((s + count / 2) / max(count, 1)) }
            palette += [mean(sr), mean(sg), mean(sb), alpha ? mean(sa) : 255]
        }
        var indices = [UInt8](repeating: 0, count: n)
        for i in 0..<n { indices[i] = boxOfCell[Int(rank[Int(keys[i])])] }
        return Result(palette: palette, indices: indices)
    }

    /// Straight RGBA of a premultiplied ARGB32 pixel.
    @inline(__always)
    static func straight(_ p: UInt32) -> (UInt32, UInt32, UInt32, UInt32) {
        let a = p >> 24
        var r = (p >> 16) & 0xFF
        var g = (p >> 8) & 0xFF
        var b = p & 0xFF
        if a == 0 {
            r = 0
            g = 0
            b = 0
        } else if a < 255 {
            r = min(255, (r * 255 + a / 2) / a)
            g = min(255, (g * 255 + a / 2) / a)
            b = min(255, (b * 255 + a / 2) / a)
        }
        return (r, g, b, a)
    }
}

/// The median cut of `PaletteQuantizer` over histogram cells.
enum MedianCut {
    struct Box {
        var cells: [Int]
        /// Weighted squared spread (count × sum of the channels' variances), what splitting gains.
        var spread: Double
    }

    static func boxes(_ cells: [PaletteQuantizer.Cell], colors: Int, alpha: Bool) -> [Box] {
        var boxes = [make(Array(cells.indices), cells, alpha: alpha)]
        while boxes.count < colors {
            // The box with the most to gain; ties go to the first.
            var best = -1
            for (i, b) in boxes.enumerated() where b.cells.count > 1 && (best < 0 || b.spread > boxes[best].spread) {
                best = i
            }
            guard best >= 0, boxes[best].spread > 0 else { break }
            let (low, high) = split(boxes[best], cells, alpha: alpha)
            boxes[best] = make(low, cells, alpha: alpha)
            boxes.append(make(high, cells, alpha: alpha))
        }
        return boxes
    }

    /// Mean colour channel `k` (0 r, 1 g, 2 b, 3 a) of a cell.
    @inline(__always)
    static func channel(_ c: PaletteQuantizer.Cell, _ k: Int) -> Double {
        let s: UInt64
        switch k {
        case 0: s = c.r
        case 1: s = c.g
        case 2: s = c.b
        default: s = c.a
        }
        return Double(s) / Double(c.count)
    }

    static func make(_ members: [Int], _ cells: [PaletteQuantizer.Cell], alpha: Bool) -> Box {
        let channels = alpha ? 4 : 3
        var total = 0.0
        var spread = 0.0
        var sum = [Double](repeating: 0, count: 4)
        var squares = [Double](repeating: 0, count: 4)
        for i in members {
            let c = cells[i]
            let w = Double(c.count)
            total += w
            for k in 0..<channels {
                let v = channel(c, k)
                sum[k] += w * v
                squares[k] += w * v * v
            }
        }
        for k in 0..<channels where total > 0 { spread += squares[k] - sum[k] * sum[k] / total }
        return Box(cells: members, spread: max(spread, 0))
    }

    /// Splits a box at the weighted median of its widest channel (by variance).
    static func split(_ box: Box, _ cells: [PaletteQuantizer.Cell], alpha: Bool) -> ([Int], [Int]) {
        let channels = alpha ? 4 : 3
        var widest = 0
        var widestVariance = -1.0
        for k in 0..<channels {
            var total = 0.0
            var sum = 0.0
            var squares = 0.0
            for i in box.cells {
                let w = Double(cells[i].count)
                let v = channel(cells[i], k)
                total += w
                sum += w * v
                squares += w * v * v
            }
            let variance = squares / total - (sum / total) * (sum / total)
            if variance > widestVariance {
                widestVariance = variance
                widest = k
            }
        }
        let ordered = box.cells.sorted {
            let a = channel(cells[$0], widest)
            let b = channel(cells[$1], widest)
            return a != b ? a < b : $0 < $1
        }
        let total = ordered.reduce(0) { $0 + UInt64(cells[$1].count) }
        var running: UInt64 = 0
        var cut = 1
        for (i, c) in ordered.enumerated() {
            running += UInt64(cells[c].count)
            if running * 2 >= total {
                cut = i + 1
                break
            }
        }
        cut = min(max(cut, 1), ordered.count - 1)
        return (Array(ordered[..<cut]), Array(ordered[cut...]))
    }
}
