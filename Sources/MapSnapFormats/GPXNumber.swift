/// Numbers in GPX attributes and elements (`xsd:decimal`, https://www.w3.org/TR/xmlschema-2/#decimal).
enum GPXNumber {
    /// Parses `[+-]digits[.digits]`, also accepting an exponent (`1.5E3`, written by some tools),
    /// with surrounding XML whitespace. Returns NaN for empty text (a missing value) and nil for
    /// anything else that is not a finite number, such as `abc`, `NaN` or `INF`.
    static func parse(_ text: String) -> Double? {
        var utf8 = Substring(text).utf8[...]
        while let b = utf8.first, ByteScanning.isSpace(b) { utf8 = utf8.dropFirst() }
        while let b = utf8.last, ByteScanning.isSpace(b) { utf8 = utf8.dropLast() }
        if utf8.isEmpty { return .nan }
        guard isDecimal(utf8) else { return nil }
        guard let value = Double(Substring(utf8)), value.isFinite else { return nil }
        return value
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func isDecimal(_ utf8: Substring.UTF8View) -> Bool {
        var i = utf8.startIndex
        let end = utf8.endIndex
        if i < end, utf8[i] == UInt8(ascii: "+") || utf8[i] == UInt8(ascii: "-") { i = utf8.index(after: i) }
        var digits = 0
        while i < end, isDigit(utf8[i]) {
            digits += 1
            i = utf8.index(after: i)
        }
        if i < end, utf8[i] == UInt8(ascii: ".") {
            i = utf8.index(after: i)
            while i < end, isDigit(utf8[i]) {
                digits += 1
                i = utf8.index(after: i)
            }
        }
        guard digits > 0 else { return false }
        if i < end, utf8[i] == UInt8(ascii: "e") || utf8[i] == UInt8(ascii: "E") {
            i = utf8.index(after: i)
            if i < end, utf8[i] == UInt8(ascii: "+") || utf8[i] == UInt8(ascii: "-") { i = utf8.index(after: i) }
            var exponentDigits = 0
            while i < end, isDigit(utf8[i]) {
                exponentDigits += 1
                i = utf8.index(after: i)
            }
            guard exponentDigits > 0 else { return false }
        }
        return i == end
    }
}

extension String {
    /// The string without leading and trailing XML whitespace (space, tab, CR, LF).
    var trimmingSpaces: String {
        var utf8 = Substring(self).utf8[...]
        while let b = utf8.first, ByteScanning.isSpace(b) { utf8 = utf8.dropFirst() }
        while let b = utf8.last, ByteScanning.isSpace(b) { utf8 = utf8.dropLast() }
        return String(Substring(utf8))
    }
}
