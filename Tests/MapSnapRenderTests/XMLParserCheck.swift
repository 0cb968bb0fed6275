import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses XML and reports only whether it is well-formed.
final class XMLParserCheck: NSObject, XMLParserDelegate {
    private let parser: XMLParser

    init(data: Data) {
        parser = XMLParser(data: data)
        super.init()
        parser.delegate = self
    }

    func parse() -> Bool { parser.parse() }
}
