import CMapSnapJPEG

extension RGBAImage {
    /// Decodes JPEG bytes (baseline or progressive; grayscale, colour or CMYK) with libjpeg to
    /// straight RGBA with alpha 255.
    ///
    /// - Parameter maxPixels: images with more pixels (width × height) are refused.
    /// - Throws: `RenderError.encoder` with libjpeg's message for damaged or unsupported data.
    public init(jpeg bytes: [UInt8], maxPixels: Int = 100_000_000) throws(RenderError) {
        var out: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0
        var h: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { b in
            message.withUnsafeMutableBufferPointer { m in
                mapsnap_jpeg_decode(b.baseAddress, b.count, UInt64(maxPixels), &out, &w, &h, m.baseAddress, m.count)
            }
        }
        guard status == 0, let out else {
            throw .decoding(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { mapsnap_jpeg_free(out) }
        self.init(
            width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4)))
    }
}
