import Foundation
import MapSnapCLI

#if canImport(Glibc)
    import Glibc

    // Each image allocates and frees a few megabytes (the cairo surface, the PNG rows and
    // output). glibc's defaults hand that memory back to the kernel after every image and take
    // it again, zero-filled page by page, for the next one; thresholds above one image's needs
    // keep it for reuse (peak memory is unchanged: it is what one image needs). mallopt(3) is
    // not in Swift's Glibc module: looked up by name (M_TRIM_THRESHOLD −1, M_MMAP_THRESHOLD −3).
    if let f = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
        let mallopt = unsafeBitCast(f, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-3, 32 << 20)
        _ = mallopt(-1, 64 << 20)
    }
#endif

exit(MapSnapCommand.main(Array(CommandLine.arguments.dropFirst())))
