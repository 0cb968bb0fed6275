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
///
/// Speed: a hand-written byte scanner (`GPXScanner`) reads well-formed UTF-8 documents; whatever
/// it is not sure of — every malformed file among them — goes to FoundationXML's `XMLParser`, which
/// gives the errors. Both feed one `GPXFeatureBuilder`, so they read the same features.
public enum GPXReader {
    /// Which parser reads the document.
    public enum Engine: Sendable {
        /// The byte scanner `GPXScanner` for well-formed UTF-8 GPX, falling back to FoundationXML
        /// for anything it is not sure of (every malformed file among them), so errors stay libxml2's.
        case scanner
        /// FoundationXML's `XMLParser` (libxml2) alone.
        case xmlParser
    }

    /// The engine `read(bytes:file:)` uses: `.scanner`, or `.xmlParser` when the environment
    /// variable `MAPSNAP_GPX_SCANNER` is `off` (to measure one against the other).
    public static let defaultEngine: Engine =
        ProcessInfo.processInfo.environment["MAPSNAP_GPX_SCANNER"] == "off" ? .xmlParser : .scanner

    /// Reads the GPX document in `bytes` with `defaultEngine`; `file` names the file in error messages.
    public static func read(bytes: [UInt8], file: String) throws(FormatError) -> [Feature] {
        try read(bytes: bytes, file: file, engine: defaultEngine)
    }

    /// Reads the GPX document in `bytes` with `engine`; both engines give the same features, and
    /// the same errors.
    public static func read(bytes: [UInt8], file: String, engine: Engine) throws(FormatError) -> [Feature] {
        if engine == .scanner, let features = try scan(bytes: bytes, file: file) { return features }
        return try readWithXMLParser(prepare(bytes, file: file), file: file)
    }

    /// The byte scanner alone, for differential testing: the features, or nil when the scanner is
    /// not sure of the document (where `read` asks FoundationXML). Throws what `read` throws
    /// before parsing (an empty file, an unsupported encoding, `<!DOCTYPE>`, …) and for limits.
    ///
    /// The scanner reads the file's bytes first — `XMLInput` would return any file the scanner
    /// reads unchanged, and skipping it saves a fifth of the time — then, when that fails and
    /// `XMLInput` converts the file (another encoding), the text it makes.
    public static func scan(bytes: [UInt8], file: String) throws(FormatError) -> [Feature]? {
        if ByteScanning.isBlank(bytes) {
            throw FormatError(file: file, message: "the file is empty")
        }
        var features = GPXScanner.features(in: bytes)
        if features == nil {
            let text = try prepare(bytes, file: file)
            if text != bytes { features = GPXScanner.features(in: text) }
        }
        guard let features else { return nil }
        try OverlayLimits.check(features, file: file)
        return features
    }

    /// The UTF-8 text XMLParser reads (see `XMLInput`).
    private static func prepare(_ bytes: [UInt8], file: String) throws(FormatError) -> [UInt8] {
        if ByteScanning.isBlank(bytes) {
            throw FormatError(file: file, message: "the file is empty")
        }
        let text = try XMLInput.prepare(bytes, file: file)
        if ByteScanning.isBlank(text) {  // UTF-16 whitespace
            throw FormatError(file: file, message: "the file is empty")
        }
        return text
    }

    private static func readWithXMLParser(_ text: [UInt8], file: String) throws(FormatError) -> [Feature] {
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
