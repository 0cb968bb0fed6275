import Foundation
import MapSnapIO

/// What a batch says on standard error while it runs: a progress bar redrawn in place on a
/// terminal (done/total, images per second, time left, failures), a plain line every few
/// seconds otherwise, nothing with `--quiet`; messages (failed lines, warnings) go above it.
final class BatchProgress: @unchecked Sendable {
    private struct State {
        var done = 0
        var failed = 0
        var lastPrint = 0.0
        var barShown = false
    }

    private let state = Locked(State())
    private let write: (String) -> Void
    private let total: Int
    private let terminal: Bool
    private let quiet: Bool
    private let start = Date()
    /// Seconds between plain progress lines (not on a terminal).
    static let plainInterval = 5.0

    init(total: Int, terminal: Bool, quiet: Bool, write: @escaping (String) -> Void) {
        self.total = total
        self.terminal = terminal
        self.quiet = quiet
        self.write = write
    }

    /// A message on its own line (above the bar on a terminal).
    func say(_ message: String) {
        state.withLock { s in
            write((s.barShown ? "\r\u{1B}[K" : "") + message + "\n")
            if s.barShown { write(bar(s)) }
        }
    }

    /// One line finished (`failed`: it did not make its image).
    func finished(failed: Bool) {
        state.withLock { s in
            s.done += 1
            if failed { s.failed += 1 }
            guard !quiet else { return }
            let now = Date().timeIntervalSince(start)
            if terminal {
                if now - s.lastPrint >= 0.1 || s.done == total {
                    write("\r\u{1B}[K" + bar(s))
                    s.barShown = true
                    s.lastPrint = now
                }
            } else if now - s.lastPrint >= Self.plainInterval || s.done == total {
                write(line(s) + "\n")
                s.lastPrint = now
            }
        }
    }

    /// Ends the bar's line.
    func close() {
        state.withLock { s in
            if s.barShown { write("\n") }
            s.barShown = false
        }
    }

    private func figures(_ s: State) -> (rate: Double, eta: String) {
        let elapsed = max(Date().timeIntervalSince(start), 1e-3)
        let rate = Double(s.done) / elapsed
        let left = rate > 0 ? Double(total - s.done) / rate : 0
        let m = Int(left) / 60
        return (rate, String(format: "%d:%02d", m, Int(left) % 60))
    }

    private func bar(_ s: State) -> String {
        let width = 30
        let filled = total > 0 ? width * s.done / total : width
        let (rate, eta) = figures(s)
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + "\(s.done)/\(total)  " + String(format: "%.1f", rate) + " img/s  ETA \(eta)  failed \(s.failed)"
    }

    private func line(_ s: State) -> String {
        let (rate, eta) = figures(s)
        return "batch: \(s.done)/\(total) done, " + String(format: "%.1f", rate)
            + " images/s, \(eta) left, \(s.failed) failed"
    }
}
