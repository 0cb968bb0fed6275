/// cairo names each SVG surface group after a number that is unique in the process
/// (`<g id="surface6">`, referenced as `#surface6`), so the same image rendered twice in one
/// process gets other ids. Renumbering them in order of appearance makes SVG output depend on
/// the drawing alone, as documentation figures in git and batch runs need.
enum SVGIDs {
    private static let word = Array("surface".utf8)

    /// `svg` with every `"surfaceN` and `#surfaceN` (N decimal) renumbered 1, 2, … in order of
    /// first appearance; other text is left as it is.
    static func renumberingSurfaces(_ svg: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        svg.withUnsafeBufferPointer { bytes in
            // Text is copied in runs up to each id found (a byte at a time was most of the cost).
            var copied = 0
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                i += 1
                guard b == UInt8(ascii: "\"") || b == UInt8(ascii: "#"), matchesWord(svg, at: i) else { continue }
                var end = i + word.count
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                // An id ends with its digits: a quote, not more letters.
                guard end > i + word.count, end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { continue }
                let digits = svg[(i + word.count)..<end]
                let n = numbers[digits] ?? (numbers.count + 1)
                numbers[digits] = n
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                out += word
                out += Array(String(n).utf8)
                i = end
                copied = end
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
        }
        return out
    }

    private static func matchesWord(_ svg: [UInt8], at i: Int) -> Bool {
        guard i + word.count <= svg.count else { return false }
        for k in 0..<word.count where svg[i + k] != word[k] { return false }
        return true
    }
}
