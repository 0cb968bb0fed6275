/// The XML declaration (XML 1.0 §2.8, https://www.w3.org/TR/xml/#sec-prolog-dtd) for `GPXScanner`.
extension GPXScanner {
    /// `<?xml version="1.0" [encoding="UTF-8"] [standalone="yes|no"] ?>` at `i`; false for any other
    /// version or encoding (an encoding `XMLInput` converted has been blanked to spaces).
    mutating func declaration() -> Bool {
        i += 5  // "<?xml"
        guard let version = pseudoAttribute("version"), spells(version, "1.0") else { return false }
        if let encoding = pseudoAttribute("encoding") {
            guard spells(encoding, "utf-8", caseless: true) else { return false }
        }
        if let standalone = pseudoAttribute("standalone") {
            guard spells(standalone, "yes") || spells(standalone, "no") else { return false }
        }
        skipSpaces()
        guard matches("?>", at: i) else { return false }
        i += 2
        return true
    }

    /// ` name = "value"` (or single quotes) at `i`: the value's byte range. Nil, with `i` left as it
    /// was, when the next pseudo-attribute is not `name` or is malformed.
    private mutating func pseudoAttribute(_ name: StaticString) -> Range<Int>? {
        let start = i
        guard skipSpaces(), matches(name, at: i) else {
            i = start
            return nil
        }
        i += name.utf8CodeUnitCount
        skipSpaces()
        guard matches("=", at: i) else {
            i = start
            return nil
        }
        i += 1
        skipSpaces()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
            i = start
            return nil
        }
        let quote = bytes[i]
        let valueStart = i + 1
        var end = valueStart
        while end < bytes.count && end - valueStart < 32 && bytes[end] != quote { end += 1 }
        guard end < bytes.count, bytes[end] == quote else {
            i = start
            return nil
        }
        i = end + 1
        return valueStart..<end
    }

    /// True when the bytes at `range` spell `literal` (ASCII; any letter case when `caseless`).
    private func spells(_ range: Range<Int>, _ literal: StaticString, caseless: Bool = false) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        for k in 0..<range.count {
            let b = bytes[range.lowerBound + k]
            let expected = literal.utf8Start[k]
            guard b == expected || (caseless && b | 0x20 == expected && expected >= UInt8(ascii: "a")) else {
                return false
            }
        }
        return true
    }
}
