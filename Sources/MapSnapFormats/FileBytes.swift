#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files with POSIX calls, turning every failure into a `FormatError`.
package enum FileBytes {
    /// The bytes of the regular file (or pipe) at `path`, at most `limit` of them.
    ///
    /// Throws `.missingFile` ("no such file", "permission denied", "is a directory, not a file" …)
    /// when the file cannot be read, and `.badData` when it holds more than `limit` bytes.
    package static func contents(path: String, displayName: String, limit: Int) throws(FormatError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(displayName, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(displayName, errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw FormatError(.missingFile, file: displayName, message: "is a directory, not a file")
        }
        let size = Int(info.st_size)
        if size > limit { throw tooLarge(displayName, limit) }
        var bytes: [UInt8] = []
        // Regular files report their size; pipes report 0 and grow as they are read.
        var capacity = max(size + 1, 64 * 1024)
        var count = 0
        while true {
            if count == capacity { capacity = min(capacity * 2, limit + 1) }
            if bytes.count < capacity { bytes.append(contentsOf: repeatElement(0, count: capacity - bytes.count)) }
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(fd, base + count, capacity - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(displayName, errno)
            }
            if n == 0 { break }
            count += n
            if count > limit { throw tooLarge(displayName, limit) }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    private static func tooLarge(_ file: String, _ limit: Int) -> FormatError {
        FormatError(file: file, message: "the file is larger than \(limit / (1024 * 1024)) MiB")
    }

    private static func failure(_ file: String, _ code: Int32) -> FormatError {
        let message: String
        switch code {
        case ENOENT: message = "no such file"
        case EACCES: message = "permission denied"
        case ENOTDIR: message = "no such file (a folder in its path is a file)"
        case EISDIR: message = "is a directory, not a file"
        default: message = String(cString: strerror(code))
        }
        return FormatError(.missingFile, file: file, message: message)
    }
}
