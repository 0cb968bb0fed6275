#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A hand-written reader for well-formed GPX in UTF-8: the fast path of `GPXReader`, several times
/// quicker than FoundationXML's SAX parser, feeding the same `GPXFeatureBuilder`.
///
/// Contract: it gives either exactly the features `XMLParser` with `GPXParserDelegate` would read
/// from the same bytes, or nil — "not sure" — and the caller asks XMLParser, which then also gives
/// every error. So it only needs to accept a subset of XML 1.0 (https://www.w3.org/TR/xml/) and
/// refuses, with nil, anything outside it:
/// - bytes that are not UTF-8 (RFC 3629), a document that does not start with `<` (after a UTF-8
///   byte order mark and whitespace);
/// - a declaration other than `<?xml version="1.0" [encoding="UTF-8"] [standalone="yes|no"]?>`
///   at the very start (after a byte order mark), any other processing instruction or `<!…>`
///   that is not a comment or a CDATA section;
/// - names that are not ASCII `[A-Za-z_][A-Za-z0-9._-]*`, with at most one inner `:` (prefix);
/// - repeated attributes, more than 32 attributes on one element, attributes not separated by
///   whitespace, unquoted values, `<` in a value;
/// - references other than `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and character references
///   of at most 8 digits to characters XML allows;
/// - control characters (other than tab, LF, CR), U+FFFE and U+FFFF; `]]>` in text; `--` inside
///   a comment; CR inside a CDATA section;
/// - more than `maximumDepth` open elements, names over `maximumNameLength` bytes, text runs,
///   attribute values or comments over `maximumRunLength` bytes (libxml2 has limits of its own);
/// - a mismatched end tag, content after the root element, the end of the input inside it;
/// - anything `GPXFeatureBuilder` reports a problem for (a bad `lat`, a non-numeric `<ele>`…).
///
/// Whatever it reads, `XMLInput.prepare` returns unchanged (UTF-8, declared so or not, no
/// `<!DOCTYPE`, no processing instruction to blank), so it may read a file's bytes before
/// `XMLInput` has looked at them; the text `XMLInput` converted from another encoding it reads too.
///
/// Text is normalised as XML does: CR LF and lone CR become LF in character data; tab, LF, CR
/// (and CR LF) become one space in attribute values, but not when written as character
/// references.
struct GPXScanner {
    /// The deepest element nesting read (libxml2 stops at 256 without `XML_PARSE_HUGE`).
    static let maximumDepth = 200
    /// The longest name read, in bytes.
    static let maximumNameLength = 1000
    /// The longest text run (between two markups), attribute value or comment read, in bytes.
    static let maximumRunLength = 1_000_000
    /// The most attributes read on one element.
    static let maximumAttributes = 32

    /// One attribute of the start tag being read: byte ranges in the input.
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        /// The value holds a reference or whitespace other than spaces: `decodedValue` it.
        var needsDecoding: Bool
    }

    /// The input: a file's bytes, or the UTF-8 text `XMLInput.prepare` made of them.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The read position: an offset in `bytes`.
    var i = 0
    var builder = GPXFeatureBuilder()
    /// The name ranges of the open elements, innermost last.
    var openNames: [Range<Int>] = []
    /// The attributes of the start tag being read.
    var attributes: [Attribute] = []

    /// The features of the GPX document in `text`, or nil when the scanner is not sure of it.
    static func features(in text: [UInt8]) -> [Feature]? {
        text.withUnsafeBufferPointer { buffer -> [Feature]? in
            var scanner = GPXScanner(bytes: buffer)
            guard scanner.document() else { return nil }
            return scanner.builder.features
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        openNames.reserveCapacity(16)
        attributes.reserveCapacity(8)
    }

    // MARK: - Structure

    /// The whole document: declaration, comments and whitespace, the root element, comments and
    /// whitespace. False when unsure.
    private mutating func document() -> Bool {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        if matches("<?xml", at: i) && i + 5 < bytes.count && ByteScanning.isSpace(bytes[i + 5]) {
            guard declaration() else { return false }
        }
        guard miscellany(), i < bytes.count, bytes[i] == UInt8(ascii: "<"), startTag(), content() else {
            return false
        }
        guard builder.closedRoot, miscellany() else { return false }
        return i == bytes.count
    }

    /// Elements, character data, comments and CDATA sections until the root element closes.
    private mutating func content() -> Bool {
        while !openNames.isEmpty {
            guard characterData(), i + 1 < bytes.count else { return false }
            switch bytes[i + 1] {  // bytes[i] is "<"
            case UInt8(ascii: "/"):
                guard endTag() else { return false }
            case UInt8(ascii: "!"):
                if matches("<!--", at: i) {
                    guard comment() else { return false }
                } else if matches("<![CDATA[", at: i) {
                    guard cdataSection() else { return false }
                } else {
                    return false
                }
            case UInt8(ascii: "?"):
                return false
            default:
                guard startTag() else { return false }
            }
        }
        return true
    }

    /// Whitespace and comments, before or after the root element.
    private mutating func miscellany() -> Bool {
        while true {
            skipSpaces()
            guard matches("<!--", at: i) else { return true }
            guard comment() else { return false }
        }
    }

    // MARK: - Tags

    /// `<name attributes>` or `<name attributes/>` at `i`, handed to the builder.
    private mutating func startTag() -> Bool {
        i += 1
        let nameStart = i
        guard name() else { return false }
        let nameRange = nameStart..<i
        attributes.removeAll(keepingCapacity: true)
        var isEmpty = false
        while true {
            let spaced = skipSpaces()
            guard i < bytes.count else { return false }
            let b = bytes[i]
            if b == UInt8(ascii: ">") {
                i += 1
                break
            }
            if b == UInt8(ascii: "/") {
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") else { return false }
                i += 2
                isEmpty = true
                break
            }
            guard spaced, attribute() else { return false }
        }
        guard openNames.count < Self.maximumDepth, startElement(nameRange) else { return false }
        if isEmpty { return builder.endElement() == nil }
        openNames.append(nameRange)
        return true
    }

    /// `</name>` at `i`, which must close the innermost open element.
    private mutating func endTag() -> Bool {
        guard let open = openNames.last else { return false }
        i += 2
        let n = open.count
        guard i + n <= bytes.count else { return false }
        for k in 0..<n where bytes[i + k] != bytes[open.lowerBound + k] { return false }
        i += n
        skipSpaces()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { return false }
        i += 1
        openNames.removeLast()
        return builder.endElement() == nil
    }

    /// `name = "value"` (or single quotes) at `i`, added to `attributes`.
    private mutating func attribute() -> Bool {
        let nameStart = i
        guard name() else { return false }
        let nameRange = nameStart..<i
        skipSpaces()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return false }
        i += 1
        skipSpaces()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return false }
        let quote = bytes[i]
        i += 1
        let valueStart = i
        guard let needsDecoding = attributeValue(quote: quote) else { return false }
        let valueRange = valueStart..<i
        i += 1  // the closing quote
        guard attributes.count < Self.maximumAttributes, let base = bytes.baseAddress else { return false }
        for other in attributes
        where other.name.count == nameRange.count
            && memcmp(base + other.name.lowerBound, base + nameStart, nameRange.count) == 0
        {
            return false
        }
        attributes.append(Attribute(name: nameRange, value: valueRange, needsDecoding: needsDecoding))
        return true
    }

    /// An ASCII name at `i`: `[A-Za-z_][A-Za-z0-9._-]*`, perhaps `prefix:local`.
    @inline(__always)
    private mutating func name() -> Bool {
        let start = i
        guard i < bytes.count, Self.isNameStart(bytes[i]) else { return false }
        i += 1
        var sawColon = false
        while i < bytes.count {
            let b = bytes[i]
            if Self.isNameByte(b) {
                i += 1
            } else if b == UInt8(ascii: ":") && !sawColon {
                guard i + 1 < bytes.count, Self.isNameStart(bytes[i + 1]) else { return false }
                sawColon = true
                i += 2
            } else {
                break
            }
        }
        return i - start <= Self.maximumNameLength
    }

    @inline(__always)
    private static func isNameStart(_ b: UInt8) -> Bool {
        let letter = b | 0x20
        return (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")) || b == UInt8(ascii: "_")
    }

    @inline(__always)
    private static func isNameByte(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
            || b == UInt8(ascii: ".")
    }

    // MARK: - Builder

    /// Hands the element named at `name` and the `lat`/`lon` values among `attributes` to the builder.
    private mutating func startElement(_ name: Range<Int>) -> Bool {
        var latitude: Attribute?
        var longitude: Attribute?
        for attribute in attributes where attribute.name.count == 3 {
            if matches("lat", at: attribute.name.lowerBound) {
                latitude = attribute
            } else if matches("lon", at: attribute.name.lowerBound) {
                longitude = attribute
            }
        }
        let nameBytes = UnsafeBufferPointer(rebasing: bytes[name])
        if latitude?.needsDecoding != true && longitude?.needsDecoding != true {
            let problem = builder.startElement(
                nameBytes, latitude: latitude.map { UnsafeBufferPointer(rebasing: bytes[$0.value]) },
                longitude: longitude.map { UnsafeBufferPointer(rebasing: bytes[$0.value]) })
            return problem == nil
        }
        let latitudeText = latitude.map { decodedValue($0.value) }
        let longitudeText = longitude.map { decodedValue($0.value) }
        return Self.withBuffer(latitudeText) { latitudeBytes in
            Self.withBuffer(longitudeText) { longitudeBytes in
                builder.startElement(nameBytes, latitude: latitudeBytes, longitude: longitudeBytes) == nil
            }
        }
    }

    private static func withBuffer<R>(_ array: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard let array else { return body(nil) }
        return array.withUnsafeBufferPointer { body($0) }
    }

    // MARK: - Bytes

    /// Skips XML whitespace at `i`; true when there was some.
    @discardableResult
    @inline(__always)
    mutating func skipSpaces() -> Bool {
        let start = i
        while i < bytes.count && ByteScanning.isSpace(bytes[i]) { i += 1 }
        return i > start
    }

    /// True when the input holds `literal` (ASCII) at `offset`.
    @inline(__always)
    func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard offset + n <= bytes.count else { return false }
        for k in 0..<n where bytes[offset + k] != literal.utf8Start[k] { return false }
        return true
    }
}
