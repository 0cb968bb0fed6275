import Foundation

/// Writes files so that readers see either the old file or the complete new one, never a
/// partial or empty file: the bytes go to a temporary file in the same folder and replace the
/// target with rename(2), so a failed or interrupted write (full disk, a kill) leaves the old
/// file as it was. The file is not fsync'd: that would cost a disk round trip per image
/// (about a millisecond here, far more on spinning disks) when thumbnails are made by the
/// thousand; across a power cut, ext4 and btrfs still write the data of a file renamed over
/// another before the rename.
public enum AtomicFile {
    /// Writes `bytes` to the file at `path`, replacing it whole.
    /// - Throws: `SnapshotError` of kind `.cannotWrite`, naming `path`, when its folder does not
    ///   exist, it is a folder, or the bytes cannot be written or renamed into place.
    public static func write(_ bytes: [UInt8], to path: String) throws(SnapshotError) {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw SnapshotError(.cannotWrite, "cannot create output (folder \(dir) does not exist)", file: path)
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw SnapshotError(.cannotWrite, "cannot create output (it is a folder)", file: path)
        }
        let tmp = dir + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw SnapshotError(.cannotWrite, "cannot create output (\(String(cString: strerror(errno))))", file: path)
        }
        var ok = true
        var failure = ""
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if close(fd) != 0 && ok {
            ok = false
            failure = String(cString: strerror(errno))
        }
        if ok && rename(tmp, path) != 0 {
            ok = false
            failure = String(cString: strerror(errno))
        }
        if !ok {
            unlink(tmp)
            throw SnapshotError(.cannotWrite, "cannot write output (\(failure))", file: path)
        }
    }
}
