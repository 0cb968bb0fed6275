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
    /// Sprite sheets loaded from local files, in the style's order (icon-image looks them up).
    public var sprites: [SpriteAtlas] = []
    /// Credit line collected from the sources (HTML tags removed, duplicates dropped).
    public var attribution: String?

    public init(style: Style, vectorSources: [String: VectorTileCache], attribution: String?) {
        self.style = style
        self.vectorSources = vectorSources
        self.attribution = attribution
    }

    /// Joins attribution texts: strips HTML tags, drops empties and repeats, keeps order.
    public static func joinAttribution(_ parts: [String]) -> String? {
        var seen: [String] = []
        for p in parts {
            let plain = p.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
                .replacingOccurrences(of: "&copy;", with: "©").replacingOccurrences(of: "&amp;", with: "&")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // Credits are often run together ("© OpenMapTiles © OpenStreetMap contributors"):
            // split before each "©" so each one is kept once.
            let pieces = plain.replacingOccurrences(of: "©", with: "\u{1}©").components(separatedBy: "\u{1}")
            for piece in pieces.map({ $0.trimmingCharacters(in: .whitespaces) })
            where !piece.isEmpty && !seen.contains(piece) {
                seen.append(piece)
            }
        }
        return seen.isEmpty ? nil : seen.joined(separator: " ")
    }
}
