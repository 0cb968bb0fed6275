import CMapSnapPNG

/// PNG encoding settings.
public struct PNGOptions: Sendable, Equatable {
    /// Compression effort 0 (none, largest) … 9 (slowest, smallest); 6 by default.
    ///
    /// Tuned on map images (`mapsnap bench --encode`: the samples, relief, satellite-like and the
    /// peers' scenarios): 0 stores the pixels uncompressed; 1–6 use ISA-L's igzip level 1, the
    /// fastest; 7 libdeflate level 1 (4–8 % smaller, three times the time); 8 libdeflate level 6;
    /// 9 libpng's adaptive row filters with zlib level 9 (the smallest, slowest). Up to 8 the row
    /// filter is chosen per image by a trial on four bands: none for maps with flat areas and
    /// labels (a colour repeats exactly), Paeth for shaded relief and dense line work. Every
    /// level decodes to the same pixels.
    public var compressionLevel: Int
    /// Write an alpha channel (only needed for a transparent background).
    public var alpha: Bool
    /// An 8-bit palette PNG of at most this many colours (2…256), nil for full colour
    /// (`PaletteQuantizer`).
    public var paletteColors: Int?
    /// JPEG and lossy WebP quality, 1…100 (nil: 85 for JPEG, 80 for WebP).
    public var quality: Int?
    /// WebP without loss (quality then sets the effort).
    public var lossless: Bool

    public init(
        compressionLevel: Int = 6, alpha: Bool = false, paletteColors: Int? = nil, quality: Int? = nil,
        lossless: Bool = false
    ) {
        self.compressionLevel = compressionLevel
        self.alpha = alpha
        self.paletteColors = paletteColors
        self.quality = quality
        self.lossless = lossless
    }
}

/// Encodes cairo ARGB32 pixels to PNG (https://www.w3.org/TR/png/) through the C shim: with
/// libdeflate, or with libpng (its longjmp kept on the C side) for the slowest efforts.
package enum PNGEncoder {
    package static func encode(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, options: PNGOptions, dpiScale: Double
    ) throws(ImageError) -> [UInt8] {
        var buffer = mapsnap_png_buffer(data: nil, size: 0, capacity: 0)
        defer { mapsnap_png_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let ppm = UInt32((72.0 * dpiScale / 0.0254).rounded())  // 72 dpi per point
        // Measured on map images (the README's encoder table): igzip level 1 is three times as
        // fast as libdeflate level 1 for 4–8 % more bytes. See `PNGOptions.compressionLevel`.
        let effort = min(max(options.compressionLevel, 0), 9)
        if let colors = options.paletteColors {
            let q = PaletteQuantizer.quantize(
                pixels: pixels, width: width, height: height, stride: stride, colors: colors, alpha: options.alpha)
            let status = message.withUnsafeMutableBufferPointer { m in
                q.indices.withUnsafeBufferPointer { idx in
                    q.palette.withUnsafeBufferPointer { pal in
                        mapsnap_png_encode_indexed(
                            idx.baseAddress, Int32(width), Int32(height), pal.baseAddress, Int32(q.count),
                            effort == 0 ? 0 : (effort >= 8 ? 6 : 1), ppm, &buffer, m.baseAddress, m.count)
                    }
                }
            }
            return try finish(status, buffer, message)
        }
        let status = message.withUnsafeMutableBufferPointer { m in
            let alpha: Int32 = options.alpha ? 1 : 0
            switch effort {
            case 9:
                // libpng's adaptive row filters and zlib's level 9: the smallest files.
                return mapsnap_png_encode(
                    pixels, Int32(width), Int32(height), Int32(stride), alpha, 9, -3, -1, ppm, &buffer,
                    m.baseAddress, m.count)
            case 1...6:
                return mapsnap_png_encode_isal(
                    pixels, Int32(width), Int32(height), Int32(stride), alpha, -4, ppm, &buffer, m.baseAddress,
                    m.count)
            default:
                // 0: stored; 7 and 8: libdeflate 1 and 6 with the filter chosen by a trial.
                let level: Int32 = effort == 0 ? 0 : (effort == 7 ? 1 : 6)
                return mapsnap_png_encode_deflate(
                    pixels, Int32(width), Int32(height), Int32(stride), alpha, level, effort == 0 ? 0 : -4, ppm,
                    &buffer, m.baseAddress, m.count)
            }
        }
        return try finish(status, buffer, message)
    }

    /// One way of compressing, for the encoder benchmark (`mapsnap bench --encode`).
    package enum Variant: Sendable, Equatable, CustomStringConvertible {
        /// libpng with zlib `level` and row `filter` (−1 adaptive, 0 none … 4 Paeth).
        case libpng(level: Int, filter: Int)
        /// libdeflate `level` (0…12) with `filter` 0 (none), 1 (sub), 4 (Paeth) or −4 (chosen
        /// by a trial).
        case libdeflate(level: Int, filter: Int)
        /// ISA-L's igzip level 1 with `filter` 0 (none), 4 (Paeth) or −4 (chosen by a trial).
        case igzip(filter: Int)

        package var description: String {
            let names = ["none", "sub", "up", "average", "paeth"]
            switch self {
            case .libpng(let l, let f): return "libpng zlib \(l), filter \(f < 0 ? "adaptive" : names[f])"
            case .libdeflate(let l, let f): return "libdeflate \(l), filter \(f < 0 ? "by trial" : names[f])"
            case .igzip(let f): return "igzip 1, filter \(f < 0 ? "by trial" : names[f])"
            }
        }
    }

    /// Encodes with one `variant` (RGB, no pHYs).
    package static func encode(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, variant: Variant
    ) throws(ImageError) -> [UInt8] {
        var buffer = mapsnap_png_buffer(data: nil, size: 0, capacity: 0)
        defer { mapsnap_png_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { m in
            switch variant {
            case .libpng(let level, let filter):
                return mapsnap_png_encode(
                    pixels, Int32(width), Int32(height), Int32(stride), 0, Int32(level), Int32(filter), -1, 0,
                    &buffer, m.baseAddress, m.count)
            case .libdeflate(let level, let filter):
                return mapsnap_png_encode_deflate(
                    pixels, Int32(width), Int32(height), Int32(stride), 0, Int32(level), Int32(filter), 0, &buffer,
                    m.baseAddress, m.count)
            case .igzip(let filter):
                return mapsnap_png_encode_isal(
                    pixels, Int32(width), Int32(height), Int32(stride), 0, Int32(filter), 0, &buffer, m.baseAddress,
                    m.count)
            }
        }
        return try finish(status, buffer, message)
    }

    static func finish(_ status: Int32, _ buffer: mapsnap_png_buffer, _ message: [CChar]) throws(ImageError)
        -> [UInt8]
    {
        guard status == 0, let data = buffer.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .encoder(text.isEmpty ? "unknown error" : text)
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
