/// Contour spacing by zoom: maplibre-contour's `thresholds` option, zoom → [minor, major, …]; a
/// tile of zoom z takes the entry of the highest key ≤ z (maplibre-contour's
/// `getOptionsForZoom`, https://github.com/onthegomap/maplibre-contour, src/utils.ts). A style
/// can replace the table; `standard` is the default.
public struct ContourIntervals: Sendable, Equatable {
    /// Zoom (integer, MapLibre's) → levels from that zoom up to the next key.
    public var thresholds: [Int: ContourLevels]

    public init(thresholds: [Int: ContourLevels]) {
        self.thresholds = thresholds
    }

    /// A table from maplibre-contour's literal form, zoom → [minor, major, …] in metres; nil
    /// when a list is not valid `ContourLevels`.
    public init?(lists: [Int: [Double]]) {
        var table: [Int: ContourLevels] = [:]
        for (zoom, list) in lists {
            guard let levels = ContourLevels(intervals: list) else { return nil }
            table[zoom] = levels
        }
        self.thresholds = table
    }

    /// The default, in metres, index lines every fifth: z ≤ 10: 200 m, z11: 100 m, z12: 50 m,
    /// z13: 20 m, z ≥ 14: 10 m. maplibre-contour has no default table; its README's example
    /// (in feet: 11: [200, 1000], 12: [100, 500], 14: [50, 200], 15: [20, 100]) gives
    /// [minor, major] pairs by zoom the same way, the spacing halving about every zoom.
    public static let standard = ContourIntervals(thresholds: [
        0: Self.every(200), 11: Self.every(100), 12: Self.every(50), 13: Self.every(20), 14: Self.every(10),
    ])

    /// The levels for a tile of `zoom`: the entry of the highest key ≤ zoom, nil when every key
    /// is above it (no contours at that zoom).
    public func levels(atZoom zoom: Int) -> ContourLevels? {
        var best: (zoom: Int, levels: ContourLevels)?
        for (key, levels) in thresholds where key <= zoom && key > (best?.zoom ?? Int.min) {
            best = (key, levels)
        }
        return best?.levels
    }

    /// [interval, 5 × interval] for the literal table above (its intervals are all valid).
    private static func every(_ interval: Double) -> ContourLevels {
        ContourLevels(checked: [interval, 5 * interval])
    }
}
