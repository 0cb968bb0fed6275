/// Value ↔ text conversions with the JavaScript semantics the style spec prescribes
/// (https://maplibre.org/maplibre-style-spec/expressions/#to-string and #to-number):
/// numbers print as ECMAScript `Number::toString` does, strings convert to numbers as
/// ECMAScript `ToNumber` does, arrays and objects print as `JSON.stringify` does.
enum StyleValueFormatter {
    /// `to-string`: null → "", booleans → "true"/"false", numbers → ECMAScript NumberToString,
    /// colours → "rgba(r,g,b,a)" (r, g, b rounded 0…255), arrays and objects → JSON.
    static func toString(_ value: StyleValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return numberToString(d)
        case .string(let s): return s
        case .color(let c): return colorToString(c)
        case .array, .object:
            var out = ""
            appendJSON(value, to: &out)
            return out
        }
    }

    /// "rgba(r,g,b,a)" with r, g, b in 0…255 rounded half up, alpha as a JavaScript number.
    static func colorToString(_ c: Color) -> String {
        func channel(_ v: Double) -> String { numberToString((v * 255 + 0.5).rounded(.down)) }
        return "rgba(\(channel(c.red)),\(channel(c.green)),\(channel(c.blue)),\(numberToString(c.alpha)))"
    }

    static func appendJSON(_ value: StyleValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += d.isFinite ? numberToString(d) : "null"
        case .string(let s): appendJSONString(s, to: &out)
        case .color(let c): appendJSONString(colorToString(c), to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                appendJSON(item, to: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, (key, item)) in object.members.enumerated() {
                if i > 0 { out += "," }
                appendJSONString(key, to: &out)
                out += ":"
                appendJSON(item, to: &out)
            }
            out += "}"
        }
    }

    static func appendJSONString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    // MARK: - Numbers

    /// The shortest round-trip decimal digits of a finite, non-zero `|d|` and the position of the
    /// decimal point: `|d| = 0.digits × 10^point`.
    static func shortestDigits(_ d: Double) -> (digits: [UInt8], point: Int) {
        // Swift's description is the shortest round-trip representation, like JavaScript's.
        let text = "\(Swift.abs(d))"
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[text.startIndex..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits: [UInt8] = []
        var pointIndex: Int?
        for ch in mantissa.utf8 {
            if ch == UInt8(ascii: ".") {
                pointIndex = digits.count
            } else if ch >= 0x30 && ch <= 0x39 {
                digits.append(ch - 0x30)
            }
        }
        var point = (pointIndex ?? digits.count) + exponent
        while let first = digits.first, first == 0, digits.count > 1 {
            digits.removeFirst()
            point -= 1
        }
        while let last = digits.last, last == 0, digits.count > 1 { digits.removeLast() }
        return (digits, point)
    }

    /// ECMAScript `Number::toString(10)`: "1", "0.5", "1e+21", "1.5e-7", "NaN", "Infinity".
    static func numberToString(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        if d == 0 { return "0" }
        // Fast path: integers below 2^53 print without a fraction.
        if Swift.abs(d) < 9_007_199_254_740_992, d == d.rounded(.towardZero) {
            return String(Int64(d))
        }
        let (digits, n) = shortestDigits(d)
        let k = digits.count
        var out = d < 0 ? "-" : ""
        func appendDigits(_ range: Range<Int>) {
            for i in range { out.unicodeScalars.append(Unicode.Scalar(digits[i] + 0x30)) }
        }
        if k <= n && n <= 21 {
            appendDigits(0..<k)
            out += String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            appendDigits(0..<n)
            out += "."
            appendDigits(n..<k)
        } else if -6 < n && n <= 0 {
            out += "0." + String(repeating: "0", count: -n)
            appendDigits(0..<k)
        } else {
            appendDigits(0..<1)
            if k > 1 {
                out += "."
                appendDigits(1..<k)
            }
            let e = n - 1
            out += e >= 0 ? "e+\(e)" : "e-\(-e)"
        }
        return out
    }

    /// ECMAScript `ToNumber` applied to a string: surrounding white space is ignored, "" is 0,
    /// "Infinity", decimal literals (".5", "5.", "1e3") and 0x/0o/0b integers are accepted;
    /// anything else is NaN (returned here as nil).
    static func stringToNumber(_ s: String) -> Double? {
        let scalars = Array(s.unicodeScalars)
        var start = 0
        var end = scalars.count
        while start < end && isJSWhitespace(scalars[start]) { start += 1 }
        while end > start && isJSWhitespace(scalars[end - 1]) { end -= 1 }
        if start == end { return 0 }
        let body = scalars[start..<end]
        guard body.allSatisfy({ $0.isASCII }) else { return nil }
        let text = String(String.UnicodeScalarView(body))
        if body.count > 2, body[start] == "0" {
            let radixChar = body[start + 1]
            let radix: Int? =
                radixChar == "x" || radixChar == "X"
                ? 16 : radixChar == "o" || radixChar == "O" ? 8 : radixChar == "b" || radixChar == "B" ? 2 : nil
            if let radix {
                var value = 0.0
                for scalar in body.dropFirst(2) {
                    guard let digit = Character(scalar).hexDigitValue, digit < radix else { return nil }
                    value = value * Double(radix) + Double(digit)
                }
                return value
            }
        }
        var i = body.startIndex
        var negative = false
        if body[i] == "+" || body[i] == "-" {
            negative = body[i] == "-"
            i += 1
        }
        if String(String.UnicodeScalarView(body[i...])) == "Infinity" {
            return negative ? -.infinity : .infinity
        }
        // StrDecimalLiteral: digits [. digits] [e[+-]digits] | . digits [e...]
        var intDigits = 0
        while i < body.endIndex, isDigit(body[i]) {
            i += 1
            intDigits += 1
        }
        var fracDigits = 0
        if i < body.endIndex, body[i] == "." {
            i += 1
            while i < body.endIndex, isDigit(body[i]) {
                i += 1
                fracDigits += 1
            }
        }
        guard intDigits + fracDigits > 0 else { return nil }
        if i < body.endIndex, body[i] == "e" || body[i] == "E" {
            i += 1
            if i < body.endIndex, body[i] == "+" || body[i] == "-" { i += 1 }
            var expDigits = 0
            while i < body.endIndex, isDigit(body[i]) {
                i += 1
                expDigits += 1
            }
            guard expDigits > 0 else { return nil }
        }
        guard i == body.endIndex else { return nil }
        // Swift's Double(String) accepts this grammar except a trailing "." ("5."), which it
        // rejects: strip it.
        var literal = text
        if literal.hasSuffix(".") { literal.removeLast() }
        if literal.hasPrefix("+") { literal.removeFirst() }
        if literal.hasPrefix(".") || literal.hasPrefix("-.") {
            literal = literal.replacingFirstDot()
        }
        return Double(literal)
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }

    private static func isJSWhitespace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }
}

extension String {
    /// ".5" → "0.5", "-.5" → "-0.5" (Swift's Double parser wants a digit before the point).
    fileprivate func replacingFirstDot() -> String {
        if hasPrefix("-.") { return "-0" + dropFirst() }
        return "0" + self
    }
}
