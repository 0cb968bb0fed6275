import Foundation
import MapSnapJSON

#if canImport(FoundationXML)
    import FoundationXML  // XMLParser lives here on Linux
#endif

/// Reads GPX 1.1 (https://www.topografix.com/GPX/1/1/) and 1.0 files into features.
///
/// - each `<trk>` becomes one feature: a LineString when one segment remains, else a
///   MultiLineString; properties `name`, `desc`, `type` (when present) and `"gpx": "trk"`;
/// - each `<rte>` becomes a LineString with `name`, `desc`, `type` and `"gpx": "rte"`;
/// - each `<wpt>` becomes a Point with `name`, `desc`, `type`, `sym` and `"gpx": "wpt"`;
/// - `<ele>` (metres) fills `Feature.elevations`: one array per segment or route, one value for a
///   waypoint, NaN where a point had none, nil when no point of the feature had one.
///
/// Decisions:
/// - a line needs two points: segments and routes with fewer are dropped without an error, and a
///   track left with no segment gives no feature;
/// - each segment and route is unwrapped across the antimeridian (`unwrapLongitudes()`);
/// - elements are matched by name, with the prefix of the root `<gpx>` element (usually none), so
///   GPX 1.0 and 1.1 both read and extension elements (`gpxx:…`, anything in `<extensions>`) are
///   ignored;
/// - `lat`/`lon` are required decimal numbers (`NaN`, `INF` and empty values are errors) with
///   latitude in -90…90 and longitude in -360…360, as for GeoJSON; `<ele>` must be a number when
///   it is not empty.
///
/// Encodings: UTF-8 (which files without a declaration must be, valid and without NUL bytes),
/// UTF-16 with a byte order mark, ISO-8859-1 and windows-1252; see `XMLInput`. `<!DOCTYPE>` is
/// refused.
///
/// Errors carry the line and column libxml2 reports (for an element: the end of its start tag).
/// XML syntax errors get a readable message; a file that ends early says it may be truncated.
public enum GPXReader {
    /// Reads the GPX document in `bytes`; `file` names the file in error messages.
    public static func read(bytes: [UInt8], file: String) throws(FormatError) -> [Feature] {
        if ByteScanning.isBlank(bytes) {
            throw FormatError(file: file, message: "the file is empty")
        }
        let text = try XMLInput.prepare(bytes, file: file)
        if ByteScanning.isBlank(text) {  // UTF-16 whitespace
            throw FormatError(file: file, message: "the file is empty")
        }
        // A stream, not `XMLParser(data:)`: given one buffer over 10 MB, libxml2's push parser
        // stops at the end with an internal error ("huge input lookup"); the stream feeds chunks.
        let parser = XMLParser(stream: ByteArrayInputStream(text))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let delegate = GPXParserDelegate(bytes: text, file: file)
        parser.delegate = delegate
        // `parse()` is false even after harmless namespace errors: the delegate's state decides.
        _ = withExtendedLifetime(delegate) { parser.parse() }
        if let error = delegate.error { throw error }
        guard delegate.sawRoot else {
            throw FormatError(file: file, message: "no <gpx> element found")
        }
        guard delegate.closedRoot else {
            // Only reached if libxml2 stopped without reporting why.
            let code = (parser.parserError as NSError?)?.code
            let message =
                code.map { XMLSyntaxMessage.text(forCode: $0) } ?? XMLSyntaxMessage.truncated(openElement: "gpx")
            throw FormatError(file: file, message: message)
        }
        try OverlayLimits.check(delegate.features, file: file)
        return delegate.features
    }
}
