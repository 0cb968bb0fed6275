import Foundation

/// The slopes of one DEM tile as MapLibre GL JS 5.24 prepares them for its `hillshade` layer
/// (the `hillshadePrepare` shader): a Sobel derivative of the heights (the border ring gives
/// the edge pixels their neighbours), scaled to metres per metre at the equator, boosted at low
/// zooms, and stored as two bytes per pixel the way its 8-bit framebuffer keeps them
/// (byte = round(255 · clamp(d / 8 + 0.5, 0, 1))), so that shading what is read back matches.
///
/// Spec: https://maplibre.org/maplibre-style-spec/layers/#hillshade
public struct HillshadeGradient: Sendable {
    /// Pixels along a side of the tile (the DEM tile's `dim`).
    public let dim: Int
    /// The pixels computed: a window of the tile (all of it by default).
    public let columns: Range<Int>
    public let rows: Range<Int>
    /// 2 · columns.count · rows.count bytes: x then y derivative of each pixel of the window,
    /// row by row from the north.
    public let bytes: [UInt8]

    /// - Parameters:
    ///   - tile: the heights, with its border filled from the neighbours where they exist.
    ///   - zoom: the tile's zoom (a raster-dem tile drawn beyond the source's `maxzoom` keeps
    ///     its own: MapLibre does not re-parse raster tiles), which sets MapLibre's
    ///     zoom-dependent exaggeration.
    ///   - columns, rows: the window of pixels to compute (clamped to the tile).
    public init(tile: DEMTile, zoom: Int, columns: Range<Int>? = nil, rows: Range<Int>? = nil) {
        let n = tile.dim
        let cols = (columns ?? 0..<n).clamped(to: 0..<n)
        let rws = (rows ?? 0..<n).clamped(to: 0..<n)
        let z = Float(zoom)
        let factor: Float = z < 2 ? 0.4 : z < 4.5 ? 0.35 : 0.3
        let exaggeration: Float = z < 15 ? (z - 15) * factor : 0
        // 28.2562 = log2 of the Earth's circumference in metres, as in the shader; /8 and +0.5
        // map the derivative into the framebuffer's 0…1, ×255 into a byte.
        let scale = Float(n) / Float(exp2(Double(exaggeration) + 28.2562 - Double(z))) / 8 * 255
        let w = cols.count
        var out = [UInt8](repeating: 0, count: 2 * w * rws.count)
        let s = tile.stride
        tile.heights.withUnsafeBufferPointer { h in
            out.withUnsafeMutableBufferPointer { o in
                var k = 0
                for y in rws {
                    let up = y * s
                    let mid = up + s
                    let down = mid + s
                    for x in cols {
                        let a = h[up + x], b = h[up + x + 1], c = h[up + x + 2]
                        let d = h[mid + x], f = h[mid + x + 2]
                        let g = h[down + x], hh = h[down + x + 1], i = h[down + x + 2]
                        o[k] = HillshadeGradient.byte(((c + f + f + i) - (a + d + d + g)) * scale)
                        o[k + 1] = HillshadeGradient.byte(((g + hh + hh + i) - (a + b + b + c)) * scale)
                        k += 2
                    }
                }
            }
        }
        dim = n
        self.columns = cols
        self.rows = rws
        bytes = out
    }

    /// round(clamp(v + 127.5, 0, 255)): `v` is the derivative × 255 / 8.
    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        let c = v + 127.5
        // Written so that NaN gives 0 rather than trapping.
        return UInt8((c >= 0 ? (c <= 255 ? c : 255) : 0) + 0.5)
    }

    /// The derivative read back from a stored byte (−4…4).
    @inline(__always)
    public static func derivative(_ byte: Float) -> Float { byte / 255 * 8 - 4 }
}
