import MapSnapGeometry

/// Contour lines traced from one elevation tile, laid out like the features of a vector-tile
/// layer of `type: "contour"` (maplibre-contour's): `ContourLine`s in tile units 0…`extent`.
///
/// How: marching squares over the tile's (dim + 2)² heights, its one-pixel border ring included
/// (fill it with `DEMTile.backfillBorder` from the eight neighbours first, or the lines bend at
/// the edge and miss the neighbour's), so the half-pixel strips along the edges are traced too
/// and lines end exactly on the tile edge where the neighbour's lines begin. Saddles are
/// resolved by the cell's centre value (the mean of its corners); segments are chained into
/// polylines (rings closed), cut to [−buffer, extent + buffer]², smoothed lightly
/// (`ContourSmoothing`, edge points fixed) and sorted by elevation, then first point (x, then
/// y), so the output is the same from run to run.
///
/// Orientation: higher ground is on the LEFT of every line, walking along it in tile
/// coordinates (y down, as on screen). A label along the line with its top to the left of the
/// direction of travel has its top uphill, the cartographic convention for contour numbers.
public struct ContourTracer: Sendable, Equatable {
    /// Tile units per side (MVT's extent), ≥ 1.
    public var extent: Int
    /// How far beyond the tile edge lines run, in tile units; at most half a DEM pixel
    /// (extent / dim / 2: 8 units for 256-pixel tiles at 4096), as far as the border ring
    /// reaches. With 0, lines end on the edge and meet the neighbour's end to end.
    public var buffer: Double
    /// Chaikin passes (0: the lines marching squares gives; each pass doubles the points).
    public var smoothingPasses: Int
    /// Units of `elevation` and of the levels per metre of the tile's heights: 1 for metres,
    /// 3.28084 for feet (maplibre-contour's `multiplier`); > 0.
    public var multiplier: Double
    /// Levels by zoom, for `lines(in:zoom:)`.
    public var intervals: ContourIntervals
    /// The most points the lines of one tile may pass through before smoothing (16 bytes each
    /// while tracing): a guard against a tiny interval over steep ground. A steep 256² tile at
    /// 10 m takes ~40 000; the default, 2²³, allows 200 times that.
    public var maxPoints: Int

    public init(
        extent: Int = 4096, buffer: Double = 0, smoothingPasses: Int = 1, multiplier: Double = 1,
        intervals: ContourIntervals = .standard, maxPoints: Int = 1 << 23
    ) {
        self.maxPoints = maxPoints
        self.extent = extent
        self.buffer = buffer
        self.smoothingPasses = smoothingPasses
        self.multiplier = multiplier
        self.intervals = intervals
    }

    /// The lines of `tile`, a tile of `zoom`, at the levels `intervals` gives that zoom (none
    /// when it gives none).
    public func lines(in tile: DEMTile, zoom: Int) -> [ContourLine] {
        guard let levels = intervals.levels(atZoom: zoom) else { return [] }
        return lines(in: tile, levels: levels)
    }

    /// The lines of `tile` every `interval` (metres, or the multiplier's unit), an index line
    /// every fifth; none for an interval that is not a positive finite number.
    public func lines(in tile: DEMTile, interval: Double) -> [ContourLine] {
        guard let levels = ContourLevels(interval: interval) else { return [] }
        return lines(in: tile, levels: levels)
    }

    /// The lines of `tile` every `levels.minor`, each with its `level`, sorted by elevation and
    /// then first point. None when `multiplier` is not a positive finite number, when a level
    /// step of the tile's heights would pass ±10⁹, or when the lines would pass through more than
    /// `maxPoints` points before smoothing (a tiny interval over steep ground).
    public func lines(in tile: DEMTile, levels: ContourLevels) -> [ContourLine] {
        guard multiplier.isFinite, multiplier > 0 else { return [] }
        let frame = ContourFrame(dim: tile.dim, extent: extent, buffer: buffer)
        let interval = levels.minor
        guard let range = Self.stepRange(tile.heights, interval: interval, multiplier: multiplier) else { return [] }
        let march = ContourMarchingSquares(
            frame: frame, interval: interval, multiplier: multiplier, lowestStep: range.lowerBound)
        let traced = tile.heights.withUnsafeBufferPointer { heights in
            march.withPoints(of: heights, maxPoints: maxPoints) { ContourChainer.chains(of: $0) }
        }
        guard let chains = traced else { return [] }
        var lines: [ContourLine] = []
        lines.reserveCapacity(chains.count)
        for chain in chains {
            let elevation = Double(range.lowerBound + chain.step) * interval
            let points = ContourSmoothing.chaikin(
                chain.points, closed: chain.isClosed, passes: smoothingPasses, low: frame.low, high: frame.high)
            lines.append(ContourLine(elevation: elevation, level: levels.level(of: elevation), points: points))
        }
        return Self.sorted(lines)
    }

    /// The steps k of the levels k × interval the tile's heights can cross (one more each side),
    /// nil when none or beyond ±10⁹ (what the scan's 32-bit bands hold).
    static func stepRange(_ heights: [Float], interval: Double, multiplier: Double) -> Range<Int>? {
        var lo = Float.infinity
        var hi = -Float.infinity
        for h in heights where h.isFinite {
            lo = min(lo, h)
            hi = max(hi, h)
        }
        guard lo < hi else { return nil }
        let first = (Double(lo) * (multiplier / interval)).rounded(.up) - 1
        let last = (Double(hi) * (multiplier / interval)).rounded(.down) + 1
        guard abs(first) < 1e9, abs(last) < 1e9 else { return nil }
        return Int(first)..<Int(last) + 1
    }

    /// By elevation, then first point (x, then y), then length: the same order every run.
    static func sorted(_ lines: [ContourLine]) -> [ContourLine] {
        lines.enumerated().sorted { a, b in
            let p = a.element
            let q = b.element
            if p.elevation != q.elevation { return p.elevation < q.elevation }
            let ps = p.points[0]
            let qs = q.points[0]
            if ps.x != qs.x { return ps.x < qs.x }
            if ps.y != qs.y { return ps.y < qs.y }
            if p.points.count != q.points.count { return p.points.count < q.points.count }
            return a.offset < b.offset
        }.map(\.element)
    }
}
