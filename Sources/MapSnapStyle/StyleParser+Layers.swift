import MapSnapJSON

/// Layers (https://maplibre.org/maplibre-style-spec/layers/): fields, `ref` resolution, filters,
/// and layout/paint properties compiled against the property table.
extension StyleReader {
    /// The members a `ref` layer takes from the layer it names (old spec).
    private static let refProperties = ["type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout"]
    private static let layerMembers: Set<String> = [
        "id", "type", "metadata", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout", "paint", "ref",
    ]

    mutating func layers(_ list: JSONArray, sources: [StyleSource]) throws(StyleError) -> [StyleLayer] {
        // Layer objects by id, for `ref`.
        var byID: [String: JSONObject] = [:]
        for item in list.elements {
            if case .object(let o) = item, case .string(let id)? = o["id"], byID[id] == nil { byID[id] = o }
        }
        var seen: Set<String> = []
        var result: [StyleLayer] = []
        for item in list.elements {
            guard case .object(var o) = item else {
                throw error(
                    "each layer must be an object, found \(item.typeDescription)", at: item.offset ?? list.offset)
            }
            guard let idValue = o["id"] else { throw error("a layer has no \"id\"", at: o.offset) }
            guard case .string(let id) = idValue else {
                throw error("layer \"id\" must be a string, found \(idValue.typeDescription)", at: o.offset)
            }
            guard seen.insert(id).inserted else { throw error("duplicate layer id \"\(id)\"", at: o.offset) }
            if let refValue = o["ref"] {
                guard case .string(let ref) = refValue else {
                    throw error("layer \"\(id)\": \"ref\" must be a string", at: o.offset)
                }
                guard let parent = byID[ref], ref != id else {
                    warn("layer \"\(id)\": \"ref\" names unknown layer \"\(ref)\"; skipped", at: o.offset, layer: id)
                    continue
                }
                for key in Self.refProperties {
                    o.members.removeAll { $0.key == key }
                    if let v = parent[key] { o.members.append(JSONMember(key: key, value: v)) }
                }
            }
            if let layer = try self.layer(id: id, o, sources: sources) { result.append(layer) }
        }
        return result
    }

    private mutating func layer(id: String, _ o: JSONObject, sources: [StyleSource]) throws(StyleError) -> StyleLayer? {
        let context = "layer \"\(id)\": "
        guard let typeName = try string(o, "type", in: context) else {
            throw error("layer \"\(id)\" has no \"type\"", at: o.offset)
        }
        for member in o.members where !Self.layerMembers.contains(member.key) {
            warnOnce(
                key: "member:\(member.key)", "unknown layer member \"\(member.key)\" ignored", at: o.offset, layer: id)
        }
        guard let type = StyleLayerType(rawValue: typeName) else {
            warnOnce(
                key: "type:\(typeName)",
                "layer type \"\(typeName)\" is not supported; skipped"
                    + NearMiss.hint(for: typeName, among: StyleLayerType.allCases.map(\.rawValue)),
                at: o.offset, layer: id)
            return nil
        }
        let metadata = o["metadata"]
        let source = try string(o, "source", in: context)
        let sourceLayer = try string(o, "source-layer", in: context)
        let minzoom = try number(o, "minzoom", in: context)
        let maxzoom = try number(o, "maxzoom", in: context)
        let layoutJSON = try object(o, "layout", in: context)
        let paintJSON = try object(o, "paint", in: context)
        if let filter = o["filter"] {
            switch filter {
            case .array, .bool, .null: break
            default: throw error("\(context)\"filter\" must be an array, found \(filter.typeDescription)", at: o.offset)
            }
        }

        if type.needsSource {
            guard let sourceID = source else {
                warn("\(context)has no \"source\"; skipped", at: o.offset, layer: id)
                return nil
            }
            guard let dataSource = sources.first(where: { $0.id == sourceID }) else {
                warnOnce(
                    key: "source:\(sourceID)", "unknown source \"\(sourceID)\"; layers using it skipped", at: o.offset,
                    layer: id)
                return nil
            }
            if dataSource.kind == .image || dataSource.kind == .video { return nil }
            if dataSource.kind == .vector && sourceLayer == nil {
                warn(
                    "\(context)a layer of vector source \"\(sourceID)\" needs \"source-layer\"; skipped", at: o.offset,
                    layer: id)
                return nil
            }
        }

        var filter: StyleExpression?
        if let json = o["filter"], json != .null {
            do {
                filter = try StyleExpression.filter(json)
            } catch {
                warn(
                    "\(context)filter\(Self.joinPath(error.message)); layer skipped", at: error.offset ?? o.offset,
                    layer: id)
                return nil
            }
        }
        var visibility = StyleVisibility.visible
        var layout = StyleProperties()
        if let layoutJSON {
            layout = properties(layoutJSON, layout: true, type: type, layerID: id)
            if case .constant(.string("none"))? = layout[.visibility] { visibility = .none }
        }
        let paint = paintJSON.map { properties($0, layout: false, type: type, layerID: id) } ?? StyleProperties()
        return StyleLayer(
            id: id, type: type, source: source, sourceLayer: sourceLayer, minzoom: minzoom, maxzoom: maxzoom,
            filter: filter, visibility: visibility, layout: layout, paint: paint, metadata: metadata)
    }

    /// "paint.fill-color" + "[2]: msg" → "paint.fill-color[2]: msg"; otherwise adds ": ".
    static func joinPath(_ message: String) -> String {
        message.hasPrefix("[") ? message : ": " + message
    }

    private mutating func properties(
        _ o: JSONObject, layout: Bool, type: StyleLayerType, layerID: String
    ) -> StyleProperties {
        let group = layout ? "layout" : "paint"
        var result = StyleProperties()
        for member in o.members {
            let name = member.key
            // A null value leaves the property unset (its default applies).
            if member.value == .null { continue }
            // Transitions (`fill-color-transition`) are animation settings: nothing to draw.
            if !layout, name.hasSuffix("-transition"), StyleProperty(String(name.dropLast(11))) != nil { continue }
            guard let property = StyleProperty(name), let spec = property.spec else {
                warnOnce(
                    key: "\(group):\(name)",
                    "unknown \(group) property \"\(name)\" ignored"
                        + NearMiss.hint(
                            for: name,
                            among: PropertySpec.all.filter { $0.isLayout == layout && $0.layerTypes.contains(type) }
                                .map(
                                    \.name)),
                    at: o.offset, layer: layerID)
                continue
            }
            guard spec.isLayout == layout else {
                let actual = spec.isLayout ? "layout" : "paint"
                warnOnce(
                    key: "\(group):\(name)", "\"\(name)\" is a \(actual) property, not a \(group) property; ignored",
                    at: o.offset, layer: layerID)
                continue
            }
            guard spec.layerTypes.contains(type) else {
                warnOnce(
                    key: "\(group):\(name):\(type.rawValue)",
                    "\(group) property \"\(name)\" does not apply to \(type.rawValue) layers; ignored", at: o.offset,
                    layer: layerID)
                continue
            }
            do {
                result.set(property, try PropertyCompiler.compile(member.value, spec: spec))
            } catch {
                warn(
                    "layer \"\(layerID)\": \(group).\(name)\(Self.joinPath(error.message)) (property ignored)",
                    at: error.offset ?? member.value.offset ?? o.offset, layer: layerID)
            }
        }
        return result
    }
}
