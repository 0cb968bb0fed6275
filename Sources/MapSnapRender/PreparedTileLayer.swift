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

    /// About how many bytes the layer holds beyond the decoded tile: its vertices, parts, boxes
    /// and a verdict list per filter group (a few per layer are usual; counted as four).
    var approximateBytes: Int {
        points.count * MemoryLayout<Point>.stride + partEnds.count * MemoryLayout<Int>.stride
            + geometries.count * MemoryLayout<Geometry>.stride + count * 4 + 256
    }
}
