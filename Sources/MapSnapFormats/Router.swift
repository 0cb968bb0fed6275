import MapSnapJSON

/// The routing engines whose `route` answers MapSnap draws (see `RouterResponseReader`).
public enum Router: String, Sendable, CaseIterable {
    /// OSRM's route service, v5 (http://project-osrm.org/docs/v5.24.0/api/#route-service).
    case osrm
    /// Valhalla's turn-by-turn route
    /// (https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/).
    case valhalla
    /// GraphHopper's routing API (https://docs.graphhopper.com/#operation/postRoute).
    case graphhopper
    /// The Mapbox Directions API (https://docs.mapbox.com/api/navigation/directions/), OSRM's
    /// format with instructions and a `uuid`.
    case mapbox

    /// The engine's name as its makers write it, for messages.
    public var displayName: String {
        switch self {
        case .osrm: return "OSRM"
        case .valhalla: return "Valhalla"
        case .graphhopper: return "GraphHopper"
        case .mapbox: return "Mapbox"
        }
    }

    /// The router whose answer `root` is, told by content, or nil for anything else (GeoJSON among
    /// it: an object with a `type` member is never a router's answer).
    ///
    /// - an object with `trip`, or Valhalla's error members `error_code`: Valhalla;
    /// - with `routes` or a string `code`: Mapbox when it has a `uuid` or its first step's
    ///   `maneuver` has an `instruction`, else OSRM (an error answer, `code` and `message`, is OSRM's);
    /// - with `paths`, or a string `message` (GraphHopper's errors): GraphHopper.
    public init?(recognising root: JSONValue) {
        guard case .object(let object) = root, object["type"] == nil else { return nil }
        if object["trip"]?.objectValue != nil || object["error_code"] != nil {
            self = .valhalla
        } else if object["routes"] != nil || object["code"]?.stringValue != nil {
            self = Self.isMapbox(object) ? .mapbox : .osrm
        } else if object["paths"] != nil || object["message"]?.stringValue != nil {
            self = .graphhopper
        } else {
            return nil
        }
    }

    /// Mapbox's answer carries a `uuid`, and its steps' maneuvers an `instruction` OSRM's lack.
    private static func isMapbox(_ object: JSONObject) -> Bool {
        if object["uuid"] != nil { return true }
        let step = object["routes"]?.arrayValue?.elements.first?.objectValue?["legs"]?.arrayValue?.elements.first?
            .objectValue?["steps"]?.arrayValue?.elements.first?.objectValue
        return step?["maneuver"]?.objectValue?["instruction"]?.stringValue != nil
    }
}
