import Foundation

/// A layer's worth of relief, drawn tile by tile into premultiplied ARGB words (cairo's and
/// `RasterTileImage`'s layout) of the image's device pixels, then painted over the map as one
/// image. Each tile colours the pixels whose centres fall inside its square; reading between
/// texels is bilinear (MapLibre's `resampling: linear`) or nearest.
public struct ReliefCanvas: Sendable {
    public let width: Int
    public let height: Int
    /// `width · height` premultiplied ARGB words, rows from the top; 0 where nothing was drawn.
    public internal(set) var pixels: [UInt32]
    /// Colours of the slope byte pairs at `tableScale` (a canvas draws one layer, so one
    /// shading), taken from `colorTables` and given back by `finish`.
    private var table: HillshadeColorTable?
    private var tableScale: Float = .nan
    private let colorTables: HillshadeColorTables?
    private var lastShading: HillshadeShading?
    /// The colour relief's ramp as words (see `colorRelief`), for `reliefOpacity`.
    private var reliefTable: [UInt32] = []
    private var reliefOpacity: Float = .nan
    static let reliefSteps = 4095

    /// Where a tile lies on the canvas: its north-west corner and side, in device pixels, and
    /// the latitudes (degrees) of its north and south edges.
    public struct TileFrame: Sendable {
        public var x: Double
        public var y: Double
        public var size: Double
        public var north: Double
        public var south: Double
        /// Only the pixels whose centres lie in this square (x, y, side; device pixels) are
        /// drawn: a parent tile standing in for a missing child draws in the child's square.
        public var clip: (x: Double, y: Double, size: Double)?

        public init(
            x: Double, y: Double, size: Double, north: Double, south: Double,
            clip: (x: Double, y: Double, size: Double)? = nil
        ) {
            self.x = x
            self.y = y
            self.size = size
            self.north = north
            self.south = south
            self.clip = clip
        }

        /// The pixel columns and rows the tile colours on a canvas of `width` × `height`.
        func pixels(width: Int, height: Int) -> (cols: Range<Int>, rows: Range<Int>) {
            func span(_ origin: Double, _ size: Double, _ limit: Int) -> Range<Int> {
                let lo = max(0, Int((origin - 0.5).rounded(.up)))
                let hi = min(limit, Int((origin + size - 0.5).rounded(.up)))
                return lo < hi ? lo..<hi : 0..<0
            }
            var cols = span(x, size, width)
            var rows = span(y, size, height)
            if let c = clip {
                cols = cols.clamped(to: span(c.x, c.size, width))
                rows = rows.clamped(to: span(c.y, c.size, height))
            }
            return (cols, rows)
        }
    }

    /// A transparent canvas of `width` × `height` device pixels; `colorTables` keeps the
    /// hillshade's slope colours between canvases (see `finish`).
    public init(width: Int, height: Int, colorTables: HillshadeColorTables? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.colorTables = colorTables
        pixels = [UInt32](repeating: 0, count: self.width * self.height)
    }

    /// Gives the slope colours made while shading back to the canvas's `colorTables`, for the
    /// next images. Call once the layer is drawn.
    public mutating func finish() {
        if let t = table, let tables = colorTables, let last = lastShading {
            tables.give(t, last, scale: tableScale)
        }
        table = nil
    }

    /// Whether anything was drawn.
    public var isEmpty: Bool { !pixels.contains { $0 != 0 } }

    /// Texel lookups along one axis: for each pixel of `range`, the two texels around it and the
    /// weight of the second, for texels `0..<count` centred at (i + 0.5) / count of the tile and
    /// `offset` added (1 for a texture with a border ring). `clamp` keeps to 0…count−1
    /// (clamp-to-edge); otherwise the border texels −1 and count are read.
    func taps(
        _ range: Range<Int>, origin: Double, size: Double, count: Int, clamp: Bool, nearest: Bool
    ) -> [(Int, Int, Float)] {
        range.map { p in
            var t = ((Double(p) + 0.5 - origin) / size) * Double(count) - 0.5
            if clamp { t = min(max(t, 0), Double(count - 1)) } else { t = min(max(t, -1), Double(count)) }
            if nearest {
                let i = Int((t + 0.5).rounded(.down))
                let c = clamp ? min(max(i, 0), count - 1) : min(max(i, -1), count)
                return (c, c, 0)
            }
            let i0 = Int(t.rounded(.down))
            let f = Float(t - Double(i0))
            let hi = clamp ? count - 1 : count
            return (i0, min(i0 + 1, hi), f)
        }
    }

    /// Shades `gradient` (a whole tile's slopes, or a window of them holding every texel the
    /// pixels of `frame` read) with `shading` into those pixels.
    public mutating func shade(
        _ gradient: HillshadeGradient, with shading: HillshadeShading, frame: TileFrame, nearest: Bool = false
    ) {
        let (cols, rows) = frame.pixels(width: width, height: height)
        guard !cols.isEmpty, !rows.isEmpty else { return }
        let dim = gradient.dim
        let xs = taps(cols, origin: frame.x, size: frame.size, count: dim, clamp: true, nearest: nearest)
        let ys = taps(rows, origin: frame.y, size: frame.size, count: dim, clamp: true, nearest: nearest)
        guard let fx = xs.first, let lx = xs.last, let fy = ys.first, let ly = ys.last,
            gradient.columns.contains(fx.0), gradient.columns.contains(lx.1), gradient.rows.contains(fy.0),
            gradient.rows.contains(ly.1)
        else { return }
        // Where the tile spans little latitude (all but the lowest zooms), the slopes' colours are
        // looked up per texel by their two bytes and mixed per pixel; else shaded per pixel.
        func inverseCos(_ lat: Double) -> Double { 1 / cos(lat * .pi / 180) }
        let mid = inverseCos((frame.north + frame.south) / 2)
        if abs(inverseCos(frame.north) - inverseCos(frame.south)) / mid < 0.002 {
            shadeTexels(gradient, shading, scale: Float(mid), cols: cols, rows: rows, xs: xs, ys: ys)
            return
        }
        // The derivatives read back from the bytes once per texel of the window the pixels read,
        // as the shader reads them.
        let gx = fx.0
        let gy = fy.0
        let gw = lx.1 - fx.0 + 1
        let slopes = Self.window(gradient, columns: fx.0...lx.1, rows: fy.0...ly.1) { bx, by in
            SIMD2(HillshadeGradient.derivative(Float(bx)), HillshadeGradient.derivative(Float(by)))
        }
        let w = width
        var rowX = [Float](repeating: 0, count: cols.count)
        var rowY = [Float](repeating: 0, count: cols.count)
        slopes.withUnsafeBufferPointer { g in
            pixels.withUnsafeMutableBufferPointer { out in
                rowX.withUnsafeMutableBufferPointer { rx in
                    rowY.withUnsafeMutableBufferPointer { ry in
                        guard let px = rx.baseAddress, let py = ry.baseAddress, let o = out.baseAddress else { return }
                        for (row, (y0, y1, fy)) in zip(rows, ys) {
                            let v = (Double(row) + 0.5 - frame.y) / frame.size
                            let latitude = (frame.north - frame.south) * (1 - v) + frame.south
                            let inverseScale = Float(1 / cos(latitude * .pi / 180))
                            let r0 = (y0 - gy) * gw - gx
                            let r1 = (y1 - gy) * gw - gx
                            for (k, (x0, x1, fx)) in xs.enumerated() {
                                let top = g[r0 + x0] + (g[r0 + x1] - g[r0 + x0]) * fx
                                let bottom = g[r1 + x0] + (g[r1 + x1] - g[r1 + x0]) * fx
                                let d = (top + (bottom - top) * fy) * inverseScale
                                px[k] = d.x
                                py[k] = d.y
                            }
                            shading.shadeRow(dx: px, dy: py, count: cols.count, into: o + row * w + cols.lowerBound)
                        }
                    }
                }
            }
        }
    }

    /// `f` of each texel's two slope bytes in the window `columns` × `rows` of `gradient`
    /// (within its own window), row by row.
    @inline(__always)
    static func window<T>(
        _ gradient: HillshadeGradient, columns: ClosedRange<Int>, rows: ClosedRange<Int>, _ f: (UInt8, UInt8) -> T
    ) -> [T] {
        var out: [T] = []
        out.reserveCapacity(columns.count * rows.count)
        let stride = gradient.columns.count
        gradient.bytes.withUnsafeBufferPointer { b in
            for y in rows {
                var k =
                    2 * ((y - gradient.rows.lowerBound) * stride + (columns.lowerBound - gradient.columns.lowerBound))
                for _ in columns {
                    out.append(f(b[k], b[k + 1]))
                    k += 2
                }
            }
        }
        return out
    }

    /// `shade` for a tile of nearly one latitude (its 1/cos within 0.2 %): each texel's colour
    /// from a table of the slope byte pairs (see `HillshadeColorTable`), then the four texels
    /// around each pixel mixed bilinearly in 1/256 steps. Within a step or two of an 8-bit
    /// channel of shading the mixed slopes per pixel, where a texel is about a pixel, as
    /// MapLibre draws them.
    private mutating func shadeTexels(
        _ gradient: HillshadeGradient, _ shading: HillshadeShading, scale: Float, cols: Range<Int>, rows: Range<Int>,
        xs: [(Int, Int, Float)], ys: [(Int, Int, Float)]
    ) {
        // The window of texels the pixels read (the gradient may hold the whole tile).
        guard let x0 = xs.first?.0, let x1 = xs.last?.1, let y0 = ys.first?.0, let y1 = ys.last?.1 else { return }
        let scale = HillshadeColorTable.quantized(scale)
        var colors = takeTable(shading, scale: scale)
        let words = colors.words(of: gradient, columns: x0...x1, rows: y0...y1, shading: shading, scale: scale)
        table = colors
        let gw = x1 - x0 + 1
        mixWords(words, stride: gw, offset: -y0 * gw - x0, cols: cols, rows: rows, xs: xs, ys: ys)
    }

    /// The colour table for `shading` at `scale`, moved out of the canvas (so that filling it
    /// does not copy it); the one held before goes back to `colorTables` if it was for another
    /// scale.
    private mutating func takeTable(_ shading: HillshadeShading, scale: Float) -> HillshadeColorTable {
        if let t = table, tableScale == scale {
            table = nil
            return t
        }
        finish()
        tableScale = scale
        lastShading = shading
        return colorTables?.take(shading, scale: scale) ?? HillshadeColorTable()
    }

    /// Colours the heights of `tile` through `ramp` times `opacity` into the pixels of `frame`
    /// (bilinear between pixels, the border ring read at the tile's edges).
    public mutating func colorRelief(
        _ tile: DEMTile, ramp: ColorReliefRamp, opacity: Float, frame: TileFrame, nearest: Bool = false
    ) {
        let (cols, rows) = frame.pixels(width: width, height: height)
        guard !cols.isEmpty, !rows.isEmpty else { return }
        let xs = taps(cols, origin: frame.x, size: frame.size, count: tile.dim, clamp: false, nearest: nearest)
        let ys = taps(rows, origin: frame.y, size: frame.size, count: tile.dim, clamp: false, nearest: nearest)
        let w = width
        let s = tile.stride
        // The ramp tabulated once per layer between its first and last stops (the end colours
        // hold beyond them), 4096 steps: the colour of the nearest step.
        if reliefTable.isEmpty || reliefOpacity != opacity {
            reliefTable = ramp.words(opacity: opacity, steps: Self.reliefSteps)
            reliefOpacity = opacity
        }
        let steps = Self.reliefSteps
        let lo = ramp.elevations.first ?? 0
        let hi = ramp.elevations.last ?? 1
        let stepsPerMetre = hi > lo ? Float(steps) / (hi - lo) : 0
        let table = reliefTable
        let firstColumn = cols.lowerBound
        tile.heights.withUnsafeBufferPointer { h in
            table.withUnsafeBufferPointer { t in
                pixels.withUnsafeMutableBufferPointer { out in
                    Self.bilinearRows(h, stride: s, offset: s + 1, xs: xs, ys: ys) { k, top, bottom, fy in
                        let o = (rows.lowerBound + k) * w + firstColumn
                        for c in 0..<top.count {
                            let e = top[c] + (bottom[c] - top[c]) * fy
                            let i = (e - lo) * stepsPerMetre + 0.5
                            out[o + c] = t[i >= 0 ? min(Int(i), steps) : 0]
                        }
                    }
                }
            }
        }
    }
}
