import Foundation
import MapSnapGeometry
import MapSnapJSON

/// The TileJSON-style fields both archive formats carry as JSON: `vector_layers`, `name`,
/// `attribution`, … MBTiles keeps `vector_layers` in the `json` metadata row; PMTiles keeps a
/// JSON object, which converted archives fill with the MBTiles rows (so `vector_layers` may sit
/// inside a `json` string there too). Read with `MapSnapJSON` (RFC 8259, strict).
enum TileJSONInfo {
    /// A metadata JSON text, read: its top-level object and `vector_layers`, or why it could
    /// not be read. Unreadable metadata does not stop an archive from opening: its fields are
    /// just absent, and `error` says where the text went wrong.
    struct Document {
        /// The top-level object; nil when the text is empty or could not be read.
        let object: JSONObject?
        /// `vector_layers`, looking into a nested `json` string as well; empty when absent.
        let vectorLayers: [VectorLayerInfo]
        /// Why the text (or its nested `json` string) could not be read, with the line and
        /// column in that text; nil when it could, or is empty.
        let error: JSONParseError?

        init(_ text: String) {
            do throws(JSONParseError) {
                let object = try TileJSONInfo.object(text)
                self.object = object
                var error: JSONParseError?
                vectorLayers = object.map { TileJSONInfo.vectorLayers(in: $0, error: &error) } ?? []
                self.error = error
            } catch {
                self.object = nil
                self.vectorLayers = []
                self.error = error
            }
        }

        /// The string member `key` of the top-level object, when there is one.
        func string(_ key: String) -> String? { object?[key]?.stringValue }
    }

    /// The top-level object of `text`; nil for a text of only whitespace (no metadata).
    /// - Throws: `JSONParseError` (line:column in `text`) when `text` is not JSON, or when it is
    ///   JSON but not an object (then where the value starts).
    static func object(_ text: String) throws(JSONParseError) -> JSONObject? {
        let bytes = Array(text.utf8)
        guard let start = bytes.firstIndex(where: { !Self.isJSONWhitespace($0) }) else { return nil }
        let value = try JSONParser().parse(bytes)
        guard case .object(let object) = value else {
            throw JSONParseError(
                message: "the metadata is \(value.typeDescription), not an object",
                location: SourceLocation(offset: start, in: bytes), offset: start)
        }
        return object
    }

    private static func isJSONWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// `vector_layers` of a JSON object, looking into a nested `json` string as well; `error`
    /// gets why that string could not be read (the layers are then empty).
    static func vectorLayers(in object: JSONObject, error: inout JSONParseError?) -> [VectorLayerInfo] {
        if let list = object["vector_layers"]?.arrayValue {
            return list.elements.compactMap(layer)
        }
        guard let nested = object["json"]?.stringValue else { return [] }
        do throws(JSONParseError) {
            guard let inner = try Self.object(nested) else { return [] }
            return vectorLayers(in: inner, error: &error)
        } catch let e {
            error = JSONParseError(
                message: "in the \"json\" string: \(e.message)", location: e.location, offset: e.offset)
            return []
        }
    }

    private static func layer(_ value: JSONValue) -> VectorLayerInfo? {
        guard let d = value.objectValue, let id = d["id"]?.stringValue else { return nil }
        var fields: [String: String] = [:]
        if let f = d["fields"]?.objectValue {
            for m in f.members { fields[m.key] = fieldText(m.value) }
        }
        return VectorLayerInfo(
            id: id, fields: fields, minZoom: integer(d["minzoom"]), maxZoom: integer(d["maxzoom"]),
            description: d["description"]?.stringValue)
    }

    /// A field's declared type: the string itself (`"String"`, `"Number"`, …), else the value
    /// written out (numbers without a fraction as integers).
    private static func fieldText(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array, .object: return value.typeDescription
        }
    }

    /// An integer from a JSON number or a numeric string ("14").
    static func integer(_ value: JSONValue?) -> Int? {
        switch value {
        case .number(let d): return d.isFinite && d == d.rounded() && abs(d) < 1e9 ? Int(d) : nil
        case .string(let s): return parseInteger(s)
        default: return nil
        }
    }

    static func parseInteger(_ s: String) -> Int? {
        let t = s.trimmingCharacters(in: .whitespaces)
        if let i = Int(t) { return i }
        if let d = Double(t), d.isFinite, d == d.rounded(), abs(d) < 1e9 { return Int(d) }
        return nil
    }

    /// Parses `"w,s,e,n"` (degrees) as MBTiles `bounds` writes it.
    static func bounds(_ s: String) -> BoundingBox? {
        let parts = s.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let w = parts[0], let so = parts[1], let e = parts[2], let n = parts[3],
            [w, so, e, n].allSatisfy(\.isFinite)
        else { return nil }
        return BoundingBox(west: w, south: so, east: e, north: n)
    }

    /// Parses `"lon,lat[,zoom]"` as MBTiles `center` writes it.
    static func center(_ s: String) -> (longitude: Double, latitude: Double, zoom: Double?)? {
        let parts = s.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2 || parts.count == 3, let lon = parts[0], let lat = parts[1],
            lon.isFinite, lat.isFinite
        else { return nil }
        return (lon, lat, parts.count == 3 ? parts[2] : nil)
    }
}
