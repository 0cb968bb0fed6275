import Foundation
import Synchronization

/// Writes files so that readers see either the old file or the complete new one, never a
/// partial or empty file: the bytes go to a temporary file in the same folder and replace the
/// target with rename(2), so a failed or interrupted write (full disk, a kill) leaves the old
/// file as it was. The file is not fsync'd: that would cost a disk round trip per image
/// (about a millisecond here, far more on spinning disks) when thumbnails are made by the
/// thousand; across a power cut, ext4 and btrfs still write the data of a file renamed over
/// another before the rename.
///
/// Thread-safe: every write has a temporary file of its own, so threads (or processes) writing
/// one path at once each replace it with a whole file of theirs; the last rename wins.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically (see above). The file gets mode 0644 less the
    /// process's umask, as a file created with open(2) would.
    /// - Throws: `SnapshotError` of kind `.cannotWrite`, naming `path`, when its folder does not
    ///   exist, it is a folder, or the temporary file cannot be made, written or renamed (none is
    ///   left behind).
    public static func write(_ bytes: [UInt8], to path: String) throws(SnapshotError) {
        if isSpecial(path) { return try writeInPlace(bytes, to: path) }
        let tmp = try prepare(bytes, for: path)
        if rename(tmp, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            throw SnapshotError(.cannotWrite, "cannot write output (\(reason))", file: path)
        }
    }

    /// Writes several files as one: each to a temporary file beside its place, and only when
    /// all of them are written are they renamed into place; if a rename still fails, the files
    /// already replaced get their old contents back (kept as hard links until the end) or are
    /// removed when they were new. A failed call changes no file.
    /// - Throws: `SnapshotError` of kind `.cannotWrite` naming the file that failed.
    /// A `path` that is a device or a FIFO (`isSpecial`) is written in place after the others.
    public static func write(_ files: [(bytes: [UInt8], path: String)]) throws(SnapshotError) {
        let special = files.map { isSpecial($0.path) }
        try writeRegular(zip(files, special).filter { !$0.1 }.map(\.0))
        for (f, s) in zip(files, special) where s { try writeInPlace(f.bytes, to: f.path) }
    }

    /// Whether `path` is there and is neither a regular file nor a folder: a device such as
    /// /dev/null or /dev/stdout, or a FIFO. Those are written in place, as a shell's `>` would:
    /// a rename would put a regular file in their place (run as root, `--out /dev/null`
    /// replaced the machine's /dev/null).
    static func isSpecial(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & mode_t(S_IFMT)
        return type != mode_t(S_IFREG) && type != mode_t(S_IFDIR)
    }

    /// Writes `bytes` into the special file at `path` (`isSpecial`), not atomically.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(SnapshotError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw SnapshotError(.cannotWrite, "cannot write output (\(String(cString: strerror(errno))))", file: path)
        }
        var failure = writeAll(bytes, to: fd)
        if close(fd) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if let failure { throw SnapshotError(.cannotWrite, "cannot write output (\(failure))", file: path) }
    }

    /// `write(_:)` for regular files (and new ones).
    private static func writeRegular(_ files: [(bytes: [UInt8], path: String)]) throws(SnapshotError) {
        var temps: [(tmp: String, path: String)] = []
        do throws(SnapshotError) {
            for f in files { temps.append((try prepare(f.bytes, for: f.path), f.path)) }
        } catch {
            for t in temps { unlink(t.tmp) }
            throw error
        }
        // Keep each old file under a second name until every rename is done.
        var backups: [String?] = []
        for t in temps {
            let backup = t.tmp + ".old"
            backups.append(link(t.path, backup) == 0 ? backup : nil)
        }
        defer { for b in backups { if let b { unlink(b) } } }
        for (i, t) in temps.enumerated() where rename(t.tmp, t.path) != 0 {
            let reason = String(cString: strerror(errno))
            for j in 0..<i {
                if let b = backups[j] { rename(b, temps[j].path) } else { unlink(temps[j].path) }
            }
            for u in temps[i...] { unlink(u.tmp) }
            throw SnapshotError(.cannotWrite, "cannot write output (\(reason))", file: t.path)
        }
    }

    /// Checks `path`'s folder, and writes `bytes` to a new temporary file beside it; returns
    /// the temporary file's path (removed again on failure).
    private static func prepare(_ bytes: [UInt8], for path: String) throws(SnapshotError) -> String {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw SnapshotError(.cannotWrite, "cannot create output (folder \(dir) does not exist)", file: path)
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw SnapshotError(.cannotWrite, "cannot create output (it is a folder)", file: path)
        }
        let (fd, tmp) = try createTemporary(beside: url, dir: dir, for: path)
        var failure = writeAll(bytes, to: fd)
        if close(fd) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(tmp)
            throw SnapshotError(.cannotWrite, "cannot write output (\(failure))", file: path)
        }
        return tmp
    }

    /// Writes made by this process so far: with the pid, it makes temporary names unique.
    private static let writes = Atomic<UInt64>(0)

    /// Creates a new, empty temporary file `.<name>.tmp-<pid>-<n>-<random>` in `dir`, as
    /// mkstemp(3) does (a name no one else has, made with O_EXCL, tried again if taken) but with
    /// mode 0644 through open(2), so the umask applies without reading it (umask(2) can only
    /// be read by changing it, for every thread at once). Returns its descriptor and path.
    private static func createTemporary(
        beside url: URL, dir: String, for path: String
    ) throws(SnapshotError) -> (Int32, String) {
        let n = writes.add(1, ordering: .relaxed).newValue
        var attempt = 0
        while true {
            let suffix = String(UInt32.random(in: .min ... .max), radix: 36)
            let tmp = dir + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(n)-\(suffix)"
            let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 { return (fd, tmp) }
            // Taken (by a file left by a killed process of the same pid, say): another name.
            guard errno == EEXIST || errno == EINTR, attempt < 100 else {
                throw SnapshotError(
                    .cannotWrite, "cannot create output (\(String(cString: strerror(errno))))", file: path)
            }
            attempt += 1
        }
    }

    /// Writes all of `bytes` to `fd`, resuming after interrupted and short writes; nil on
    /// success, else the system's reason.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += n
            }
            return nil
        }
    }
}
