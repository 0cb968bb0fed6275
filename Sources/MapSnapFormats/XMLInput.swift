import MapSnapJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prepares the bytes of an XML file for `XMLParser`: UTF-8 out, with the few constructs that
/// make Foundation's Linux XMLParser trap taken care of beforehand.
///
/// Why: XMLParser runs libxml2 in recovery mode and force-unwraps some of what libxml2 hands it.
/// A name that is not UTF-8, a processing instruction without data (`<?foo?>`) or a DTD
/// declaration without a public id all crash the process instead of giving an error.
///
/// Steps (XML 1.0 §4.3.3 for encodings, https://www.w3.org/TR/xml/#charencoding):
/// 1. decode: UTF-16 with a byte order mark, ISO-8859-1 (also `US-ASCII`) and windows-1252 are
///    converted to UTF-8 and the declaration's `encoding="…"` is blanked; UTF-8 (declared or
///    not) is kept; any other declared encoding is an error;
/// 2. check: the text starts with `<`, is valid UTF-8 and holds no NUL byte;
/// 3. scan markup: a `<!DOCTYPE` is an error (GPX has no use for DTDs, and refusing them also
///    rules out entity expansion tricks); `<?name?>` is blanked to spaces.
///
/// Blanking and conversion keep every line, and every column counted in characters, in place, so
/// errors found later point at the right spot of the original file.
enum XMLInput {
    static func prepare(_ bytes: [UInt8], file: String) throws(FormatError) -> [UInt8] {
        var text = try decode(bytes, file: file)
        try checkText(text, file: file)
        try scanMarkup(&text, file: file)
        return text
    }

    private static func fail(_ message: String, at offset: Int, in bytes: [UInt8], file: String) -> FormatError {
        FormatError(file: file, location: SourceLocation(offset: offset, in: bytes), message: message)
    }

    // MARK: - Encodings

    private enum Encoding {
        case utf8, utf16LittleEndian, utf16BigEndian, latin1, windows1252
    }

    private static func decode(_ bytes: [UInt8], file: String) throws(FormatError) -> [UInt8] {
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
            return blankingEncodingDeclaration(in: transcode(bytes, from: .utf16LittleEndian))
        }
        if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
            return blankingEncodingDeclaration(in: transcode(bytes, from: .utf16BigEndian))
        }
        guard let (name, nameOffset) = declaredEncoding(in: bytes) else { return bytes }
        let encoding: Encoding
        switch String(decoding: name, as: UTF8.self).lowercased() {
        case "utf-8", "utf8", "utf-16", "utf16":
            // A "UTF-16" label on bytes that read as ASCII: the label is wrong, the bytes are UTF-8.
            encoding = .utf8
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii":
            encoding = .latin1
        case "windows-1252", "cp1252":
            encoding = .windows1252
        default:
            throw fail(
                "unsupported encoding \"\(String(decoding: name, as: UTF8.self))\" "
                    + "(GPX is read as UTF-8, UTF-16, ISO-8859-1 or windows-1252)",
                at: nameOffset, in: bytes, file: file)
        }
        if encoding == .utf8 { return bytes }
        return blankingEncodingDeclaration(in: transcode(bytes, from: encoding))
    }

    /// The value of `encoding="…"` in a leading `<?xml …?>` declaration, with its offset.
    private static func declaredEncoding(in bytes: [UInt8]) -> (ArraySlice<UInt8>, Int)? {
        guard let range = encodingAttribute(in: bytes) else { return nil }
        var i = range.lowerBound + 8  // after "encoding"
        while i < range.upperBound && (ByteScanning.isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "=")) { i += 1 }
        guard i < range.upperBound, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
        let start = i + 1
        return (bytes[start..<(range.upperBound - 1)], start)
    }

    /// The byte range of `encoding = "…"` (through the closing quote) in a leading declaration.
    private static func encodingAttribute(in bytes: [UInt8]) -> Range<Int>? {
        let start = ByteScanning.bomLength(bytes)
        guard bytes[start...].starts(with: "<?xml".utf8) else { return nil }
        let limit = min(bytes.count, start + 512)  // declarations are short
        guard let end = bytes[start..<limit].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let key = Array("encoding".utf8)
        var i = start + 5
        while i + key.count <= end {
            if bytes[i..<i + key.count].elementsEqual(key) { break }
            i += 1
        }
        guard i + key.count <= end else { return nil }
        var j = i + key.count
        while j < end && (ByteScanning.isSpace(bytes[j]) || bytes[j] == UInt8(ascii: "=")) { j += 1 }
        guard j < end, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[j]
        guard let close = bytes[(j + 1)..<end].firstIndex(of: quote) else { return nil }
        return i..<(close + 1)
    }

    /// Replaces `encoding="…"` by spaces: the converted text is UTF-8, as the declaration then says.
    private static func blankingEncodingDeclaration(in utf8: [UInt8]) -> [UInt8] {
        guard let range = encodingAttribute(in: utf8) else { return utf8 }
        var result = utf8
        for i in range { result[i] = 0x20 }
        return result
    }

    private static func transcode(_ bytes: [UInt8], from encoding: Encoding) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        func append(_ scalar: Unicode.Scalar) {
            if let encoded = UTF8.encode(scalar) { out.append(contentsOf: encoded) }
        }
        switch encoding {
        case .utf8:
            return bytes
        case .latin1:
            for b in bytes { append(Unicode.Scalar(b)) }
        case .windows1252:
            for b in bytes {
                if b >= 0x80 && b <= 0x9F, let scalar = Unicode.Scalar(windows1252[Int(b - 0x80)]) {
                    append(scalar)
                } else {
                    append(Unicode.Scalar(b))
                }
            }
        case .utf16LittleEndian, .utf16BigEndian:
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2  // after the byte order mark
            while i + 1 < bytes.count {
                let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
                units.append(encoding == .utf16LittleEndian ? a | b << 8 : a << 8 | b)
                i += 2
            }
            for scalar in String(decoding: units, as: UTF16.self).unicodeScalars { append(scalar) }
        }
        return out
    }

    /// windows-1252 0x80…0x9F (https://www.unicode.org/Public/MAPPINGS/VENDORS/MICSFT/WINDOWS/CP1252.TXT);
    /// the five unassigned bytes map to the C1 controls of the same value, as WHATWG does.
    private static let windows1252: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
        0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x009D, 0x017E, 0x0178,
    ]

    // MARK: - Checks

    private static func checkText(_ text: [UInt8], file: String) throws(FormatError) {
        if let first = ByteScanning.firstContentOffset(text), text[first] != UInt8(ascii: "<") {
            throw fail("this is not an XML document (it should start with '<')", at: first, in: text, file: file)
        }
        guard let offset = UTF8Validation.firstInvalidOffset(in: text, rejectingNUL: true) else { return }
        let message =
            text[offset] == 0
            ? "the file holds a NUL byte (GPX files are text; is it UTF-16 without a byte order mark, or binary?)"
            : "the file is not valid UTF-8 (byte 0x\(String(text[offset], radix: 16, uppercase: true))); "
                + "if it uses another encoding, declare it: <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"
        throw fail(message, at: offset, in: text, file: file)
    }

    /// Refuses `<!DOCTYPE` and blanks `<?name?>`, skipping comments, CDATA sections and the data
    /// of processing instructions.
    private static func scanMarkup(_ text: inout [UInt8], file: String) throws(FormatError) {
        var blanks: [Range<Int>] = []
        let doctype: Int? = text.withUnsafeBufferPointer { buffer -> Int? in
            let count = buffer.count
            var i = 0
            while let lt = find(UInt8(ascii: "<"), in: buffer, from: i) {
                i = lt + 1
                if matches("!--", buffer, at: i) {
                    i = end(of: "-->", in: buffer, from: i + 3)
                } else if matches("![CDATA[", buffer, at: i) {
                    i = end(of: "]]>", in: buffer, from: i + 8)
                } else if matches("!DOCTYPE", buffer, at: i) {
                    return lt
                } else if i < count && buffer[i] == UInt8(ascii: "?") {
                    var j = i + 1
                    while j < count && !ByteScanning.isSpace(buffer[j]) && buffer[j] != UInt8(ascii: "?")
                        && buffer[j] != UInt8(ascii: ">") && buffer[j] != UInt8(ascii: "<")
                    {
                        j += 1
                    }
                    let isDeclaration = j - i - 1 == 3 && matchesCaseless("xml", buffer, at: i + 1)
                    if j > i + 1 && !isDeclaration && matches("?>", buffer, at: j) {
                        blanks.append(lt..<(j + 2))
                    }
                    i = end(of: "?>", in: buffer, from: i + 1)
                }
            }
            return nil
        }
        if let doctype {
            throw fail(
                "GPX files must not contain a <!DOCTYPE> declaration (DTDs and their entities are not read)",
                at: doctype, in: text, file: file)
        }
        for range in blanks {
            for k in range { text[k] = 0x20 }
        }
    }

    private static func find(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress,
            let hit = memchr(base + start, Int32(byte), buffer.count - start)
        else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// The offset just past the first `terminator` at or after `start`, or the end of the buffer.
    private static func end(of terminator: StaticString, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int
    {
        let first = terminator.utf8Start[0]
        var i = start
        while let hit = find(first, in: buffer, from: i) {
            if matches(terminator, buffer, at: hit) { return hit + terminator.utf8CodeUnitCount }
            i = hit + 1
        }
        return buffer.count
    }

    private static func matches(_ literal: StaticString, _ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard offset + n <= buffer.count else { return false }
        for k in 0..<n where buffer[offset + k] != literal.utf8Start[k] { return false }
        return true
    }

    private static func matchesCaseless(_ lowercase: StaticString, _ buffer: UnsafeBufferPointer<UInt8>, at offset: Int)
        -> Bool
    {
        let n = lowercase.utf8CodeUnitCount
        guard offset + n <= buffer.count else { return false }
        for k in 0..<n where buffer[offset + k] | 0x20 != lowercase.utf8Start[k] { return false }
        return true
    }
}
