import Foundation

/// Writes files so that readers see either the old file or the complete new one, never a
/// partial or empty file: the bytes go to a temporary file in the same folder and replace the
/// target with rename(2), so a failed or interrupted write (full disk, a kill) leaves the old
/// file as it was. The file is not fsync'd: that would cost a disk round trip per image
/// (about a millisecond here, far more on spinning disks) when thumbnails are made by the
/// thousand; across a power cut, ext4 and btrfs still write the data of a file renamed over
/// another before the rename.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(MapSnapError) {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw MapSnapError(.cannotCreate, "\(path): cannot create output (folder \(dir) does not exist)")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw MapSnapError(.cannotCreate, "\(path): cannot create output (it is a folder)")
        }
        let tmp = dir + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw MapSnapError(.cannotCreate, "\(path): cannot create output (\(String(cString: strerror(errno))))")
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
            throw MapSnapError(.cannotCreate, "\(path): cannot write output (\(failure))")
        }
    }
}
