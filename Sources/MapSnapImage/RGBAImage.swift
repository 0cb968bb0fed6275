import CMapSnapPNG

/// A decoded image: 8-bit straight (not premultiplied) RGBA, rows top to bottom.
/// Used to read PNG files (golden references, sprites) and to compare images.
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width * height * 4` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes PNG bytes with libpng. Throws `ImageError.encoder` with libpng's message.
    public init(png bytes: [UInt8], maxPixels: Int = 100_000_000) throws(ImageError) {
        self = try Self.decode(bytes, maxPixels: maxPixels, with: mapsnap_png_decode, free: mapsnap_png_free) {
            .encoder($0)
        }
    }

    /// The signature of the C shims' decoders: bytes, size, pixel limit → malloc'd straight
    /// RGBA, width, height; a status (0: success) and a message.
    typealias CDecoder = (
        UnsafePointer<UInt8>?, Int, UInt64, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
        UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>?, Int
    ) -> Int32

    /// Runs a C shim's decoder over `bytes` and copies its pixels; `error` turns its message
    /// into the error thrown.
    static func decode(
        _ bytes: [UInt8], maxPixels: Int, with decoder: CDecoder, free: (UnsafeMutablePointer<UInt8>?) -> Void,
        error: (String) -> ImageError
    ) throws(ImageError) -> RGBAImage {
        var out: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0
        var h: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { b in
            message.withUnsafeMutableBufferPointer { m in
                decoder(b.baseAddress, b.count, UInt64(maxPixels), &out, &w, &h, m.baseAddress, m.count)
            }
        }
        guard status == 0, let out else {
            throw error(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(out) }
        return RGBAImage(
            width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4)))
    }

    /// Encodes to PNG (RGBA).
    public func pngData() throws(ImageError) -> [UInt8] {
        // Premultiplied BGRA words are what the encoder expects; build them from straight RGBA.
        var words = [UInt32](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            let r = UInt32(pixels[i * 4])
            let g = UInt32(pixels[i * 4 + 1])
            let b = UInt32(pixels[i * 4 + 2])
            let a = UInt32(pixels[i * 4 + 3])
            words[i] = a << 24 | ((r * a + 127) / 255) << 16 | ((g * a + 127) / 255) << 8 | ((b * a + 127) / 255)
        }
        let result: Result<[UInt8], ImageError> = words.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .success([]) }
            do throws(ImageError) {
                return .success(
                    try PNGEncoder.encode(
                        pixels: base, width: width, height: height, stride: width * 4,
                        options: PNGOptions(compressionLevel: 6, alpha: true), dpiScale: 1))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
