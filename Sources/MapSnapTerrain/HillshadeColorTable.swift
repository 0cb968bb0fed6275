import Foundation
import MapSnapIO

/// The colours of MapLibre's 8-bit slope pairs under one hillshade shading at one latitude
/// scale, as premultiplied ARGB words, indexed by `x byte << 8 | y byte`; filled lazily (a pair
/// not met yet holds `HillshadeColorTable.unshaded`). A canvas takes a table, fills what its
/// tiles need and gives it back, so the images that follow find those colours made.
public struct HillshadeColorTable: Sendable {
    /// No premultiplied colour has a colour byte above its alpha, so this word marks a pair
    /// whose colour is not made yet.
    static let unshaded: UInt32 = 0x00FF_FFFF
    var words: [UInt32]

    init() { words = [UInt32](repeating: Self.unshaded, count: 65536) }

    /// The latitude scale 1/cos(latitude) rounded to steps of 1/2,000 of its logarithm (a
    /// relative 0.025 % at most: a slope changed by that moves its colour by far less than a
    /// step of an 8-bit channel), so that the tiles of an image, and nearby images, share one
    /// table.
    static func quantized(_ scale: Float) -> Float {
        Float(exp((Double(log(scale)) * 2_000).rounded() / 2_000))
    }
}

/// Tables of slope colours kept between images (see `HillshadeColorTable`), a few shadings and
/// latitude scales at a time; thread-safe. Entries depend only on their key, so which canvas
/// filled a table never changes a pixel.
public final class HillshadeColorTables: Sendable {
    private struct Key: Hashable {
        var shading: [Float]
        var scale: Float
    }
    private let tables = Locked<[Key: HillshadeColorTable]>([:])
    /// Tables kept at most (256 KiB each).
    static let capacity = 16

    public init() {}

    /// The table for `shading` at the (quantized) `scale`, empty the first time.
    func take(_ shading: HillshadeShading, scale: Float) -> HillshadeColorTable {
        tables.withLock { $0[Key(shading: shading.identity, scale: scale)] } ?? HillshadeColorTable()
    }

    /// Keeps `table` for the next images that shade `shading` at `scale`.
    func give(_ table: HillshadeColorTable, _ shading: HillshadeShading, scale: Float) {
        tables.withLock { tables in
            if tables.count >= Self.capacity { tables.removeAll() }
            tables[Key(shading: shading.identity, scale: scale)] = table
        }
    }
}

extension HillshadeShading {
    /// Every number the shading's colours depend on, as a key.
    var identity: [Float] {
        var out: [Float] = [Float(Method.allCases.firstIndex(of: method) ?? 0), exaggeration]
        out += [accent.x, accent.y, accent.z, accent.w]
        for light in lights {
            out += [light.azimuth, light.altitude, light.shadow.x, light.shadow.y, light.shadow.z, light.shadow.w]
            out += [light.highlight.x, light.highlight.y, light.highlight.z, light.highlight.w]
        }
        return out
    }
}

extension HillshadeColorTable {
    /// The colour word of each texel of the window `columns` × `rows` of `gradient` (within
    /// its own window), row by row, shading the slope pairs not met before (derivatives times
    /// `scale`, the latitude's 1/cos).
    mutating func words(
        of gradient: HillshadeGradient, columns: ClosedRange<Int>, rows: ClosedRange<Int>, shading: HillshadeShading,
        scale: Float
    ) -> [UInt32] {
        let n = columns.count * rows.count
        let stride = gradient.columns.count
        return [UInt32](unsafeUninitializedCapacity: n) { out, count in
            words.withUnsafeMutableBufferPointer { lut in
                gradient.bytes.withUnsafeBufferPointer { b in
                    var o = 0
                    for y in rows {
                        var k =
                            2
                            * ((y - gradient.rows.lowerBound) * stride
                                + (columns.lowerBound - gradient.columns.lowerBound))
                        for _ in columns {
                            let key = Int(b[k]) << 8 | Int(b[k + 1])
                            var w = lut[key]
                            if w == Self.unshaded {
                                w = ReliefCanvas.packWord(
                                    shading.color(
                                        dx: HillshadeGradient.derivative(Float(b[k])) * scale,
                                        dy: HillshadeGradient.derivative(Float(b[k + 1])) * scale))
                                lut[key] = w
                            }
                            out[o] = w
                            o += 1
                            k += 2
                        }
                    }
                }
            }
            count = n
        }
    }
}
