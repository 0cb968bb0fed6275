#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that cannot be opened or read: its path and what went wrong.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// What went wrong, e.g. "no such file".
    public var reason: String

    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// A read-only file read with `pread` at explicit offsets: no shared file position, so any
/// number of threads may read at once. Closed when released.
package final class RandomAccessFile: Sendable {
    let path: String
    /// File size in bytes when opened.
    package let size: UInt64
    private let fd: Int32

    /// Opens `path` read-only. Throws `FileError` naming the file.
    package init(path: String) throws(FileError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == ENOENT ? "no such file" : "cannot open (\(String(cString: strerror(errno))))"
            throw FileError(path: path, reason)
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            close(fd)
            throw FileError(path: path, "cannot stat (\(String(cString: strerror(errno))))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FileError(path: path, "not a regular file")
        }
        self.fd = fd
        self.size = UInt64(max(0, st.st_size))
    }

    deinit {
        close(fd)
    }

    /// Reads exactly `length` bytes at `offset`.
    /// - Throws: `FileError` when the range is outside the file or the read fails.
    package func read(offset: UInt64, length: UInt64, what: String) throws(FileError) -> [UInt8] {
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, end <= size, length <= UInt64(Int.max), offset <= UInt64(Int64.max) else {
            throw FileError(
                path: path, "\(what) (offset \(offset), \(length) bytes) lies outside the file (\(size) bytes)")
        }
        let count = Int(length)
        var failure: Int32 = 0
        var done = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buf, initialized in
            while done < count {
                let n = pread(fd, buf.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done))
                if n > 0 {
                    done += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    failure = n == 0 ? -1 : errno
                    break
                }
            }
            // Bytes past `done` are zero-filled so the whole buffer is initialized either way.
            if done < count, let base = buf.baseAddress { (base + done).initialize(repeating: 0, count: count - done) }
            initialized = count
        }
        guard failure == 0 else {
            let reason = failure == -1 ? "the file ended early" : String(cString: strerror(failure))
            throw FileError(path: path, "cannot read \(what) at offset \(offset): \(reason)")
        }
        return bytes
    }
}
