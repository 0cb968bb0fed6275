import Foundation

/// The libFuzzer entry points (https://llvm.org/docs/LibFuzzer.html#fuzz-target). One binary
/// serves every target: `MAPSNAP_FUZZ_TARGET` names the one to run (see `Scripts/fuzz`).
/// Linked into the tests as well, where nothing calls them. With `MAPSNAP_FUZZ_SEEDS` set, the
/// binary writes the target's Swift-made seeds into that folder (the repository is the current
/// directory) and exits.
nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    let name = ProcessInfo.processInfo.environment["MAPSNAP_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("MAPSNAP_FUZZ_TARGET must name a target: \(names)\n".utf8))
        exit(64)
    }
    if let folder = ProcessInfo.processInfo.environment["MAPSNAP_FUZZ_SEEDS"] {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        target.seeds?(FileManager.default.currentDirectoryPath, folder)
        exit(0)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = selected else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    target.run(bytes)
    return 0
}
