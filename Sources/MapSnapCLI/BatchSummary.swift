import Foundation
import MapSnapRouting

/// What a batch did, for `--summary FILE` (JSON) and its last line on standard error.
struct BatchSummary {
    var lines = 0
    var rendered = 0
    var skipped = 0
    var failed = 0
    /// Failed lines and why, by line number.
    var failures: [(line: Int, message: String)] = []
    /// Milliseconds per rendered image, sorted.
    var times: [Double] = []
    var workers: Int
    var elapsed: Double
    var peakRSS: Int

    init(outcomes: [Int: BatchCommand.Outcome], workers: Int, elapsed: Double, peakRSS: Int) {
        self.workers = workers
        self.elapsed = elapsed
        self.peakRSS = peakRSS
        lines = outcomes.count
        for (line, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            switch outcome {
            case .rendered(let ms):
                rendered += 1
                times.append(ms)
            case .skipped: skipped += 1
            case .failed(let message):
                failed += 1
                failures.append((line, message))
            }
        }
        times.sort()
    }

    /// The time below which a share `p` of the images were made, ms (0 without images).
    func percentile(_ p: Double) -> Double {
        times.isEmpty ? 0 : times[min(times.count - 1, Int((Double(times.count) * p).rounded(.down)))]
    }

    var line: String {
        let rate = elapsed > 0 ? Double(rendered) / elapsed : 0
        return "batch: \(rendered) rendered, \(skipped) skipped, \(failed) failed of \(lines) lines in "
            + String(format: "%.1f s (%.1f images/s, %d workers, peak %d MB)", elapsed, rate, workers, peakRSS >> 20)
    }

    /// The JSON summary: sorted keys, a final newline.
    func json() -> [UInt8] {
        func n(_ x: Double) -> String { JSONText.number(x, digits: 3) }
        var s = "{\n"
        s += "  \"elapsed_s\": \(n(elapsed)),\n"
        s += "  \"failed\": \(failed),\n"
        s += "  \"failures\": ["
        s += failures.map { "\n    {\"line\": \($0.line), \"message\": \(JSONText.string($0.message))}" }.joined(
            separator: ",")
        s += failures.isEmpty ? "],\n" : "\n  ],\n"
        s += "  \"images_per_second\": \(n(elapsed > 0 ? Double(rendered) / elapsed : 0)),\n"
        s += "  \"lines\": \(lines),\n"
        s += "  \"peak_rss_bytes\": \(peakRSS),\n"
        s += "  \"rendered\": \(rendered),\n"
        s += "  \"skipped\": \(skipped),\n"
        s += "  \"time_ms\": {\"max\": \(n(times.last ?? 0)), \"p50\": \(n(percentile(0.5))), "
        s += "\"p90\": \(n(percentile(0.9))), \"p99\": \(n(percentile(0.99)))},\n"
        s += "  \"workers\": \(workers)\n}\n"
        return Array(s.utf8)
    }
}
