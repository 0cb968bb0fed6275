import MapSnapFormats
import MapSnapStyle
import MapSnapTiles

/// Why a snapshot, a base map or a file could not be made, read or written.
///
/// `description` is the message for people, led by the place when there is one:
/// `style.json:2:12: expected a value` or `trails.geojson: cannot read the file`. Messages speak
/// of the library's terms (options, sources, files), never of a front end's: a command line
/// names its own flags from `kind` and `subject`.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, broadly: enough for a front end to choose its response (an exit status).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An input's content is not valid: a style, an overlay or TileJSON file, a tile archive.
        case badInput
        /// An input file does not exist or cannot be read.
        case missingFile
        /// An output file cannot be created or written.
        case cannotWrite
        /// The request itself is wrong or inconsistent (a size, a scale, a camera with nothing to
        /// fit, a trail or source that is not there).
        case usage
        /// A failure inside MapSnap (fonts, the drawing surface, an encoder) or of a program it ran.
        case `internal`
        /// A program the request needs is not installed (`mapsnap basemap build` runs tilemaker,
        /// gmt, ogr2ogr, python3-shapely): the message names its Debian package.
        case unavailable
    }

    /// The part of the request an error is about, so a front end can name it in its own terms.
    public enum Subject: Sendable, Hashable {
        /// `SnapshotOptions.size` (with `scale`, the image's pixels).
        case size
        /// `SnapshotOptions.scale`.
        case scale
        /// `SnapshotOptions.camera`: a fitting camera with nothing to fit.
        case camera
        /// `SnapshotOptions.highlight`: no trail has that name.
        case highlight
        /// The override (`BaseMapLoader.load(style:overrides:warn:)`) of the style source with this
        /// id: the style has no such source.
        case sourceOverride(String)
        /// `SnapshotOptions.fontFolder`: the folder or a file in it cannot be used.
        case fontFolder
    }

    public var kind: Kind
    /// What went wrong, without the place (`file`, `line`, `column`).
    public var message: String
    /// The file concerned, as it was named to the library (a path), when there is one.
    public var file: String?
    /// 1-based line in `file`, when known.
    public var line: Int?
    /// 1-based column in `line` (Unicode scalars), when known.
    public var column: Int?
    /// The part of the request at fault, when the error is about one.
    public var subject: Subject?

    public init(
        _ kind: Kind, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        subject: Subject? = nil
    ) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.subject = subject
    }

    /// An overlay file that cannot be read: `.missingFile` or `.badInput`, with its place.
    public init(_ error: FormatError) {
        self.init(
            error.kind == .missingFile ? .missingFile : .badInput, error.message, file: error.file,
            line: error.location?.line, column: error.location?.column)
    }

    /// A style that cannot be used (`.badInput`), with its place.
    init(_ error: StyleError) {
        self.init(
            .badInput, error.message, file: error.file, line: error.location?.line, column: error.location?.column)
    }

    /// A tile archive that cannot be opened (`.badInput`), naming the file.
    init(_ error: TileSourceError) {
        self.init(.badInput, error.message, file: error.path)
    }

    /// `file:line:column: message`, leaving out the parts that are not known.
    public var description: String {
        let place = [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return place.isEmpty ? message : "\(place): \(message)"
    }

    /// The same error with `context` (e.g. `source "trails"`) before the message.
    func within(_ context: String) -> SnapshotError {
        var e = self
        e.message = "\(context): \(message)"
        return e
    }
}
