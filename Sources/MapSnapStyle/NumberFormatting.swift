/// `number-format` (https://maplibre.org/maplibre-style-spec/expressions/#number-format), basic:
/// English digits with "," thousands grouping, `min-fraction-digits` (default 0) and
/// `max-fraction-digits` (default 3, or 2 with a currency), rounding half away from zero on the
/// shortest decimal form of the number, as `Intl.NumberFormat("en")` does.
///
/// `locale` is ignored (always English). `currency` prefixes the symbol for USD, EUR, GBP and JPY
/// and the ISO code otherwise.
enum NumberFormatting {
    static func format(
        _ value: Double, currency: String?, minFractionDigits minDigits: Double?, maxFractionDigits maxDigits: Double?
    ) throws(ExpressionRuntimeError) -> String {
        let defaultMax = currency == nil ? 3.0 : 2.0
        let defaultMin = currency == nil ? 0.0 : 2.0
        // As ECMA-402 does: a lone maximum lowers the default minimum, a lone minimum raises the
        // default maximum.
        let minFraction = minDigits ?? Swift.min(defaultMin, maxDigits ?? defaultMin)
        let maxFraction = maxDigits ?? Swift.max(minFraction, defaultMax)
        guard minFraction >= 0, minFraction <= 20, maxFraction >= 0, maxFraction <= 20, maxFraction >= minFraction
        else { throw .invalidFormatOptions }
        let body = format(value, minFraction: Int(minFraction), maxFraction: Int(maxFraction))
        guard let currency else { return body }
        let negative = body.hasPrefix("-")
        let digits = negative ? String(body.dropFirst()) : body
        let symbol: String
        switch currency.uppercased() {
        case "USD": symbol = "$"
        case "EUR": symbol = "€"
        case "GBP": symbol = "£"
        case "JPY": symbol = "¥"
        default: symbol = currency.uppercased() + "\u{00A0}"
        }
        return (negative ? "-" : "") + symbol + digits
    }

    /// `value` with `minFraction…maxFraction` fraction digits and thousands grouping.
    static func format(_ value: Double, minFraction: Int, maxFraction: Int) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        let negative = value < 0 || (value == 0 && value.sign == .minus)
        var intDigits: [UInt8] = [0]
        var fracDigits: [UInt8] = []
        if value != 0 {
            let (digits, point) = StyleValueFormatter.shortestDigits(value)
            // Decimal digits d[0…] with the point after `point` digits.
            var all = digits
            var pointPos = point
            if pointPos < 0 {
                all = [UInt8](repeating: 0, count: -pointPos) + all
                pointPos = 0
            }
            if all.count < pointPos { all += [UInt8](repeating: 0, count: pointPos - all.count) }
            intDigits = pointPos == 0 ? [0] : Array(all[0..<pointPos])
            fracDigits = Array(all[pointPos...])
            if fracDigits.count > maxFraction {
                let roundUp = fracDigits[maxFraction] >= 5
                fracDigits = Array(fracDigits[0..<maxFraction])
                if roundUp {
                    var carry = true
                    var i = fracDigits.count - 1
                    while carry && i >= 0 {
                        if fracDigits[i] == 9 {
                            fracDigits[i] = 0
                        } else {
                            fracDigits[i] += 1
                            carry = false
                        }
                        i -= 1
                    }
                    i = intDigits.count - 1
                    while carry && i >= 0 {
                        if intDigits[i] == 9 {
                            intDigits[i] = 0
                        } else {
                            intDigits[i] += 1
                            carry = false
                        }
                        i -= 1
                    }
                    if carry { intDigits.insert(1, at: 0) }
                }
            }
            while let first = intDigits.first, first == 0, intDigits.count > 1 { intDigits.removeFirst() }
        }
        while fracDigits.count > minFraction, fracDigits.last == 0 { fracDigits.removeLast() }
        while fracDigits.count < minFraction { fracDigits.append(0) }
        var out = negative ? "-" : ""
        for (i, d) in intDigits.enumerated() {
            if i > 0 && (intDigits.count - i) % 3 == 0 { out += "," }
            out.unicodeScalars.append(Unicode.Scalar(d + 0x30))
        }
        if !fracDigits.isEmpty {
            out += "."
            for d in fracDigits { out.unicodeScalars.append(Unicode.Scalar(d + 0x30)) }
        }
        return out
    }
}
