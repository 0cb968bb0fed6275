import Foundation

/// "Nice" axis ticks (1, 2, 2.5 or 5 times a power of ten), after Heckbert's "Nice numbers for
/// graph labels" (Graphics Gems, 1990).
enum ProfileChartTicks {
    /// The step between about `count` ticks over `span` (> 0): 1, 2, 2.5 or 5 × 10ⁿ, the nearest
    /// to `span / count`.
    static func step(span: Double, count: Int) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let rough = span / Double(max(count, 1))
        let magnitude = pow(10, floor(log10(rough)))
        let fraction = rough / magnitude
        // The nearest nice fraction (Heckbert rounds rather than rounding up).
        let nice: Double = fraction < 1.5 ? 1 : fraction < 2.25 ? 2 : fraction < 3.5 ? 2.5 : fraction < 7.5 ? 5 : 10
        return nice * magnitude
    }

    /// The multiples of `step` from `low` to `high` (both included when they are multiples).
    static func values(from low: Double, to high: Double, step: Double) -> [Double] {
        guard step > 0, high >= low else { return [] }
        var out: [Double] = []
        var k = (low / step - 1e-9).rounded(.up)
        while k * step <= high + step * 1e-9, out.count < 100 {
            out.append(k * step)
            k += 1
        }
        return out
    }

    /// `value` with at most one decimal, its thousands apart by a narrow no-break space from
    /// five digits on ("2366", "12 412"), as SI style writes numbers.
    static func grouped(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        let whole = Int(abs(rounded).rounded(.down))
        var digits = String(whole)
        var i = digits.count > 4 ? digits.count - 3 : 0
        while i > 0 {
            digits.insert("\u{202F}", at: digits.index(digits.startIndex, offsetBy: i))
            i -= 3
        }
        let tenth = Int((abs(rounded) * 10).rounded()) % 10
        return (rounded < 0 ? "−" : "") + digits + (tenth != 0 ? ".\(tenth)" : "")
    }
}
