/// Readable messages for the XML syntax errors libxml2 reports through `XMLParser`, whose error
/// codes are libxml2's `xmlParserErrors` (https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-xmlerror.html).
/// `XMLParser` on Linux gives only the code, not libxml2's own text.
enum XMLSyntaxMessage {
    /// Message for libxml2 error `code`; `openElement` is the innermost open element, if any.
    static func text(forCode code: Int, openElement: String? = nil) -> String {
        switch code {
        case 4: return "this is not an XML document (it should start with '<')"
        case 5: return "extra content after the end of the XML document"
        case 6, 7, 8: return "invalid character reference (&#…;)"
        case 9: return "invalid character (the file is not valid UTF-8, or holds a control character)"
        case 22, 23: return "malformed entity reference (write &amp; for a literal '&')"
        case 26, 27: return "undeclared entity (XML knows only &amp; &lt; &gt; &quot; &apos; and &#…;)"
        case 31, 32, 79, 81: return "unsupported or invalid character encoding"
        case 33, 34, 38, 39, 40, 41: return "malformed attribute (write name=\"value\")"
        case 42: return "an attribute is repeated in the same element"
        case 45: return "unfinished comment"
        case 64: return "the XML declaration <?xml …?> may only appear at the very start of the file"
        case 65: return "a space is required here"
        case 68: return "expected a name after '<' or '&' (write &amp; for a literal '&')"
        case 73: return "expected '>' to end the tag"
        case 76:
            if let openElement { return "mismatched closing tag (expected </\(openElement)>)" }
            return "mismatched closing tag"
        case 77: return "unfinished tag"
        case 85: return "unbalanced tags"
        case 89: return "entity references loop or expand too much"
        default: return "malformed XML (libxml2 error \(code))"
        }
    }

    /// True for libxml2 warnings (93, 97–100) and namespace errors (200–205, such as an undeclared
    /// prefix): the document is still well-formed XML 1.0 and readable.
    static func isHarmless(code: Int) -> Bool {
        code == 93 || (97...100).contains(code) || (200...205).contains(code)
    }

    /// Message for a document that ends before its elements are closed.
    static func truncated(openElement: String?) -> String {
        if let openElement { return "unexpected end of file inside <\(openElement)> (the file is truncated?)" }
        return "unexpected end of file (the file is truncated?)"
    }
}
