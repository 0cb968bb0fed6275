/// Reading a `text-font` stack (https://maplibre.org/maplibre-style-spec/layers/#text-font).
public enum FontStack {
    /// Whether the stack's first font names a bold face ("… Bold", "Black", "Heavy",
    /// "Semibold"), byte for byte as font names are written.
    public static func isBold(_ fonts: [String]) -> Bool {
        guard let first = fonts.first else { return false }
        return ["Bold", "Black", "Heavy", "Semibold", "SemiBold"].contains { contains(first, $0) }
    }

    /// Whether `needle` occurs in `haystack` (byte for byte; no Unicode normalisation, which
    /// font names do not need and which costs more).
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        let h = Array(haystack.utf8)
        let n = Array(needle.utf8)
        guard !n.isEmpty else { return true }
        guard h.count >= n.count else { return false }
        for start in 0...(h.count - n.count) where h[start] == n[0] {
            if h[start..<start + n.count].elementsEqual(n) { return true }
        }
        return false
    }
}
