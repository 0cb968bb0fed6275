/// Collects `Feature.elevations` part by part while a reader walks a geometry.
///
/// Every part appends its elevations parallel to its vertices (NaN where a vertex had none);
/// `result` is nil when no vertex of any part had one, so features without heights stay light.
/// A part without any elevation is kept as its vertex count only, and filled with NaN in
/// `result` when another part has elevations.
struct ElevationParts {
    private var parts: [[Double]] = []
    private var counts: [Int] = []
    private var sawElevation = false

    /// Appends one part's elevations (metres, NaN where missing); `hasElevation` tells whether
    /// any of them is a number. `vertices`: the part's vertex count (that of `values` by
    /// default; `values` may be empty for a part without elevations).
    mutating func append(_ values: [Double], hasElevation: Bool, vertices: Int? = nil) {
        parts.append(hasElevation ? values : [])
        counts.append(vertices ?? values.count)
        if hasElevation { sawElevation = true }
    }

    /// The parts, or nil when no vertex had an elevation.
    var result: [[Double]]? {
        guard sawElevation else { return nil }
        return zip(parts, counts).map { values, count in
            values.isEmpty ? [Double](repeating: .nan, count: count) : values
        }
    }
}
