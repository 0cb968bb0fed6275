import Foundation
import MapSnapStyle
import MapSnapTiles

/// A base map ready to draw: a parsed MapLibre v8 style and, for each of its vector, raster and
/// GeoJSON sources, the local data that feeds it (tiles through shared decoded-tile caches).
///
/// Build one per style and reuse it for many images: the tile cache then spans them.
public struct BaseMap: Sendable {
    public var style: Style
    /// Style source id → tiles.
    public var vectorSources: [String: VectorTileCache]
    /// Style source id → GeoJSON features (inline `data` or a local file).
    public var geojsonSources: [String: GeoJSONSource] = [:]
    /// Style source id → raster tiles (local PNG or JPEG files, MBTiles or PMTiles archives).
    public var rasterSources: [String: RasterTileSet] = [:]
    /// Style source id → elevation tiles (`raster-dem` sources, or the `--dem` files' model).
    public var demSources: [String: DEMTileSet] = [:]
    /// Sprite sheets loaded from local files, in the style's order (icon-image looks them up):
    /// the 1x sheet of each sprite (its @2x one where it has no other).
    public var sprites: [SpriteAtlas] = []
    /// The same sprites for images drawn at more than one pixel a point: each one's @2x sheet
    /// where it has one, as MapLibre picks for a device pixel ratio above 1 (empty: as `sprites`).
    public var highResolutionSprites: [SpriteAtlas] = []

    /// The sprite sheets an image `scale` pixels a point draws with.
    public func sprites(scale: Double) -> [SpriteAtlas] {
        scale > 1 && !highResolutionSprites.isEmpty ? highResolutionSprites : sprites
    }
    /// Credit line collected from the sources (HTML tags removed, duplicates dropped).
    public var attribution: String?
    /// Style source id → tiles drawn where that source has no tile of its own or lies outside
    /// its archive's bounds (the bundled world base map under an OpenMapTiles-schema source);
    /// read by the same style layers.
    public var fallbackSources: [String: VectorTileCache] = [:]
    /// The credits of each source (and of each fallback, under `fallbackKey(_:)`), in the
    /// style's order: an image credits only the sources that drew something in it. Empty: every
    /// image shows `attribution`.
    public var sourceCredits: [SourceCredit] = []
    /// How the warning about a source without tiles for a view says to get some, given the
    /// source id.
    public var missingTilesHint: @Sendable (String) -> String = BaseMap.standardMissingTilesHint

    /// The library's hint for a source without tiles (a front end names its own command).
    public static let standardMissingTilesHint: @Sendable (String) -> String = { id in
        "build OpenMapTiles-schema tiles of the region with tilemaker and bind them to source \"\(id)\""
    }

    public init(style: Style, vectorSources: [String: VectorTileCache], attribution: String?) {
        self.style = style
        self.vectorSources = vectorSources
        self.attribution = attribution
    }

    /// The credits of one source (see `sourceCredits`).
    public struct SourceCredit: Sendable, Equatable {
        /// A style source id, or `fallbackKey(id)` for the fallback under it.
        public var source: String
        /// The credits as given (may be HTML).
        public var credits: [String] { didSet { pieces = BaseMap.creditPieces(credits) } }
        /// `credits` as `joinAttribution` reads them (tags removed, split before each "©"),
        /// worked out once: an image joins them without a regular expression.
        private(set) var pieces: [String]

        public init(source: String, credits: [String]) {
            self.source = source
            self.credits = credits
            self.pieces = BaseMap.creditPieces(credits)
        }
    }

    /// The key under which the fallback tiles of source `id` are prepared and credited.
    public static func fallbackKey(_ id: String) -> String { id + " (world)" }

    /// Every tile cache the map reads: the sources' by id, the fallbacks' by `fallbackKey`.
    public var tileCaches: [String: VectorTileCache] {
        var all = vectorSources
        for (id, cache) in fallbackSources { all[Self.fallbackKey(id)] = cache }
        return all
    }

    /// The credit line of an image in which the sources (and fallback keys) `drawn` drew
    /// something: their credits in the style's order, or `attribution` when the map has no
    /// per-source credits.
    public func attribution(drawn: Set<String>) -> String? {
        guard !sourceCredits.isEmpty else { return attribution }
        var seen: [String] = []
        for credit in sourceCredits where drawn.contains(credit.source) {
            for piece in credit.pieces where !seen.contains(piece) { seen.append(piece) }
        }
        return seen.isEmpty ? nil : seen.joined(separator: " ")
    }

    /// Joins attribution texts: strips HTML tags, drops empties and repeats, keeps order.
    public static func joinAttribution(_ parts: [String]) -> String? {
        var seen: [String] = []
        for piece in creditPieces(parts) where !seen.contains(piece) { seen.append(piece) }
        return seen.isEmpty ? nil : seen.joined(separator: " ")
    }

    /// The credits of `parts` one by one: HTML tags removed, entities decoded, and run-together
    /// credits ("© OpenMapTiles © OpenStreetMap contributors") split before each "©"; empties
    /// dropped, repeats kept.
    static func creditPieces(_ parts: [String]) -> [String] {
        var out: [String] = []
        for p in parts {
            let plain = withoutTags(p).replacingOccurrences(of: "&copy;", with: "©").replacingOccurrences(
                of: "&amp;", with: "&"
            )
            .trimmingCharacters(in: .whitespacesAndNewlines)
            let pieces = plain.replacingOccurrences(of: "©", with: "\u{1}©").components(separatedBy: "\u{1}")
            out += pieces.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return out
    }

    /// `text` without its HTML tags (`<` up to the next `>`; a `<` never closed stays). Not a
    /// regular expression: those load ICU's regex engine (some 3 ms and 5 MB on first use).
    static func withoutTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            out += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
