import MapSnapStyle

/// The text of a symbol: its layer's text-field for a feature.
extension SymbolCandidate {
    /// The text-field of `style` for the feature of `ctx` (text-transform applied), without
    /// leading and trailing whitespace; "" for none.
    static func text(of style: StyleLayer, _ ctx: EvaluationContext) -> String {
        guard let v = style.layout.value(.textField, ctx) else { return "" }
        var s: String
        switch v {
        case .string(let t): s = t
        case .number(let d): s = d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .array(let parts): s = parts.compactMap(\.stringValue).joined()
        default: s = ""
        }
        switch style.layout.enumValue(.textTransform, ctx) {
        case "uppercase": s = s.uppercased()
        case "lowercase": s = s.lowercased()
        default: break
        }
        return Self.trimmed(s)
    }

    /// `s` without leading and trailing whitespace and newlines, exactly as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, without Foundation's cost.
    static func trimmed(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return s }
        if !isWhitespace(first) && !isWhitespace(last) { return s }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isWhitespace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }

    /// Membership in Foundation's `CharacterSet.whitespacesAndNewlines` (listed in full: the
    /// space separators, U+0009–U+000D, U+0085, U+200B, U+2028 and U+2029).
    @inline(__always)
    private static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
