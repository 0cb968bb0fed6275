import Foundation
import MapSnapGeometry
import MapSnapIO

/// Tiles stored as one file per tile, addressed by a URL template of a style source's `tiles`
/// (https://maplibre.org/maplibre-style-spec/sources/#vector-tiles): `file:///data/{z}/{x}/{y}.mvt`,
/// `tiles/{z}-{x}-{y}.pbf` (relative paths resolve against `base`). `{z}`, `{x}`, `{y}` and
/// `{quadkey}` are substituted; with `scheme: "tms"` the row is flipped. Only local files are
/// read: the caller decides what a template means before constructing this.
public final class TemplateTileSource: TileSource {
    public let templates: [String]
    public let tms: Bool
    public let minZoom: Int
    public let maxZoom: Int
    public let bounds: BoundingBox?
    public let attribution: String?
    public let vectorLayers: [VectorLayerInfo] = []
    public let maxTileBytes: Int
    private let base: URL

    /// - Parameters: `templates` are tried in order for each tile (the first existing file wins).
    public init(
        templates: [String], base: URL, tms: Bool = false, minZoom: Int = 0, maxZoom: Int = 22,
        bounds: BoundingBox? = nil, attribution: String? = nil, maxTileBytes: Int = Gzip.defaultMaxOutputBytes
    ) {
        self.templates = templates
        self.base = base
        self.tms = tms
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds
        self.attribution = attribution
        self.maxTileBytes = maxTileBytes
    }

    public var sourceName: String { templates.first ?? "tiles" }

    /// The local path of tile z/x/y for `template`.
    public func path(_ template: String, z: Int, x: Int, y: Int) -> String {
        let row = tms ? (1 << z) - 1 - y : y
        var s = template.replacingOccurrences(of: "{z}", with: String(z))
            .replacingOccurrences(of: "{x}", with: String(x)).replacingOccurrences(of: "{y}", with: String(row))
        if s.contains("{quadkey}") { s = s.replacingOccurrences(of: "{quadkey}", with: Self.quadkey(z: z, x: x, y: y)) }
        if s.hasPrefix("file://") { s = String(s.dropFirst("file://".count)) }
        s = s.removingPercentEncoding ?? s
        return s.hasPrefix("/") ? s : base.appendingPathComponent(s).standardizedFileURL.path
    }

    public func tileData(z: Int, x: Int, y: Int) throws -> [UInt8]? {
        guard z >= 0, z <= TileID.maxZoom, x >= 0, y >= 0, x < (1 << z), y < (1 << z) else { return nil }
        for t in templates {
            let p = path(t, z: z, x: x, y: y)
            guard let data = FileManager.default.contents(atPath: p) else { continue }
            do {
                return try Gzip.decompressIfNeeded(Array(data), maxOutputBytes: maxTileBytes)
            } catch {
                throw TileSourceError(path: p, error.description)
            }
        }
        return nil
    }

    /// Bing-style quadkey of a tile.
    static func quadkey(z: Int, x: Int, y: Int) -> String {
        var s = ""
        for i in stride(from: z, to: 0, by: -1) {
            let mask = 1 << (i - 1)
            var digit = 0
            if x & mask != 0 { digit += 1 }
            if y & mask != 0 { digit += 2 }
            s += String(digit)
        }
        return s
    }
}
