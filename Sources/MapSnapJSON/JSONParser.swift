#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A strict JSON parser (RFC 8259, https://www.rfc-editor.org/rfc/rfc8259) over UTF-8 bytes.
///
/// Guarantees:
/// - never traps on any input: every malformed document gives a `JSONParseError` with the line
///   and column of the offending byte;
/// - rejects what RFC 8259 rejects: `NaN`, `Infinity`, trailing commas, comments, leading zeros,
///   control characters in strings, invalid UTF-8 (inside or outside strings), lone surrogates;
/// - rejects numbers that overflow a `Double` (`1e400`) — they cannot be coordinates;
/// - nesting deeper than `maxDepth` is an error rather than a stack overflow;
/// - more than `maxContainers` arrays and objects in all is an error rather than gigabytes of
///   memory (each costs about 100 bytes once parsed; a GeoJSON position is one array).
public struct JSONParser {
    /// Maximum nesting of arrays and objects.
    public var maxDepth = 512
    /// Maximum number of arrays and objects in the document (unlimited unless set).
    public var maxContainers = Int.max

    public init() {}

    /// Parses `bytes` as one JSON document (surrounding whitespace allowed; a UTF-8 BOM is skipped).
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let depthLimit = maxDepth
        let containerLimit = maxContainers
        let outcome: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { ptr in
            var scanner = Scanner(bytes: ptr, count: bytes.count, maxDepth: depthLimit)
            scanner.maxContainers = containerLimit
            do throws(JSONParseError) {
                return .success(try scanner.document())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Parses a Swift string as one JSON document.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int
    let maxDepth: Int
    var maxContainers = Int.max
    var containers = 0
    var pos = 0
    /// Where the last row `packedRow` read ends.
    var packedEnd = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, count: Int, maxDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.maxDepth = maxDepth
    }

    func fail(_ message: String, at offset: Int) -> JSONParseError {
        let location = SourceLocation(offset: offset, in: UnsafeBufferPointer(rebasing: bytes[0..<count]))
        return JSONParseError(message: message, location: location, offset: offset)
    }

    func describeByte(at offset: Int) -> String {
        if offset >= count { return "end of file" }
        let b = bytes[offset]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b >= 0x80 { return "byte 0x\(String(b, radix: 16, uppercase: true))" }
        return "control character 0x\(String(b, radix: 16, uppercase: true))"
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { pos = 3 }
        skipWhitespace()
        if pos >= count { throw fail("the file is empty (expected a JSON value)", at: pos) }
        let value = try parseValue()
        skipWhitespace()
        if pos < count {
            throw fail("unexpected \(describeByte(at: pos)) after the JSON value", at: pos)
        }
        return value
    }

    mutating func skipWhitespace() {
        while pos < count {
            switch bytes[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard pos < count else { throw fail("unexpected end of file (the file is truncated?)", at: pos) }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw fail("NaN and Infinity are not JSON numbers", at: pos)
        default:
            throw fail("unexpected \(describeByte(at: pos)) (expected a JSON value)", at: pos)
        }
    }

    mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let start = pos
        let n = word.utf8CodeUnitCount
        var i = 0
        while i < n {
            if pos + i >= count || bytes[pos + i] != word.utf8Start[i] {
                throw fail("unexpected \(describeByte(at: start)) (expected a JSON value)", at: start)
            }
            i += 1
        }
        pos += n
    }

    mutating func enter(_ start: Int) throws(JSONParseError) {
        depth += 1
        if depth > maxDepth { throw fail("nesting deeper than \(maxDepth) levels", at: start) }
        containers += 1
        if containers > maxContainers {
            throw fail("more than \(maxContainers) arrays and objects (a limit of MapSnap)", at: start)
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        let start = pos
        try enter(start)
        pos += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if pos < count && bytes[pos] == UInt8(ascii: "]") {
            pos += 1
            depth -= 1
            return .array(JSONArray(elements, offset: start))
        }
        if pos < count && bytes[pos] == UInt8(ascii: "["), let rows = packedRows(start) {
            depth -= 1
            return .array(rows)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard pos < count else {
                throw fail("unexpected end of file inside the array opened here (truncated?)", at: start)
            }
            let b = bytes[pos]
            if b == UInt8(ascii: ",") {
                pos += 1
                skipWhitespace()
                if pos < count && bytes[pos] == UInt8(ascii: "]") {
                    throw fail("trailing comma before ']'", at: pos)
                }
                continue
            }
            if b == UInt8(ascii: "]") {
                pos += 1
                break
            }
            throw fail("unexpected \(describeByte(at: pos)) in an array (expected ',' or ']')", at: pos)
        }
        depth -= 1
        return .array(JSONArray(elements, offset: start))
    }

    /// The array opened at `start` (`pos` at its first element, a `[`) as packed rows
    /// (`JSONNumberRows`), when every element is an array of numbers, all of one length from 1
    /// to 3 — a list of positions. Nil, with nothing consumed, for anything else, valid or not:
    /// the general parse then reads it (and reports its errors). Rows count as containers.
    mutating func packedRows(_ start: Int) -> JSONArray? {
        let entry = (pos: pos, containers: containers)
        guard count < Int(UInt32.max), depth < maxDepth else { return nil }
        var numbers: [Double] = []
        var offsets: [UInt32] = []
        var width = 0
        while true {
            guard pos < count, bytes[pos] == UInt8(ascii: "["),
                let n = packedRow(into: &numbers, most: width == 0 ? 3 : width),
                n == width || width == 0
            else { break }
            width = n
            offsets.append(UInt32(truncatingIfNeeded: pos))
            containers += 1
            guard containers <= maxContainers else { break }
            pos = packedEnd
            skipWhitespace()
            guard pos < count else { break }
            if bytes[pos] == UInt8(ascii: "]") {
                pos += 1
                return JSONArray(rows: JSONNumberRows(width: width, numbers: numbers, offsets: offsets), offset: start)
            }
            guard bytes[pos] == UInt8(ascii: ",") else { break }
            pos += 1
            skipWhitespace()
        }
        pos = entry.pos
        containers = entry.containers
        return nil
    }

    /// Reads the row of numbers at `pos` (a `[`) into `numbers`, at most `most` of them; returns
    /// how many, with `packedEnd` just past its `]` and `pos` unchanged, or nil when it is not
    /// such a row.
    mutating func packedRow(into numbers: inout [Double], most: Int) -> Int? {
        let rowStart = pos
        defer { pos = rowStart }
        pos += 1
        var n = 0
        while true {
            skipWhitespace()
            guard n < most, pos < count, bytes[pos] == UInt8(ascii: "-") || (bytes[pos] >= 0x30 && bytes[pos] <= 0x39),
                let v = try? parseNumber()
            else { return nil }
            numbers.append(v)
            n += 1
            skipWhitespace()
            guard pos < count else { return nil }
            if bytes[pos] == UInt8(ascii: "]") {
                packedEnd = pos + 1
                return n
            }
            guard bytes[pos] == UInt8(ascii: ",") else { return nil }
            pos += 1
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        let start = pos
        try enter(start)
        pos += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if pos < count && bytes[pos] == UInt8(ascii: "}") {
            pos += 1
            depth -= 1
            return .object(JSONObject(members, offset: start))
        }
        while true {
            skipWhitespace()
            guard pos < count else {
                throw fail("unexpected end of file inside the object opened here (truncated?)", at: start)
            }
            guard bytes[pos] == UInt8(ascii: "\"") else {
                throw fail("unexpected \(describeByte(at: pos)) (expected a quoted member name)", at: pos)
            }
            let key = try parseString()
            skipWhitespace()
            guard pos < count, bytes[pos] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the member name \"\(key)\"", at: pos)
            }
            pos += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, value: value))
            skipWhitespace()
            guard pos < count else {
                throw fail("unexpected end of file inside the object opened here (truncated?)", at: start)
            }
            let b = bytes[pos]
            if b == UInt8(ascii: ",") {
                pos += 1
                skipWhitespace()
                if pos < count && bytes[pos] == UInt8(ascii: "}") {
                    throw fail("trailing comma before '}'", at: pos)
                }
                continue
            }
            if b == UInt8(ascii: "}") {
                pos += 1
                break
            }
            throw fail("unexpected \(describeByte(at: pos)) in an object (expected ',' or '}')", at: pos)
        }
        depth -= 1
        return .object(JSONObject(members, offset: start))
    }

    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = pos
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        guard pos < count, isDigit(bytes[pos]) else {
            throw fail("a number needs digits after '-'", at: start)
        }
        if bytes[pos] == UInt8(ascii: "0") {
            pos += 1
            if pos < count && isDigit(bytes[pos]) { throw fail("numbers must not have leading zeros", at: start) }
        } else {
            while pos < count && isDigit(bytes[pos]) { pos += 1 }
        }
        let integerEnd = pos
        var fractionStart = pos
        var fractionEnd = pos
        if pos < count && bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            guard pos < count, isDigit(bytes[pos]) else { throw fail("a number needs digits after '.'", at: start) }
            fractionStart = pos
            while pos < count && isDigit(bytes[pos]) { pos += 1 }
            fractionEnd = pos
        }
        var hasExponent = false
        if pos < count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            hasExponent = true
            pos += 1
            if pos < count && (bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-")) { pos += 1 }
            guard pos < count, isDigit(bytes[pos]) else {
                throw fail("a number needs digits in its exponent", at: start)
            }
            while pos < count && isDigit(bytes[pos]) { pos += 1 }
        }
        if !hasExponent, let value = exactDecimal(start, integerEnd, fractionStart, fractionEnd) { return value }
        // strtod needs a terminator: the number's text (validated above) is copied beside one,
        // so the document itself needs none (and is not copied).
        let length = pos - start
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { text -> Double in
            for i in 0..<length { text[i] = CChar(bitPattern: bytes[start + i]) }
            text[length] = 0
            guard let start = text.baseAddress else { return .nan }
            return strtod(start, nil)
        }
        guard value.isFinite else { throw fail("number out of range", at: start) }
        return value
    }

    /// The number `[start, integerEnd)` `.` `[fractionStart, fractionEnd)` without exponent
    /// (validated), when it is exact the quick way: at most 15 digits in all make an integer
    /// below 2^53, and dividing it by a power of ten up to 10^22 (exact in a Double) is one
    /// correctly rounded operation, so the result is what strtod gives (Clinger's fast path).
    /// Nil otherwise.
    @inline(__always)
    func exactDecimal(_ start: Int, _ integerEnd: Int, _ fractionStart: Int, _ fractionEnd: Int) -> Double? {
        let negative = bytes[start] == UInt8(ascii: "-")
        let integerStart = negative ? start + 1 : start
        let digits = (integerEnd - integerStart) + (fractionEnd - fractionStart)
        guard digits <= 15 else { return nil }
        var v: Int64 = 0
        for i in integerStart..<integerEnd { v = v * 10 + Int64(bytes[i] &- 0x30) }
        for i in fractionStart..<fractionEnd { v = v * 10 + Int64(bytes[i] &- 0x30) }
        let value = Double(v) / Self.powersOfTen[fractionEnd - fractionStart]
        return negative ? -value : value
    }

    /// 10^0 … 10^15, each exact in a Double.
    static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { acc, _ in acc * 10 } }

    mutating func parseString() throws(JSONParseError) -> String {
        let start = pos
        pos += 1
        let contentStart = pos
        // Fast path: no escapes.
        while pos < count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<pos])
                pos += 1
                guard let s = String(validating: slice, as: UTF8.self) else {
                    throw fail("the string is not valid UTF-8", at: start)
                }
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail("control character in a string (unterminated string?)", at: pos) }
            pos += 1
        }
        // Slow path with escapes.
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<pos]))
        while pos < count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                guard let s = String(validating: out, as: UTF8.self) else {
                    throw fail("the string is not valid UTF-8", at: start)
                }
                return s
            }
            if b < 0x20 { throw fail("control character in a string (unterminated string?)", at: pos) }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                pos += 1
                continue
            }
            let escapeStart = pos
            pos += 1
            guard pos < count else { break }
            let e = bytes[pos]
            pos += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: escapeStart)
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard pos + 1 < count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                        throw fail("lone surrogate in \\u escape", at: escapeStart)
                    }
                    pos += 2
                    let low = try hex4(at: escapeStart)
                    guard low >= 0xDC00 && low < 0xE000 else {
                        throw fail("lone surrogate in \\u escape", at: escapeStart)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw fail("lone surrogate in \\u escape", at: escapeStart)
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape", at: escapeStart) }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: escapeStart)
            }
        }
        throw fail("unterminated string (the file is truncated?)", at: start)
    }

    mutating func hex4(at escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard pos + 4 <= count else { throw fail("truncated \\u escape", at: escapeStart) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[pos]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("invalid hex digit in \\u escape", at: escapeStart)
            }
            v = v << 4 | d
            pos += 1
        }
        return v
    }
}
