import CMapSnapJPEG

/// Encodes cairo ARGB32 pixels as JPEG with libjpeg-turbo (its longjmp kept in the C shim):
/// composited over white, optimised Huffman tables, 4:4:4 chroma at quality 90 and above
/// (thin coloured lines keep their colour), 4:2:0 below.
package enum JPEGEncoder {
    /// The default quality.
    package static let defaultQuality = 85

    package static func encode(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, quality: Int?, dpiScale: Double
    ) throws(ImageError) -> [UInt8] {
        let q = min(max(quality ?? defaultQuality, 1), 100)
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { m in
            mapsnap_jpeg_encode(
                pixels, Int32(width), Int32(height), Int32(stride), Int32(q), q >= 90 ? 1 : 0,
                Int32((72 * dpiScale).rounded()), &out, &size, m.baseAddress, m.count)
        }
        defer { if let out { mapsnap_jpeg_free(out) } }
        guard status == 0, let data = out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .encoder(text.isEmpty ? "JPEG encoding failed" : text)
        }
        return Array(UnsafeBufferPointer(start: data, count: Int(size)))
    }
}
