import MapSnapIO

/// The content of a PBF `Blob` (https://wiki.openstreetmap.org/wiki/PBF_Format#File_format):
/// field 1 `raw`, 2 `raw_size`, 3 `zlib_data`, 4 `lzma_data`, 5 `OBSOLETE_bzip2_data`,
/// 6 `lz4_data`, 7 `zstd_data`. Raw and zlib blobs are read; the others are refused with
/// `.unsupportedCompression` naming the method.
enum PBFBlob {
    /// The inflated bytes of `blob` (a `HeaderBlock` or a `PrimitiveBlock`), at most 32 MiB.
    /// - Throws: `.corrupt` when zlib data does not inflate or inflates to another size than
    ///   `raw_size`, `.oversized` past 32 MiB, `.unsupportedCompression`, `.malformed`.
    static func payload(of blob: PBFRawBlob, file: String) throws(OSMError) -> [UInt8] {
        func fail(_ kind: OSMError.Kind, _ detail: String) -> OSMError {
            OSMError(kind, detail, file: file, offset: blob.offset, blob: blob.index)
        }
        var r = ProtobufReader(blob.message)
        var rawSize: Int?
        var data: Range<Int>?
        var method = "none"
        do {
            while let key = try r.readFieldKey() {
                switch (key.field, key.wireType) {
                case (2, .varint):
                    rawSize = Int(Int32(truncatingIfNeeded: try r.readVarint()))
                case (1...7, .lengthDelimited) where key.field != 2:
                    data = try r.readLengthDelimited()
                    method = ["raw", "", "zlib", "lzma", "bzip2", "lz4", "zstd"][Int(key.field) - 1]
                default:
                    try r.skip(key.wireType)
                }
            }
        } catch {
            throw fail(.malformed, "Blob does not parse: \(error.message) of the blob")
        }
        guard let data else { throw fail(.malformed, "Blob holds no data") }
        let bytes = Array(blob.message[data])
        switch method {
        case "raw":
            return bytes
        case "zlib":
            let limit = PBFFraming.maxBlobBytes
            let out: [UInt8]
            do {
                out = try Gzip.decompress(bytes, maxOutputBytes: limit)
            } catch {
                if case .outputLimitExceeded = error.kind {
                    throw fail(.oversized, "zlib data inflates past 32 MiB (the PBF format's cap)")
                }
                throw fail(.corrupt, "zlib data does not inflate: \(error.message)")
            }
            if let rawSize, rawSize != out.count {
                throw fail(.corrupt, "zlib data inflates to \(out.count) bytes, the blob says raw_size \(rawSize)")
            }
            return out
        default:
            throw fail(
                .unsupportedCompression(method),
                "unsupported compression: \(method) (this reader reads raw and zlib blobs; "
                    + "convert with `osmium cat -f pbf,pbf_compression=zlib`)")
        }
    }
}
