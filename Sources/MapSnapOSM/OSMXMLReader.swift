import Foundation
import MapSnapIO

#if canImport(FoundationXML)
    import FoundationXML  // XMLParser lives here on Linux
#endif

/// Reads OSM XML (https://wiki.openstreetmap.org/wiki/OSM_XML, API 0.6) with `XMLParser`,
/// also gzip- or bzip2-compressed (inflated up to `OSMReadOptions.maxXMLBytes`). Errors carry libxml2's
/// line and column; a document that ends early says it may be truncated.
enum OSMXMLReader {
    static func read(_ bytes: [UInt8], file: String, options: OSMReadOptions) throws(OSMError) -> OSMData {
        let text = try OSMXMLInput.prepare(bytes, file: file)
        let parser = XMLParser(stream: InputStream(data: Data(text)))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let delegate = OSMXMLParserDelegate(bytes: text, file: file, options: options)
        parser.delegate = delegate
        _ = withExtendedLifetime(delegate) { parser.parse() }
        if let error = delegate.error { throw error }
        guard delegate.sawRoot else { throw OSMError(.notOSM, "no <osm> element found", file: file) }
        guard delegate.closedRoot else {
            let (line, column) = OSMXMLInput.location(of: text.count, in: text)
            throw OSMError(.xmlSyntax, OSMXMLSyntaxMessage.truncated, file: file, line: line, column: column)
        }
        return delegate.builder.finish()
    }

    /// The XML inside a gzip file, at most `limit` bytes.
    static func gunzip(_ bytes: [UInt8], limit: Int, file: String) throws(OSMError) -> [UInt8] {
        do {
            return try Gzip.decompress(bytes, maxOutputBytes: limit)
        } catch {
            if case .outputLimitExceeded = error.kind {
                throw OSMError(.oversized, "the gzip data inflates past \(limit) bytes", file: file)
            }
            throw OSMError(.corrupt, "the gzip data does not inflate: \(error.message)", file: file)
        }
    }

    /// `bytes` (bzip2) decompressed, at most `limit` bytes (MapSnapIO's `BZip2`).
    static func bunzip(_ bytes: [UInt8], limit: Int, file: String) throws(OSMError) -> [UInt8] {
        do {
            return try BZip2.decompress(bytes, maxOutputBytes: limit)
        } catch {
            switch error.kind {
            case .outputLimitExceeded: throw OSMError(.oversized, error.message, file: file)
            case .truncated: throw OSMError(.truncated, error.message, file: file)
            default: throw OSMError(.corrupt, error.message, file: file)
            }
        }
    }
}
