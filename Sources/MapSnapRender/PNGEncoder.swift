import CMapSnapPNG

/// PNG encoding settings.
public struct PNGOptions: Sendable, Equatable {
    /// zlib level 0 (no compression) … 9 (slowest, smallest). 1–3 are tuned for speed
    /// (run-length zlib strategy), 4–7 for balance, 8–9 for size (adaptive row filters).
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
        // Measured on the S1 scenario (Scripts/bench): the "sub" filter on every row beats
        // libpng's adaptive choice in both time and size on map images (flat areas, thin
        // lines); levels 0–3 add zlib's RLE strategy (fastest), 8–9 try every filter (smallest).
        let level = options.compressionLevel
        let filter: Int32 = level >= 8 ? -1 : (level == 0 ? 0 : 1)
        let strategy: Int32 = level <= 3 && level > 0 ? 3 : -1
        let status = message.withUnsafeMutableBufferPointer { m in
            mapsnap_png_encode(
                pixels, Int32(width), Int32(height), Int32(stride), options.alpha ? 1 : 0,
                Int32(options.compressionLevel), filter, strategy, ppm, &buffer, m.baseAddress, m.count)
        }
        guard status == 0, let data = buffer.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .encoder(text.isEmpty ? "unknown error" : text)
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
