import MapSnapGeometry

extension Geometry {
    /// The line parts of the geometry, in order: a line string, the parts of a multi-line
    /// string, and those of the members of a collection (points and polygons give none). Parts
    /// are as given, also those of fewer than two points, so they stay parallel to
    /// `Feature.elevations`.
    package var lineParts: [[Coordinate]] {
        switch self {
        case .lineString(let l): return [l]
        case .multiLineString(let ls): return ls
        case .geometryCollection(let gs): return gs.flatMap(\.lineParts)
        case .point, .multiPoint, .polygon, .multiPolygon: return []
        }
    }
}
