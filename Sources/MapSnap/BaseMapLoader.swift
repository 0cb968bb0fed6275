import Foundation
import MapSnapFormats
import MapSnapOverlay
import MapSnapRender
import MapSnapStyle
import MapSnapTerrain
import MapSnapTiles

/// Turns a style file and source overrides (style source id → local file) into a drawable
/// `BaseMap`, offline: sources that point at the network are ignored with one warning each
/// unless overridden by a local file.
///
/// Source locations understood (relative paths resolve against the style file's folder):
/// `mbtiles://PATH`, `pmtiles://PATH`, `file://PATH`, or a plain path ending in `.mbtiles` /
/// `.pmtiles`, given as the source's `url`; `tiles` templates of local files; for raster
/// sources also a local TileJSON file (see `loadRaster`).
public final class BaseMapLoader {
    /// Opened tile archives by absolute path, shared by every style this loader opens.
    private var caches: [String: VectorTileCache] = [:]

    /// Whether the style gets the default overlay layers it does not restyle or replace
    /// (`OverlayLayers.merge`), so overlays always show; off for `--bare`, which draws only what
    /// the style draws.
    public var appendsOverlayLayers = true

    /// How a warning about a source that is not local tells to override it, given the source's
    /// id; a front end may name its own option instead.
    public var unboundSourceHint: (String) -> String = { id in "give \"\(id)\" a local file in the overrides" }

    /// The world base map drawn where an OpenMapTiles-schema source has no tiles
    /// (`BaseMap.fallbackSources`): `worldMapPath` by default; nil for none (`--bare` draws only
    /// what the style draws).
    public var worldMap: String? = BaseMapLoader.worldMapPath

    /// How the warning about a source without tiles for a view says to get some, given the
    /// source id; a front end may name its own command.
    public var missingTilesHint: @Sendable (String) -> String = BaseMap.standardMissingTilesHint

    /// Elevation files (`--dem PATH`, repeatable; see `loadElevation`): relief for a style that
    /// has none, and the heights of its `raster-dem` sources that have no local tiles.
    public var elevation: [String] = []

    /// A sprite to use instead of the style's (`--sprite PATH`): a path prefix, from the current
    /// folder, of `PATH.json` and `PATH.png` (or their `@2x` variants). Nil keeps the style's.
    public var sprite: String?

    public init() {}

    /// The bundled world base map (`world.mbtiles`: sea, lakes, country borders and names,
    /// major cities; zooms 0–7): `$MAPSNAP_WORLD_MAP` (empty or `none`: no world map), else
    /// next to the bundled styles; nil when there is none.
    public static let worldMapPath: String? = {
        if let env = ProcessInfo.processInfo.environment["MAPSNAP_WORLD_MAP"] {
            return env.isEmpty || env == "none" ? nil : env
        }
        guard let p = styleDirectory?.appendingPathComponent("world.mbtiles").path,
            FileManager.default.fileExists(atPath: p)
        else { return nil }
        return p
    }()

    /// The folder holding the bundled styles (`standard.json`, …): `$MAPSNAP_STYLE_DIR`, an
    /// installed layout (`../share/mapsnap/Styles` from the executable's folder), the package's
    /// `Styles/` next to a build folder, or the source tree's.
    public static let styleDirectory: URL? = {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["MAPSNAP_STYLE_DIR"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        // Installed by Scripts/install: PREFIX/bin/mapsnap and PREFIX/share/mapsnap/Styles.
        candidates.append(exe.deletingLastPathComponent().appendingPathComponent("share/mapsnap/Styles"))
        // .build/<triple>/<config>/mapsnap → package root is three or four levels up.
        var dir = exe
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent("Styles"))
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Styles"))
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("standard.json").path)
        }
    }()

    /// The bundled style names.
    public static let bundledStyles = ["standard", "satellite", "hybrid"]

    /// Path of a bundled style name, or `nameOrPath` itself when it is not one.
    /// - Throws: `SnapshotError` of kind `.missingFile` when the bundled styles are not found.
    public static func stylePath(_ nameOrPath: String) throws(SnapshotError) -> String {
        guard bundledStyles.contains(nameOrPath) else { return nameOrPath }
        guard let dir = styleDirectory else {
            throw SnapshotError(
                .missingFile, "the bundled styles were not found; set MAPSNAP_STYLE_DIR to the Styles folder")
        }
        let p = dir.appendingPathComponent(nameOrPath + ".json").path
        guard FileManager.default.fileExists(atPath: p) else {
            throw SnapshotError(.missingFile, "style \"\(nameOrPath)\" is not bundled yet", file: p)
        }
        return p
    }

    /// Loads `style` (a bundled name or a path) with `overrides` (source id → local file, a path
    /// from the current folder). `warn` receives each warning once.
    ///
    /// - Throws: `SnapshotError`: `.missingFile` for a style, archive or data file that is not
    ///   there; `.badInput`, with the file, line and column where known, for a style or a file it
    ///   names that cannot be used; `.usage` (subject `.sourceOverride`) for an override of a
    ///   source the style does not have.
    public func load(style: String, overrides: [String: String] = [:], warn: (String) -> Void) throws(SnapshotError)
        -> BaseMap
    {
        let file = try parseStyle(at: try Self.stylePath(style), warn: warn)
        var parsedStyle = file.style
        if let sprite {
            parsedStyle.sprites = [StyleSprite(id: "default", url: try Self.spritePath(sprite))]
        }
        let dem = try loadElevation(elevation)
        if dem != nil { try Self.addRelief(to: &parsedStyle, named: style) }
        Self.warnOffline(parsedStyle, warn: warn)
        Self.warnUnsupported(parsedStyle, warn: warn)
        for id in overrides.keys.sorted() where parsedStyle.source(id: id) == nil {
            let known = parsedStyle.sources.map(\.id).joined(separator: ", ")
            throw SnapshotError(
                .usage, "the style has no source \"\(id)\" (sources: \(known))", subject: .sourceOverride(id))
        }
        var loaded = LoadedSources()
        for source in parsedStyle.sources {
            // The --dem files stand in for a raster-dem source with no local tiles of its own.
            if let dem, source.kind == .rasterDEM, overrides[source.id] == nil,
                source.id == Self.demSourceID || !Self.hasLocalTiles(source, base: file.folder)
            {
                loaded.dem[source.id] = dem
                continue
            }
            try loadSource(source, bound: overrides[source.id], from: file, into: &loaded, warn: warn)
        }
        // OpenStreetMap-derived tiles (all the OpenMapTiles-schema sources) must credit OSM (ODbL).
        let osm = "© OpenStreetMap contributors"
        if !loaded.vector.isEmpty { loaded.credits.append(osm) }
        // Contour lines, once the raster-dem sources they are traced from are loaded.
        for source in parsedStyle.sources where source.kind == .contour {
            let demID = source.demSource ?? Self.demSourceID
            guard let dem = loaded.dem[demID] else {
                warn(
                    "source \"\(source.id)\": no raster-dem source \"\(demID)\" with local tiles to trace contours "
                        + "from; its layers are not drawn (give --dem PATH)")
                continue
            }
            let tiles = ContourTileSource(
                dem: dem, thresholds: source.contourThresholds, multiplier: source.contourMultiplier)
            loaded.vector[source.id] = VectorTileCache(source: tiles, capacity: 64)
        }
        var map = BaseMap(
            style: parsedStyle, vectorSources: loaded.vector, attribution: BaseMap.joinAttribution(loaded.credits))
        map.geojsonSources = loaded.geojson
        map.rasterSources = loaded.raster
        map.demSources = loaded.dem
        (map.sprites, map.highResolutionSprites) = loadSprites(parsedStyle, base: file.folder, warn: warn)
        map.missingTilesHint = missingTilesHint
        // Per source, so that an image credits only what drew in it: OSM after every source
        // (as in `attribution`), the world map's own credit last.
        map.sourceCredits = loaded.sourceCredits
        let osmSources = loaded.vector.keys.filter { parsedStyle.source(id: $0)?.kind != .contour }
        if !osmSources.isEmpty {
            map.sourceCredits += osmSources.sorted().map { .init(source: $0, credits: [osm]) }
        }
        try addWorld(to: &map, warn: warn)
        return map
    }

    /// Binds the world base map (`worldMap`) under every OpenMapTiles-schema vector source of
    /// `map` (see `isOpenMapTiles`).
    private func addWorld(to map: inout BaseMap, warn: (String) -> Void) throws(SnapshotError) {
        guard let worldMap else { return }
        let ids = map.vectorSources.keys.sorted().filter { id in
            map.vectorSources[id].map { Self.isOpenMapTiles(id, map.style.source(id: id), $0.source) } ?? false
        }
        guard !ids.isEmpty else { return }
        let world: VectorTileCache
        do {
            world = try open(worldMap)
        } catch {
            warn("the world base map is not drawn: \(error)")
            return
        }
        let credit = world.source.attribution ?? ""
        for id in ids {
            map.fallbackSources[id] = world
            map.sourceCredits.append(.init(source: BaseMap.fallbackKey(id), credits: [credit]))
        }
    }

    /// Whether a vector source holds OpenMapTiles-schema tiles, which the world base map can
    /// stand in for: its id, its URL, or its archive's name, description or attribution says
    /// "openmaptiles" (tilemaker's profile says "OpenMapTiles schema").
    static func isOpenMapTiles(_ id: String, _ style: StyleSource?, _ tiles: any TileSource) -> Bool {
        var said = [id, style?.url ?? "", tiles.attribution ?? ""]
        if let m = (tiles as? MBTilesReader)?.metadata { said += [m.name ?? "", m.description ?? ""] }
        if let p = tiles as? PMTilesReader { said += [p.name ?? "", p.metadataDescription ?? ""] }
        return said.contains { $0.lowercased().replacingOccurrences(of: " ", with: "").contains("openmaptiles") }
    }

    /// A parsed style file: the style (with the default overlay layers when they are appended),
    /// its bytes (for the places of errors in inline data) and where it is.
    private struct StyleFile {
        var style: Style
        var path: String
        var bytes: [UInt8]
        /// The folder relative locations in the style resolve against.
        var folder: URL
    }

    /// The sources of a base map as they are loaded, and the credits they bring.
    private struct LoadedSources {
        var vector: [String: VectorTileCache] = [:]
        var geojson: [String: GeoJSONSource] = [:]
        var raster: [String: RasterTileSet] = [:]
        var dem: [String: DEMTileSet] = [:]
        var credits: [String] = []
        /// `credits` by source, in the style's order.
        var sourceCredits: [BaseMap.SourceCredit] = []

        /// Adds the credits of source `id`.
        mutating func credit(_ id: String, _ texts: [String]) {
            credits += texts
            sourceCredits.append(.init(source: id, credits: texts))
        }
    }

    /// Reads and parses the style at `path`, appends the overlay layers when asked, and passes
    /// on the parser's warnings.
    private func parseStyle(at path: String, warn: (String) -> Void) throws(SnapshotError) -> StyleFile {
        // As the overlay files are read: "no such file", "permission denied", "is a directory"…;
        // an empty file (/dev/null, say) is the parser's "the file is empty".
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(path: path, displayName: path, limit: 64 * 1024 * 1024)
        } catch {
            var e = SnapshotError(error)
            e.message = "cannot read the style file (\(e.message))"
            throw e
        }
        let parsed: (Style, [StyleWarning])
        do {
            parsed = try StyleParser.parse(bytes: bytes, file: path)
        } catch {
            throw SnapshotError(error)
        }
        var (style, warnings) = parsed
        if appendsOverlayLayers {
            do {
                try OverlayLayers.merge(into: &style)
            } catch {
                throw SnapshotError(.internal, "the built-in overlay layers do not parse: \(error.description)")
            }
        }
        for w in warnings { warn(w.description) }
        return StyleFile(
            style: style, path: path, bytes: bytes, folder: URL(fileURLWithPath: path).deletingLastPathComponent())
    }

    /// Offline, always: network glyphs and sprites are never fetched (one warning each).
    static func warnOffline(_ style: Style, warn: (String) -> Void) {
        if let g = style.glyphs, g.contains("://"), !g.hasPrefix("file://") {
            warn("glyphs \(g) ignored (offline): text uses the bundled Noto Sans fonts")
        }
        for sprite in style.sprites where sprite.url.contains("://") && !sprite.url.hasPrefix("file://") {
            warn("sprite \(sprite.url) ignored (offline): icons are not drawn")
        }
    }

    /// Loads one style source into `loaded`; `bound` is its override, if any.
    private func loadSource(
        _ source: StyleSource, bound: String?, from style: StyleFile, into loaded: inout LoadedSources,
        warn: (String) -> Void
    ) throws(SnapshotError) {
        switch source.kind {
        case .geojson:
            if let g = loadGeoJSON(source, from: style, warn: warn) {
                loaded.geojson[source.id] = g
                loaded.credit(source.id, [source.attribution ?? ""])
            }
        case .raster:
            if let (tiles, credits) = try loadRaster(source, bound: bound, base: style.folder, warn: warn) {
                loaded.raster[source.id] = tiles
                loaded.credit(source.id, credits)
            }
        case .rasterDEM:
            if let (tiles, credits) = try loadRaster(source, bound: bound, base: style.folder, warn: warn) {
                loaded.dem[source.id] = DEMTileSet(images: tiles, encoding: Self.demEncoding(source))
                loaded.credit(source.id, credits)
            }
        case .vector:
            if let (cache, credits) = try loadVector(source, bound: bound, base: style.folder, warn: warn) {
                loaded.vector[source.id] = cache
                loaded.credit(source.id, credits)
            }
        case .contour:
            break  // after the raster-dem sources (see `load`)
        default:
            warn("source \"\(source.id)\": \(source.kind.rawValue) sources are not drawn yet")
        }
    }

    /// The tiles of vector `source` and the credits to show for them, or nil (after a warning)
    /// when they are not local: an archive (`bound`, or the source's `url`), a local TileJSON
    /// file's `tiles`, or `tiles` templates of local files.
    private func loadVector(_ source: StyleSource, bound: String?, base: URL, warn: (String) -> Void)
        throws(SnapshotError) -> (VectorTileCache, credits: [String])?
    {
        // An override is a path from the current folder; a style's own URL resolves against the
        // style's folder.
        let file = bound.map(Self.boundFile) ?? source.url.flatMap { Self.localFile($0, relativeTo: base) }
        // `url` naming a local TileJSON file: its `tiles` templates (relative to that file).
        var source = source
        var templateBase = base
        if file == nil, bound == nil, let url = source.url,
            let json = Self.localSourceFile(url, relativeTo: base), json.lowercased().hasSuffix(".json")
        {
            (source, templateBase) = try Self.mergingTileJSON(source, file: json)
        }
        // `tiles` URL templates naming local files: one file per tile.
        if file == nil, bound == nil, !source.tiles.isEmpty,
            source.tiles.allSatisfy({ $0.hasPrefix("file://") || !$0.contains("://") })
        {
            let templates = TemplateTileSource(
                templates: source.tiles, base: templateBase, tms: source.scheme == .tms,
                minZoom: Int(source.minzoom), maxZoom: Int(min(source.maxzoom, 30)), bounds: source.bounds,
                attribution: source.attribution)
            return (VectorTileCache(source: templates, capacity: 256), [source.attribution ?? ""])
        }
        guard let file else {
            warn(
                "source \"\(source.id)\": \(source.url ?? source.tiles.first ?? "no url") is not a local file; "
                    + "its layers are not drawn (\(unboundSourceHint(source.id)))")
            return nil
        }
        let cache: VectorTileCache
        do {
            cache = try open(file)
        } catch  where bound == nil && error.kind == .missingFile {
            // A style's own relative path (a copied style, say): say what named it and how to fix it.
            var e = error
            e.message +=
                " (source \"\(source.id)\" names \(source.url ?? file), relative to the style's folder "
                + "\(base.path); \(unboundSourceHint(source.id)))"
            throw e
        }
        Self.warnMetadata(cache.source, file: file, warn: warn)
        return (cache, [source.attribution ?? "", cache.source.attribution ?? ""])
    }

    /// The file an override names: an archive location as `localFile` reads it, or a path,
    /// from the current folder.
    static func boundFile(_ bound: String) -> String {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let file = Self.localFile(bound, relativeTo: cwd) { return file }
        // Any path: absolute as it is, relative from the current folder (the archive is then
        // recognised by its content, not its name).
        return URL(fileURLWithPath: bound, relativeTo: cwd).standardizedFileURL.path
    }

    /// The absolute prefix of the sprite `path` (from the current folder).
    /// - Throws: `SnapshotError.missingFile` naming the files looked for when neither `PATH.json`
    ///   with `PATH.png` nor their `@2x` variants are there.
    static func spritePath(_ path: String) throws(SnapshotError) -> String {
        let stem = URL(fileURLWithPath: path).standardizedFileURL.path
        let fm = FileManager.default
        guard
            [stem, stem + "@2x"].contains(where: {
                fm.fileExists(atPath: $0 + ".json") && fm.fileExists(atPath: $0 + ".png")
            })
        else {
            throw SnapshotError(
                .missingFile, "no sprite there (looked for \(stem).json and \(stem).png, and @2x)", file: path)
        }
        return stem
    }

    /// One warning per style feature the renderer does not draw yet, naming the layers.
    static func warnUnsupported(_ style: Style, warn: (String) -> Void) {
        let unsupported: [(StyleProperty, String)] = [
            (StyleProperty("line-gradient") ?? .fillPattern, "line-gradient is not drawn (the line colour is used)")
        ]
        for (property, message) in unsupported {
            let layers = style.layers.filter { $0.paint[property] != nil }.map(\.id)
            if !layers.isEmpty {
                warn("\(message): layers \(layers.prefix(5).joined(separator: ", "))\(layers.count > 5 ? " …" : "")")
            }
        }
        let types: [StyleLayerType: String] = [
            .fillExtrusion: "fill-extrusion layers are not drawn (flat maps only)"
        ]
        for (type, message) in types.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let layers = style.layers.filter { $0.type == type }.map(\.id)
            if !layers.isEmpty {
                warn("\(message): layers \(layers.prefix(5).joined(separator: ", "))\(layers.count > 5 ? " …" : "")")
            }
        }
    }

    /// The features of a `geojson` source: inline `data`, or a local file named by a path or
    /// `file://` URL (relative to the style's folder). Network URLs are skipped with a warning.
    /// As in MapLibre GL JS (a failed source fires an error event and draws nothing), a source
    /// whose data is missing, unreadable, not JSON or not GeoJSON is left out with one warning
    /// naming the file and place; the map still renders. The same rule holds for inline data.
    /// Coordinates are taken as given (no antimeridian unwrapping), as geojson-vt does.
    private func loadGeoJSON(_ source: StyleSource, from style: StyleFile, warn: (String) -> Void)
        -> GeoJSONSource?
    {
        switch source.data {
        case .inline(let value):
            // Like MapLibre, a source with invalid data is left out (with a warning naming the
            // place in the style file) rather than failing the whole map.
            do {
                return GeoJSONSource(
                    features: try GeoJSONReader.features(
                        from: value, sourceBytes: style.bytes, file: style.path, unwrapsLongitudes: false))
            } catch {
                warn("source \"\(source.id)\" is not drawn: \(error.description)")
                return nil
            }
        case .url(let url):
            var rest = url
            if rest.hasPrefix("file://") { rest = String(rest.dropFirst(7)) }
            if rest.contains("://") {
                warn("source \"\(source.id)\": \(url) is not a local file; its layers are not drawn")
                return nil
            }
            let file = rest.hasPrefix("/") ? rest : style.folder.appendingPathComponent(rest).standardizedFileURL.path
            do {
                // The data of a geojson source is GeoJSON whatever the file's name says.
                let bytes = try FileBytes.contents(
                    path: file, displayName: file, limit: OverlayFileReader.maximumFileSize)
                return GeoJSONSource(
                    features: try GeoJSONReader.read(bytes: bytes, file: file, unwrapsLongitudes: false))
            } catch {
                warn("source \"\(source.id)\" is not drawn: \(error.description)")
                return nil
            }
        case nil:
            warn("source \"\(source.id)\": a geojson source without data is not drawn")
            return nil
        }
    }

    /// Opens (or reuses) the archive at `path`.
    func open(_ path: String) throws(SnapshotError) -> VectorTileCache {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        if let c = caches[key] { return c }
        guard FileManager.default.fileExists(atPath: key) else {
            throw SnapshotError(.missingFile, "no such tile file", file: path)
        }
        let source: any TileSource
        let kind = try Self.archiveKind(key)
        do {
            switch kind {
            case .pmtiles: source = try PMTilesReader(path: key)
            case .mbtiles: source = try MBTilesReader(path: key)
            }
        } catch {
            throw SnapshotError(error)
        }
        let cache = VectorTileCache(source: source, capacity: 256)
        caches[key] = cache
        return cache
    }

    enum ArchiveKind { case mbtiles, pmtiles }

    /// What the archive at `path` is, by its first bytes: PMTiles' magic "PMTiles", SQLite's
    /// header "SQLite format 3" (MBTiles); an empty or unreadable file, or any other content,
    /// is a clear error naming the file.
    static func archiveKind(_ path: String) throws(SnapshotError) -> ArchiveKind {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SnapshotError(.missingFile, "cannot read the tile file", file: path)
        }
        defer { try? handle.close() }
        let head = Array((try? handle.read(upToCount: 16)) ?? Data())
        if head.starts(with: Array("PMTiles".utf8)) { return .pmtiles }
        if head.starts(with: Array("SQLite format 3".utf8)) { return .mbtiles }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw SnapshotError(.badInput, "is a folder, not an MBTiles or PMTiles archive", file: path)
        }
        let what = head.isEmpty ? "it is empty" : "its first bytes are neither SQLite's nor PMTiles' header"
        throw SnapshotError(.badInput, "not an MBTiles or PMTiles archive (\(what))", file: path)
    }

    /// A warning when an archive's metadata JSON cannot be read (its fields, such as the
    /// attribution and `vector_layers`, are then absent), naming the file and the place.
    static func warnMetadata(_ source: any TileSource, file: String, warn: (String) -> Void) {
        let error = (source as? MBTilesReader)?.metadata.jsonError ?? (source as? PMTilesReader)?.metadataError
        guard let error else { return }
        warn(
            "\(file): the metadata JSON cannot be read (\(error.location): \(error.message)); "
                + "its attribution and layer list are left out")
    }

    /// The local file a source location names, or nil for network URLs.
    static func localFile(_ location: String, relativeTo base: URL) -> String? {
        var rest = location
        for scheme in ["mbtiles://", "pmtiles://", "file://"] where rest.hasPrefix(scheme) {
            rest = String(rest.dropFirst(scheme.count))
        }
        if rest.contains("://") { return nil }
        let lower = rest.lowercased()
        guard
            location.hasPrefix("mbtiles://") || location.hasPrefix("pmtiles://") || location.hasPrefix("file://")
                || lower.hasSuffix(".mbtiles") || lower.hasSuffix(".pmtiles")
        else { return nil }
        if rest.hasPrefix("/") { return rest }
        return base.appendingPathComponent(rest).standardizedFileURL.path
    }
}
