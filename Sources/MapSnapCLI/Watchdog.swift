import Foundation
import Synchronization

/// `--timeout SECONDS`: stops a run that takes longer, cleanly. A thread waits out the time;
/// if the run has not begun writing its outputs by then, it says so on standard error and
/// ends the process with status 70 — nothing was written, since every output is written only
/// at the end (and atomically). Once writing has begun, the run is let finish.
final class Watchdog: Sendable {
    /// Set by whichever comes first: the run beginning to write, or the time running out.
    private let decided = Atomic<Bool>(false)

    /// Starts the clock: `seconds` from now.
    init(seconds: Double) {
        Thread.detachNewThread { [self] in
            Thread.sleep(forTimeInterval: seconds)
            guard decided.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
            else { return }
            let shown = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
            FileHandle.standardError.write(
                Data("error: the render did not finish within \(shown) s (--timeout); nothing was written\n".utf8))
            _exit(ExitCode.software.rawValue)
        }
    }

    /// Called before the outputs are written: true when the run may write them; false when the
    /// time ran out first (the process is ending; the caller must write nothing).
    func beginWriting() -> Bool {
        decided.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
