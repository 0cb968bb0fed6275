import MapSnapGeometry
import MapSnapStyle
import MapSnapTiles

/// One source layer of one covering tile, prepared for all the style layers that draw from it:
/// every feature's geometry decoded once, scaled to points relative to the tile's top-left
/// corner into one flat buffer, with its bounding box; property lookups through one key cache;
/// filter verdicts kept per filter (see `FeatureFilter.groups`). Style layers over the
/// same source layer (a dozen road layers over `transportation`) then share the decoding, the
/// scaling and equal filters — and, as the points do not depend on where the tile lands on the image, so
/// do the next images that show the tile at the same size (`SceneRenderer` keeps them).
///
/// The decoded data is immutable (`let`), so reading it costs no exclusivity checks.
final class PreparedTileLayer {
    let keys: TileLayerKeyCache
    let count: Int
    /// The tile's square, points relative to its top-left corner (where its points are).
    let frame: Rect

    /// A decoded feature: its parts (`partEnds` indexes) and bounding box (points relative to
    /// the tile's top-left corner).
    struct Geometry {
        let type: MVTGeometryType
        let firstPart: Int32
        let partCount: Int32
        let minX: Double
        let minY: Double
        let maxX: Double
        let maxY: Double

        static let none = Geometry(type: .unknown, firstPart: 0, partCount: 0, minX: 0, minY: 0, maxX: -1, maxY: -1)

        /// No vertex to draw (also a feature of unknown type or with a malformed geometry).
        var isEmpty: Bool { partCount == 0 || minX > maxX }

        /// Whether the box grown by `margin` on every side overlaps `r`.
        @inline(__always)
        func overlaps(_ r: Rect, margin: Double) -> Bool {
            maxX + margin >= r.minX && minX - margin <= r.maxX && maxY + margin >= r.minY && minY - margin <= r.maxY
        }
    }

    /// Per feature (`.none` for a feature of unknown type or whose geometry does not decode).
    let geometries: [Geometry]
    /// Every decoded vertex in points relative to the tile's top-left corner, feature after
    /// feature, part after part.
    let points: [Point]
    /// For each part (global numbering), the index in `points` just past its last vertex; a part
    /// starts where the previous one ends.
    let partEnds: [Int]
    /// How many features had a geometry that does not decode (left out), and why the first did not.
    let damaged: (count: Int, first: MVTError?)

    /// Filter verdicts by filter group (see `BaseMapPainter`), per feature: 0 unknown, 1 pass,
    /// 2 fail.
    private var verdicts: [Int: [UInt8]] = [:]

    init(layer: VectorTileLayer, tile: CoveringTile) {
        let keys = TileLayerKeyCache(layer)
        self.keys = keys
        let count = layer.count
        self.count = count
        self.frame = Rect(x: 0, y: 0, width: tile.size, height: tile.size)
        let scale = tile.scale(extent: layer.extent)
        var geometries: [Geometry] = []
        geometries.reserveCapacity(count)
        var points: [Point] = []
        var partEnds: [Int] = []
        var scratch = FlatTileGeometry()
        var damaged: (count: Int, first: MVTError?) = (0, nil)
        for i in 0..<count {
            guard keys.type(feature: i) != .unknown else {
                geometries.append(.none)
                continue
            }
            do {
                try keys[feature: i].decodeGeometry(into: &scratch)
            } catch {
                damaged = (damaged.count + 1, damaged.first ?? error)
                geometries.append(.none)
                continue
            }
            var minX = Double.infinity
            var minY = Double.infinity
            var maxX = -Double.infinity
            var maxY = -Double.infinity
            let base = points.count
            for p in scratch.points {
                let x = Double(p.x) * scale
                let y = Double(p.y) * scale
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
                points.append(Point(x: x, y: y))
            }
            let firstPart = partEnds.count
            for end in scratch.partEnds { partEnds.append(base + end) }
            geometries.append(
                Geometry(
                    type: scratch.type, firstPart: Int32(firstPart), partCount: Int32(scratch.partEnds.count),
                    minX: minX, minY: minY, maxX: maxX, maxY: maxY))
        }
        self.geometries = geometries
        self.points = points
        self.partEnds = partEnds
        self.damaged = damaged
    }

    /// The feature's geometry type, without looking at its geometry.
    @inline(__always)
    func type(_ feature: Int) -> MVTGeometryType { keys.type(feature: feature) }

    /// The index range in `points` of global part `part`.
    @inline(__always)
    func partRange(_ part: Int) -> Range<Int> { (part == 0 ? 0 : partEnds[part - 1])..<partEnds[part] }

    /// The parts of `g`, as global part numbers.
    @inline(__always)
    func parts(_ g: Geometry) -> Range<Int> { Int(g.firstPart)..<Int(g.firstPart + g.partCount) }

    /// The verdicts of filter group `group` so far (made on first use), to be updated and given
    /// back with `setVerdicts`.
    func takeVerdicts(_ group: Int) -> [UInt8] {
        verdicts.removeValue(forKey: group) ?? [UInt8](repeating: 0, count: count)
    }

    func setVerdicts(_ group: Int, _ v: [UInt8]) { verdicts[group] = v }

    /// Forgets the filter verdicts (for an image of another style).
    func forgetVerdicts() { verdicts.removeAll(keepingCapacity: true) }
}

/// Prepared tile layers kept from one image to the next (`SceneRenderer` holds them): an
/// image that shows a tile again at the same size takes its layers over instead of decoding
/// and scaling them anew (a batch of thumbnails over one area mostly shows the same tiles).
/// Bounded: past `pointBudget` vertices in all, the layers unused for longest go. Each is kept
/// with the tile cache it came from, and only that cache's tiles reuse it.
struct PreparedTiles {
    /// A prepared source layer: by source, source layer, tile and tile size.
    struct Key: Hashable {
        var source: String
        var layer: String
        var tile: TileID
        var size: Double
    }

    struct Entry {
        let cache: VectorTileCache
        let layer: PreparedTileLayer
        /// The image that last used it (see `image`).
        var lastUsed: Int
        /// The style its filter verdicts belong to (see `styleGeneration`).
        var style: Int
    }

    /// About 16 bytes a vertex, plus a third for boxes and parts: some 20 MB.
    var pointBudget = 1 << 20

    private(set) var layers: [Key: Entry] = [:]
    /// Images seen so far.
    private var image = 0
    private var points = 0

    /// The style layers of the images drawn, and a number that changes with them. Filter
    /// verdicts are kept for the same style (at the same tile size the zoom is the same too).
    private var styleLayers: [StyleLayer] = []
    private var styleGeneration = 0

    /// Notes the style of the next image (by identity of its layers).
    mutating func begin(style layers: [StyleLayer]) {
        guard layers.count != styleLayers.count || zip(layers, styleLayers).contains(where: { $0 !== $1 }) else {
            return
        }
        styleLayers = layers
        styleGeneration += 1
    }

    /// The layer kept for `key` from `cache` (its filter verdicts forgotten when they belong to
    /// another style), or nil.
    func reuse(_ key: Key, from cache: VectorTileCache) -> PreparedTileLayer? {
        guard let e = layers[key], e.cache === cache else { return nil }
        if e.style != styleGeneration { e.layer.forgetVerdicts() }
        return e.layer
    }

    /// Keeps the layers an image used (`used`, from the tile caches `caches` by source id), then
    /// drops the least recently used ones beyond the budget.
    mutating func keep(_ used: [Key: PreparedTileLayer?], caches: [String: VectorTileCache]) {
        image += 1
        for (key, layer) in used {
            guard let layer, let cache = caches[key.source] else { continue }
            if let old = layers[key], old.layer === layer {
                layers[key]?.lastUsed = image
                layers[key]?.style = styleGeneration
                continue
            }
            if let old = layers[key] { points -= old.layer.points.count }
            layers[key] = Entry(cache: cache, layer: layer, lastUsed: image, style: styleGeneration)
            points += layer.points.count
        }
        guard points > pointBudget else { return }
        // Oldest first; ties in a fixed order, so what stays does not depend on hashing.
        let order = layers.sorted { a, b in
            if a.value.lastUsed != b.value.lastUsed { return a.value.lastUsed < b.value.lastUsed }
            return (a.key.source, a.key.layer, a.key.tile, a.key.size) < (
                b.key.source, b.key.layer, b.key.tile, b.key.size
            )
        }
        for (key, entry) in order where points > pointBudget {
            layers[key] = nil
            points -= entry.layer.points.count
        }
    }
}
