import MapSnapGeometry

/// The road network a router searches: junctions (vertices) joined by edges that keep the shape
/// of the ways between them, and for each profile how each direction of an edge may be
/// travelled. Built from OpenStreetMap data by `RoadGraphBuilder`, cached by `RoadGraphCache`.
///
/// **Layout.** Everything is in flat arrays of fixed-width numbers (what the cache writes and
/// maps back): positions in 1e-7 degrees, lengths in metres, speeds in km/h. An *arc* is one
/// direction of an edge: arc `2e` runs from `edgeFrom[e]` to `edgeTo[e]` (the way's node order),
/// arc `2e + 1` back. `outArcs[outStart[v]..<outStart[v + 1]]` are the arcs leaving vertex `v`.
public struct RoadGraph: Sendable, Equatable {
    /// Vertex latitudes and longitudes, 1e-7 degrees.
    public var vertexLat: [Int32] = []
    public var vertexLon: [Int32] = []
    /// CSR adjacency: for vertex `v`, `outArcs[outStart[v]..<outStart[v + 1]]`.
    public var outStart: [Int32] = [0]
    public var outArcs: [Int32] = []
    /// The edges' end vertices (the way's direction).
    public var edgeFrom: [Int32] = []
    public var edgeTo: [Int32] = []
    /// The inner shape points of edge `e` (without its end vertices) are
    /// `shapeLat/Lon[shapeStart[e]..<shapeStart[e + 1]]`, 1e-7 degrees.
    public var shapeStart: [Int32] = [0]
    public var shapeLat: [Int32] = []
    public var shapeLon: [Int32] = []
    /// Edge lengths along the shape, metres.
    public var edgeLength: [Float] = []
    /// The way of each edge (an index into the way table).
    public var edgeWay: [Int32] = []
    /// The SAC grade of each edge (0: none, 1–6: T1–T6), checked against the query's limit.
    public var edgeSAC: [UInt8] = []
    /// Per profile (index `RoutingProfile.index`) and arc: flat speed in km/h (0: the arc may
    /// not be used), priority (weight factor) and kind (`Traversal.Kind`).
    public var arcSpeed: [[Float]] = []
    public var arcPriority: [[Float]] = []
    public var arcKind: [[UInt8]] = []
    /// Way table: OSM id, name (index into `strings`, −1: none), `highway` value (index into
    /// `strings`), `incline` sense along the way (1 up, −1 down, 0 unknown).
    public var wayID: [Int64] = []
    public var wayName: [Int32] = []
    public var wayRef: [Int32] = []
    public var wayHighway: [Int32] = []
    public var wayIncline: [Int8] = []
    /// Names, `ref`s and `highway` values, each once.
    public var strings: [String] = []
    /// Forbidden turns for cars, `fromArc << 32 | toArc`, sorted (from `type=restriction`).
    public var forbiddenTurns: [UInt64] = []
    /// Elevation of each vertex and shape point, metres (empty: no DEM given).
    public var vertexElevation: [Float] = []
    public var shapeElevation: [Float] = []

    public init() {}

    public var vertexCount: Int { vertexLat.count }
    public var edgeCount: Int { edgeFrom.count }
    public var arcCount: Int { edgeFrom.count * 2 }

    /// The position of vertex `v`, degrees.
    @inline(__always)
    public func vertex(_ v: Int) -> Coordinate {
        Coordinate(latitude: Double(vertexLat[v]) * 1e-7, longitude: Double(vertexLon[v]) * 1e-7)
    }

    /// The vertex arc `a` leaves.
    @inline(__always)
    public func tail(_ a: Int) -> Int { Int(a & 1 == 0 ? edgeFrom[a >> 1] : edgeTo[a >> 1]) }

    /// The vertex arc `a` reaches.
    @inline(__always)
    public func head(_ a: Int) -> Int { Int(a & 1 == 0 ? edgeTo[a >> 1] : edgeFrom[a >> 1]) }

    /// The number of arcs leaving vertex `v`.
    @inline(__always)
    public func degree(_ v: Int) -> Int { Int(outStart[v + 1] - outStart[v]) }

    /// The shape of edge `e` in the way's direction, end vertices included, degrees.
    public func edgeShape(_ e: Int) -> [Coordinate] {
        var points = [vertex(Int(edgeFrom[e]))]
        for i in Int(shapeStart[e])..<Int(shapeStart[e + 1]) {
            points.append(Coordinate(latitude: Double(shapeLat[i]) * 1e-7, longitude: Double(shapeLon[i]) * 1e-7))
        }
        points.append(vertex(Int(edgeTo[e])))
        return points
    }

    /// The number of points of `edgeShape(e)`.
    @inline(__always)
    public func shapeCount(_ e: Int) -> Int { Int(shapeStart[e + 1] - shapeStart[e]) + 2 }

    /// Point `i` of `edgeShape(e)` without building the array.
    @inline(__always)
    public func shapePoint(_ e: Int, _ i: Int) -> Coordinate {
        if i == 0 { return vertex(Int(edgeFrom[e])) }
        let inner = Int(shapeStart[e]) + i - 1
        if inner >= Int(shapeStart[e + 1]) { return vertex(Int(edgeTo[e])) }
        return Coordinate(latitude: Double(shapeLat[inner]) * 1e-7, longitude: Double(shapeLon[inner]) * 1e-7)
    }

    /// The elevations along `edgeShape(e)`, metres (nil: no DEM).
    public func edgeElevations(_ e: Int) -> [Double]? {
        guard !vertexElevation.isEmpty else { return nil }
        var values = [Double(vertexElevation[Int(edgeFrom[e])])]
        for i in Int(shapeStart[e])..<Int(shapeStart[e + 1]) { values.append(Double(shapeElevation[i])) }
        values.append(Double(vertexElevation[Int(edgeTo[e])]))
        return values
    }

    /// The string at `index`, nil for −1.
    public func string(_ index: Int32) -> String? { index >= 0 ? strings[Int(index)] : nil }

    /// True when a car may turn from arc `a` into arc `b` (the restrictions only; U-turns are
    /// the search's rule).
    @inline(__always)
    public func carMayTurn(from a: Int, to b: Int) -> Bool {
        guard !forbiddenTurns.isEmpty else { return true }
        let key = UInt64(a) << 32 | UInt64(b)
        var low = 0
        var high = forbiddenTurns.count
        while low < high {
            let mid = (low + high) >> 1
            if forbiddenTurns[mid] < key { low = mid + 1 } else { high = mid }
        }
        return !(low < forbiddenTurns.count && forbiddenTurns[low] == key)
    }
}
