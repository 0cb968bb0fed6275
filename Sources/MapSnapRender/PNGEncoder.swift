import CMapSnapPNG

/// PNG encoding settings.
public struct PNGOptions: Sendable, Equatable {
    /// zlib level 0 (fastest, largest) … 9 (slowest, smallest).
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
        // Filter "sub" for low levels (fast, good on flat map areas), adaptive otherwise.
        let filter: Int32 = options.compressionLevel <= 3 ? 1 : -1
        let status = message.withUnsafeMutableBufferPointer { m in
            mapsnap_png_encode(
                pixels, Int32(width), Int32(height), Int32(stride), options.alpha ? 1 : 0,
                Int32(options.compressionLevel), filter, ppm, &buffer, m.baseAddress, m.count)
        }
        guard status == 0, let data = buffer.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .encoder(text.isEmpty ? "unknown error" : text)
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
