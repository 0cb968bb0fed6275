import MapSnapGeometry
import MapSnapJSON

/// Reads a MapLibre style document, version 8 (https://maplibre.org/maplibre-style-spec/root/).
///
/// Errors (thrown, with `file:line:column` of the nearest enclosing array or object): JSON syntax,
/// a root that is not an object, a version other than 8, missing or wrong-typed `sources`/`layers`,
/// wrong-typed fields of the root, a source or a layer, a layer without an id, duplicate layer ids.
///
/// Warnings (the style still loads): an invalid property value or expression drops that property
/// (the layer uses the default); an invalid filter, an unknown source or a missing `source-layer`
/// drops the layer; unknown layer types, unknown properties and unknown members are skipped with
/// ONE warning per distinct name (listing the layers concerned); image and video sources are not
/// supported. `ref` layers (an old form) are resolved.
public enum StyleParser {
    public static func parse(bytes: [UInt8], file: String) throws(StyleError) -> (Style, [StyleWarning]) {
        var reader = StyleReader(bytes: bytes, file: file)
        let style = try reader.read()
        return (style, reader.finishedWarnings())
    }

    /// Parses a style held in a string (tests, tools).
    public static func parse(_ text: String, file: String = "style.json") throws(StyleError) -> (Style, [StyleWarning])
    {
        try parse(bytes: Array(text.utf8), file: file)
    }
}

/// The state of one parse: the bytes (for line:column), warnings and their de-duplication.
struct StyleReader {
    let bytes: [UInt8]
    let file: String
    private var warnings: [Warning] = []
    private var dedupeIndex: [String: Int] = [:]

    /// A warning, or a de-duplicated group of them (one message for every layer concerned).
    private struct Warning {
        var message: String
        var offset: Int?
        var layerID: String?
        /// For grouped warnings: the layers concerned, in order.
        var layers: [String] = []
        var grouped = false
    }

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: - Diagnostics

    func location(_ offset: Int?) -> SourceLocation? {
        offset.map { SourceLocation(offset: $0, in: bytes) }
    }

    func error(_ message: String, at offset: Int?) -> StyleError {
        StyleError(message: message, file: file, location: location(offset), offset: offset)
    }

    mutating func warn(_ message: String, at offset: Int?, layer: String? = nil) {
        warnings.append(Warning(message: message, offset: offset, layerID: layer))
    }

    /// Records a warning that is reported once per `key`; `message` is completed with the list of
    /// layers concerned.
    mutating func warnOnce(key: String, _ message: String, at offset: Int?, layer: String?) {
        if let i = dedupeIndex[key] {
            if let layer { warnings[i].layers.append(layer) }
            return
        }
        dedupeIndex[key] = warnings.count
        var w = Warning(message: message, offset: offset, layerID: layer, grouped: true)
        if let layer { w.layers = [layer] }
        warnings.append(w)
    }

    func finishedWarnings() -> [StyleWarning] {
        warnings.map { w in
            var message = w.message
            if w.grouped && !w.layers.isEmpty {
                let shown = w.layers.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
                let more = w.layers.count > 3 ? " and \(w.layers.count - 3) more" : ""
                message += " (layer\(w.layers.count == 1 ? "" : "s") \(shown)\(more))"
            }
            return StyleWarning(message: message, file: file, location: location(w.offset), layerID: w.layerID)
        }
    }

    // MARK: - Typed member access (wrong types are errors at the enclosing object)

    func string(_ o: JSONObject, _ key: String, in context: String) throws(StyleError) -> String? {
        guard let v = o[key] else { return nil }
        guard case .string(let s) = v else {
            throw error("\(context)\"\(key)\" must be a string, found \(v.typeDescription)", at: v.offset ?? o.offset)
        }
        return s
    }

    func number(_ o: JSONObject, _ key: String, in context: String) throws(StyleError) -> Double? {
        guard let v = o[key] else { return nil }
        guard case .number(let d) = v else {
            throw error("\(context)\"\(key)\" must be a number, found \(v.typeDescription)", at: v.offset ?? o.offset)
        }
        return d
    }

    func numbers(_ o: JSONObject, _ key: String, count: Int, in context: String) throws(StyleError) -> [Double]? {
        guard let v = o[key] else { return nil }
        guard case .array(let a) = v, a.count == count, a.elements.allSatisfy({ $0.doubleValue != nil }) else {
            throw error("\(context)\"\(key)\" must be an array of \(count) numbers", at: v.offset ?? o.offset)
        }
        return a.elements.compactMap(\.doubleValue)
    }

    func object(_ o: JSONObject, _ key: String, in context: String) throws(StyleError) -> JSONObject? {
        guard let v = o[key] else { return nil }
        guard case .object(let object) = v else {
            throw error("\(context)\"\(key)\" must be an object, found \(v.typeDescription)", at: v.offset ?? o.offset)
        }
        return object
    }

    // MARK: - Root

    private static let ignoredRootKeys: Set<String> = [
        "light", "sky", "terrain", "projection", "transition", "state", "centerAltitude", "roll", "fog", "imports",
        // Fields that editors (Mapbox Studio, Maputnik) add.
        "id", "owner", "created", "modified", "draft", "visibility", "protected",
    ]
    private static let handledRootKeys: Set<String> = [
        "version", "name", "metadata", "center", "zoom", "bearing", "pitch", "sources", "sprite", "glyphs", "layers",
    ]

    mutating func read() throws(StyleError) -> Style {
        let json: JSONValue
        do {
            json = try JSONParser().parse(bytes)
        } catch {
            throw StyleError(message: error.message, file: file, location: error.location, offset: error.offset)
        }
        guard case .object(let root) = json else {
            throw self.error("a style must be a JSON object, found \(json.typeDescription)", at: json.offset ?? 0)
        }
        guard let versionValue = root["version"] else {
            throw error("missing \"version\" (must be 8)", at: root.offset)
        }
        guard case .number(8) = versionValue else {
            throw error("style \"version\" must be 8, found \(StyleReader.describe(versionValue))", at: root.offset)
        }
        var style = Style(version: 8)
        style.name = try string(root, "name", in: "")
        style.metadata = root["metadata"]
        if let center = try numbers(root, "center", count: 2, in: "") {
            style.center = Coordinate(latitude: center[1], longitude: center[0])
        }
        style.zoom = try number(root, "zoom", in: "")
        style.bearing = try number(root, "bearing", in: "") ?? 0
        style.pitch = try number(root, "pitch", in: "") ?? 0
        style.glyphs = try string(root, "glyphs", in: "")
        style.sprites = try sprites(root)
        for member in root.members
        where !Self.handledRootKeys.contains(member.key) && !Self.ignoredRootKeys.contains(member.key) {
            warn("unknown root member \"\(member.key)\" ignored", at: member.value.offset ?? root.offset)
        }
        guard let sourcesValue = root["sources"] else { throw error("missing \"sources\"", at: root.offset) }
        guard case .object(let sources) = sourcesValue else {
            throw error(
                "\"sources\" must be an object, found \(sourcesValue.typeDescription)",
                at: sourcesValue.offset ?? root.offset)
        }
        for member in sources.members {
            if let source = try self.source(id: member.key, member.value, in: sources) { style.sources.append(source) }
        }
        guard let layersValue = root["layers"] else { throw error("missing \"layers\"", at: root.offset) }
        guard case .array(let layers) = layersValue else {
            throw error(
                "\"layers\" must be an array, found \(layersValue.typeDescription)",
                at: layersValue.offset ?? root.offset)
        }
        style.layers = try self.layers(layers, sources: style.sources)
        return style
    }

    static func describe(_ v: JSONValue) -> String {
        switch v {
        case .number(let d): return StyleValueFormatter.numberToString(d)
        case .string(let s): return "\"\(s)\""
        default: return v.typeDescription
        }
    }

    private func sprites(_ root: JSONObject) throws(StyleError) -> [StyleSprite] {
        guard let v = root["sprite"] else { return [] }
        switch v {
        case .string(let url):
            return [StyleSprite(id: "default", url: url)]
        case .array(let list):
            var result: [StyleSprite] = []
            for item in list.elements {
                guard case .object(let o) = item, case .string(let id)? = o["id"], case .string(let url)? = o["url"]
                else {
                    throw error(
                        "each \"sprite\" entry must be an object with string \"id\" and \"url\"",
                        at: item.offset ?? list.offset)
                }
                result.append(StyleSprite(id: id, url: url))
            }
            return result
        default:
            throw error("\"sprite\" must be a string or an array, found \(v.typeDescription)", at: root.offset)
        }
    }

    // MARK: - Sources

    private mutating func source(id: String, _ json: JSONValue, in sources: JSONObject) throws(StyleError)
        -> StyleSource?
    {
        guard case .object(let o) = json else {
            throw error(
                "source \"\(id)\" must be an object, found \(json.typeDescription)", at: json.offset ?? sources.offset)
        }
        let context = "source \"\(id)\": "
        guard let typeName = try string(o, "type", in: context) else {
            throw error("source \"\(id)\" has no \"type\"", at: o.offset)
        }
        guard let kind = StyleSource.Kind(rawValue: typeName) else {
            warn("source \"\(id)\" has unknown type \"\(typeName)\"; skipped", at: o.offset)
            return nil
        }
        var source = StyleSource(id: id, kind: kind)
        if kind == .image || kind == .video {
            warn("source \"\(id)\": \(typeName) sources are not supported; layers using it are skipped", at: o.offset)
        }
        source.url = try string(o, "url", in: context)
        if let tiles = o["tiles"] {
            guard case .array(let list) = tiles, list.elements.allSatisfy({ $0.stringValue != nil }) else {
                throw error("\(context)\"tiles\" must be an array of strings", at: tiles.offset ?? o.offset)
            }
            source.tiles = list.elements.compactMap(\.stringValue)
        }
        if let v = try number(o, "minzoom", in: context) { source.minzoom = v }
        if let v = try number(o, "maxzoom", in: context) { source.maxzoom = v }
        if let b = try numbers(o, "bounds", count: 4, in: context) {
            source.bounds = BoundingBox(west: b[0], south: b[1], east: b[2], north: b[3])
        }
        if let scheme = try string(o, "scheme", in: context) {
            guard let s = StyleSource.Scheme(rawValue: scheme) else {
                throw error("\(context)\"scheme\" must be \"xyz\" or \"tms\", found \"\(scheme)\"", at: o.offset)
            }
            source.scheme = s
        }
        if let v = try number(o, "tileSize", in: context) { source.tileSize = v }
        source.attribution = try string(o, "attribution", in: context)
        if kind == .rasterDEM, let encoding = try string(o, "encoding", in: context) {
            guard let e = StyleSource.Encoding(rawValue: encoding) else {
                throw error(
                    "\(context)\"encoding\" must be mapbox, terrarium or custom, found \"\(encoding)\"", at: o.offset)
            }
            source.encoding = e
        }
        if kind == .rasterDEM {
            var f = source.customFactors
            if let v = try number(o, "redFactor", in: context) { f.red = v }
            if let v = try number(o, "greenFactor", in: context) { f.green = v }
            if let v = try number(o, "blueFactor", in: context) { f.blue = v }
            if let v = try number(o, "baseShift", in: context) { f.baseShift = v }
            source.customFactors = f
        }
        if kind == .contour { try contourFields(o, into: &source, in: context) }
        if kind == .geojson {
            switch o["data"] {
            case .string(let url)?: source.data = .url(url)
            case .object(let data)?: source.data = .inline(.object(data))
            case nil: throw error("\(context)a geojson source needs \"data\"", at: o.offset)
            case let other?:
                // Not GeoJSON: the loader reports it and leaves the source out, as MapLibre does.
                source.data = .inline(other)
            }
            if let v = try number(o, "buffer", in: context) { source.buffer = v }
            if let v = try number(o, "tolerance", in: context) { source.tolerance = v }
        }
        return source
    }
}
