import Foundation
import MapSnapJSON

#if canImport(FoundationXML)
    import FoundationXML  // XMLParser lives here on Linux
#endif

/// The SAX side of `GPXReader`'s FoundationXML path: hands XMLParser's events to a
/// `GPXFeatureBuilder` and turns problems and libxml2's syntax errors into `FormatError`s placed
/// where libxml2 stands. The first error stops the parser; it is kept in `error`.
final class GPXParserDelegate: NSObject, XMLParserDelegate {
    private let bytes: [UInt8]
    private let file: String
    private var builder = GPXFeatureBuilder()
    /// The qualified names of the open elements, for the messages of syntax errors.
    private var openNames: [String] = []

    var features: [Feature] { builder.features }
    var sawRoot: Bool { builder.sawRoot }
    /// True once `</gpx>` has been read: the document is complete.
    var closedRoot: Bool { builder.closedRoot }

    private(set) var error: FormatError? {
        didSet { failed = error != nil }
    }
    /// `error != nil`, kept as a flag: the callbacks test it millions of times.
    private var failed = false

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: - Errors

    private func fail(_ parser: XMLParser, _ problem: GPXFeatureBuilder.Problem) {
        guard !failed else { return }
        error = FormatError(
            file: file, location: SourceLocation(line: parser.lineNumber, column: parser.columnNumber),
            message: problem.message)
        parser.abortParsing()
    }

    /// Records the first XML syntax error and stops the parser. When the file ends early the error
    /// is placed at the end of the file and says it may be truncated; otherwise it is where
    /// libxml2 stopped. Warnings and namespace errors (the file is still well-formed XML) are
    /// ignored.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard !failed else { return }
        let code = (parseError as NSError).code
        if XMLSyntaxMessage.isHarmless(code: code) { return }
        var location = SourceLocation(line: parser.lineNumber, column: parser.columnNumber)
        let end = SourceLocation(offset: bytes.count, in: bytes)
        let atEnd = location.line > end.line || (location.line == end.line && location.column >= end.column)
        let message: String
        if atEnd || (code == 5 && !openNames.isEmpty) {
            message = XMLSyntaxMessage.truncated(openElement: openNames.last)
            location = end
        } else {
            message = XMLSyntaxMessage.text(forCode: code, openElement: openNames.last)
        }
        error = FormatError(file: file, location: location, message: message)
        // libxml2 runs in recovery mode under XMLParser and would go on calling back with
        // whatever it salvaged; stopping here keeps malformed names away from XMLParser.
        parser.abortParsing()
    }

    // MARK: - Elements

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard !failed else { return }
        var name = elementName
        var latitude = attributeDict["lat"]
        var longitude = attributeDict["lon"]
        let problem = name.withUTF8 { name in
            Self.withUTF8(&latitude) { latitude in
                Self.withUTF8(&longitude) { longitude in
                    builder.startElement(name, latitude: latitude, longitude: longitude)
                }
            }
        }
        if let problem {
            fail(parser, problem)
            return
        }
        openNames.append(elementName)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard !failed, openNames.popLast() != nil else { return }
        if let problem = builder.endElement() { fail(parser, problem) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard builder.isCapturingText else { return }
        var string = string
        string.withUTF8 { builder.appendText($0) }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard builder.isCapturingText else { return }
        var string = String(decoding: CDATABlock, as: UTF8.self)
        string.withUTF8 { builder.appendText($0) }
    }

    /// Calls `body` with the UTF-8 bytes of `string`, or with nil.
    private static func withUTF8<R>(_ string: inout String?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard var text = string else { return body(nil) }
        defer { string = text }
        return text.withUTF8 { body($0) }
    }
}
