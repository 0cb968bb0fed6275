import MapSnapGeometry
import MapSnapTerrain

extension RoadGraph {
    /// The graph with the height of every vertex and shape point from `source` (metres), so
    /// walking and cycling times follow the slopes. Points the source does not know take 0 m
    /// when it knows none, else the mean of what it knows (the slope there reads flat).
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
        var vertices = sample(vertexLat, vertexLon)
        var shape = sample(shapeLat, shapeLon)
        let known = (vertices + shape).filter { !$0.isNaN }
        let fill = known.isEmpty ? 0 : known.reduce(0, +) / Float(known.count)
        for i in vertices.indices where vertices[i].isNaN { vertices[i] = fill }
        for i in shape.indices where shape[i].isNaN { shape[i] = fill }
        g.vertexElevation = vertices
        g.shapeElevation = shape
        return g
    }
}
