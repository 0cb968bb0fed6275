import Foundation

/// The slopes of one DEM tile as MapLibre GL JS 5.24 prepares them for its `hillshade` layer
/// (the `hillshadePrepare` shader): a Sobel derivative of the heights (the border ring gives
/// the edge pixels their neighbours), scaled to metres per metre at the equator, boosted at low
/// zooms, and stored as two bytes per pixel the way its 8-bit framebuffer keeps them
/// (byte = round(255 · clamp(d / 8 + 0.5, 0, 1))), so that shading what is read back matches.
///
/// Spec: https://maplibre.org/maplibre-style-spec/layers/#hillshade
public struct HillshadeGradient: Sendable {
    /// Pixels along a side (the DEM tile's `dim`).
    public let dim: Int
    /// 2 · dim² bytes: x then y derivative of each pixel, row by row from the north.
    public let bytes: [UInt8]

    /// - Parameters:
    ///   - tile: the heights, with its border filled from the neighbours where they exist.
    ///   - zoom: the tile's zoom (a raster-dem tile drawn beyond the source's `maxzoom` keeps
    ///     its own: MapLibre does not re-parse raster tiles), which sets MapLibre's
    ///     zoom-dependent exaggeration.
    public init(tile: DEMTile, zoom: Int) {
        let n = tile.dim
        let z = Float(zoom)
        let factor: Float = z < 2 ? 0.4 : z < 4.5 ? 0.35 : 0.3
        let exaggeration: Float = z < 15 ? (z - 15) * factor : 0
        // 28.2562 = log2 of the Earth's circumference in metres, as in the shader.
        let scale = Float(tile.dim) / Float(exp2(Double(exaggeration) + 28.2562 - Double(z)))
        var out = [UInt8](repeating: 0, count: 2 * n * n)
        let s = tile.stride
        tile.heights.withUnsafeBufferPointer { h in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<n {
                    let up = y * s
                    let mid = up + s
                    let down = mid + s
                    for x in 0..<n {
                        let a = h[up + x], b = h[up + x + 1], c = h[up + x + 2]
                        let d = h[mid + x], f = h[mid + x + 2]
                        let g = h[down + x], hh = h[down + x + 1], i = h[down + x + 2]
                        let dx = ((c + f + f + i) - (a + d + d + g)) * scale
                        let dy = ((g + hh + hh + i) - (a + b + b + c)) * scale
                        o[2 * (y * n + x)] = HillshadeGradient.byte(dx)
                        o[2 * (y * n + x) + 1] = HillshadeGradient.byte(dy)
                    }
                }
            }
        }
        dim = n
        bytes = out
    }

    @inline(__always)
    static func byte(_ d: Float) -> UInt8 {
        let v = min(max(d / 8 + 0.5, 0), 1)
        return UInt8((v * 255).rounded())
    }

    /// The derivative read back from a stored byte (−4…4).
    @inline(__always)
    public static func derivative(_ byte: Float) -> Float { byte / 255 * 8 - 4 }
}
