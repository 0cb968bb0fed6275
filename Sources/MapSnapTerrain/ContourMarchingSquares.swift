/// Marching squares over one tile: the levels (`interval`, `multiplier`, `lowestStep`) and one
/// scan of the grid, row by row, that finds the crossings of every level at once (as
/// maplibre-contour does) and links them into segments (`ContourScan`).
struct ContourMarchingSquares {
    let frame: ContourFrame
    /// Spacing of the levels, in the tracer's unit.
    let interval: Double
    /// Tracer units per metre of the tile's heights (1 for metres).
    let multiplier: Double
    /// k of the tile's lowest level (elevation k × interval): the steps count from it.
    let lowestStep: Int
    /// Levels per metre of height: multiplier / interval.
    let stepsPerMetre: Double
    /// lowestStep + 1, what a band subtracts from ⌈h / interval⌉.
    let bandOffset: Int32

    init(frame: ContourFrame, interval: Double, multiplier: Double, lowestStep: Int) {
        self.frame = frame
        self.interval = interval
        self.multiplier = multiplier
        self.lowestStep = lowestStep
        self.stepsPerMetre = multiplier / interval
        self.bandOffset = Int32(truncatingIfNeeded: lowestStep + 1)
    }

    /// No band: a sample without a height (NaN or infinite).
    static let noData = Int32.min

    /// Calls `body` with the points of all levels' lines and their links (valid only during
    /// the call), or nil when they would be more than `maxPoints`. `heights` holds the tile's
    /// (dim + 2)² samples (`DEMTile.heights`), all finite ones within the levels `lowestStep` was
    /// worked out for (`ContourTracer.stepRange`).
    func withPoints<R>(
        of heights: UnsafeBufferPointer<Float>, maxPoints: Int, _ body: (UnsafeMutableBufferPointer<ContourPoint>) -> R
    ) -> R? {
        var rows = [Int32](repeating: -1, count: 5 * frame.n)
        return rows.withUnsafeMutableBufferPointer { rows in
            var scan = ContourScan(march: self, heights: heights, rows: rows, maxPoints: maxPoints)
            defer { scan.deallocate() }
            scan.run()
            guard !scan.overflowed else { return nil }
            return body(UnsafeMutableBufferPointer(start: scan.points, count: scan.count))
        }
    }

    /// A height's band: the highest step k (counted from `lowestStep`) whose level
    /// (lowestStep + k) × interval lies strictly below it, i.e. ⌈h / interval⌉ − 1 − lowestStep;
    /// `noData` for a height that is not finite. A corner is above level k when its band ≥ k
    /// (heights equal to a level count as below it, as in maplibre-contour).
    ///
    /// Branch-free, without libm: adding 1.5 · 2⁵² rounds q to the nearest integer, which the
    /// low 32 bits then hold (|q| < 2³¹, as `ContourTracer.stepRange` ensures for the finite
    /// heights of a tile), and that steps up where it rounded down.
    @inline(__always)
    func band(_ height: Float) -> Int32 {
        let q = Double(height) * stepsPerMetre
        let nearest = Int32(truncatingIfNeeded: (q + 0x1.8p52).bitPattern)
        let ceiling = nearest &+ (Double(nearest) < q ? 1 : 0)
        return q.isFinite ? ceiling &- bandOffset : Self.noData
    }

    /// The level of step `k` in the tracer's unit.
    @inline(__always)
    func level(_ k: Int32) -> Double {
        Double(lowestStep + Int(k)) * interval
    }
}
