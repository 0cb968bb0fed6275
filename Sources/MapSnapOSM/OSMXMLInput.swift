/// Prepares the bytes of an OSM XML file for Foundation's `XMLParser`, taking care beforehand of
/// what makes its Linux implementation trap instead of reporting an error (it force-unwraps
/// some of what libxml2 in recovery mode hands it): invalid UTF-8 and NUL bytes are refused,
/// `<!DOCTYPE` is refused (OSM XML has no DTD; refusing it also rules out entity expansion),
/// and processing instructions after the XML declaration (`<?foo?>`) are blanked to spaces.
/// The same steps as MapSnapFormats' `XMLInput` for GPX, for UTF-8 only: OSM XML is UTF-8
/// (https://wiki.openstreetmap.org/wiki/OSM_XML). Blanking keeps every line and column in place.
enum OSMXMLInput {
    static func prepare(_ bytes: [UInt8], file: String) throws(OSMError) -> [UInt8] {
        if let offset = firstInvalidUTF8(bytes) {
            let detail =
                bytes[offset] == 0
                ? "the file holds a NUL byte (OSM XML is UTF-8 text)"
                : "the file is not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)))"
            throw fail(detail, at: offset, in: bytes, file: file)
        }
        var text = bytes
        try checkEncoding(&text, file: file)
        var i = 0
        while let lt = next(UInt8(ascii: "<"), in: text, from: i) {
            i = lt + 1
            if matches("!DOCTYPE", text, at: i) {
                throw fail("OSM XML must not contain a <!DOCTYPE> declaration", at: lt, in: text, file: file)
            }
            guard i < text.count, text[i] == UInt8(ascii: "?") else { continue }
            let isDeclaration = matches("?xml", text, at: i) && lt == firstContent(text)
            var end = i + 1
            while end + 1 < text.count && !(text[end] == UInt8(ascii: "?") && text[end + 1] == UInt8(ascii: ">")) {
                end += 1
            }
            let stop = Swift.min(end + 2, text.count)
            if !isDeclaration {
                for k in lt..<stop where text[k] != 0x0A { text[k] = 0x20 }
            }
            i = stop
        }
        return text
    }

    /// Refuses a declared encoding other than UTF-8 and blanks the declaration's `encoding="…"`,
    /// so libxml2 never switches encodings (an unknown one, such as UTF-7, crashes it).
    private static func checkEncoding(_ text: inout [UInt8], file: String) throws(OSMError) {
        let start = firstContent(text)
        guard matches("<?xml", text, at: start) else { return }
        let limit = Swift.min(text.count, start + 512)  // declarations are short
        guard let close = text[start..<limit].firstIndex(of: UInt8(ascii: ">")) else { return }
        let key = Array("encoding".utf8)
        var i = start + 5
        while i + key.count <= close && !text[i..<(i + key.count)].elementsEqual(key) { i += 1 }
        guard i + key.count <= close else { return }
        var j = i + key.count
        while j < close && (text[j] == 0x20 || text[j] == 0x09 || text[j] == UInt8(ascii: "=")) { j += 1 }
        guard j < close, text[j] == UInt8(ascii: "\"") || text[j] == UInt8(ascii: "'") else { return }
        let quote = text[j]
        guard let end = text[(j + 1)..<close].firstIndex(of: quote) else { return }
        let name = String(decoding: text[(j + 1)..<end], as: UTF8.self)
        guard ["utf-8", "utf8"].contains(name.lowercased()) else {
            throw fail(
                "unsupported encoding \"\(name)\" (OSM XML is UTF-8)", at: j + 1, in: text, file: file)
        }
        for k in i...end { text[k] = 0x20 }
    }

    /// Line and column (1-based, columns in characters) of byte `offset`.
    static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for b in bytes[..<Swift.min(offset, bytes.count)] {
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private static func fail(_ detail: String, at offset: Int, in bytes: [UInt8], file: String) -> OSMError {
        let (line, column) = location(of: offset, in: bytes)
        return OSMError(.xmlSyntax, detail, file: file, line: line, column: column)
    }

    private static func firstContent(_ bytes: [UInt8]) -> Int {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i
    }

    private static func next(_ byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes[start...].firstIndex(of: byte)
    }

    private static func matches(_ literal: StaticString, _ bytes: [UInt8], at offset: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard offset + n <= bytes.count else { return false }
        for k in 0..<n where bytes[offset + k] != literal.utf8Start[k] { return false }
        return true
    }

    /// The offset of the first byte that is NUL or breaks UTF-8 (RFC 3629: no overlongs, no
    /// surrogates, nothing past U+10FFFF), or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0 { return i }
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return i
            }
            guard i + length <= n else { return i }
            guard bytes[i + 1] >= low && bytes[i + 1] <= high else { return i }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }
}
