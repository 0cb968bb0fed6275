import MapSnapGeometry

/// Where a tile's sample grid lies in tile units, and the box lines are clipped to.
///
/// The grid is the tile's (dim + 2)² heights, border ring included: sample (gi, gj), gi and gj
/// in 0…dim + 1, is DEM pixel (gi − 1, gj − 1), whose centre lies at (gi − 0.5) pixels, i.e.
/// (gi − 0.5) × `scale` tile units. Cell (ci, cj) spans samples ci…ci + 1 and cj…cj + 1; the
/// cells of the outer ring (ci or cj 0 or dim) straddle the tile's edge, which runs through
/// their middle, so lines traced there reach the edge exactly.
struct ContourFrame {
    /// Pixels along a side of the tile, without the border.
    let dim: Int
    /// Samples along a side of the grid: dim + 2.
    let n: Int
    /// Tile units per DEM pixel: extent / dim.
    let scale: Double
    /// The clip box's margin beyond the tile edge, in DEM pixels (0…0.5: the border ring holds
    /// half a pixel of the neighbour's ground beyond the edge, no more).
    let bufferPixels: Double
    /// The clip box [low, high]² in tile units: −buffer and extent + buffer (to Float precision).
    let low: Double
    let high: Double

    /// - Parameters: `extent` tile units per side (≥ 1), `buffer` in tile units (clamped to
    ///   0…half a DEM pixel).
    init(dim: Int, extent: Int, buffer: Double) {
        self.dim = dim
        self.n = dim + 2
        let scale = Double(max(1, extent)) / Double(dim)
        self.scale = scale
        let pixels = buffer.isFinite ? min(max(buffer / scale, 0), 0.5) : 0
        self.bufferPixels = pixels
        // Bounds a Float holds exactly, as points are kept as Float (`ContourPoint`).
        self.low = Double(Float(0 - pixels * scale))
        self.high = Double(Float(Double(max(1, extent)) + pixels * scale))
    }

    /// True for the cells of the outer ring, the only ones the clip box cuts.
    @inline(__always)
    func isBorder(ci: Int, cj: Int) -> Bool {
        ci == 0 || cj == 0 || ci == n - 2 || cj == n - 2
    }

    /// The clip box of border cell (ci, cj) in the cell's own coordinates (0…1 across it);
    /// ±infinity on the sides the box does not cut.
    func box(ci: Int, cj: Int) -> ContourCellBox {
        ContourCellBox(
            uLow: ci == 0 ? 0.5 - bufferPixels : -.infinity,
            uHigh: ci == n - 2 ? 0.5 + bufferPixels : .infinity,
            vLow: cj == 0 ? 0.5 - bufferPixels : -.infinity,
            vHigh: cj == n - 2 ? 0.5 + bufferPixels : .infinity)
    }

    /// Tile units of the point `local` (cell coordinates) of cell (ci, cj).
    @inline(__always)
    func point(_ local: Point, ci: Int, cj: Int) -> Point {
        Point(x: (Double(ci) - 0.5 + local.x) * scale, y: (Double(cj) - 0.5 + local.y) * scale)
    }

    /// As `point(_:ci:cj:)` for a border cell: a coordinate on the cell's clip box becomes the
    /// box's exact bound, so the ends two neighbouring tiles give a shared edge are equal.
    func point(_ local: Point, ci: Int, cj: Int, box: ContourCellBox) -> Point {
        var p = point(local, ci: ci, cj: cj)
        if local.x == box.uLow { p.x = low } else if local.x == box.uHigh { p.x = high }
        if local.y == box.vLow { p.y = low } else if local.y == box.vHigh { p.y = high }
        return p
    }
}

/// The part of a border cell inside the tile's clip box, in the cell's coordinates (u across,
/// v down, 0…1), with ±infinity where the box does not cut the cell.
struct ContourCellBox {
    let uLow: Double
    let uHigh: Double
    let vLow: Double
    let vHigh: Double
}
