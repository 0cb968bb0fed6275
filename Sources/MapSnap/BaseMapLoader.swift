import Foundation
import MapSnapOverlay
import MapSnapRender
import MapSnapStyle
import MapSnapTiles

/// Turns a style file and `--source ID=PATH` bindings into a drawable `BaseMap`, offline:
/// sources that point at the network are ignored with one warning each unless rebound to a
/// local file.
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

    public init() {}

    /// The folder holding the bundled styles (`standard.json`, …): `$MAPSNAP_STYLE_DIR`, the
    /// package's `Styles/` next to a build folder, or the source tree's.
    public static let styleDirectory: URL? = {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["MAPSNAP_STYLE_DIR"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
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
    public static func stylePath(_ nameOrPath: String) throws(MapSnapError) -> String {
        guard bundledStyles.contains(nameOrPath) else { return nameOrPath }
        guard let dir = styleDirectory else {
            throw MapSnapError(
                .noInput, "the bundled styles were not found; set MAPSNAP_STYLE_DIR to the Styles folder")
        }
        let p = dir.appendingPathComponent(nameOrPath + ".json").path
        guard FileManager.default.fileExists(atPath: p) else {
            throw MapSnapError(.noInput, "style \"\(nameOrPath)\" is not bundled yet (\(p))")
        }
        return p
    }

    /// Loads `style` (a bundled name or a path) with `overrides` (source id → local file).
    /// `warn` receives each warning once.
    public func load(style: String, overrides: [String: String] = [:], warn: (String) -> Void) throws(MapSnapError)
        -> BaseMap
    {
        let path = try Self.stylePath(style)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MapSnapError(.noInput, "\(path): cannot read the style file")
        }
        let parsed: (Style, [StyleWarning])
        do {
            parsed = try StyleParser.parse(bytes: Array(data), file: path)
        } catch {
            throw MapSnapError(.dataError, error.description)
        }
        var (parsedStyle, styleWarnings) = parsed
        if appendsOverlayLayers {
            do {
                try OverlayLayers.merge(into: &parsedStyle)
            } catch {
                throw MapSnapError(.software, "the built-in overlay layers do not parse: \(error.description)")
            }
        }
        for w in styleWarnings { warn(w.description) }
        // Offline, always: network glyphs and sprites are never fetched.
        if let g = parsedStyle.glyphs, g.contains("://"), !g.hasPrefix("file://") {
            warn("glyphs \(g) ignored (offline): text uses the bundled Noto Sans fonts")
        }
        for sprite in parsedStyle.sprites where sprite.url.contains("://") && !sprite.url.hasPrefix("file://") {
            warn("sprite \(sprite.url) ignored (offline): icons are not drawn")
        }
        Self.warnUnsupported(parsedStyle, warn: warn)
        for id in overrides.keys.sorted() where parsedStyle.source(id: id) == nil {
            throw MapSnapError(
                .usage,
                "--source \(id)=…: the style has no source \"\(id)\" (sources: \(parsedStyle.sources.map(\.id).joined(separator: ", ")))"
            )
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        var vector: [String: VectorTileCache] = [:]
        var geojson: [String: GeoJSONSource] = [:]
        var raster: [String: RasterTileSet] = [:]
        var credits: [String] = []
        for source in parsedStyle.sources {
            if source.kind == .geojson {
                if let g = try loadGeoJSON(source, styleBytes: Array(data), stylePath: path, base: base, warn: warn) {
                    geojson[source.id] = g
                    credits.append(source.attribution ?? "")
                }
                continue
            }
            if source.kind == .raster {
                if let (tiles, sourceCredits) = try loadRaster(
                    source, bound: overrides[source.id], base: base, warn: warn)
                {
                    raster[source.id] = tiles
                    credits += sourceCredits
                }
                continue
            }
            guard source.kind == .vector else {
                warn("source \"\(source.id)\": \(source.kind.rawValue) sources are not drawn yet")
                continue
            }
            // A --source binding is a path from the current folder; a style's own URL resolves
            // against the style's folder.
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let file: String?
            if let bound = overrides[source.id] {
                file =
                    Self.localFile(bound, relativeTo: cwd) ?? cwd.appendingPathComponent(bound).standardizedFileURL.path
            } else {
                file = source.url.flatMap { Self.localFile($0, relativeTo: base) }
            }
            // `url` naming a local TileJSON file: its `tiles` templates (relative to that file).
            var source = source
            var templateBase = base
            if file == nil, overrides[source.id] == nil, let url = source.url,
                let json = Self.localSourceFile(url, relativeTo: base), json.lowercased().hasSuffix(".json")
            {
                (source, templateBase) = try Self.mergingTileJSON(source, file: json)
            }
            // `tiles` URL templates naming local files: one file per tile.
            if file == nil, overrides[source.id] == nil, !source.tiles.isEmpty,
                source.tiles.allSatisfy({ $0.hasPrefix("file://") || !$0.contains("://") })
            {
                let templates = TemplateTileSource(
                    templates: source.tiles, base: templateBase, tms: source.scheme == .tms,
                    minZoom: Int(source.minzoom), maxZoom: Int(min(source.maxzoom, 30)), bounds: source.bounds,
                    attribution: source.attribution)
                vector[source.id] = VectorTileCache(source: templates, capacity: 256)
                credits.append(source.attribution ?? "")
                continue
            }
            guard let file else {
                warn(
                    "source \"\(source.id)\": \(source.url ?? source.tiles.first ?? "no url") is not a local file; "
                        + "its layers are not drawn (bind one with --source \(source.id)=PATH)")
                continue
            }
            let cache = try open(file)
            vector[source.id] = cache
            credits.append(source.attribution ?? "")
            credits.append(cache.source.attribution ?? "")
        }
        // OpenStreetMap-derived tiles (all the OpenMapTiles-schema sources) must credit OSM (ODbL).
        if !vector.isEmpty { credits.append("© OpenStreetMap contributors") }
        var map = BaseMap(style: parsedStyle, vectorSources: vector, attribution: BaseMap.joinAttribution(credits))
        map.geojsonSources = geojson
        map.rasterSources = raster
        map.sprites = loadSprites(parsedStyle, base: base, warn: warn)
        return map
    }

    /// One warning per style feature the renderer does not draw yet, naming the layers.
    static func warnUnsupported(_ style: Style, warn: (String) -> Void) {
        let unsupported: [(StyleProperty, String)] = [
            (.fillPattern, "fill-pattern is not drawn (the fill colour is used)"),
            (.backgroundPattern, "background-pattern is not drawn (the background colour is used)"),
            (StyleProperty("line-pattern") ?? .fillPattern, "line-pattern is not drawn (the line colour is used)"),
            (StyleProperty("line-gradient") ?? .fillPattern, "line-gradient is not drawn (the line colour is used)"),
        ]
        for (property, message) in unsupported {
            let layers = style.layers.filter { $0.paint[property] != nil }.map(\.id)
            if !layers.isEmpty {
                warn("\(message): layers \(layers.prefix(5).joined(separator: ", "))\(layers.count > 5 ? " …" : "")")
            }
        }
        let types: [StyleLayerType: String] = [
            .hillshade: "hillshade layers are skipped until terrain lands",
            .fillExtrusion: "fill-extrusion layers are not drawn (flat maps only)",
            .heatmap: "heatmap layers are not drawn",
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
    private func loadGeoJSON(
        _ source: StyleSource, styleBytes: [UInt8], stylePath: String, base: URL, warn: (String) -> Void
    ) throws(MapSnapError) -> GeoJSONSource? {
        switch source.data {
        case .inline(let value):
            // Like MapLibre, a source with invalid data is left out (with a warning naming the
            // place in the style file) rather than failing the whole map.
            do {
                return GeoJSONSource(
                    features: try GeoJSONReader.features(from: value, sourceBytes: styleBytes, file: stylePath))
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
            let file = rest.hasPrefix("/") ? rest : base.appendingPathComponent(rest).standardizedFileURL.path
            do {
                return GeoJSONSource(features: try OverlayFileReader.read(path: file, displayName: file))
            } catch {
                throw MapSnapError(
                    error.kind == .missingFile ? .noInput : .dataError, "source \"\(source.id)\": \(error.description)")
            }
        case nil:
            warn("source \"\(source.id)\": a geojson source without data is not drawn")
            return nil
        }
    }

    /// Opens (or reuses) the archive at `path`.
    public func open(_ path: String) throws(MapSnapError) -> VectorTileCache {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        if let c = caches[key] { return c }
        guard FileManager.default.fileExists(atPath: key) else {
            throw MapSnapError(.noInput, "\(path): no such tile file")
        }
        let source: any TileSource
        do {
            if key.lowercased().hasSuffix(".pmtiles") {
                source = try PMTilesReader(path: key)
            } else {
                source = try MBTilesReader(path: key)
            }
        } catch {
            throw MapSnapError(.dataError, error.description)
        }
        let cache = VectorTileCache(source: source, capacity: 256)
        caches[key] = cache
        return cache
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
