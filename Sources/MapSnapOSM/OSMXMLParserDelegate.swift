import Foundation
import MapSnapGeometry

#if canImport(FoundationXML)
    import FoundationXML  // XMLParser lives here on Linux
#endif

/// The SAX side of `OSMXMLReader`: follows `osm/node|way|relation` with their `tag`, `nd` and
/// `member` children (https://wiki.openstreetmap.org/wiki/OSM_XML) and `osm/bounds`, and feeds
/// the builder as elements close. Other elements (`note`, `meta`, `changeset`, …) are skipped
/// with their content. Elements with `visible="false"` (history files) are skipped. The first
/// error stops the parser; it is kept in `error` with libxml2's line and column.
final class OSMXMLParserDelegate: NSObject, XMLParserDelegate {
    private enum Open {
        case node(Int64), way(Int64), relation(Int64), skipped
    }

    private let bytes: [UInt8]
    private let file: String
    var builder: OSMDataBuilder
    private(set) var error: OSMError?
    private(set) var sawRoot = false
    private(set) var closedRoot = false
    private var depth = 0
    /// The node, way or relation being read (at depth 2).
    private var open: Open?
    private var tags = OSMTags()
    private var refs: [Int64] = []
    private var members: [OSMMember] = []

    init(bytes: [UInt8], file: String, options: OSMReadOptions) {
        self.bytes = bytes
        self.file = file
        self.builder = OSMDataBuilder(options: options, file: file)
    }

    // MARK: - Errors

    private func fail(_ parser: XMLParser, _ detail: String, kind: OSMError.Kind = .malformed) {
        guard error == nil else { return }
        error = OSMError(kind, detail, file: file, line: parser.lineNumber, column: parser.columnNumber)
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard error == nil else { return }
        let code = (parseError as NSError).code
        if OSMXMLSyntaxMessage.isHarmless(code: code) { return }
        var (line, column) = (parser.lineNumber, parser.columnNumber)
        let end = OSMXMLInput.location(of: bytes.count, in: bytes)
        let atEnd = line > end.line || (line == end.line && column >= end.column)
        let detail: String
        if atEnd || (code == 5 && depth > 0) {
            detail = OSMXMLSyntaxMessage.truncated
            (line, column) = end
        } else {
            detail = OSMXMLSyntaxMessage.text(forCode: code)
        }
        error = OSMError(.xmlSyntax, detail, file: file, line: line, column: column)
        parser.abortParsing()
    }

    // MARK: - Elements

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard error == nil else { return }
        depth += 1
        switch depth {
        case 1:
            guard name == "osm" else {
                return fail(parser, "expected an <osm> root element, found <\(name)>", kind: .notOSM)
            }
            sawRoot = true
        case 2:
            startElement(parser, name, attributes)
        case 3:
            startChild(parser, name, attributes)
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard error == nil else { return }
        defer { depth -= 1 }
        if depth == 1 { closedRoot = true }
        guard depth == 2, let element = open else { return }
        open = nil
        do {
            try builder.count(1)
        } catch {
            self.error = error
            parser.abortParsing()
            return
        }
        switch element {
        case .node(let id):
            if !tags.isEmpty { builder.nodeTags[id] = tags }
        case .way(let id):
            if builder.options.keepsWay(tags) { builder.ways.append(OSMWay(id: id, nodes: refs, tags: tags)) }
        case .relation(let id):
            if builder.options.keepsRelation(tags) {
                builder.relations.append(OSMRelation(id: id, members: members, tags: tags))
            }
        case .skipped:
            break
        }
    }

    /// `node`, `way`, `relation` or `bounds` under the root.
    private func startElement(_ parser: XMLParser, _ name: String, _ attributes: [String: String]) {
        tags = OSMTags()
        refs = []
        members = []
        open = .skipped
        if name == "bounds" { return readBounds(parser, attributes) }
        guard name == "node" || name == "way" || name == "relation" else { return }
        guard let id = integer(parser, attributes, "id", of: name) else { return }
        if attributes["visible"] == "false" { return }
        switch name {
        case "node":
            guard let lat = degrees(parser, attributes, "lat", limit: 90, of: "node \(id)"),
                let lon = degrees(parser, attributes, "lon", limit: 180, of: "node \(id)")
            else { return }
            builder.addNode(id: id, latitude: lat, longitude: lon)
            open = .node(id)
        case "way": open = .way(id)
        default: open = .relation(id)
        }
    }

    /// `tag`, `nd` or `member` inside an element.
    private func startChild(_ parser: XMLParser, _ name: String, _ attributes: [String: String]) {
        guard let element = open else { return }
        switch (name, element) {
        case ("tag", .node), ("tag", .way), ("tag", .relation):
            guard let k = attributes["k"], let v = attributes["v"] else {
                return fail(parser, "<tag> needs k and v attributes")
            }
            tags.append(key: k, value: v)
        case ("nd", .way):
            guard let ref = integer(parser, attributes, "ref", of: "nd") else { return }
            refs.append(ref)
        case ("member", .relation):
            guard let ref = integer(parser, attributes, "ref", of: "member") else { return }
            let kind: OSMMember.Kind
            switch attributes["type"] {
            case "node": kind = .node
            case "way": kind = .way
            case "relation": kind = .relation
            default: return fail(parser, "<member> needs type=\"node\", \"way\" or \"relation\"")
            }
            members.append(OSMMember(kind: kind, ref: ref, role: attributes["role"] ?? ""))
        default:
            break
        }
    }

    private func readBounds(_ parser: XMLParser, _ a: [String: String]) {
        guard let s = a["minlat"].flatMap(Double.init), let w = a["minlon"].flatMap(Double.init),
            let n = a["maxlat"].flatMap(Double.init), let e = a["maxlon"].flatMap(Double.init),
            w < e, s < n, w >= -180, e <= 180, s >= -90, n <= 90
        else { return }
        builder.bounds = BoundingBox(west: w, south: s, east: e, north: n)
    }

    // MARK: - Attributes

    private func integer(_ parser: XMLParser, _ a: [String: String], _ name: String, of element: String) -> Int64? {
        guard let text = a[name] else {
            fail(parser, "<\(element)> needs a \(name) attribute")
            return nil
        }
        guard let value = Int64(text) else {
            fail(parser, "<\(element)> \(name)=\"\(text)\" is not an integer")
            return nil
        }
        return value
    }

    /// A `lat` or `lon` attribute in 1e-7 degrees, within ±`limit` degrees.
    private func degrees(
        _ parser: XMLParser, _ a: [String: String], _ name: String, limit: Double, of element: String
    ) -> Int32? {
        guard let text = a[name] else {
            fail(parser, "<\(element)> needs a \(name) attribute (degrees)")
            return nil
        }
        guard let value = Double(text), value.isFinite, abs(value) <= limit else {
            fail(parser, "\(element): \(name)=\"\(text)\" is not a number of degrees within ±\(Int(limit))")
            return nil
        }
        return Int32((value * 1e7).rounded())
    }
}
