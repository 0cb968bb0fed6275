import CMapSnapPNG

/// PNG encoding settings.
public struct PNGOptions: Sendable, Equatable {
    /// Compression effort 0 (none, largest) … 9 (slowest, smallest); 6 by default.
    ///
    /// Tuned on map images (Scripts/bench scenarios: large flat areas, thin anti-aliased
    /// lines), which compress best with no row filter and gain little from zlib's slow levels:
    /// 1–3 use zlib level 1, 4–6 zlib level 2, 7 level 6 and 8–9 level 9. The row filter is
    /// chosen per image: none for a flat image, else "sub" (up to 6) or libpng's adaptive
    /// choice (7–9) for photographic content. Every level decodes to the same pixels.
    public var compressionLevel: Int
    /// Write an alpha channel (only needed for a transparent background).
    public var alpha: Bool

    public init(compressionLevel: Int = 6, alpha: Bool = false) {
        self.compressionLevel = compressionLevel
        self.alpha = alpha
    }
}

/// Encodes cairo ARGB32 pixels to PNG with libpng (https://www.w3.org/TR/png/) through the
/// C shim that keeps libpng's longjmp on the C side.
enum PNGEncoder {
    static func encode(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, options: PNGOptions, dpiScale: Double
    ) throws(RenderError) -> [UInt8] {
        var buffer = mapsnap_png_buffer(data: nil, size: 0, capacity: 0)
        defer { mapsnap_png_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let ppm = UInt32((72.0 * dpiScale / 0.0254).rounded())  // 72 dpi per point
        // Measured on the bench scenarios (SF and Monaco base maps, trails): no filter with zlib
        // level 2 is 4–5× faster than the former level 6 with the sub filter and 10–20 %
        // smaller; slower zlib levels buy a few percent. See `PNGOptions.compressionLevel`.
        let effort = min(max(options.compressionLevel, 0), 9)
        let level: Int32
        switch effort {
        case 0: level = 0
        case 1...3: level = 1
        case 4...6: level = 2
        case 7: level = 6
        default: level = 9
        }
        let filter: Int32 = effort == 0 ? 0 : (effort >= 7 ? -3 : -2)
        let strategy: Int32 = -1
        let status = message.withUnsafeMutableBufferPointer { m in
            mapsnap_png_encode(
                pixels, Int32(width), Int32(height), Int32(stride), options.alpha ? 1 : 0,
                level, filter, strategy, ppm, &buffer, m.baseAddress, m.count)
        }
        guard status == 0, let data = buffer.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .encoder(text.isEmpty ? "unknown error" : text)
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
