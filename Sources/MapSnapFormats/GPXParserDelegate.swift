import Foundation
import MapSnapGeometry
import MapSnapJSON

#if canImport(FoundationXML)
    import FoundationXML  // XMLParser lives here on Linux
#endif

/// The SAX side of `GPXReader`: follows the GPX element tree and builds features as elements close.
///
/// Only the elements GPX defines at their documented places are read (`gpx/trk/trkseg/trkpt/ele`,
/// `gpx/rte/rtept`, `gpx/wpt`, and the `name`/`desc`/`type`/`sym` of `wpt`, `rte`, `trk`);
/// everything else, such as `<metadata>` and `<extensions>`, is skipped with its content.
/// The first error stops the parser; it is kept in `error`.
final class GPXParserDelegate: NSObject, XMLParserDelegate {
    /// What an open element is to the reader.
    private enum Role {
        case gpx, waypoint, route, track, segment, routePoint, trackPoint, elevation
        case text(TextField)
        case ignored
    }

    private enum TextField {
        case name, desc, type, sym
    }

    private struct OpenElement {
        let role: Role
        let name: String
    }

    private let bytes: [UInt8]
    private let file: String

    private(set) var features: [Feature] = []
    private(set) var error: FormatError? {
        didSet { failed = error != nil }
    }
    /// `error != nil`, kept as a flag: the callbacks test it millions of times.
    private var failed = false
    private(set) var sawRoot = false
    /// True once `</gpx>` has been read: the document is complete.
    private(set) var closedRoot = false

    private var stack: [OpenElement] = []
    /// The prefix of the root element including its colon (`"g:"`), usually empty.
    private var rootPrefix = ""

    // The feature being read (a waypoint, route or track).
    private var name: String?
    private var desc: String?
    private var type: String?
    private var sym: String?
    private var segments: [[Coordinate]] = []
    private var segmentElevations = ElevationParts()

    // The point list being read (a route or a track segment).
    private var coordinates: [Coordinate] = []
    private var elevations: [Double] = []
    private var listHasElevation = false

    // The point being read.
    private var coordinate = Coordinate(latitude: 0, longitude: 0)
    private var elevation = Double.nan

    // Character data of the `ele`/`name`/… element being read.
    private var text = ""
    private var capturing = false

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: - Errors

    private func fail(_ parser: XMLParser, _ message: String) {
        guard !failed else { return }
        error = FormatError(
            file: file, location: SourceLocation(line: parser.lineNumber, column: parser.columnNumber), message: message
        )
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
        if atEnd || (code == 5 && !stack.isEmpty) {
            message = XMLSyntaxMessage.truncated(openElement: stack.last?.name)
            location = end
        } else {
            message = XMLSyntaxMessage.text(forCode: code, openElement: stack.last?.name)
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
        guard let parent = stack.last else {
            startRoot(parser, elementName)
            return
        }
        var role = Role.ignored
        if let local = gpxLocalName(elementName) {
            role = self.role(of: local, under: parent.role)
        }
        switch role {
        case .waypoint, .routePoint, .trackPoint:
            guard readPoint(parser, elementName, attributeDict) else { return }
            if case .waypoint = role { startFeature() }
        case .route:
            startFeature()
            startList()
        case .track:
            startFeature()
        case .segment:
            startList()
        case .elevation, .text:
            text = ""
            capturing = true
        case .gpx, .ignored:
            break
        }
        stack.append(OpenElement(role: role, name: elementName))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard !failed, let element = stack.popLast() else { return }
        switch element.role {
        case .elevation:
            capturing = false
            guard let value = GPXNumber.parse(text) else {
                fail(parser, "<ele> must be a number of metres, found \"\(text.trimmingSpaces)\"")
                return
            }
            elevation = value
        case .text(let field):
            capturing = false
            let value = text.trimmingSpaces
            guard !value.isEmpty else { break }
            switch field {
            case .name: name = value
            case .desc: desc = value
            case .type: type = value
            case .sym: sym = value
            }
        case .routePoint, .trackPoint:
            coordinates.append(coordinate)
            elevations.append(elevation)
            if !elevation.isNaN { listHasElevation = true }
        case .segment:
            if coordinates.count >= 2 {
                coordinates.unwrapLongitudes()
                segments.append(coordinates)
                segmentElevations.append(elevations, hasElevation: listHasElevation)
            }
        case .waypoint:
            let heights: [[Double]]? = elevation.isNaN ? nil : [[elevation]]
            features.append(Feature(geometry: .point(coordinate), properties: properties("wpt"), elevations: heights))
        case .route:
            if coordinates.count >= 2 {
                coordinates.unwrapLongitudes()
                features.append(
                    Feature(
                        geometry: .lineString(coordinates), properties: properties("rte"),
                        elevations: listHasElevation ? [elevations] : nil))
            }
        case .track:
            if segments.count == 1 {
                features.append(
                    Feature(
                        geometry: .lineString(segments[0]), properties: properties("trk"),
                        elevations: segmentElevations.result))
            } else if segments.count > 1 {
                features.append(
                    Feature(
                        geometry: .multiLineString(segments), properties: properties("trk"),
                        elevations: segmentElevations.result))
            }
        case .gpx:
            closedRoot = true
        case .ignored:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if capturing { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if capturing { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    // MARK: - Names

    /// Accepts the root element, which must be `gpx` (perhaps with a prefix, `g:gpx`).
    private func startRoot(_ parser: XMLParser, _ name: String) {
        let prefixEnd = name.lastIndex(of: ":").map { name.index(after: $0) } ?? name.startIndex
        guard name[prefixEnd...] == "gpx" else {
            fail(parser, "expected a <gpx> root element, found <\(name)>")
            return
        }
        sawRoot = true
        rootPrefix = String(name[..<prefixEnd])
        stack.append(OpenElement(role: .gpx, name: name))
    }

    /// The local name of an element written with the root's prefix (usually none), else nil.
    ///
    /// Namespace processing is off (it costs a quarter of the parse time), so "GPX element" means
    /// "same prefix as `<gpx>`": extension elements (`gpxx:…`) are skipped, and unprefixed
    /// elements in another default namespace only ever appear inside skipped `<extensions>`.
    @inline(__always)
    private func gpxLocalName(_ name: String) -> String? {
        if rootPrefix.isEmpty {
            return name.utf8.contains(UInt8(ascii: ":")) ? nil : name
        }
        guard name.hasPrefix(rootPrefix) else { return nil }
        return String(name.dropFirst(rootPrefix.count))
    }

    // MARK: - Building features

    /// The role of a GPX element named `name` inside an element of role `parent`.
    private func role(of name: String, under parent: Role) -> Role {
        switch parent {
        case .gpx:
            switch name {
            case "wpt": return .waypoint
            case "rte": return .route
            case "trk": return .track
            default: return .ignored
            }
        case .track:
            switch name {
            case "trkseg": return .segment
            case "name": return .text(.name)
            case "desc": return .text(.desc)
            case "type": return .text(.type)
            default: return .ignored
            }
        case .route:
            switch name {
            case "rtept": return .routePoint
            case "name": return .text(.name)
            case "desc": return .text(.desc)
            case "type": return .text(.type)
            default: return .ignored
            }
        case .waypoint:
            switch name {
            case "ele": return .elevation
            case "name": return .text(.name)
            case "desc": return .text(.desc)
            case "type": return .text(.type)
            case "sym": return .text(.sym)
            default: return .ignored
            }
        case .segment:
            return name == "trkpt" ? .trackPoint : .ignored
        case .routePoint, .trackPoint:
            return name == "ele" ? .elevation : .ignored
        case .elevation, .text, .ignored:
            return .ignored
        }
    }

    /// Reads and validates the `lat`/`lon` attributes of a point element; false after an error.
    private func readPoint(_ parser: XMLParser, _ element: String, _ attributes: [String: String]) -> Bool {
        guard let latText = attributes["lat"] else {
            fail(parser, "<\(element)> needs a lat attribute (latitude in degrees)")
            return false
        }
        guard let lonText = attributes["lon"] else {
            fail(parser, "<\(element)> needs a lon attribute (longitude in degrees)")
            return false
        }
        guard let latitude = GPXNumber.parse(latText), !latitude.isNaN else {
            fail(parser, "lat=\"\(latText)\" is not a decimal number")
            return false
        }
        guard let longitude = GPXNumber.parse(lonText), !longitude.isNaN else {
            fail(parser, "lon=\"\(lonText)\" is not a decimal number")
            return false
        }
        if let problem = CoordinateRange.problem(latitude: latitude, longitude: longitude) {
            fail(parser, problem)
            return false
        }
        coordinate = Coordinate(latitude: latitude, longitude: longitude)
        elevation = .nan
        return true
    }

    private func startFeature() {
        name = nil
        desc = nil
        type = nil
        sym = nil
        segments = []
        segmentElevations = ElevationParts()
    }

    private func startList() {
        coordinates = []
        elevations = []
        listHasElevation = false
    }

    /// Properties in a fixed order: name, desc, type, sym, then `gpx` = `kind`.
    private func properties(_ kind: String) -> JSONObject {
        var members: [JSONMember] = []
        if let name { members.append(JSONMember(key: "name", value: .string(name))) }
        if let desc { members.append(JSONMember(key: "desc", value: .string(desc))) }
        if let type { members.append(JSONMember(key: "type", value: .string(type))) }
        if let sym { members.append(JSONMember(key: "sym", value: .string(sym))) }
        members.append(JSONMember(key: "gpx", value: .string(kind)))
        return JSONObject(members)
    }
}
