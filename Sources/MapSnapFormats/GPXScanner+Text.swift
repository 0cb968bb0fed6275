/// Character data, attribute values and references for `GPXScanner`: what XML 1.0 §2.2–2.4, §3.3.3
/// and §4.1 (https://www.w3.org/TR/xml/) ask of them, and how it normalises them.
extension GPXScanner {
    /// Character data from `i` to the next `<` (or the end of the input), handed to the builder
    /// (CR LF and CR as LF, references decoded) when it captures text. False when unsure.
    mutating func characterData() -> Bool {
        let start = i
        let capture = builder.isCapturingText
        var runStart = i
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "<") { break }
            if b >= 0x20 && b < 0x80 && b != UInt8(ascii: "&") && b != UInt8(ascii: "]") {
                i += 1
                continue
            }
            switch b {
            case 0x09, 0x0A:
                i += 1
            case UInt8(ascii: "]"):
                guard !matches("]]>", at: i) else { return false }
                i += 1
            case 0x80...0xFF:
                guard let length = utf8Length(at: i) else { return false }
                i += length
            case 0x0D:
                if capture {
                    appendText(runStart..<i)
                    appendLineFeed()
                }
                i += i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                runStart = i
            case UInt8(ascii: "&"):
                guard let (scalar, length) = reference(at: i) else { return false }
                if capture {
                    appendText(runStart..<i)
                    appendScalar(scalar)
                }
                i += length
                runStart = i
            default:
                return false  // a control character
            }
        }
        if capture { appendText(runStart..<i) }
        return i - start <= Self.maximumRunLength
    }

    /// `<!-- … -->` at `i`, skipped. False when `--` appears inside or it does not end.
    mutating func comment() -> Bool {
        i += 4
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "-") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "-") {
                guard i + 2 < bytes.count, bytes[i + 2] == UInt8(ascii: ">") else { return false }
                i += 3
                return i - start <= Self.maximumRunLength
            }
            guard Self.isAllowed(b, carriageReturn: true) else { return false }
            if b < 0x80 {
                i += 1
            } else {
                guard let length = utf8Length(at: i) else { return false }
                i += length
            }
        }
        return false
    }

    /// `<![CDATA[ … ]]>` at `i`, its text handed to the builder as it is. False when it does not
    /// end or holds a CR (left to XMLParser's line-end handling).
    mutating func cdataSection() -> Bool {
        i += 9
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "]") && matches("]]>", at: i) {
                appendText(start..<i)
                i += 3
                return i - start <= Self.maximumRunLength
            }
            guard Self.isAllowed(b, carriageReturn: false) else { return false }
            if b < 0x80 {
                i += 1
            } else {
                guard let length = utf8Length(at: i) else { return false }
                i += length
            }
        }
        return false
    }

    /// The value of an attribute from `i` to the closing `quote` (where `i` stops): whether it
    /// needs `decodedValue`, or nil when unsure (`<`, a control character, a bad reference, no end).
    mutating func attributeValue(quote: UInt8) -> Bool? {
        let start = i
        var needsDecoding = false
        while i < bytes.count {
            let b = bytes[i]
            if b == quote { return i - start <= Self.maximumRunLength ? needsDecoding : nil }
            if b >= 0x20 && b < 0x80 && b != UInt8(ascii: "&") && b != UInt8(ascii: "<") {
                i += 1
                continue
            }
            switch b {
            case 0x09, 0x0A, 0x0D:
                needsDecoding = true
                i += 1
            case UInt8(ascii: "&"):
                guard let (_, length) = reference(at: i) else { return nil }
                needsDecoding = true
                i += length
            case 0x80...0xFF:
                guard let length = utf8Length(at: i) else { return nil }
                i += length
            default:
                return nil  // "<" or a control character
            }
        }
        return nil
    }

    /// The attribute value at `range` as XML reports it (§3.3.3): references decoded; tab, LF, CR
    /// and CR LF written as they are become one space each.
    func decodedValue(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var k = range.lowerBound
        while k < range.upperBound {
            let b = bytes[k]
            switch b {
            case 0x0D:
                out.append(0x20)
                k += k + 1 < range.upperBound && bytes[k + 1] == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                out.append(0x20)
                k += 1
            case UInt8(ascii: "&"):
                guard let (scalar, length) = reference(at: k) else { return out }  // checked before
                out.append(contentsOf: Self.utf8(scalar))
                k += length
            default:
                out.append(b)
                k += 1
            }
        }
        return out
    }

    /// The length of the UTF-8 sequence at `offset` (a byte ≥ 0x80), or nil when it is malformed
    /// (RFC 3629 §4: overlong forms, surrogates, beyond U+10FFFF, cut short, as `UTF8Validation`)
    /// or encodes U+FFFE or U+FFFF, which XML does not allow.
    func utf8Length(at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        let second = bytes[offset + 1]
        guard second >= low && second <= high else { return nil }
        for k in 2..<length where bytes[offset + k] & 0xC0 != 0x80 { return nil }
        if lead == 0xEF && second == 0xBF && bytes[offset + 2] >= 0xBE { return nil }
        return length
    }

    // MARK: - References

    /// The reference at `offset` (an `&`): one of the five predefined entities or a character
    /// reference to a character XML allows, with its length in bytes; nil for anything else.
    func reference(at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        var j = offset + 1
        guard j < bytes.count else { return nil }
        if bytes[j] != UInt8(ascii: "#") {
            for (name, scalar) in Self.predefinedEntities where matches(name, at: j) {
                return (scalar, name.utf8CodeUnitCount + 1)
            }
            return nil
        }
        j += 1
        var radix: UInt32 = 10
        if j < bytes.count && bytes[j] == UInt8(ascii: "x") {
            radix = 16
            j += 1
        }
        let digitsStart = j
        var value: UInt32 = 0
        while j < bytes.count, let digit = Self.digit(bytes[j], radix: radix) {
            guard j - digitsStart < 8 else { return nil }  // 8 digits fit in 32 bits
            value = value * radix + digit
            j += 1
        }
        guard j > digitsStart, j < bytes.count, bytes[j] == UInt8(ascii: ";"), Self.isXMLCharacter(value),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, j + 1 - offset)
    }

    private static let predefinedEntities: [(StaticString, Unicode.Scalar)] = [
        ("lt;", "<"), ("gt;", ">"), ("amp;", "&"), ("quot;", "\""), ("apos;", "'"),
    ]

    private static func digit(_ b: UInt8, radix: UInt32) -> UInt32? {
        if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { return UInt32(b - UInt8(ascii: "0")) }
        guard radix == 16 else { return nil }
        let lower = b | 0x20
        if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") { return UInt32(lower - UInt8(ascii: "a") + 10) }
        return nil
    }

    /// XML 1.0's `Char` (§2.2): tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    /// False for the control characters XML refuses (and for CR unless `carriageReturn`).
    @inline(__always)
    private static func isAllowed(_ b: UInt8, carriageReturn: Bool) -> Bool {
        b >= 0x20 || b == 0x09 || b == 0x0A || (b == 0x0D && carriageReturn)
    }

    private static func utf8(_ scalar: Unicode.Scalar) -> [UInt8] {
        Array(String(Character(scalar)).utf8)
    }

    // MARK: - Text for the builder

    private mutating func appendText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        builder.appendText(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    private mutating func appendLineFeed() {
        withUnsafeBytes(of: UInt8(0x0A)) { builder.appendText($0.bindMemory(to: UInt8.self)) }
    }

    private mutating func appendScalar(_ scalar: Unicode.Scalar) {
        Self.utf8(scalar).withUnsafeBufferPointer { builder.appendText($0) }
    }
}
