/// One decoded raster tile, ready to paint: premultiplied ARGB 32-bit words in native byte
/// order (cairo's `ARGB32`: bytes B, G, R, A on little-endian machines), rows top to bottom.
///
/// Raster sources (https://maplibre.org/maplibre-style-spec/sources/#raster) carry PNG or JPEG
/// tiles; the format is recognised from the bytes, not the URL.
public struct RasterTileImage: Sendable, Equatable {
    /// Width and height in pixels.
    public var width: Int
    public var height: Int
    /// `width * height` premultiplied ARGB words.
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Most pixels a tile may have (a 4096 × 4096 tile); larger images are refused.
    public static let maxPixels = 4096 * 4096

    /// An image of straight RGBA, premultiplied.
    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        let count = image.width * image.height
        var words = [UInt32](repeating: 0, count: count)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<count {
                let a = UInt32(p[i * 4 + 3])
                let r = UInt32(p[i * 4])
                let g = UInt32(p[i * 4 + 1])
                let b = UInt32(p[i * 4 + 2])
                if a == 255 {
                    words[i] = 0xFF00_0000 | r << 16 | g << 8 | b
                } else {
                    words[i] =
                        a << 24 | ((r * a + 127) / 255) << 16 | ((g * a + 127) / 255) << 8 | ((b * a + 127) / 255)
                }
            }
        }
        pixels = words
    }

    /// Decodes PNG, JPEG or WebP bytes (recognised by their signature).
    /// - Throws: `ImageError.decoding` for damaged data, another format or a tile above
    ///   `maxPixels`.
    public init(decoding bytes: [UInt8]) throws(ImageError) {
        let rgba: RGBAImage
        switch Self.format(of: bytes) {
        case .png:
            do {
                rgba = try RGBAImage(png: bytes, maxPixels: Self.maxPixels)
            } catch {
                if case .encoder(let message) = error { throw .decoding(message) }
                throw error
            }
        case .jpeg:
            rgba = try RGBAImage(jpeg: bytes, maxPixels: Self.maxPixels)
        case .webp:
            rgba = try RGBAImage(webp: bytes, maxPixels: Self.maxPixels)
        case nil:
            throw .decoding("not a PNG, JPEG or WebP image")
        }
        self.init(rgba)
    }

    /// Image formats raster tiles come in.
    public enum Format: String, Sendable {
        case png, jpeg, webp
    }

    /// The format named by the first bytes of `bytes`, or nil when none matches.
    public static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// The straight (un-premultiplied) red, green, blue and alpha of pixel `i`, 0–255.
    public func rgba(at i: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let w = pixels[i]
        let a = w >> 24
        func channel(_ shift: UInt32) -> UInt8 {
            let c = (w >> shift) & 0xFF
            return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
        }
        return (channel(16), channel(8), channel(0), UInt8(a))
    }
}
