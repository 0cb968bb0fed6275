/// Readable messages for libxml2's error codes as Foundation's `XMLParser` reports them
/// (`xmlParserErrors`, https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-xmlerror.html):
/// the most common ones of MapSnapFormats' `XMLSyntaxMessage`, for OSM XML.
enum OSMXMLSyntaxMessage {
    static func text(forCode code: Int) -> String {
        switch code {
        case 4: "this is not an XML document (it should start with '<')"
        case 5: "extra content after the end of the XML document"
        case 6, 7, 8: "invalid character reference (&#…;)"
        case 9: "invalid character (a control character?)"
        case 22, 23: "malformed entity reference (write &amp; for a literal '&')"
        case 26, 27: "undeclared entity (XML knows only &amp; &lt; &gt; &quot; &apos; and &#…;)"
        case 33, 34, 38, 39, 40, 41: "malformed attribute (write name=\"value\")"
        case 42: "an attribute is repeated in the same element"
        case 45: "unfinished comment"
        case 65: "a space is required here"
        case 68: "expected a name after '<' or '&'"
        case 73: "expected '>' to end the tag"
        case 76: "mismatched closing tag"
        case 77: "unfinished tag"
        case 85: "unbalanced tags"
        case 89: "entity references loop or expand too much"
        default: "malformed XML (libxml2 error \(code))"
        }
    }

    /// libxml2 warnings and namespace errors: the document is still well-formed XML.
    static func isHarmless(code: Int) -> Bool {
        code == 93 || (97...100).contains(code) || (200...205).contains(code)
    }

    static let truncated = "unexpected end of file (the file is truncated?)"
}
