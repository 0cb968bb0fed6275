import MapSnapGeometry

/// A stretch of one arc a route travels: the whole arc, or the part after the start or before
/// the destination. Distances are metres along the arc's direction from its tail.
struct RoutePiece: Equatable {
    var arc: Int
    var from: Double
    var to: Double

    var length: Double { max(to - from, 0) }

    /// The pieces of `path` on `graph`.
    static func pieces(_ path: ArcPath, graph: RoadGraph) -> [RoutePiece] {
        func along(_ a: Int, _ p: EdgePoint) -> Double {
            let length = Double(graph.edgeLength[a >> 1])
            return min(max(a & 1 == 0 ? p.offset : length - p.offset, 0), length)
        }
        if path.arcs.isEmpty {
            let a = 2 * path.source.edge + (path.directForward ? 0 : 1)
            return [RoutePiece(arc: a, from: along(a, path.source), to: along(a, path.target))]
        }
        var result: [RoutePiece] = []
        for (i, a) in path.arcs.enumerated() {
            let length = Double(graph.edgeLength[a >> 1])
            let from = i == 0 ? along(a, path.source) : 0
            let to = i == path.arcs.count - 1 ? along(a, path.target) : length
            result.append(RoutePiece(arc: a, from: from, to: to))
        }
        return result
    }

    /// The points of this piece in travel order, degrees: the point at `from`, the shape points
    /// strictly between, the point at `to`.
    func points(_ graph: RoadGraph) -> [Coordinate] {
        var shape = graph.edgeShape(arc >> 1)
        if arc & 1 == 1 { shape.reverse() }
        var result: [Coordinate] = []
        var travelled = 0.0
        result.append(Self.point(shape, at: from))
        for i in 1..<shape.count {
            travelled += Geodesy.distance(shape[i - 1], shape[i])
            if travelled > from + 1e-6 && travelled < to - 1e-6 { result.append(shape[i]) }
        }
        result.append(Self.point(shape, at: to))
        return result
    }

    /// The point `d` metres along `shape`.
    static func point(_ shape: [Coordinate], at d: Double) -> Coordinate {
        var travelled = 0.0
        for i in 1..<shape.count {
            let s = Geodesy.distance(shape[i - 1], shape[i])
            if travelled + s >= d && s > 0 {
                let t = (d - travelled) / s
                let a = shape[i - 1]
                let b = shape[i]
                return Coordinate(
                    latitude: a.latitude + (b.latitude - a.latitude) * t,
                    longitude: a.longitude + (b.longitude - a.longitude) * t)
            }
            travelled += s
        }
        return shape[shape.count - 1]
    }
}
