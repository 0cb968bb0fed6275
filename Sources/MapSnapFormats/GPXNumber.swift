/// Numbers in GPX attributes and elements (`xsd:decimal`, https://www.w3.org/TR/xmlschema-2/#decimal).
enum GPXNumber {
    /// Parses `[+-]digits[.digits]`, also accepting an exponent (`1.5E3`, written by some tools),
    /// with surrounding XML whitespace. Returns NaN for empty text (a missing value) and nil for
    /// anything else that is not a finite number, such as `abc`, `NaN` or `INF`.
    ///
    /// Correctly rounded: short decimals (the usual `45.1234567`) take Clinger's fast path — an
    /// exact integer divided by an exact power of ten — and the rest go through `Double(_:)`.
    static func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `parse(_:)` over UTF-8 bytes.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end && ByteScanning.isSpace(bytes[start]) { start += 1 }
        while end > start && ByteScanning.isSpace(bytes[end - 1]) { end -= 1 }
        if start == end { return .nan }

        var i = start
        var negative = false
        if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var hasExponent = false
        while i < end {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(b - 0x30) }
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if b == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else {
                break
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        if i < end && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            hasExponent = true
            i += 1
            if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            let exponentStart = i
            while i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
            guard i > exponentStart else { return nil }
        }
        guard i == end else { return nil }

        if !hasExponent && digits <= 15 && fractionDigits <= 22 {
            let value = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
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
