/// How much one overlay file (GeoJSON, GPX, encoded polylines; a style's GeoJSON source too) may
/// hold. Past these a file is refused with a clear error instead of taking gigabytes of memory
/// and minutes of drawing: no thumbnail needs more, and a track of more points is simplified
/// first (e.g. `gpsbabel -x simplify,error=0.001k`).
public enum OverlayLimits {
    /// Positions (vertices) in one file: 5,000,000 (about 80 MB of coordinates).
    public static let maximumPositions = 5_000_000
    /// Features in one file: 1,000,000.
    public static let maximumFeatures = 1_000_000
    /// Arrays and objects in one GeoJSON document: a position is one, so a little over
    /// `maximumPositions` (the parse stops there, before the memory is spent).
    public static let maximumJSONContainers = 6_000_000

    /// Throws when `features` hold more than the limits allow.
    /// - Throws: `FormatError` naming `file`, the count and the limit.
    public static func check(_ features: [Feature], file: String) throws(FormatError) {
        if features.count > maximumFeatures {
            throw FormatError(
                file: file, message: "\(features.count) features, more than the \(maximumFeatures) one file may hold")
        }
        var positions = 0
        for feature in features {
            positions += feature.geometry.positionCount
            if positions > maximumPositions {
                throw FormatError(
                    file: file,
                    message: "more than \(maximumPositions) positions, the most one file may hold (simplify it first)")
            }
        }
    }
}

extension Geometry {
    /// The number of positions (vertices), counted without copying them.
    public var positionCount: Int {
        switch self {
        case .point: return 1
        case .multiPoint(let cs), .lineString(let cs): return cs.count
        case .multiLineString(let ls), .polygon(let ls): return ls.reduce(0) { $0 + $1.count }
        case .multiPolygon(let ps): return ps.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        case .geometryCollection(let gs): return gs.reduce(0) { $0 + $1.positionCount }
        }
    }
}
