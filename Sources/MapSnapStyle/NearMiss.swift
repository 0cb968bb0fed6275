/// "Did you mean …?" for names a style got almost right: a layer type, a property.
enum NearMiss {
    /// The candidate closest to `name` by edit distance (insertions, deletions, substitutions
    /// and swaps of neighbours count one each), when it is close enough to be a slip: at most
    /// 2 edits, and fewer than a third of the name's length (a difference of case alone counts
    /// none). Ties go to the earlier candidate.
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let a = Array(name.lowercased().unicodeScalars)
        guard !a.isEmpty else { return nil }
        var best: (String, Int)?
        for c in candidates where c != name {
            let d = distance(a, Array(c.lowercased().unicodeScalars))
            if d <= 2, d * 3 < max(a.count, 3), d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }

    /// " (did you mean "x"?)" for `name`, or "" when nothing is close.
    static func hint(for name: String, among candidates: [String]) -> String {
        suggestion(for: name, among: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Optimal string alignment distance between `a` and `b`.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, rows[i - 2][j - 2] + 1) }
                rows[i][j] = d
            }
        }
        return rows[a.count][b.count]
    }
}
