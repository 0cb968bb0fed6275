/// The spacing of contour lines: the value maplibre-contour's `thresholds` option gives a zoom,
/// [minor, major, …] (in the tracer's unit, metres by default). Lines are traced every `minor`;
/// a line's `level` is the highest index whose interval divides its elevation.
public struct ContourLevels: Sendable, Equatable {
    /// The intervals, the first (`minor`) the spacing of all lines; each > 0 and finite.
    public let intervals: [Double]

    /// Levels from maplibre-contour's list [minor, major, …]; nil when the list is empty or an
    /// interval is not a positive finite number.
    public init?(intervals: [Double]) {
        guard !intervals.isEmpty, intervals.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        self.intervals = intervals
    }

    /// Levels the caller has checked (non-empty, positive, finite): the built-in tables.
    init(checked intervals: [Double]) {
        self.intervals = intervals
    }

    /// Lines every `interval` with an index line every `indexEvery`-th one (the default: every
    /// fifth), i.e. [interval, indexEvery × interval]; nil for an interval that is not a positive
    /// finite number or `indexEvery` < 2.
    public init?(interval: Double, indexEvery: Int = 5) {
        guard indexEvery >= 2 else { return nil }
        self.init(intervals: [interval, interval * Double(indexEvery)])
    }

    /// The spacing of all lines (the first interval).
    public var minor: Double { intervals[0] }

    /// maplibre-contour's level of `elevation`: the highest index i such that `elevation` is a
    /// multiple of `intervals[i]` (to 1e-9 relative, so 0.1-unit intervals work), else 0.
    public func level(of elevation: Double) -> Int {
        var level = 0
        for (i, step) in intervals.enumerated() where i > 0 {
            let q = elevation / step
            if abs(q - q.rounded()) <= 1e-9 * max(1, abs(q)) { level = i }
        }
        return level
    }
}
