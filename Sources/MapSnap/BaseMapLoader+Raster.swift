import Foundation
import MapSnapJSON
import MapSnapRender
import MapSnapStyle
import MapSnapTerrain
import MapSnapTiles

/// Raster sources (https://maplibre.org/maplibre-style-spec/sources/#raster), offline: `tiles`
/// URL templates of local files, a `url` naming a local TileJSON file (its `tiles`, `minzoom`,
/// `maxzoom`, `tileSize`, `scheme`, `bounds` and `attribution` win over the style's, as in
/// MapLibre), or an MBTiles / PMTiles archive of PNG or JPEG tiles (`mbtiles://`, `pmtiles://`,
/// a path, or an override).
extension BaseMapLoader {
    /// The tiles of raster `source` and the credits to show for them, or nil (after a warning)
    /// when they are not local. `bound` is an override (a path from the current folder).
    /// - Throws: `SnapshotError` for a missing or unreadable archive or TileJSON file.
    func loadRaster(_ source: StyleSource, bound: String?, base: URL, warn: (String) -> Void) throws(SnapshotError)
        -> (tiles: RasterTileSet, credits: [String])?
    {
        if let bound {
            return try rasterArchive(source, file: Self.boundFile(bound), warn: warn)
        }
        if let url = source.url {
            guard let file = Self.localSourceFile(url, relativeTo: base) else {
                warn(
                    "source \"\(source.id)\": \(url) is not a local file; its layers are not drawn "
                        + "(\(unboundSourceHint(source.id)))")
                return nil
            }
            if file.lowercased().hasSuffix(".json") {
                return try rasterTileJSON(source, file: file, warn: warn)
            }
            return try rasterArchive(source, file: file, warn: warn)
        }
        return rasterTemplates(source, templates: source.tiles, base: base, warn: warn)
    }

    /// The local file a raster source's `url` names (archives as `localFile` reads them, and
    /// TileJSON files given as `file://` URLs or plain paths), or nil for network URLs.
    static func localSourceFile(_ url: String, relativeTo base: URL) -> String? {
        if let file = localFile(url, relativeTo: base) { return file }
        guard !url.contains("://"), url.lowercased().hasSuffix(".json") else { return nil }
        let path = url.removingPercentEncoding ?? url
        return path.hasPrefix("/") ? path : base.appendingPathComponent(path).standardizedFileURL.path
    }

    /// One file per tile, from `templates` (nil with a warning when any is not local).
    private func rasterTemplates(
        _ source: StyleSource, templates: [String], base: URL, warn: (String) -> Void
    ) -> (tiles: RasterTileSet, credits: [String])? {
        guard !templates.isEmpty, templates.allSatisfy({ $0.hasPrefix("file://") || !$0.contains("://") }) else {
            warn(
                "source \"\(source.id)\": \(templates.first ?? "no tiles or url") is not a local file; "
                    + "its layers are not drawn (\(unboundSourceHint(source.id)))")
            return nil
        }
        let minZoom = Int(max(0, min(source.minzoom, 30)))
        let maxZoom = Int(max(0, min(source.maxzoom, 30)))
        let files = TemplateTileSource(
            templates: templates, base: base, tms: source.scheme == .tms, minZoom: minZoom, maxZoom: maxZoom,
            bounds: source.bounds, attribution: source.attribution)
        let tiles = RasterTileSet(
            source: files, tileSize: source.tileSize, minZoom: minZoom, maxZoom: maxZoom, bounds: source.bounds)
        return (tiles, [source.attribution ?? ""])
    }

    /// A TileJSON file (https://github.com/mapbox/tilejson-spec) whose `tiles` are local files;
    /// relative templates resolve against the TileJSON file's folder.
    private func rasterTileJSON(_ source: StyleSource, file: String, warn: (String) -> Void) throws(SnapshotError)
        -> (tiles: RasterTileSet, credits: [String])?
    {
        let (merged, folder) = try Self.mergingTileJSON(source, file: file)
        return rasterTemplates(merged, templates: merged.tiles, base: folder, warn: warn)
    }

    /// `source` with the fields of the TileJSON file `file` (`tiles`, `minzoom`, `maxzoom`,
    /// `tileSize`, `scheme`, `bounds`, `attribution`), and the folder its relative `tiles`
    /// resolve against.
    static func mergingTileJSON(_ source: StyleSource, file: String) throws(SnapshotError) -> (StyleSource, URL) {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw SnapshotError(.missingFile, "source \"\(source.id)\": cannot read the TileJSON file", file: file)
        }
        let bytes = Array(data)
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONParser().parse(bytes)
        } catch {
            throw SnapshotError(
                .badInput, "source \"\(source.id)\": \(error.message)", file: file, line: error.location.line,
                column: error.location.column)
        }
        guard case .object(let object) = value else {
            throw SnapshotError(.badInput, "source \"\(source.id)\": not a TileJSON object", file: file)
        }
        func number(_ key: String) -> Double? { object[key]?.doubleValue.flatMap { $0.isFinite ? $0 : nil } }
        var merged = source
        if let tiles = object["tiles"]?.arrayValue?.elements.compactMap(\.stringValue) { merged.tiles = tiles }
        if let n = number("minzoom") { merged.minzoom = n }
        if let n = number("maxzoom") { merged.maxzoom = n }
        if let n = number("tileSize"), n > 0 { merged.tileSize = n }
        if let s = object["scheme"]?.stringValue, let scheme = StyleSource.Scheme(rawValue: s) {
            merged.scheme = scheme
        }
        if let b = object["bounds"]?.arrayValue?.elements.compactMap(\.doubleValue), b.count == 4,
            b.allSatisfy(\.isFinite)
        {
            merged.bounds = BoundingBox(west: b[0], south: b[1], east: b[2], north: b[3])
        }
        if let a = object["attribution"]?.stringValue { merged.attribution = a }
        return (merged, URL(fileURLWithPath: file).deletingLastPathComponent())
    }

    /// An MBTiles or PMTiles archive of raster tiles; a vector archive is left out with a warning.
    private func rasterArchive(_ source: StyleSource, file: String, warn: (String) -> Void) throws(SnapshotError)
        -> (tiles: RasterTileSet, credits: [String])?
    {
        let archive = try open(file).source
        Self.warnMetadata(archive, file: file, warn: warn)
        var isVector = false
        if let mbtiles = archive as? MBTilesReader {
            let format = (mbtiles.metadata.format ?? "").lowercased()
            isVector = format == "pbf" || format.contains("vnd.mapbox-vector-tile")
        } else if let pmtiles = archive as? PMTilesReader {
            isVector = pmtiles.header.tileType == .mvt
        }
        if isVector {
            warn("source \"\(source.id)\": \(file) holds vector tiles, not images; its raster layers are not drawn")
            return nil
        }
        let minZoom = Int(max(source.minzoom, Double(archive.minZoom)).clamped(0, 30))
        let maxZoom = Int(min(source.maxzoom, Double(archive.maxZoom)).clamped(0, 30))
        let tiles = RasterTileSet(
            source: archive, tileSize: source.tileSize, minZoom: minZoom, maxZoom: max(minZoom, maxZoom),
            bounds: source.bounds)
        return (tiles, [source.attribution ?? "", archive.attribution ?? ""])
    }
}

extension Double {
    fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(hi, Swift.max(lo, self)) }
}

extension BaseMapLoader {
    /// How a `raster-dem` source's pixels hold heights (its `encoding`, default `mapbox`).
    static func demEncoding(_ source: StyleSource) -> DEMEncoding {
        switch source.encoding ?? .mapbox {
        case .mapbox: return .mapbox
        case .terrarium: return .terrarium
        case .custom:
            let f = source.customFactors
            return DEMEncoding(red: f.red, green: f.green, blue: f.blue, baseShift: f.baseShift)
        }
    }
}
