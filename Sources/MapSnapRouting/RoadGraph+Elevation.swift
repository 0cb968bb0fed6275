import MapSnapGeometry
import MapSnapTerrain

extension RoadGraph {
    /// The graph with the height of every vertex and shape point from `source` (metres), so
    /// walking and cycling times follow the slopes. Points the source does not know stay NaN:
    /// a segment with an unknown end is timed as flat (no invented cliff at the edge of the
    /// data).
    public func withElevations(from source: some ElevationSource) -> RoadGraph {
        var g = self
        func sample(_ lat: [Int32], _ lon: [Int32]) -> [Float] {
            var values = [Float](repeating: .nan, count: lat.count)
            for i in lat.indices {
                let c = Coordinate(latitude: Double(lat[i]) * 1e-7, longitude: Double(lon[i]) * 1e-7)
                if let e = source.elevation(at: c), e.isFinite { values[i] = Float(e) }
            }
            return values
        }
        g.vertexElevation = sample(vertexLat, vertexLon)
        g.shapeElevation = sample(shapeLat, shapeLon)
        return g
    }
}
