import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file mapped read-only into memory with one `mmap` (unmapped when this is released).
final class MappedFile {
    let bytes: UnsafeRawBufferPointer
    private let base: UnsafeMutableRawPointer?

    /// Maps the file at `path`; nil when it cannot be opened or mapped (or is empty).
    init?(path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0 else { return nil }
        let size = Int(st.st_size)
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        base = p
        bytes = UnsafeRawBufferPointer(start: p, count: size)
    }

    deinit {
        if let base { munmap(base, bytes.count) }
    }
}

/// Appends fixed-width arrays to a byte buffer, each preceded by its element count and padded to
/// 8 bytes (host byte order: a cache is read back on the machine that wrote it).
struct BinaryWriter {
    var bytes: [UInt8] = []

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    mutating func append<T: BitwiseCopyable>(array: [T]) {
        append(UInt64(array.count))
        array.withUnsafeBytes { bytes.append(contentsOf: $0) }
        while bytes.count % 8 != 0 { bytes.append(0) }
    }
}

/// Reads what `BinaryWriter` wrote, checking every count against the bytes left.
struct BinaryReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    struct Truncated: Error {}

    mutating func read<T: FixedWidthInteger>(_: T.Type) throws(Truncated) -> T {
        let n = MemoryLayout<T>.size
        guard offset + n <= bytes.count else { throw Truncated() }
        let v = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += n
        return v
    }

    mutating func array<T: BitwiseCopyable>(_: T.Type, maxCount: Int = 1 << 31) throws(Truncated) -> [T] {
        let count = try read(UInt64.self)
        let stride = MemoryLayout<T>.stride
        guard count <= UInt64(maxCount), Int(count) * stride <= bytes.count - offset else { throw Truncated() }
        let n = Int(count)
        let result = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            if n > 0, let dst = buffer.baseAddress, let src = bytes.baseAddress {
                UnsafeMutableRawPointer(dst).copyMemory(from: src + offset, byteCount: n * stride)
            }
            initialized = n
        }
        offset += n * stride
        while offset % 8 != 0 { offset += 1 }
        return result
    }
}
