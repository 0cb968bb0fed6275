/// Collects `Feature.elevations` part by part while a reader walks a geometry.
///
/// Every part appends one array parallel to its vertices (NaN where a vertex had no elevation);
/// `result` is nil when no vertex of any part had one, so features without heights stay light.
struct ElevationParts {
    private var parts: [[Double]] = []
    private var sawElevation = false

    /// Appends one part's elevations (metres, NaN where missing); `hasElevation` tells whether
    /// any of them is a number.
    mutating func append(_ values: [Double], hasElevation: Bool) {
        parts.append(values)
        if hasElevation { sawElevation = true }
    }

    /// The parts, or nil when no vertex had an elevation.
    var result: [[Double]]? { sawElevation ? parts : nil }
}
