import Foundation
import MapSnapGeometry

/// A point on an edge: where a route starts, ends or passes.
public struct EdgePoint: Sendable, Equatable {
    /// The edge.
    public var edge: Int
    /// The segment of `RoadGraph.edgeShape(edge)` the point is on (0: from the first vertex).
    public var segment: Int
    /// Where on the segment, 0…1.
    public var fraction: Double
    /// Distance from the edge's first vertex along its shape, metres.
    public var offset: Double
    /// The point, degrees.
    public var coordinate: Coordinate
    /// Distance from the coordinate asked for to `coordinate`, metres.
    public var distance: Double
}

/// A grid over the edges' segments for finding the nearest edge to a place (snapping).
///
/// Cells are 1/500 degree of latitude high and as wide in metres (about 220 m); a segment is
/// listed in every cell its bounding box touches. Distances are measured in a local
/// equirectangular projection around the query point (exact enough within kilometres).
public struct EdgeIndex: Sendable {
    static let cellDegrees = 1.0 / 500
    let lonScale: Double
    /// Cell keys, sorted; `entries[start[i]..<start[i + 1]]` are the segments of `keys[i]`.
    let keys: [Int64]
    let start: [Int32]
    /// Segment entries: edge and segment index within the edge.
    let entryEdge: [Int32]
    let entrySegment: [Int32]
    /// The cells' extent (no cell outside it holds a segment).
    let cellBounds: (minX: Int, maxX: Int, minY: Int, maxY: Int)

    public init(graph: RoadGraph) {
        let midLat = graph.vertexCount > 0 ? Double(graph.vertexLat[graph.vertexCount / 2]) * 1e-7 : 0
        let scale = max(cos(midLat * .pi / 180), 0.01)
        lonScale = scale
        var pairs: [(key: Int64, edge: Int32, segment: Int32)] = []
        pairs.reserveCapacity(graph.edgeCount * 4)
        for e in 0..<graph.edgeCount {
            let shape = graph.edgeShape(e)
            for s in 0..<(shape.count - 1) {
                let (x0, y0) = Self.cell(shape[s], lonScale: scale)
                let (x1, y1) = Self.cell(shape[s + 1], lonScale: scale)
                for x in min(x0, x1)...max(x0, x1) {
                    for y in min(y0, y1)...max(y0, y1) {
                        pairs.append((Self.key(x, y), Int32(e), Int32(s)))
                    }
                }
            }
        }
        pairs.sort { $0.key != $1.key ? $0.key < $1.key : ($0.edge, $0.segment) < ($1.edge, $1.segment) }
        var keys: [Int64] = []
        var start: [Int32] = []
        for (i, p) in pairs.enumerated() where keys.last != p.key {
            keys.append(p.key)
            start.append(Int32(i))
        }
        start.append(Int32(pairs.count))
        var bounds = (minX: Int.max, maxX: Int.min, minY: Int.max, maxY: Int.min)
        for k in keys {
            let x = Int(k >> 32)
            let y = Int(Int32(truncatingIfNeeded: k & 0xFFFF_FFFF))
            bounds = (min(bounds.minX, x), max(bounds.maxX, x), min(bounds.minY, y), max(bounds.maxY, y))
        }
        cellBounds = bounds
        self.keys = keys
        self.start = start
        entryEdge = pairs.map(\.edge)
        entrySegment = pairs.map(\.segment)
    }

    func cell(_ c: Coordinate) -> (Int, Int) { Self.cell(c, lonScale: lonScale) }

    static func cell(_ c: Coordinate, lonScale: Double) -> (Int, Int) {
        (Int((c.longitude * lonScale / cellDegrees).rounded(.down)), Int((c.latitude / cellDegrees).rounded(.down)))
    }

    static func key(_ x: Int, _ y: Int) -> Int64 {
        Int64(x) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: y)))
    }

    func entries(_ x: Int, _ y: Int) -> Range<Int> {
        let k = Self.key(x, y)
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) >> 1
            if keys[mid] < k { low = mid + 1 } else { high = mid }
        }
        guard low < keys.count, keys[low] == k else { return 0..<0 }
        return Int(start[low])..<Int(start[low + 1])
    }

    /// The nearest point to `c` on an edge `usable` accepts, within `maxDistance` metres (nil:
    /// none). Ties go to the lower edge number, so the answer does not depend on cell order.
    public func nearest(
        to c: Coordinate, graph: RoadGraph, maxDistance: Double, usable: (Int) -> Bool
    ) -> EdgePoint? {
        let (cx, cy) = cell(c)
        let cellMetres = Self.cellDegrees * 111_195
        var best: EdgePoint?
        guard !keys.isEmpty else { return nil }
        // Past this ring every cell with segments has been looked at.
        let lastRing = max(
            abs(cx - cellBounds.minX), abs(cx - cellBounds.maxX), abs(cy - cellBounds.minY), abs(cy - cellBounds.maxY))
        // Rings before this one hold no cell with segments (the point is outside their extent).
        var ring = max(
            max(cellBounds.minX - cx, 0, cx - cellBounds.maxX), max(cellBounds.minY - cy, 0, cy - cellBounds.maxY))
        var seen = Set<Int64>(minimumCapacity: 64)
        let metresPerDegLat = 111_195.0
        let metresPerDegLon = 111_195.0 * cos(c.latitude * .pi / 180)
        while true {
            // Cells of this ring are at least (ring − 1) cells away.
            let reach = Double(max(ring - 1, 0)) * cellMetres * min(1, cos(c.latitude * .pi / 180) / lonScale)
            if reach > maxDistance || (best.map { $0.distance <= reach } ?? false) { break }
            for x in (cx - ring)...(cx + ring) {
                for y in (cy - ring)...(cy + ring) where abs(x - cx) == ring || abs(y - cy) == ring {
                    for i in entries(x, y) {
                        let e = Int(entryEdge[i])
                        let s = Int(entrySegment[i])
                        let id = Int64(e) << 20 | Int64(s)
                        guard usable(e), seen.insert(id).inserted else { continue }
                        let p = project(c, edge: e, segment: s, graph: graph, mx: metresPerDegLon, my: metresPerDegLat)
                        guard p.distance <= maxDistance else { continue }
                        if let b = best, b.distance < p.distance || (b.distance == p.distance && b.edge < p.edge) {
                            continue
                        }
                        best = p
                    }
                }
            }
            ring += 1
            if ring > lastRing { break }
        }
        guard var found = best else { return nil }
        // The offset along the edge, for the one point kept.
        var offset = 0.0
        for i in 0..<found.segment {
            offset += Geodesy.distance(graph.shapePoint(found.edge, i), graph.shapePoint(found.edge, i + 1))
        }
        offset += Geodesy.distance(graph.shapePoint(found.edge, found.segment), found.coordinate)
        found.offset = min(offset, Double(graph.edgeLength[found.edge]))
        return found
    }

    /// `c` projected onto segment `s` of edge `e` (`offset` left 0: `nearest` fills it in).
    func project(_ c: Coordinate, edge e: Int, segment s: Int, graph: RoadGraph, mx: Double, my: Double) -> EdgePoint {
        let a = graph.shapePoint(e, s)
        let b = graph.shapePoint(e, s + 1)
        let ax = (a.longitude - c.longitude) * mx
        let ay = (a.latitude - c.latitude) * my
        let bx = (b.longitude - c.longitude) * mx
        let by = (b.latitude - c.latitude) * my
        let dx = bx - ax
        let dy = by - ay
        let len2 = dx * dx + dy * dy
        let t = len2 > 0 ? min(max(-(ax * dx + ay * dy) / len2, 0), 1) : 0
        let px = ax + t * dx
        let py = ay + t * dy
        let point = Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * t,
            longitude: a.longitude + (b.longitude - a.longitude) * t)
        return EdgePoint(
            edge: e, segment: s, fraction: t, offset: 0, coordinate: point, distance: (px * px + py * py).squareRoot())
    }
}
