import Foundation
import MapSnapJSON
import MapSnapRender
import MapSnapStyle
import MapSnapTerrain
import MapSnapTiles

/// Relief from the user's elevation files (`elevation`, `--dem PATH`, repeatable): terrain-RGB
/// or Terrarium tiles in MBTiles or PMTiles (the archive's `encoding` metadata, Terrain-RGB by
/// default), SRTM `.hgt` and GeoTIFF rasters (one `ElevationModel`). They become one
/// `raster-dem` source, `mapsnap-dem`, which a style without relief of its own gets layers for
/// (`TerrainLayers.json`: hillshade in the standard style; an elevation tint, a tinted cover of
/// the land and a multidirectional hillshade in satellite and hybrid; a hillshade under the
/// first line in any other style). A style's own `raster-dem` sources with no local tiles take
/// the same heights.
extension BaseMapLoader {
    /// The id of the `--dem` files' source.
    public static let demSourceID = "mapsnap-dem"

    /// The tiles of the elevation files `paths`, or nil for none. Archives of tiles first, in
    /// the order given, then the rasters as one model.
    /// - Throws: `SnapshotError` naming the file for a missing or unreadable one.
    func loadElevation(_ paths: [String]) throws(SnapshotError) -> DEMTileSet? {
        guard !paths.isEmpty else { return nil }
        var sets: [DEMTileSet] = []
        for path in paths where Self.isTileArchive(path) {
            let archive = try open(path).source
            let encoding: DEMEncoding
            switch Self.archiveEncoding(archive) {
            case "terrarium": encoding = .terrarium
            default: encoding = .mapbox
            }
            let images = RasterTileSet(
                source: archive, tileSize: Self.archiveTileSize(archive), minZoom: archive.minZoom,
                maxZoom: archive.maxZoom, bounds: archive.bounds)
            sets.append(DEMTileSet(images: images, encoding: encoding))
        }
        let rasters = paths.filter { !Self.isTileArchive($0) }
        if !rasters.isEmpty { sets.append(try Self.modelTiles(rasters)) }
        guard sets.count > 1 else { return sets.first }
        let all = sets
        return DEMTileSet(
            name: paths.joined(separator: ", "), tileSize: 256, minZoom: all.map(\.minZoom).min() ?? 0,
            maxZoom: all.map(\.maxZoom).max() ?? 14
        ) { id throws(TileSourceError) in
            for set in all where id.z >= set.minZoom && id.z <= set.maxZoom {
                if let tile = try set.rawTile(id) { return tile }
            }
            return nil
        }
    }

    static func isTileArchive(_ path: String) -> Bool {
        let p = path.lowercased()
        return p.hasSuffix(".mbtiles") || p.hasSuffix(".pmtiles")
    }

    /// The `encoding` an archive's metadata names (MBTiles metadata row, PMTiles JSON), lowercased.
    static func archiveEncoding(_ archive: any TileSource) -> String {
        if let m = archive as? MBTilesReader { return (m.metadata.rows["encoding"] ?? "").lowercased() }
        return ""
    }

    /// The pixel width of an archive's tiles as its metadata says (`tileSize`), 256 by default
    /// (what terrain tile sets are made of).
    static func archiveTileSize(_ archive: any TileSource) -> Double {
        if let m = archive as? MBTilesReader, let s = m.metadata.rows["tileSize"].flatMap(Double.init), s > 0 {
            return s
        }
        return 256
    }

    /// Adds the relief layers of `TerrainLayers.json` for the style named `name` (a bundled
    /// style's name, or nil for any other) when `style` draws no relief of its own, with the
    /// `mapsnap-dem` source.
    static func addRelief(to style: inout Style, named name: String?) throws(SnapshotError) {
        if style.source(id: demSourceID) == nil {
            style.sources.append(StyleSource(id: demSourceID, kind: .rasterDEM))
        }
        guard !style.layers.contains(where: { $0.type == .hillshade || $0.type == .colorRelief }) else { return }
        let groups = try terrainGroups(name.flatMap { bundledStyles.contains($0) ? $0 : nil } ?? "other")
        for id in Set(groups.flatMap { $0.layers.compactMap(\.source) }).sorted()
        where style.source(id: id) == nil {
            if let source = try terrainSources().first(where: { $0.id == id }) { style.sources.append(source) }
        }
        for group in groups {
            let at: Int
            if group.before.isEmpty {
                at = style.layers.firstIndex { $0.type == .line || $0.type == .symbol } ?? style.layers.count
            } else {
                at = style.layers.firstIndex { $0.id == group.before } ?? style.layers.count
            }
            style.layers.insert(
                contentsOf: group.layers.filter { l in !style.layers.contains { $0.id == l.id } }, at: at)
        }
    }

    /// `TerrainLayers.json` parsed once: as a style (its sources and layers) and as JSON (its
    /// placements); or why it does not parse.
    private static let terrainDocument: Result<(style: Style, root: JSONObject), SnapshotError> = {
        let bytes = PackageResources.TerrainLayers_json
        do {
            let style = try StyleParser.parse(bytes: bytes, file: "TerrainLayers.json").0
            guard case .object(let root) = try JSONParser().parse(bytes) else {
                return .failure(SnapshotError(.internal, "the bundled relief layers are not a JSON object"))
            }
            return .success((style, root))
        } catch {
            return .failure(SnapshotError(.internal, "the bundled relief layers do not parse: \(error)"))
        }
    }()

    /// The sources of `TerrainLayers.json` (the DEM files' source and its contours).
    static func terrainSources() throws(SnapshotError) -> [StyleSource] {
        try terrainDocument.get().style.sources
    }

    /// The layers of `TerrainLayers.json` for `key` (a bundled style's name or "other"), each
    /// with the id of the layer it goes before ("" = the first line or symbol layer).
    static func terrainGroups(_ key: String) throws(SnapshotError) -> [(before: String, layers: [StyleLayer])] {
        let (style, root) = try terrainDocument.get()
        guard case .object(let placements)? = root["placements"], case .array(let list)? = placements[key] else {
            return []
        }
        return list.elements.compactMap { pair in
            guard case .array(let p) = pair, p.elements.count == 2, let id = p.elements[0].stringValue,
                let before = p.elements[1].stringValue, let layer = style.layers.first(where: { $0.id == id })
            else { return nil }
            return (before, [layer])
        }
    }
}

extension BaseMapLoader {
    /// The `.hgt` and GeoTIFF files `paths` as one model, resampled onto 256-pixel Web Mercator
    /// tiles (zooms 0–14, as terrain tile sets are made) when drawn.
    /// - Throws: `SnapshotError` (`.missingFile` or `.badInput`) naming the file.
    static func modelTiles(_ paths: [String]) throws(SnapshotError) -> DEMTileSet {
        let model = try loadModel(paths)
        return DEMTileSet(name: paths.joined(separator: ", "), tileSize: 256, minZoom: 0, maxZoom: 14) { id in
            model.demTile(z: id.z, x: id.x, y: id.y, dim: 256)
        }
    }
}

extension BaseMapLoader {
    /// Whether a source names local tiles (an archive, a local TileJSON file or local templates).
    static func hasLocalTiles(_ source: StyleSource, base: URL) -> Bool {
        if let url = source.url { return localSourceFile(url, relativeTo: base) != nil }
        return !source.tiles.isEmpty && source.tiles.allSatisfy { $0.hasPrefix("file://") || !$0.contains("://") }
    }
}

extension BaseMapLoader {
    /// The heights of elevation files (`--dem` of `mapsnap info` and `profile`): `.hgt` and
    /// GeoTIFF rasters as one model, terrain-RGB or Terrarium archives as their tiles.
    /// - Throws: `SnapshotError` naming the file for a missing or unreadable one.
    public static func elevationSource(_ paths: [String]) throws(SnapshotError) -> any ElevationSource {
        if paths.allSatisfy({ !isTileArchive($0) }) { return try loadModel(paths) }
        guard let tiles = try BaseMapLoader().loadElevation(paths) else {
            throw SnapshotError(.usage, "no elevation file given")
        }
        return tiles
    }
}

extension BaseMapLoader {
    /// The `.hgt` and GeoTIFF files `paths` read into one model.
    /// - Throws: `SnapshotError` (`.missingFile` or `.badInput`) naming the file.
    static func loadModel(_ paths: [String]) throws(SnapshotError) -> ElevationModel {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw SnapshotError(.missingFile, "no such elevation file", file: path)
        }
        do {
            return try ElevationModel.load(paths: paths)
        } catch {
            throw snapshotError(error, paths: paths)
        }
    }

    /// A reader's error as the library's: its message starts with the file it names, which
    /// becomes the error's file.
    static func snapshotError(_ error: DEMError, paths: [String]) -> SnapshotError {
        let text = error.description
        let file = paths.first { text.hasPrefix($0 + ": ") }
        return SnapshotError(.badInput, file.map { String(text.dropFirst($0.count + 2)) } ?? text, file: file)
    }
}
