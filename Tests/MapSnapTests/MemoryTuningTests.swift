import MapSnap
import XCTest

final class MemoryTuningTests: XCTestCase {
    /// On glibc (the Linux build) the allocator takes both settings.
    func testKeepFreedImageMemoryAppliesOnGlibc() throws {
        #if canImport(Glibc)
            XCTAssertTrue(MemoryTuning.keepFreedImageMemory())
            // Safe to call again (a host may not know whether its CLI did).
            XCTAssertTrue(MemoryTuning.keepFreedImageMemory())
        #else
            throw XCTSkip("not glibc: the tuning does nothing here")
        #endif
    }
}
