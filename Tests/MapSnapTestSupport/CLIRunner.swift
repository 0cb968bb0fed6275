import Foundation

/// Runs the built `mapsnap` executable (next to the test bundle) in a fresh temporary folder,
/// removed by `cleanUp()`, capturing its exit status and outputs through files (never pipes, so
/// a chatty child cannot block).
public final class CLIRunner {
    /// The folder the command runs in.
    public let folder: URL

    public struct Run {
        /// The exit status, or the signal's number when `signaled`.
        public var status: Int32
        /// Whether a signal ended the process (a trap, a crash, a kill).
        public var signaled: Bool
        public var stdout: Data
        public var stderr: String
    }

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A runner in an existing `folder` (its owner removes it).
    public init(folder: URL) {
        self.folder = folder
    }

    public func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// The files the command left in `folder` (the capture files excepted).
    public func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".capture-") }.sorted()
    }

    /// The `mapsnap` executable next to the test bundle (or `MAPSNAP_BIN`, when set).
    public static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["MAPSNAP_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let u = candidate.appendingPathComponent("mapsnap")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        struct Missing: Error, CustomStringConvertible { var description: String }
        throw Missing(description: "the mapsnap binary was not built next to the tests (\(dir.path))")
    }

    /// Runs the binary (or `executable`) with `args`; `environment` changes the inherited
    /// environment (nil removes a variable).
    public func run(_ args: [String], executable: URL? = nil, environment: [String: String?] = [:]) throws -> Run {
        let p = Process()
        p.executableURL = try executable ?? Self.binary()
        p.arguments = args
        if !environment.isEmpty {
            var env = ProcessInfo.processInfo.environment
            for (k, v) in environment { env[k] = v }
            p.environment = env
        }
        p.currentDirectoryURL = folder
        let outURL = folder.appendingPathComponent(".capture-\(UUID().uuidString).out")
        let errURL = folder.appendingPathComponent(".capture-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try out.close()
        try err.close()
        return Run(
            status: p.terminationStatus, signaled: p.terminationReason == .uncaughtSignal,
            stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
