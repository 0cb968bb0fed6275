extension TIFFLayout {
    /// The sample type from SampleFormat (1 unsigned, 2 signed, 3 IEEE float; TIFF 6.0 §19)
    /// and BitsPerSample.
    static func sample(_ directory: TIFFDirectory) throws(DEMError) -> Sample {
        let bits = try directory.integer(TIFFTag.bitsPerSample) ?? 1
        let format = try directory.integer(TIFFTag.sampleFormat) ?? 1
        switch (format, bits) {
        case (1, 16): return .uint16
        case (2, 16): return .int16
        case (3, 32): return .float32
        default:
            let kinds: [UInt64: String] = [1: "unsigned integer", 2: "signed integer", 3: "floating-point"]
            let kind = kinds[format] ?? "SampleFormat \(format)"
            throw .unsupported(
                place: "tag SampleFormat / BitsPerSample",
                message: "\(bits)-bit \(kind) samples are not read (16-bit integers and 32-bit floats are)")
        }
    }

    /// The compression from the Compression tag (TIFF 6.0 §3 and the TIFF registry).
    static func compression(_ directory: TIFFDirectory) throws(DEMError) -> Compression {
        let code = try directory.integer(TIFFTag.compression) ?? 1
        switch code {
        case 1: return .none
        case 5: return .lzw
        case 8, 32946: return .deflate
        default:
            let names: [UInt64: String] = [
                2: "CCITT RLE", 3: "CCITT T.4", 4: "CCITT T.6", 6: "old JPEG", 7: "JPEG", 32773: "PackBits",
                34887: "LERC", 34925: "LZMA", 50000: "ZSTD", 50001: "WebP",
            ]
            let name = names[code].map { " (\($0))" } ?? ""
            throw .unsupported(
                place: TIFFTag.name(TIFFTag.compression),
                message: "\(code)\(name) is not read (1 none, 5 LZW, 8 DEFLATE are)")
        }
    }

    /// The predictor (TIFF 6.0 §14; 3 from Technical Note 3, for floats only).
    static func predictor(_ directory: TIFFDirectory, _ sample: Sample) throws(DEMError) -> Int {
        let code = try directory.integer(TIFFTag.predictor) ?? 1
        guard code == 1 || code == 2 || (code == 3 && sample == .float32) else {
            throw .unsupported(
                place: TIFFTag.name(TIFFTag.predictor),
                message: "\(code) is not read for these samples (1, 2, and 3 for floats are)")
        }
        return Int(code)
    }
}
