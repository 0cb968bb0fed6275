import Foundation
import MapSnapGeometry
import MapSnapStyle
import MapSnapTiles

/// Where a vector source has data on an image: the parts of the image (points) it leaves
/// empty, and whether it has any tile there at all.
struct SourceCoverage {
    /// Parts of the image (points) with no data from the source: its covering tiles that are
    /// missing, and the parts of the others outside the archive's bounds. Pixel-aligned by the
    /// painter's clip, as tile squares are, so nothing is drawn twice along their edges.
    var gaps: [Rect]
    /// Whether at least one covering tile exists.
    var hasTiles: Bool
}

extension BaseMapPainter {
    /// Draws `layer` from the fallback tiles `world` (`BaseMap.fallbackSources`) where `primary`
    /// has no data on the image, clipped to those parts so that nothing is drawn twice and the
    /// primary's own coastline is never covered by the coarser one. Labels are kept only when
    /// their anchor is in those parts.
    mutating func drawFallback(
        _ layer: StyleLayer, layerIndex: Int, under primary: VectorLayerSource, world: VectorTileCache,
        fixed: LayerPaint?, symbols: inout [SymbolCandidate]
    ) {
        let gaps = coverage(primary.id, primary.cache).gaps
        guard !gaps.isEmpty else { return }
        var source = primary
        source.id = BaseMap.fallbackKey(primary.id)
        source.cache = world
        drawVectorLayer(layer, layerIndex: layerIndex, source, fixed: fixed, clips: gaps, symbols: &symbols)
    }

    /// Where `cache` (the tiles of style source `id`) has no data on the image; see
    /// `SourceCoverage`. Computed once per image and source.
    mutating func coverage(_ id: String, _ cache: VectorTileCache) -> SourceCoverage {
        if let c = coverages[id] { return c }
        let image = Rect(x: 0, y: 0, width: camera.size.width, height: camera.size.height)
        var gaps: [Rect] = []
        var present = 0
        let tiles = cover(id, cache)
        for tile in tiles {
            guard let frame = tile.frame.intersection(image) else { continue }
            // A tile that cannot be read is warned about where it is drawn; it is not a gap.
            var exists = true
            do { exists = try cache.tile(tile.id) != nil } catch {}
            guard exists else {
                gaps.append(frame)
                continue
            }
            present += 1
            if let data = dataRect(cache.source.bounds, wrap: tile.wrap) {
                gaps += frame.subtracting(data)
            }
        }
        // No tile at all: one gap, so that labels and lines are not cut at tile edges.
        if present == 0 { gaps = [image] }
        let c = SourceCoverage(gaps: gaps, hasTiles: present > 0)
        coverages[id] = c
        return c
    }

    /// `bounds` (degrees) on the image (points) in the copy of the world `wrap`; nil without
    /// bounds, for bounds across the antimeridian, and for bounds covering the whole world.
    private func dataRect(_ bounds: BoundingBox?, wrap: Int) -> Rect? {
        guard let b = bounds, b.west < b.east, b.south < b.north else { return nil }
        guard b.west > -180 || b.east < 180 || b.south > -85 || b.north < 85 else { return nil }
        let zoom = camera.zoom
        let nw = WebMercator.worldPoint(Coordinate(latitude: b.north, longitude: b.west), zoom: zoom)
        let se = WebMercator.worldPoint(Coordinate(latitude: b.south, longitude: b.east), zoom: zoom)
        // Tiles of copy `wrap` of the world are `wrap` world widths east of the canonical one.
        let o = camera.origin
        let x0 = nw.x + Double(wrap) * camera.worldSize - o.x
        return Rect(x: x0, y: nw.y - o.y, width: se.x - nw.x, height: se.y - nw.y)
    }

    /// Keeps the candidates of `symbols` from index `start` on whose anchor lies in `clips`
    /// (image points); a line label's anchors are narrowed to the first clip its area meets.
    static func restrict(_ symbols: inout [SymbolCandidate], from start: Int, to clips: [Rect]) {
        var kept: [SymbolCandidate] = []
        for var c in symbols[start...] {
            switch c.geometry {
            case .point(let q):
                guard clips.contains(where: { $0.containsPoint(q) }) else { continue }
            case .lines(let paths, let area):
                guard let narrowed = clips.lazy.compactMap({ $0.intersection(area) }).first else { continue }
                c.geometry = .lines(paths, clip: narrowed)
            }
            kept.append(c)
        }
        symbols.replaceSubrange(start..., with: kept)
    }

    /// One warning for each vector source that visible layers read and that has no tile for
    /// the image: it names the source and its file, the view, what the world base map drew
    /// instead, and how to get tiles.
    mutating func warnMissingTiles() {
        for (id, coverage) in coverages.sorted(by: { $0.key < $1.key }) where !coverage.hasTiles {
            let file = map.vectorSources[id].map { " (\($0.source.sourceName))" } ?? ""
            let c = camera.center
            let view = String(
                format: "centre %.5f, %.5f, zoom %.2f", c.latitude, c.longitude, camera.zoom)
            let world =
                drawnSources.contains(BaseMap.fallbackKey(id))
                ? "the bundled world map shows only coasts, borders and major places there; " : ""
            warnOnce(
                "source \"\(id)\"\(file) has no tiles for this view (\(view)); \(world)\(map.missingTilesHint(id))")
        }
    }
}

extension Rect {
    /// The parts of `self` outside `other`: up to four rectangles (above, below, left, right).
    func subtracting(_ other: Rect) -> [Rect] {
        guard let cut = intersection(other) else { return [self] }
        var parts: [Rect] = []
        if cut.minY > minY { parts.append(Rect(x: minX, y: minY, width: width, height: cut.minY - minY)) }
        if cut.maxY < maxY { parts.append(Rect(x: minX, y: cut.maxY, width: width, height: maxY - cut.maxY)) }
        if cut.minX > minX { parts.append(Rect(x: minX, y: cut.minY, width: cut.minX - minX, height: cut.height)) }
        if cut.maxX < maxX { parts.append(Rect(x: cut.maxX, y: cut.minY, width: maxX - cut.maxX, height: cut.height)) }
        return parts
    }
}
