import MapSnapGeometry
import MapSnapJSON

/// Turns the element events of a GPX document into features; shared by both of `GPXReader`'s
/// parsers (`GPXParserDelegate` over FoundationXML and the byte scanner `GPXScanner`), so they
/// build the same features from the same document.
///
/// Only the elements GPX defines at their documented places are read (`gpx/trk/trkseg/trkpt/ele`,
/// `gpx/rte/rtept`, `gpx/wpt`, and the `name`/`desc`/`type`/`sym` of `wpt`, `rte`, `trk`);
/// everything else, such as `<metadata>`, `<time>` and `<extensions>`, is skipped with its content.
///
/// Contract: the caller reports a well-formed element tree — every `startElement` matched by one
/// `endElement`, the root first — and character data (references decoded, line ends normalised
/// to LF) through `appendText` while `isCapturingText`. The first `Problem` ends the document: the
/// builder is not to be called again after one.
struct GPXFeatureBuilder {
    /// Why the document cannot be read; `message` is the text of the `FormatError`, whose
    /// location the caller knows.
    struct Problem: Error, Equatable {
        let message: String
    }

    /// What an open element is to the reader.
    private enum Role {
        case gpx, waypoint, route, track, segment, routePoint, trackPoint, elevation
        case text(TextField)
        case ignored
    }

    private enum TextField {
        case name, desc, type, sym
    }

    private(set) var features: [Feature] = []
    /// True once the root `<gpx>` element has started.
    private(set) var sawRoot = false
    /// True once `</gpx>` has been read: the document is complete.
    private(set) var closedRoot = false
    /// True inside `<ele>`, `<name>`, `<desc>`, `<type>` and `<sym>`: their character data is wanted.
    private(set) var isCapturingText = false

    private var roles: [Role] = []
    /// The prefix of the root element including its colon (`"g:"`), usually empty (UTF-8).
    private var rootPrefix: [UInt8] = []

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

    /// Character data (UTF-8) of the `ele`/`name`/… element being read.
    private var text: [UInt8] = []

    /// The number of open elements.
    var depth: Int { roles.count }

    // MARK: - Events

    /// An element starts: `name` is its qualified name (UTF-8, `trkpt` or `g:trkpt`); `latitude`
    /// and `longitude` are the values of its `lat` and `lon` attributes as XML reports them
    /// (references decoded, whitespace normalised), nil when absent. Nil, or the problem.
    mutating func startElement(
        _ name: UnsafeBufferPointer<UInt8>, latitude: UnsafeBufferPointer<UInt8>?,
        longitude: UnsafeBufferPointer<UInt8>?
    ) -> Problem? {
        guard let parent = roles.last else { return startRoot(name) }
        var role = Role.ignored
        if let local = gpxLocalName(name) {
            role = self.role(of: local, under: parent)
        }
        switch role {
        case .waypoint, .routePoint, .trackPoint:
            if let problem = readPoint(name, latitude, longitude) { return problem }
            if case .waypoint = role { startFeature() }
        case .route:
            startFeature()
            startList()
        case .track:
            startFeature()
        case .segment:
            startList()
        case .elevation, .text:
            text.removeAll(keepingCapacity: true)
            isCapturingText = true
        case .gpx, .ignored:
            break
        }
        roles.append(role)
        return nil
    }

    /// Character data of the open element (UTF-8); kept only while `isCapturingText`.
    @inline(__always)
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        if isCapturingText { text.append(contentsOf: bytes) }
    }

    /// The innermost open element ends. Nil, or the problem.
    mutating func endElement() -> Problem? {
        guard let role = roles.popLast() else { return nil }
        switch role {
        case .elevation:
            isCapturingText = false
            guard let value = text.withUnsafeBufferPointer({ GPXNumber.parse(utf8: $0) }) else {
                let found = String(decoding: text, as: UTF8.self).trimmingSpaces
                return Problem(message: "<ele> must be a number of metres, found \"\(found)\"")
            }
            elevation = value
        case .text(let field):
            isCapturingText = false
            let value = String(decoding: text, as: UTF8.self).trimmingSpaces
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
            endSegment()
        case .waypoint, .route, .track:
            endFeature(role)
        case .gpx:
            closedRoot = true
        case .ignored:
            break
        }
        return nil
    }

    // MARK: - Names

    /// Accepts the root element, which must be `gpx` (perhaps with a prefix, `g:gpx`).
    private mutating func startRoot(_ name: UnsafeBufferPointer<UInt8>) -> Problem? {
        let prefixEnd = (name.lastIndex(of: UInt8(ascii: ":")) ?? -1) + 1
        guard Self.equals(UnsafeBufferPointer(rebasing: name[prefixEnd...]), "gpx") else {
            return Problem(message: "expected a <gpx> root element, found <\(String(decoding: name, as: UTF8.self))>")
        }
        sawRoot = true
        rootPrefix = Array(name[..<prefixEnd])
        roles.append(.gpx)
        return nil
    }

    /// The local name of an element written with the root's prefix (usually none), else nil.
    ///
    /// Namespace processing is off (it costs a quarter of FoundationXML's parse time), so "GPX
    /// element" means "same prefix as `<gpx>`": extension elements (`gpxx:…`) are skipped, and
    /// unprefixed elements in another default namespace only ever appear inside skipped
    /// `<extensions>`. Prefixes are compared byte by byte.
    @inline(__always)
    private func gpxLocalName(_ name: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        if rootPrefix.isEmpty {
            return name.contains(UInt8(ascii: ":")) ? nil : name
        }
        guard name.count >= rootPrefix.count, name.starts(with: rootPrefix) else { return nil }
        return UnsafeBufferPointer(rebasing: name[rootPrefix.count...])
    }

    /// True when `bytes` spell `literal` (ASCII).
    @inline(__always)
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard bytes.count == n else { return false }
        for k in 0..<n where bytes[k] != literal.utf8Start[k] { return false }
        return true
    }

    /// The role of a GPX element whose local name is `name` inside an element of role `parent`.
    private func role(of name: UnsafeBufferPointer<UInt8>, under parent: Role) -> Role {
        switch parent {
        case .gpx:
            if Self.equals(name, "trk") { return .track }
            if Self.equals(name, "wpt") { return .waypoint }
            if Self.equals(name, "rte") { return .route }
            return .ignored
        case .track:
            if Self.equals(name, "trkseg") { return .segment }
            return featureText(name)
        case .route:
            if Self.equals(name, "rtept") { return .routePoint }
            return featureText(name)
        case .waypoint:
            if Self.equals(name, "ele") { return .elevation }
            if Self.equals(name, "sym") { return .text(.sym) }
            return featureText(name)
        case .segment:
            return Self.equals(name, "trkpt") ? .trackPoint : .ignored
        case .routePoint, .trackPoint:
            return Self.equals(name, "ele") ? .elevation : .ignored
        case .elevation, .text, .ignored:
            return .ignored
        }
    }

    /// `name`, `desc` and `type`, read in waypoints, routes and tracks.
    private func featureText(_ name: UnsafeBufferPointer<UInt8>) -> Role {
        if Self.equals(name, "name") { return .text(.name) }
        if Self.equals(name, "desc") { return .text(.desc) }
        if Self.equals(name, "type") { return .text(.type) }
        return .ignored
    }

    // MARK: - Building features

    /// Reads and validates the `lat`/`lon` attributes of a point element.
    private mutating func readPoint(
        _ element: UnsafeBufferPointer<UInt8>, _ latText: UnsafeBufferPointer<UInt8>?,
        _ lonText: UnsafeBufferPointer<UInt8>?
    ) -> Problem? {
        func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        guard let latText else {
            return Problem(message: "<\(string(element))> needs a lat attribute (latitude in degrees)")
        }
        guard let lonText else {
            return Problem(message: "<\(string(element))> needs a lon attribute (longitude in degrees)")
        }
        guard let latitude = GPXNumber.parse(utf8: latText), !latitude.isNaN else {
            return Problem(message: "lat=\"\(string(latText))\" is not a decimal number")
        }
        guard let longitude = GPXNumber.parse(utf8: lonText), !longitude.isNaN else {
            return Problem(message: "lon=\"\(string(lonText))\" is not a decimal number")
        }
        if let problem = CoordinateRange.problem(latitude: latitude, longitude: longitude) {
            return Problem(message: problem)
        }
        coordinate = Coordinate(latitude: latitude, longitude: longitude)
        elevation = .nan
        return nil
    }

    private mutating func startFeature() {
        name = nil
        desc = nil
        type = nil
        sym = nil
        segments = []
        segmentElevations = ElevationParts()
    }

    private mutating func startList() {
        coordinates = []
        elevations = []
        listHasElevation = false
    }

    /// Keeps the segment just read when it has two points or more.
    private mutating func endSegment() {
        guard coordinates.count >= 2 else { return }
        coordinates.unwrapLongitudes()
        segments.append(coordinates)
        segmentElevations.append(elevations, hasElevation: listHasElevation)
    }

    /// Adds the waypoint, route or track (`role`) just read, when it has enough points.
    private mutating func endFeature(_ role: Role) {
        switch role {
        case .waypoint:
            let heights: [[Double]]? = elevation.isNaN ? nil : [[elevation]]
            features.append(Feature(geometry: .point(coordinate), properties: properties("wpt"), elevations: heights))
        case .route:
            guard coordinates.count >= 2 else { return }
            coordinates.unwrapLongitudes()
            features.append(
                Feature(
                    geometry: .lineString(coordinates), properties: properties("rte"),
                    elevations: listHasElevation ? [elevations] : nil))
        case .track:
            guard !segments.isEmpty else { return }
            let geometry: Geometry = segments.count == 1 ? .lineString(segments[0]) : .multiLineString(segments)
            features.append(
                Feature(geometry: geometry, properties: properties("trk"), elevations: segmentElevations.result))
        default:
            break
        }
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
