/// Where a text wider than its maximum width goes onto new lines: MapLibre's balanced line
/// breaking for `text-max-width` (its `determineLineBreaks`), over the break opportunities of
/// Unicode line breaking (UAX #14, as Pango finds them: spaces, after hyphens and dashes,
/// between ideographs, Thai words). A line is never broken inside a word, and no hyphen is ever
/// added: a word wider than the maximum stays whole on a line of its own, as in MapLibre.
///
/// The number of lines is the fewest that could hold the text at the maximum width; the breaks
/// are the ones whose lines come closest to equal widths (least squared difference from the
/// average line, a last line shorter than average preferred over a longer one), so a label
/// reads "LOWER / NOB HILL" rather than "LOWER NOB / HILL".
enum LineBreaker {
    /// One character (Unicode scalar) of the text, as measured on one line.
    struct Character {
        /// The scalar.
        var scalar: Unicode.Scalar
        /// Its advance (its share of its glyph cluster's), letter spacing included, points.
        var advance: Double
        /// Whether a line may start at this character (a break opportunity before it).
        var breakBefore: Bool

        /// Whitespace as MapLibre counts it: not part of a line's width, and trimmed at line ends.
        var isWhitespace: Bool {
            switch scalar.value {
            case 0x09...0x0D, 0x20: return true
            default: return false
            }
        }
    }

    /// A break considered: a line may end before character `index`.
    private struct Break {
        var index: Int
        /// The width of the text before it, whitespace left out, points.
        var x: Double
        /// The best break before this one, as an index into the breaks considered.
        var prior: Int?
        /// The badness of the lines up to here with the best earlier breaks.
        var badness: Double
    }

    /// The lines of `characters` within `maxWidth` (points): the ranges of characters of each
    /// line, in order, whitespace at the ends of each line left out. One range for text that fits.
    static func lines(_ characters: [Character], maxWidth: Double) -> [Range<Int>] {
        let n = characters.count
        guard n > 0 else { return [0..<0] }
        let total = characters.reduce(0) { $0 + $1.advance }
        let forced = characters.contains { $0.scalar == "\n" }
        let count = max(1, (total / max(maxWidth, 1e-9)).rounded(.up))
        if count <= 1 && !forced { return [0..<n] }
        let target = total / count
        var breaks: [Break] = []
        var x = 0.0
        for i in 0..<n {
            if !characters[i].isWhitespace { x += characters[i].advance }
            guard i < n - 1, characters[i + 1].breakBefore || characters[i].scalar == "\n" else { continue }
            let penalty = Self.penalty(characters[i].scalar, characters[i + 1].scalar)
            breaks.append(evaluate(i + 1, x: x, target: target, breaks, penalty: penalty, last: false))
        }
        var end = evaluate(n, x: x, target: target, breaks, penalty: 0, last: true)
        var ends = [n]
        while let p = end.prior {
            end = breaks[p]
            ends.append(end.index)
        }
        var start = 0
        var out: [Range<Int>] = []
        for e in ends.reversed() {
            var lo = start
            var hi = e
            while lo < hi && characters[lo].isWhitespace { lo += 1 }
            while hi > lo && characters[hi - 1].isWhitespace { hi -= 1 }
            out.append(lo..<hi)
            start = e
        }
        return out
    }

    /// The best way to end a line before `index` (MapLibre's `evaluateBreak`): a line may be
    /// longer than the maximum when nothing breaks it sooner.
    private static func evaluate(
        _ index: Int, x: Double, target: Double, _ breaks: [Break], penalty: Double, last: Bool
    ) -> Break {
        var best = Break(index: index, x: x, prior: nil, badness: badness(x, target, penalty, last))
        for (k, b) in breaks.enumerated() {
            let value = badness(x - b.x, target, penalty, last) + b.badness
            if value <= best.badness {
                best.prior = k
                best.badness = value
            }
        }
        return best
    }

    /// MapLibre's `calculateBadness`: the squared distance from the average line width; the last
    /// line is favoured when shorter than average.
    private static func badness(_ width: Double, _ target: Double, _ penalty: Double, _ last: Bool) -> Double {
        let raggedness = (width - target) * (width - target)
        if last { return width < target ? raggedness / 2 : raggedness * 2 }
        return raggedness + abs(penalty) * penalty
    }

    /// MapLibre's `calculatePenalty`: a newline always breaks; an opening parenthesis does not
    /// like to end a line, nor a closing one to start it.
    private static func penalty(_ scalar: Unicode.Scalar, _ next: Unicode.Scalar) -> Double {
        var p = 0.0
        if scalar == "\n" { p -= 10000 }
        if scalar == "(" || scalar == "\u{FF08}" { p += 50 }
        if next == ")" || next == "\u{FF09}" { p += 50 }
        return p
    }
}
