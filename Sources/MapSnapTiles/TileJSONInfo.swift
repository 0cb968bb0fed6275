import Foundation
import MapSnapGeometry

/// The TileJSON-style fields both archive formats carry as JSON: `vector_layers`, `name`,
/// `attribution`, … MBTiles keeps `vector_layers` in the `json` metadata row; PMTiles keeps a
/// JSON object, which converted archives fill with the MBTiles rows (so `vector_layers` may sit
/// inside a `json` string there too).
enum TileJSONInfo {
    /// The top-level object of `text`, or nil when it is not a JSON object.
    static func object(_ text: String) -> [String: Any]? {
        guard let data = text.data(using: .utf8),
            let obj = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        return obj as? [String: Any]
    }

    /// `vector_layers` of a JSON object, looking into a nested `json` string as well.
    static func vectorLayers(in object: [String: Any]) -> [VectorLayerInfo] {
        if let list = object["vector_layers"] as? [Any] {
            return list.compactMap(layer)
        }
        if let nested = object["json"] as? String, let inner = Self.object(nested) {
            return vectorLayers(in: inner)
        }
        return []
    }

    private static func layer(_ any: Any) -> VectorLayerInfo? {
        guard let d = any as? [String: Any], let id = d["id"] as? String else { return nil }
        var fields: [String: String] = [:]
        if let f = d["fields"] as? [String: Any] {
            for (k, v) in f { fields[k] = (v as? String) ?? "\(v)" }
        }
        return VectorLayerInfo(
            id: id, fields: fields, minZoom: integer(d["minzoom"]), maxZoom: integer(d["maxzoom"]),
            description: d["description"] as? String)
    }

    /// An integer from a JSON number or a numeric string ("14").
    static func integer(_ any: Any?) -> Int? {
        switch any {
        case let n as NSNumber:
            let d = n.doubleValue
            return d.isFinite && d == d.rounded() && abs(d) < 1e9 ? Int(d) : nil
        case let s as String:
            return parseInteger(s)
        default:
            return nil
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
