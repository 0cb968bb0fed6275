import CMapSnapJPEG

extension RGBAImage {
    /// Decodes JPEG bytes (baseline or progressive; grayscale, colour or CMYK) with libjpeg to
    /// straight RGBA with alpha 255.
    ///
    /// - Parameter maxPixels: images with more pixels (width × height) are refused.
    /// - Throws: `ImageError.encoder` with libjpeg's message for damaged or unsupported data.
    public init(jpeg bytes: [UInt8], maxPixels: Int = 100_000_000) throws(ImageError) {
        self = try Self.decode(bytes, maxPixels: maxPixels, with: mapsnap_jpeg_decode, free: mapsnap_jpeg_free) {
            .decoding($0)
        }
    }
}
