import CWebP

/// Encodes cairo ARGB32 pixels as WebP with libwebp (https://developers.google.com/speed/webp):
/// lossy at `quality` (default 80) or lossless, with alpha when the image has it. cairo's
/// pixels are premultiplied, WebP's straight: they are converted first.
package enum WebPEncoder {
    package static let defaultQuality = 80

    package static func encode(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, quality: Int?, lossless: Bool,
        alpha: Bool
    ) throws(ImageError) -> [UInt8] {
        guard width > 0, height > 0, width <= 16383, height <= 16383 else {
            throw .encoder("WebP images are at most 16383 pixels a side, this one is \(width)x\(height)")
        }
        // Straight BGRA rows (cairo's byte order on little-endian machines).
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                let a = p >> 24
                var r = (p >> 16) & 0xFF
                var g = (p >> 8) & 0xFF
                var b = p & 0xFF
                if !alpha {
                    // Opaque output: composite over white.
                    r += 255 - a
                    g += 255 - a
                    b += 255 - a
                } else if a > 0 && a < 255 {
                    r = min(255, (r * 255 + a / 2) / a)
                    g = min(255, (g * 255 + a / 2) / a)
                    b = min(255, (b * 255 + a / 2) / a)
                }
                let o = (y * width + x) * 4
                straight[o] = UInt8(b)
                straight[o + 1] = UInt8(g)
                straight[o + 2] = UInt8(r)
                straight[o + 3] = alpha ? UInt8(a) : 255
            }
        }
        let q = Float(min(max(quality ?? defaultQuality, 1), 100))
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw .encoder("libwebp: version mismatch") }
        if lossless {
            // libwebp's defaults (method 4, effort 75; `quality` sets the effort).
            config.lossless = 1
            if let quality { config.quality = Float(min(max(quality, 1), 100)) }
        } else {
            config.quality = q
            // Method 2 of 0…6, measured on the sample trails over San Francisco (600x400): method 0
            // 41.1 KB, 2 36.6 KB (+3 ms over a PNG), 4 36.0 KB (+14 ms).
            config.method = Self.lossyMethod
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .encoder("libwebp: version mismatch") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = lossless ? 1 : 0
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer {
            WebPPictureFree(&picture)
            WebPMemoryWriterClear(&writer)
        }
        let imported = straight.withUnsafeBufferPointer { s in
            WebPPictureImportBGRA(&picture, s.baseAddress, Int32(width * 4))
        }
        guard imported != 0 else { throw .encoder("libwebp: out of memory") }
        let ok = withUnsafeMutablePointer(to: &writer) { w -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            return WebPEncode(&config, &picture)
        }
        guard ok != 0, let data = writer.mem else {
            throw .encoder("libwebp could not encode the image (error \(picture.error_code.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: data, count: writer.size))
    }

    /// libwebp's lossy method (0 fastest … 6 smallest).
    static let lossyMethod: Int32 = 2

    /// Decodes WebP to straight RGBA (for tests and checks): nil when it does not decode.
    package static func decode(_ bytes: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
        guard let image = try? RGBAImage(webp: bytes) else { return nil }
        return (image.width, image.height, image.pixels)
    }
}
