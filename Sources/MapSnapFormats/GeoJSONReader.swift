import MapSnapJSON

/// Reads GeoJSON (RFC 7946, https://www.rfc-editor.org/rfc/rfc7946) into features.
///
/// The document may be a FeatureCollection, a single Feature, or a bare geometry (including a
/// GeometryCollection), which becomes one feature with empty properties.
///
/// Guarantees:
/// - every error is a `FormatError` whose location is that of the nearest enclosing JSON array or
///   object (a JSON syntax error keeps the parser's own position), with a message saying what was
///   expected: `a position needs two numbers [lon, lat]`, `"coordinates" must be an array, found a
///   string`, `latitude 95 is outside -90…90`;
/// - positions are `[longitude, latitude]` or `[longitude, latitude, elevation]`: degrees, with
///   latitude in -90…90 and longitude in -360…360 (data may continue past the antimeridian);
///   elevation in metres; more than three numbers is an error;
/// - a LineString needs at least 2 positions; a polygon ring needs at least 4 once closed: an open
///   ring is closed by repeating its first position (RFC 7946 §3.1.6 asks writers to close rings,
///   MapSnap forgives readers' input);
/// - each LineString and ring is unwrapped across the antimeridian with
///   `Array<Coordinate>.unwrapLongitudes()` (unless `unwrapsLongitudes` is false: a style's
///   geojson source); MultiPoint positions are left as written;
/// - a Feature whose `"geometry"` is null is skipped (it has nothing to draw);
/// - `"properties"` null or absent gives an empty object; members keep their source order;
/// - `Feature.elevations` has one array per part, NaN where a position had no third number, and
///   is nil when no position of the feature had one. Parts, in order: a Point or a MultiPoint is
///   one part, a LineString one, a MultiLineString one per line, a Polygon one per ring, a
///   MultiPolygon one per ring of each polygon, a GeometryCollection the parts of its members.
///
/// A file may hold at most `OverlayLimits` (positions, features); more is an error.
///
/// Members MapSnap does not use (`id`, `bbox`, foreign members) are ignored.
public enum GeoJSONReader {
    /// Reads the GeoJSON document in `bytes` (UTF-8, an optional byte order mark is skipped);
    /// `file` names the file in error messages. With `unwrapsLongitudes` false, LineStrings and
    /// rings keep their longitudes as written (a style's geojson source, as MapLibre reads it).
    public static func read(bytes: [UInt8], file: String, unwrapsLongitudes: Bool = true) throws(FormatError)
        -> [Feature]
    {
        let root = try OverlayJSON.parse(bytes, file: file)
        var decoder = GeoJSONDecoder(bytes: bytes, file: file)
        decoder.unwrapsLongitudes = unwrapsLongitudes
        let features = try decoder.features(in: root)
        try OverlayLimits.check(features, file: file)
        return features
    }

    /// Reads GeoJSON that is already parsed, e.g. a style source's inline `data`. `sourceBytes`
    /// is the text `value` was parsed from (its offsets point into it), so errors name the line
    /// and column in `file`. `unwrapsLongitudes` as in `read`.
    public static func features(
        from value: JSONValue, sourceBytes: [UInt8], file: String, unwrapsLongitudes: Bool = true
    ) throws(FormatError) -> [Feature] {
        var decoder = GeoJSONDecoder(bytes: sourceBytes, file: file)
        decoder.unwrapsLongitudes = unwrapsLongitudes
        let features = try decoder.features(in: value)
        try OverlayLimits.check(features, file: file)
        return features
    }
}
