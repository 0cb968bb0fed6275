import Foundation
import MapSnapText
import XCTest

/// How long shaping takes, for comparing builds: `MAPSNAP_TEXT_BENCH=1 swift test -c release
/// --filter TextLayoutSpeedTests` prints the median time of laying out 1,000 map labels (new
/// layouts each time, not the cache): point labels wrapped at 10 em, line labels on one line,
/// titles. Skipped otherwise (it asserts nothing).
final class TextLayoutSpeedTests: XCTestCase {
    static let words = """
        Golden Gate Park Mission Dolores Tenderloin Western Addition Lower Nob Hill Haight Ashbury Presidio \
        Heights Marina District Bernal Potrero Embarcadero Fisherman's Wharf Telegraph North Beach Chinatown \
        Financial Rincon South Bay Dogpatch Bayview Hunters Point Visitacion Valley Excelsior Outer Sunset \
        Inner Richmond Sea Cliff Lake Street Avenue Boulevard Market Van Ness Geary O'Farrell Ellis Eddy Turk
        """.split(separator: " ").map(String.init)

    /// 1,000 label texts of 1 to 7 words, the same every run.
    static var texts: [String] {
        var seed: UInt64 = 12345
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        return (0..<1000).map { i in
            let n = 1 + next() % 7
            return ((0..<n).map { _ in words[next() % words.count] } + ["\(i)"]).joined(separator: " ")
        }
    }

    func testLayoutSpeed() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["MAPSNAP_TEXT_BENCH"] == "1", "set MAPSNAP_TEXT_BENCH=1")
        let engine = try TextEngine()
        let texts = Self.texts
        var kinds: [String: [Double]] = [:]
        for _ in 0..<15 {
            for (kind, run) in [
                (
                    "point labels, wrapped at 10 em",
                    { (t: String) in _ = engine.layout(t, size: 12, face: .bold, maxWidth: 120, letterSpacing: 1.2) }
                ),
                ("line labels, one line", { (t: String) in _ = engine.layout(t, size: 12, face: .regular).lineGlyphs }),
                ("titles, 560 pt wide", { (t: String) in _ = engine.layout(t, size: 15, face: .bold, maxWidth: 560) }),
            ] {
                let start = DispatchTime.now().uptimeNanoseconds
                for t in texts { run(t) }
                kinds[kind, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
        }
        for (kind, times) in kinds.sorted(by: { $0.key < $1.key }) {
            let sorted = times.sorted()
            print(
                "text layout, \(kind): median \(String(format: "%.2f", sorted[sorted.count / 2])) ms, min \(String(format: "%.2f", sorted[0])) ms per 1000"
            )
        }
    }
}
