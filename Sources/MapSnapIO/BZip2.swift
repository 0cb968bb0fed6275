import CBZip2

/// bzip2 decompression through libbz2 (Debian's libbz2-dev;
/// https://sourceware.org/bzip2/manual/manual.html#low-level), with a hard cap on the output:
/// how `.osm.bz2` files (the planet's and many extracts' XML) are read. Concatenated streams
/// (as pbzip2 writes them) are inflated one after the other.
public enum BZip2 {
    /// True when `bytes` starts with a bzip2 stream header: `BZh` and a block size digit 1…9.
    public static func hasMagic(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x42 && bytes[1] == 0x5A && bytes[2] == 0x68 && (0x31...0x39).contains(bytes[3])
    }

    /// The decompressed bytes of `bytes`, at most `maxOutputBytes` of them.
    /// - Throws: `GzipError` (the one error of this room's decompressors): `.outputLimitExceeded`
    ///   past the cap, `.truncated` when the stream ends early, `.corrupt` for damaged data.
    public static func decompress(_ bytes: [UInt8], maxOutputBytes: Int) throws(GzipError) -> [UInt8] {
        // libbz2 keeps a pointer back to the stream and checks it: the stream must not move.
        let stream = UnsafeMutablePointer<bz_stream>.allocate(capacity: 1)
        stream.initialize(to: bz_stream())
        defer { stream.deallocate() }
        guard BZ2_bzDecompressInit(stream, 0, 0) == BZ_OK else {
            throw GzipError(.corrupt, "bzip2: cannot start the decompressor (out of memory?)")
        }
        defer { BZ2_bzDecompressEnd(stream) }
        guard bytes.count < Int(UInt32.max) else {
            throw GzipError(.corrupt, "bzip2 input over 4 GiB")
        }
        let chunkSize = 1 << 16
        let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var out: [UInt8] = []
        out.reserveCapacity(Swift.min(maxOutputBytes, bytes.count * 8))
        try bytes.withUnsafeBufferPointer { (input) throws(GzipError) in
            guard let base = input.baseAddress else { return }
            let start = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
            stream.pointee.next_in = start
            stream.pointee.avail_in = UInt32(input.count)
            while true {
                stream.pointee.next_out = chunk
                stream.pointee.avail_out = UInt32(chunkSize)
                let code = BZ2_bzDecompress(stream)
                let produced = chunkSize - Int(stream.pointee.avail_out)
                guard produced <= maxOutputBytes - out.count else {
                    throw GzipError(
                        .outputLimitExceeded(limit: maxOutputBytes), "bzip2 data inflates past \(maxOutputBytes) bytes")
                }
                chunk.withMemoryRebound(to: UInt8.self, capacity: produced) {
                    out.append(contentsOf: UnsafeBufferPointer(start: $0, count: produced))
                }
                switch code {
                case BZ_OK:
                    if stream.pointee.avail_in == 0 && produced == 0 {
                        throw GzipError(.truncated, "bzip2 data ends early (truncated file?)")
                    }
                case BZ_STREAM_END:
                    let rest = Int(stream.pointee.avail_in)
                    let next = input.count - rest
                    guard rest >= 4, hasMagic(Array(input[next..<(next + 4)])) else { return }
                    // Another stream follows: start over on it.
                    BZ2_bzDecompressEnd(stream)
                    guard BZ2_bzDecompressInit(stream, 0, 0) == BZ_OK else {
                        throw GzipError(.corrupt, "bzip2: cannot restart the decompressor")
                    }
                    stream.pointee.next_in = start + next
                    stream.pointee.avail_in = UInt32(rest)
                default:
                    throw GzipError(.corrupt, "bzip2 data is corrupt (libbz2 error \(code))")
                }
            }
        }
        return out
    }
}
