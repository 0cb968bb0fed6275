import MapSnapJSON

/// Reads the route answers of the routers people run (OSRM, Valhalla, GraphHopper, Mapbox
/// Directions) into route features, so that a saved answer draws like any overlay file.
///
/// Each route of the answer becomes one LineString feature, the router's best route first and its
/// alternatives after it, with these properties (see `RouteLine.feature`):
///
/// | property | value |
/// |---|---|
/// | `route` | true: drawn as a route (dashed), even when read as a plain overlay file |
/// | `router` | "osrm", "valhalla", "graphhopper" or "mapbox" |
/// | `alternative` | true on every route but the first (absent on the first) |
/// | `distance` | metres |
/// | `duration` | seconds |
/// | `ascent`, `descent` | metres, when the router gave them (GraphHopper's `ascend` / `descend`) |
/// | `profile`, `mode` | when the answer names them (OSRM and Mapbox step `mode`, Valhalla `travel_mode`) |
/// | `steps` | [{`instruction`, `distance` (m), `duration` (s), `location` [lon, lat]}] |
///
/// Guarantees:
/// - a router's error answer (OSRM / Mapbox `code` other than "Ok", Valhalla `error_code`,
///   GraphHopper `message` without `paths`) is a `FormatError` naming the file and the router's
///   own message, without a location;
/// - a malformed answer (a missing geometry, a polyline that does not decode, a member of the
///   wrong type, an index past the line) is a `FormatError` at the line and column of the object
///   that holds the fault, as `GeoJSONReader`'s are;
/// - coordinates are checked as every reader's are (latitude -90…90, longitude -360…360), and
///   lines are unwrapped across the antimeridian; a file may hold at most `OverlayLimits`.
///
/// The formats: `OSRMResponseReader` (OSRM and Mapbox), `ValhallaResponseReader`,
/// `GraphHopperResponseReader`.
public enum RouterResponseReader {
    /// Reads the router's answer in `bytes`; `file` names the file in error messages.
    /// `polylinePrecision` is the precision of OSRM and Mapbox geometries when the answer gives no
    /// point to tell 5 from 6 by (see `OSRMResponseReader`).
    /// - Throws: `FormatError`; "not a route answer of OSRM, Valhalla, GraphHopper or Mapbox" when
    ///   `Router(recognising:)` does not know the document.
    public static func read(bytes: [UInt8], file: String, polylinePrecision: Int = 5) throws(FormatError) -> [Feature] {
        let root = try OverlayJSON.parse(bytes, file: file)
        guard let router = Router(recognising: root) else {
            throw FormatError(
                file: file, location: root.offset.map { SourceLocation(offset: $0, in: bytes) },
                message: "not a route answer of OSRM, Valhalla, GraphHopper or Mapbox")
        }
        return try features(
            from: root, router: router, sourceBytes: bytes, file: file, polylinePrecision: polylinePrecision)
    }

    /// The features of an already parsed answer of `router`; `sourceBytes` is the text `value` was
    /// parsed from (errors name its lines and columns).
    public static func features(
        from value: JSONValue, router: Router, sourceBytes: [UInt8], file: String, polylinePrecision: Int = 5
    ) throws(FormatError) -> [Feature] {
        let decoder = RouteDecoder(bytes: sourceBytes, file: file)
        guard case .object(let response) = value else {
            throw FormatError(file: file, message: "a \(router.displayName) answer must be a JSON object")
        }
        let lines: [RouteLine]
        switch router {
        case .osrm, .mapbox:
            lines = try OSRMResponseReader.routes(response, decoder: decoder, preferredPrecision: polylinePrecision)
        case .valhalla:
            lines = try ValhallaResponseReader.routes(response, decoder: decoder)
        case .graphhopper:
            lines = try GraphHopperResponseReader.routes(response, decoder: decoder)
        }
        let features = lines.enumerated().map { $1.feature(router: router, alternative: $0 > 0) }
        try OverlayLimits.check(features, file: file)
        return features
    }
}
