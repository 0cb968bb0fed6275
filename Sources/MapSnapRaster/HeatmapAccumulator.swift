import Foundation

/// The kernel density of a heatmap layer, summed as MapLibre GL JS sums it
/// (https://maplibre.org/maplibre-style-spec/layers/#heatmap; `heatmap.vertex.glsl`,
/// `heatmap.fragment.glsl`, `draw_heatmap.ts`):
///
/// - The sum lives on a grid a quarter of the image's device pixels each way (MapLibre's
///   offscreen texture is `floor(width / 4)` × `floor(height / 4)`, at least 1 × 1 here); each
///   grid cell takes the kernel at its centre.
/// - A point of weight `w` (heatmap-weight × heatmap-intensity) and radius `r` adds
///   `w · GAUSS_COEF · exp(-4.5 · (d / r)²)` at distance `d`, over a square of half-side
///   `S · r` with `S = sqrt(-2 ln(ZERO / (w · GAUSS_COEF))) / 3`, where the kernel falls to
///   `ZERO = 1 / 255 / 16`; a point whose peak is at most `ZERO` adds nothing.
/// - The image reads the grid back with bilinear filtering (clamped at the edges): `density`.
///
/// Distances are device pixels of the image throughout; the grid's own pixels are larger by the
/// ratio of the sizes, separately across and down (as the GPU maps the same clip space to both).
/// Buffers are reused: adding a point allocates nothing.
package struct HeatmapAccumulator {
    /// 1 / √(2π), the Gaussian's coefficient in MapLibre's shaders.
    package static let gaussCoefficient = 0.3989422804014327
    /// The density the kernel is cut off at (MapLibre's `ZERO`).
    package static let cutoff = 1.0 / 255.0 / 16.0

    /// The largest weight a point adds with.
    package static let maxWeight = 1e30

    /// The image, device pixels.
    package let imageWidth: Int
    package let imageHeight: Int
    /// The grid, cells.
    package let width: Int
    package let height: Int
    /// Grid cells per image pixel, across and down.
    private let scaleX: Double
    private let scaleY: Double
    /// The summed density, row by row.
    package private(set) var cells: [Float]
    /// Whether any point added something.
    package private(set) var isEmpty = true
    /// The kernel's factors along one row and one column of the point being added.
    private var across: [Float] = []
    private var down: [Float] = []

    /// An empty sum for an image of `imageWidth` × `imageHeight` device pixels.
    package init(imageWidth: Int, imageHeight: Int) {
        self.imageWidth = max(1, imageWidth)
        self.imageHeight = max(1, imageHeight)
        width = max(1, self.imageWidth / 4)
        height = max(1, self.imageHeight / 4)
        scaleX = Double(width) / Double(self.imageWidth)
        scaleY = Double(height) / Double(self.imageHeight)
        cells = [Float](repeating: 0, count: width * height)
    }

    /// How far the kernel of a point of `weight` (heatmap-weight × heatmap-intensity) reaches,
    /// in radii (MapLibre's `S`); nil when it adds nothing (its peak is at most `cutoff`, or the
    /// weight is not a positive finite number).
    package static func extent(weight: Double) -> Double? {
        guard weight.isFinite, weight * gaussCoefficient > cutoff else { return nil }
        return (-2 * log(cutoff / (weight * gaussCoefficient))).squareRoot() / 3
    }

    /// The kernel of a point of `weight` at `distance` (in radii: 1 is one radius away), before
    /// the cut-off at `extent`.
    package static func kernel(weight: Double, distance: Double) -> Double {
        weight * gaussCoefficient * exp(-4.5 * distance * distance)
    }

    /// Adds a point at (`x`, `y`) (image device pixels, from the image's top-left corner) with
    /// `radius` (device pixels) and `weight` (heatmap-weight × heatmap-intensity).
    /// A weight above `maxWeight` counts as `maxWeight` (it saturates any ramp; the sum stays
    /// finite in `Float` and never becomes NaN).
    package mutating func add(x: Double, y: Double, radius: Double, weight: Double) {
        let weight = min(weight, Self.maxWeight)
        guard radius > 0, radius.isFinite, x.isFinite, y.isFinite, let s = Self.extent(weight: weight) else { return }
        let gx = x * scaleX
        let gy = y * scaleY
        let rx = radius * scaleX
        let ry = radius * scaleY
        // Cells whose centre (j + 0.5) lies in [g - S·r, g + S·r).
        let x0 = max(0, Int((gx - s * rx - 0.5).rounded(.up)))
        let x1 = min(width, Int((gx + s * rx - 0.5).rounded(.up)))
        let y0 = max(0, Int((gy - s * ry - 0.5).rounded(.up)))
        let y1 = min(height, Int((gy + s * ry - 0.5).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        isEmpty = false
        Self.factors(&across, from: x0, to: x1, centre: gx, radius: rx, scale: 1)
        Self.factors(&down, from: y0, to: y1, centre: gy, radius: ry, scale: weight * Self.gaussCoefficient)
        let w = width
        cells.withUnsafeMutableBufferPointer { grid in
            across.withUnsafeBufferPointer { ax in
                down.withUnsafeBufferPointer { dy in
                    for row in y0..<y1 {
                        let f = dy[row - y0]
                        let base = row * w
                        for col in x0..<x1 { grid[base + col] += f * ax[col - x0] }
                    }
                }
            }
        }
    }

    /// `out[k] = scale · exp(-4.5 · ((from + k + 0.5 - centre) / radius)²)` for the cells
    /// `from ..< to` (the Gaussian is the product of one such factor across and one down).
    private static func factors(
        _ out: inout [Float], from: Int, to: Int, centre: Double, radius: Double, scale: Double
    ) {
        out.removeAll(keepingCapacity: true)
        for j in from..<to {
            let d = (Double(j) + 0.5 - centre) / radius
            out.append(Float(scale * exp(-4.5 * d * d)))
        }
    }

    /// The density at image pixel (`x`, `y`)'s centre: the grid read with bilinear filtering,
    /// clamped at its edges (as a texture with LINEAR filtering and CLAMP_TO_EDGE).
    package func density(x: Int, y: Int) -> Float {
        let (cx0, cx1, fx) = Self.tap(x, imageWidth, width)
        let (cy0, cy1, fy) = Self.tap(y, imageHeight, height)
        return cells.withUnsafeBufferPointer { Self.bilinear($0, width, cx0, cx1, fx, cy0, cy1, fy) }
    }

    /// The two grid cells either side of image pixel `i`'s centre along an axis of `image`
    /// pixels and `grid` cells, and the weight of the second.
    private static func tap(_ i: Int, _ image: Int, _ grid: Int) -> (Int, Int, Float) {
        let t = (Double(i) + 0.5) * Double(grid) / Double(image) - 0.5
        let lower = t.rounded(.down)
        let i0 = Int(lower)
        let f = Float(t - lower)
        return (min(max(i0, 0), grid - 1), min(max(i0 + 1, 0), grid - 1), f)
    }

    @inline(__always)
    private static func bilinear(
        _ g: UnsafeBufferPointer<Float>, _ w: Int, _ x0: Int, _ x1: Int, _ fx: Float, _ y0: Int, _ y1: Int,
        _ fy: Float
    ) -> Float {
        let top = g[y0 * w + x0] * (1 - fx) + g[y0 * w + x1] * fx
        let bottom = g[y1 * w + x0] * (1 - fx) + g[y1 * w + x1] * fx
        return top * (1 - fy) + bottom * fy
    }

    /// The image: each pixel's density looked up in `ramp` (premultiplied RGBA, 0…1, `ramp.count
    /// / 4` entries evenly over densities 0…1, read with linear filtering as MapLibre's colour
    /// ramp texture is), times `opacity`, as premultiplied ARGB words in native order (cairo's
    /// ARGB32), rows top to bottom.
    package func colorized(ramp: [Float], opacity: Float) -> [UInt32] {
        let entries = ramp.count / 4
        var out = [UInt32](repeating: 0, count: imageWidth * imageHeight)
        guard entries > 0, !isEmpty else { return out }
        let columns = (0..<imageWidth).map { Self.tap($0, imageWidth, width) }
        let scale = 255 * opacity
        // Densities up to half an entry read the first entry alone.
        let floor = 0.5 / Float(entries)
        // The grid read down at one image row, cell by cell.
        var row = [Float](repeating: 0, count: width)
        let (w, h, gw) = (imageWidth, imageHeight, width)
        out.withUnsafeMutableBufferPointer { px in
            ramp.withUnsafeBufferPointer { r in
                let first = Self.word(r, 0, 0, 0, scale)
                cells.withUnsafeBufferPointer { g in
                    row.withUnsafeMutableBufferPointer { line in
                        for y in 0..<h {
                            let (y0, y1, fy) = Self.tap(y, h, height)
                            var any = false
                            for j in 0..<gw {
                                let v = g[y0 * gw + j] * (1 - fy) + g[y1 * gw + j] * fy
                                line[j] = v
                                any = any || v > floor
                            }
                            guard any || first != 0 else { continue }
                            for x in 0..<w {
                                let (x0, x1, fx) = columns[x]
                                let t = line[x0] * (1 - fx) + line[x1] * fx
                                px[y * w + x] = t > floor ? Self.word(r, density: t, scale) : first
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The ramp read at density `t` (texel centres at (k + 0.5) / n, clamped to the last), as
    /// an ARGB word of premultiplied bytes.
    @inline(__always)
    private static func word(_ r: UnsafeBufferPointer<Float>, density t: Float, _ scale: Float) -> UInt32 {
        let last = r.count / 4 - 1
        let u = min(t * Float(last + 1) - 0.5, Float(last))
        let k = min(Int(u), last)
        return word(r, k, min(k + 1, last), u - Float(k), scale)
    }

    /// Ramp entries `k` and `k1` mixed by `f`, times `scale` (255 × opacity), as an ARGB word.
    @inline(__always)
    private static func word(_ r: UnsafeBufferPointer<Float>, _ k: Int, _ k1: Int, _ f: Float, _ scale: Float)
        -> UInt32
    {
        func channel(_ c: Int) -> UInt32 {
            let v = (r[k * 4 + c] * (1 - f) + r[k1 * 4 + c] * f) * scale
            return UInt32(min(max(v + 0.5, 0), 255))
        }
        return channel(3) << 24 | channel(0) << 16 | channel(1) << 8 | channel(2)
    }
}
