import CWebP

extension RGBAImage {
    /// Decodes a WebP image (lossy or lossless, with or without alpha; https://developers.google.com/speed/webp/docs/riff_container)
    /// with libwebp into straight RGBA.
    /// - Throws: `ImageError.decoding` for data libwebp does not decode, or an image above
    ///   `maxPixels`.
    public init(webp bytes: [UInt8], maxPixels: Int = 100_000_000) throws(ImageError) {
        let decoded: Result<(Int, Int, [UInt8]), ImageError> = bytes.withUnsafeBufferPointer { b in
            var w: Int32 = 0
            var h: Int32 = 0
            guard let base = b.baseAddress, WebPGetInfo(base, b.count, &w, &h) != 0, w > 0, h > 0 else {
                return .failure(.decoding("WebP: not a WebP image libwebp can read"))
            }
            guard Int(w) * Int(h) <= maxPixels else {
                return .failure(.decoding("WebP: \(w)x\(h) pixels is above the limit of \(maxPixels)"))
            }
            guard let p = WebPDecodeRGBA(base, b.count, &w, &h) else {
                return .failure(.decoding("WebP: the image data is damaged"))
            }
            defer { WebPFree(p) }
            return .success((Int(w), Int(h), Array(UnsafeBufferPointer(start: p, count: Int(w) * Int(h) * 4))))
        }
        switch decoded {
        case .success(let (w, h, pixels)): self.init(width: w, height: h, pixels: pixels)
        case .failure(let e): throw e
        }
    }
}
