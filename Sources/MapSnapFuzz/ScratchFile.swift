import Foundation

/// A per-process file the file-based targets (archives, styles) write each input to, in
/// `/dev/shm` when there is one (no disk traffic at thousands of inputs a second).
enum ScratchFile {
    private static let folder: String = {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder), isFolder.boolValue {
            return "/dev/shm"
        }
        return NSTemporaryDirectory()
    }()

    /// Writes `bytes` to this process's scratch file called `name` and returns its path; nil
    /// when it cannot be written (the input is then skipped).
    static func write(_ bytes: [UInt8], name: String) -> String? {
        let path = "\(folder)/mapsnap-fuzz-\(getpid())-\(name)"
        return FileManager.default.createFile(atPath: path, contents: Data(bytes)) ? path : nil
    }
}
