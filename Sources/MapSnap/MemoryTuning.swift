#if canImport(Glibc)
    import Glibc
#endif

/// Process-wide allocator settings for hosts that make many images.
public enum MemoryTuning {
    /// Keeps the memory freed after one image for the next instead of giving it back to the
    /// kernel. For any long-lived host: a server, a batch worker, a command line that renders
    /// many images.
    ///
    /// Each image allocates and frees a few megabytes (the image surface, the PNG rows and
    /// output). With glibc's defaults that memory goes back to the kernel after every image and
    /// is taken again, zero-filled page by page, for the next one. This raises the thresholds
    /// above one image's needs (mallopt(3): blocks under 32 MB come from the heap instead of
    /// their own mappings, and up to 64 MB of free heap is kept), so it is reused. Peak memory
    /// is unchanged: it is what the largest image needs; a host that is idle between images
    /// keeps that much resident.
    ///
    /// Call it once, early, before images are made; it is safe from any thread, affects the
    /// whole process, and cannot be undone except by another mallopt(3). Does nothing where the
    /// C library is not glibc.
    /// - Returns: whether the settings were applied.
    @discardableResult
    public static func keepFreedImageMemory() -> Bool {
        #if canImport(Glibc)
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD, bytes
            let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD, bytes
            let mmap = mallopt(mmapThreshold, 32 << 20)
            let trim = mallopt(trimThreshold, 64 << 20)
            return mmap && trim
        #else
            return false
        #endif
    }

    /// Gives the free pages of the malloc heap back to the kernel now (malloc_trim(3)), whatever
    /// `keepFreedImageMemory` keeps: about a millisecond, for a long-lived host to call every
    /// few images so its resident set stays what its live data needs. Does nothing where the C
    /// library is not glibc.
    public static func giveBackFreeMemory() {
        #if canImport(Glibc)
            guard let f = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            let trim = unsafeBitCast(f, to: (@convention(c) (Int) -> Int32).self)
            _ = trim(0)
        #endif
    }

    #if canImport(Glibc)
        /// mallopt(3), looked up by name (it is not in Swift's Glibc module): whether it took
        /// the setting (it returns 1 on success).
        private static func mallopt(_ parameter: Int32, _ value: Int32) -> Bool {
            guard let f = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
            let set = unsafeBitCast(f, to: (@convention(c) (Int32, Int32) -> Int32).self)
            return set(parameter, value) == 1
        }
    #endif
}
