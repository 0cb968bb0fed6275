import Foundation

/// A value behind a lock, for state that threads share (tile caches, archive connections).
///
/// Used instead of the toolchain's `Synchronization.Mutex`, whose futex-based lock on Linux
/// ThreadSanitizer does not see (Swift 6.3: every guarded access is reported as a race, so real
/// races would hide among them); this one locks a pthread mutex (`NSLock`), which it does see
/// (`Scripts/sanitize thread`). Its cost is the same order: an uncontended lock and unlock.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value while holding the lock; `body` must not call back into this lock.
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
