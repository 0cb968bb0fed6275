import CDeflate
import CZlib

/// Why compressed data could not be inflated (or deflated).
public struct GzipError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The output would exceed the cap: a decompression bomb, or a cap set too low.
        case outputLimitExceeded(limit: Int)
        /// The stream is damaged (bad header, bad checksum, invalid deflate data).
        case corrupt
        /// The stream ends before its end marker.
        case truncated
        /// zlib failed for another reason (out of memory, version mismatch); the zlib code.
        case zlib(Int32)
    }

    public let kind: Kind
    /// A one-line English description, including zlib's own message when it gave one.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// gzip / zlib decompression through zlib, with a hard cap on the output size.
///
/// Vector tiles in MBTiles and PMTiles archives are usually gzip-compressed
/// (RFC 1952, https://www.rfc-editor.org/rfc/rfc1952); some writers use a zlib stream
/// (RFC 1950). `decompress` auto-detects both (`inflateInit2` with window bits 15 + 32) and
/// also inflates concatenated gzip members one after the other.
///
/// Every function is thread-safe (no shared state).
public enum Gzip {
    /// The default cap on decompressed output: 64 MiB, far above any real vector tile
    /// (OpenMapTiles z14 tiles are a few hundred kB) and low enough to stop a gzip bomb.
    public static let defaultMaxOutputBytes = 64 << 20

    /// True when `bytes` starts with the gzip magic `1f 8b`.
    public static func hasGzipMagic(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// True when `bytes` starts with a zlib header: CM = 8 (deflate), window ≤ 32 KiB and the
    /// header check (CMF·256 + FLG divisible by 31). An MVT tile cannot start like this (its
    /// first byte is a field key such as 0x1a).
    public static func hasZlibHeader(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        let cmf = UInt16(bytes[0])
        let flg = UInt16(bytes[1])
        return cmf & 0x0F == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0
    }

    /// True when `bytes` looks gzip- or zlib-compressed.
    public static func isCompressed(_ bytes: [UInt8]) -> Bool {
        hasGzipMagic(bytes) || hasZlibHeader(bytes)
    }

    /// Decompresses `bytes` when they start with a gzip or zlib header; otherwise returns them
    /// unchanged (pass-through for tiles stored uncompressed).
    public static func decompressIfNeeded(
        _ bytes: [UInt8], maxOutputBytes: Int = defaultMaxOutputBytes
    ) throws(GzipError) -> [UInt8] {
        guard isCompressed(bytes) else { return bytes }
        return try decompress(bytes, maxOutputBytes: maxOutputBytes)
    }

    /// Inflates a gzip (or zlib) stream.
    ///
    /// - Parameters:
    ///   - bytes: the compressed data; gzip members may be concatenated.
    ///   - maxOutputBytes: hard cap on the output size in bytes; the output never grows past it
    ///     (inflation stops within one 64 KiB chunk of the cap).
    /// - Throws: `GzipError` with kind `.outputLimitExceeded` ("gzip bomb") when the output
    ///   would exceed the cap, `.corrupt` or `.truncated` for damaged input.
    public static func decompress(
        _ bytes: [UInt8], maxOutputBytes: Int = defaultMaxOutputBytes
    ) throws(GzipError) -> [UInt8] {
        let limit = Swift.max(0, maxOutputBytes)
        guard !bytes.isEmpty else { throw GzipError(.truncated, "compressed data is empty") }
        if let whole = wholeMember(bytes, limit: limit) { return whole }
        return try streamed(bytes, limit: limit)
    }

    /// One whole gzip member inflated by libdeflate (https://github.com/ebiggers/libdeflate),
    /// two to three times faster than zlib on vector tiles, into an output of the size the
    /// member's trailer gives (ISIZE, RFC 1952 §2.3.1); nil when the data is not exactly one
    /// member that inflates to that size within `limit` (a zlib stream, concatenated members,
    /// a trailer that lies, damaged data), which `streamed` then inflates or rejects, with its
    /// messages.
    static func wholeMember(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
        guard hasGzipMagic(bytes), bytes.count >= 18 else { return nil }
        let n = bytes.count
        let size = Int(bytes[n - 4]) | Int(bytes[n - 3]) << 8 | Int(bytes[n - 2]) << 16 | Int(bytes[n - 1]) << 24
        guard size > 0, size <= limit, let d = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(d) }
        var whole = false
        let out = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var used = 0
            var produced = 0
            let result = bytes.withUnsafeBytes {
                libdeflate_gzip_decompress_ex(d, $0.baseAddress, n, buffer.baseAddress, size, &used, &produced)
            }
            whole = result == LIBDEFLATE_SUCCESS && used == n && produced == size
            count = whole ? size : 0
        }
        return whole ? out : nil
    }

    /// `decompress` through zlib's streaming inflate, a chunk at a time under `limit`.
    private static func streamed(_ bytes: [UInt8], limit: Int) throws(GzipError) -> [UInt8] {
        // zlib keeps a pointer back to the stream, so the z_stream must not move: heap-allocate it.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let initCode = inflateInit2_(stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initCode == Z_OK else { throw error(initCode, stream, "inflateInit2") }
        defer { inflateEnd(stream) }

        guard bytes.count <= Int(UInt32.max) else {
            throw GzipError(.zlib(Z_BUF_ERROR), "compressed input is larger than 4 GiB")
        }
        // Inflate into a scratch chunk and append each chunk to the output (memcpy), so no
        // output byte is ever zero-filled first; the output never holds more than limit + chunk.
        let chunkSize = 1 << 16
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var out: [UInt8] = []
        out.reserveCapacity(
            Swift.min(limit, Swift.max(4096, bytes.count.multipliedReportingOverflow(by: 4).partialValue)))
        let bomb = GzipError(
            .outputLimitExceeded(limit: limit), "gzip bomb: decompressed data exceeds the limit of \(limit) bytes")
        try bytes.withUnsafeBufferPointer { (input) throws(GzipError) in
            guard let base = input.baseAddress else { return }
            stream.pointee.next_in = UnsafeMutablePointer(mutating: base)
            stream.pointee.avail_in = UInt32(input.count)
            while true {
                stream.pointee.next_out = chunk
                stream.pointee.avail_out = UInt32(chunkSize)
                let result = inflate(stream, Z_NO_FLUSH)
                let produced = chunkSize - Int(stream.pointee.avail_out)
                guard produced <= limit - out.count else { throw bomb }
                out.append(contentsOf: UnsafeBufferPointer(start: chunk, count: produced))
                switch result {
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    // No progress possible: with output room left, the input ran out.
                    if stream.pointee.avail_out > 0 {
                        throw GzipError(.truncated, "compressed data ends early (truncated stream)")
                    }
                case Z_STREAM_END:
                    // Another gzip member may follow (concatenated gzip); other trailing bytes are ignored.
                    let rest = Int(stream.pointee.avail_in)
                    let next = input.count - rest
                    if rest >= 2, input[next] == 0x1F, input[next + 1] == 0x8B {
                        guard inflateReset(stream) == Z_OK else { throw error(Z_STREAM_ERROR, stream, "inflateReset") }
                        continue
                    }
                    return
                default:
                    throw error(result, stream, "inflate")
                }
            }
        }
        return out
    }

    /// Compresses `bytes` as one gzip member (RFC 1952) at `level` 0…9 (zlib's default 6).
    /// For tests and tools; tile readers only decompress.
    public static func compress(_ bytes: [UInt8], level: Int = 6) throws(GzipError) -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let lvl = Int32(Swift.min(Swift.max(level, 0), 9))
        let code = deflateInit2_(
            stream, lvl, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard code == Z_OK else { throw error(code, stream, "deflateInit2") }
        defer { deflateEnd(stream) }
        guard bytes.count < Int(UInt32.max) else { throw GzipError(.zlib(Z_BUF_ERROR), "input too large for compress") }
        let bound = Int(deflateBound(stream, uLong(bytes.count)))
        var out = [UInt8](repeating: 0, count: bound + 32)
        var produced = 0
        let ret: Int32 = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { buf in
                stream.pointee.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
                stream.pointee.avail_in = UInt32(input.count)
                stream.pointee.next_out = buf.baseAddress
                stream.pointee.avail_out = UInt32(clamping: buf.count)
                let r = deflate(stream, Z_FINISH)
                produced = buf.count - Int(stream.pointee.avail_out)
                return r
            }
        }
        guard ret == Z_STREAM_END else { throw error(ret, stream, "deflate") }
        out.removeSubrange(produced...)
        return out
    }

    private static func error(_ code: Int32, _ stream: UnsafeMutablePointer<z_stream>, _ what: String) -> GzipError {
        let detail = stream.pointee.msg.map { String(cString: $0) }
        let suffix = detail.map { ": \($0)" } ?? ""
        switch code {
        case Z_DATA_ERROR, Z_NEED_DICT:
            return GzipError(.corrupt, "compressed data is corrupt (\(what) failed\(suffix))")
        case Z_MEM_ERROR:
            return GzipError(.zlib(code), "zlib is out of memory (\(what))")
        default:
            return GzipError(.zlib(code), "zlib error \(code) in \(what)\(suffix)")
        }
    }
}
