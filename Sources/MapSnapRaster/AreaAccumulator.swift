import MapSnapGeometry

/// Polygon rasterization by exact area: each edge adds, to the pixels it crosses, the signed
/// area it sweeps and, to the pixel after, the rest of its cover; a running sum along each row
/// then gives every pixel's winding-weighted coverage (the accumulation rasterizer of font-rs,
/// https://github.com/raphlinus/font-rs). Coverage is `min(1, |sum|)`: the nonzero rule, with
/// anti-aliased edges exact to the pixel area (cairo samples 256×15 points a pixel for the same).
///
/// Cost is the edges' length in rows plus one pass over the touched box: far cheaper than a
/// supersampling scan converter on maps of many small polygons (buildings, land use).
package final class AreaAccumulator {
    let width: Int
    let height: Int
    /// Floats per row: the width plus two, as an edge at the right border spills one pixel.
    let stride: Int
    private let acc: UnsafeMutablePointer<Float>
    /// Rows and columns written since the last `resolve` (empty when x0 ≥ x1).
    private(set) var box = CoverageMask.PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 2
        acc = UnsafeMutablePointer<Float>.allocate(capacity: stride * height)
        acc.initialize(repeating: 0, count: stride * height)
    }

    deinit { acc.deallocate() }

    /// Adds the edge `a → b` (device pixels) of a closed ring, within `clip` (already inside
    /// the image). Parts left of the clip still count (as at its left side), so the row sums
    /// stay right.
    package func addEdge(_ a: Point, _ b: Point, clip: CoverageMask.PixelRect) {
        guard a.y != b.y, a.y.isFinite, b.y.isFinite, a.x.isFinite, b.x.isFinite else { return }
        let dir: Float = a.y < b.y ? 1 : -1
        let (p, q) = a.y < b.y ? (a, b) : (b, a)
        let top = Double(clip.y0)
        let bottom = Double(clip.y1)
        guard q.y > top, p.y < bottom else { return }
        let dxdy = (q.x - p.x) / (q.y - p.y)
        let y0 = max(p.y, top)
        let y1 = min(q.y, bottom)
        var x = p.x + (y0 - p.y) * dxdy
        let left = Double(clip.x0)
        let right = Double(clip.x1)
        let firstRow = floorInt(y0)
        let lastRow = min(ceilInt(y1), clip.y1)
        var minX = Int.max
        var maxX = Int.min
        for y in firstRow..<lastRow {
            let rowTop = max(Double(y), y0)
            let rowBottom = min(Double(y + 1), y1)
            let dy = rowBottom - rowTop
            let xNext = x + dxdy * dy
            let d = Float(dy) * dir
            let xa = min(max(x, left), right)
            let xb = min(max(xNext, left), right)
            let x0 = min(xa, xb)
            let x1 = max(xa, xb)
            let x0i = floorInt(x0)
            let x0Floor = Double(x0i)
            let x1i = ceilInt(x1)
            let x1Ceil = Double(x1i)
            let row = acc + y * stride
            if x1i <= x0i + 1 {
                // Within one pixel: its share is the part left of the edge's mean x.
                let xmf = Float(0.5 * (xa + xb) - x0Floor)
                row[x0i] += d - d * xmf
                row[x0i + 1] += d * xmf
            } else {
                let s = Float(1 / (x1 - x0))
                let x0f = Float(x0 - x0Floor)
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = Float(x1 - x1Ceil + 1)
                let am = 0.5 * s * x1f * x1f
                row[x0i] += d * a0
                if x1i == x0i + 2 {
                    row[x0i + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    row[x0i + 1] += d * (a1 - a0)
                    var xi = x0i + 2
                    while xi < x1i - 1 {
                        row[xi] += d * s
                        xi += 1
                    }
                    let a2 = a1 + Float(x1i - x0i - 3) * s
                    row[x1i - 1] += d * (1 - a2 - am)
                }
                row[x1i] += d * am
            }
            minX = min(minX, x0i)
            maxX = max(maxX, x1i + 1)
            x = xNext
        }
        guard minX < maxX else { return }
        box = box.union(CoverageMask.PixelRect(x0: minX, y0: firstRow, x1: maxX, y1: lastRow))
    }

    /// Turns what was added into coverage in `mask` (where it covers more than the mask holds),
    /// within the clip, and clears the accumulator. With `hard`, a pixel is covered fully when
    /// at least half of it is (for a straight edge: when its centre is inside), else not at all.
    package func resolve(into mask: CoverageMask, clip: CoverageMask.PixelRect, hard: Bool = false) {
        guard !box.isEmpty else { return }
        let x0 = max(box.x0, clip.x0)
        // Past the last column written the sum no longer changes (a closed ring's covers cancel).
        let x1 = min(clip.x1, width, box.x1)
        let clearEnd = min(box.x1, stride)
        for y in box.y0..<box.y1 {
            let row = acc + y * stride
            let out = mask.data + y * mask.stride
            var sum: Float = 0
            if x0 < x1 {
                for x in x0..<x1 {
                    sum += row[x]
                    var c = min(abs(sum), 1)
                    if hard { c = c >= 0.5 ? 1 : 0 }
                    if c > 0.002 {
                        let v = UInt8(c * 255 + 0.5)
                        if v > out[x] { out[x] = v }
                    }
                }
            }
            (row + box.x0).update(repeating: 0, count: clearEnd - box.x0)
        }
        if x0 < x1 { mask.markDirty(CoverageMask.PixelRect(x0: x0, y0: box.y0, x1: x1, y1: box.y1)) }
        box = CoverageMask.PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    }
}
