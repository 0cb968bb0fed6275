/// Reads an overlay file (GeoJSON, GPX or encoded polylines) into features. A JSON file that is
/// a router's route answer (OSRM, Valhalla, GraphHopper, Mapbox Directions; see
/// `Router(recognising:)`) is read by `RouterResponseReader`; any other is GeoJSON.
public enum OverlayFileReader {
    /// Files larger than this (512 MiB) are refused rather than read into memory.
    public static let maximumFileSize = 512 * 1024 * 1024

    /// Reads the file at `path`, choosing the format with `OverlayFormat(path:bytes:)`.
    ///
    /// - Parameters:
    ///   - displayName: the name used in error messages (default: `path`).
    ///   - polylinePrecision: decimal digits of encoded polylines (5 for Google, 6 for OSRM); for an
    ///     OSRM or Mapbox answer, only when it gives no point to tell 5 from 6 by.
    /// - Throws: `FormatError` of kind `.missingFile` when the file does not exist, cannot be
    ///   opened or is a directory; `.badData` when it is too large or its content is invalid.
    public static func read(
        path: String, displayName: String? = nil, polylinePrecision: Int = 5
    ) throws(FormatError) -> [Feature] {
        let name = displayName ?? path
        let bytes = try FileBytes.contents(path: path, displayName: name, limit: maximumFileSize)
        return try read(
            bytes: bytes, file: name, format: OverlayFormat(path: path, bytes: bytes),
            polylinePrecision: polylinePrecision)
    }

    /// Reads `bytes` as `format`; `file` names the file in error messages.
    public static func read(
        bytes: [UInt8], file: String, format: OverlayFormat, polylinePrecision: Int = 5
    ) throws(FormatError) -> [Feature] {
        switch format {
        case .geoJSON:
            // One parse: a router's route answer (told by content) or GeoJSON.
            let root = try OverlayJSON.parse(bytes, file: file)
            if let router = Router(recognising: root) {
                return try RouterResponseReader.features(
                    from: root, router: router, sourceBytes: bytes, file: file, polylinePrecision: polylinePrecision)
            }
            return try GeoJSONReader.features(from: root, sourceBytes: bytes, file: file)
        case .gpx: return try GPXReader.read(bytes: bytes, file: file)
        case .polyline: return try PolylineReader.read(bytes: bytes, file: file, precision: polylinePrecision)
        }
    }
}
