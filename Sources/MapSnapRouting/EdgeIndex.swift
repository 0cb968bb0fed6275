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
/// listed in every cell its bounding box touches, unless that is more than `maxCells` cells (a
/// long ferry crossing, or a damaged cache's segment across the world): such segments are kept
/// in a list of their own that every query measures, so the grid holds at most `maxCells`
/// entries a segment. Distances are measured in a local equirectangular projection around the
/// query point (exact enough within kilometres).
public struct EdgeIndex: Sendable {
    static let cellDegrees = 1.0 / 500
    /// The most cells a segment is listed in (its bounding box's; longer ones are `long`).
    static let maxCells = 64
    let lonScale: Double
    /// Cell keys, sorted; `entries[start[i]..<start[i + 1]]` are the segments of `keys[i]`.
    let keys: [Int64]
    let start: [Int32]
    /// Segment entries: edge and segment index within the edge.
    let entryEdge: [Int32]
    let entrySegment: [Int32]
    /// The segments whose bounding box covers more than `maxCells` cells: edge and segment.
    let longEdge: [Int32]
    let longSegment: [Int32]
    /// The cells' extent (no cell outside it holds a segment).
    let cellBounds: (minX: Int, maxX: Int, minY: Int, maxY: Int)

    public init(graph: RoadGraph) {
        let midLat = graph.vertexCount > 0 ? Double(graph.vertexLat[graph.vertexCount / 2]) * 1e-7 : 0
        let scale = max(cos(midLat * .pi / 180), 0.01)
        lonScale = scale
        var pairs: [(key: Int64, edge: Int32, segment: Int32)] = []
        pairs.reserveCapacity(graph.edgeCount * 4)
        var longEdge: [Int32] = []
        var longSegment: [Int32] = []
        for e in 0..<graph.edgeCount {
            let shape = graph.edgeShape(e)
            for s in 0..<(shape.count - 1) {
                let (x0, y0) = Self.cell(shape[s], lonScale: scale)
                let (x1, y1) = Self.cell(shape[s + 1], lonScale: scale)
                guard (abs(x1 - x0) + 1) * (abs(y1 - y0) + 1) <= Self.maxCells else {
                    longEdge.append(Int32(e))
                    longSegment.append(Int32(s))
                    continue
                }
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
        self.longEdge = longEdge
        self.longSegment = longSegment
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
    ///
    /// The long segments are measured first, then the grid's cells ring by ring around `c`
    /// until no closer segment can be found; once the rings would have visited more cells than
    /// the grid lists (a point far from the network, or near a pole, where a ring is only metres
    /// wide), every listed segment is measured instead.
    public func nearest(
        to c: Coordinate, graph: RoadGraph, maxDistance: Double, usable: (Int) -> Bool
    ) -> EdgePoint? {
        let metresPerDegLat = 111_195.0
        let metresPerDegLon = 111_195.0 * cos(c.latitude * .pi / 180)
        var best: EdgePoint?
        var seen = Set<Int64>(minimumCapacity: 64)
        func consider(_ e: Int, _ s: Int) {
            guard usable(e), seen.insert(Int64(e) << 32 | Int64(s)).inserted else { return }
            let p = project(c, edge: e, segment: s, graph: graph, mx: metresPerDegLon, my: metresPerDegLat)
            guard p.distance <= maxDistance else { return }
            if let b = best, b.distance < p.distance || (b.distance == p.distance && b.edge < p.edge) { return }
            best = p
        }
        for i in longEdge.indices { consider(Int(longEdge[i]), Int(longSegment[i])) }
        if !keys.isEmpty {
            let (cx, cy) = cell(c)
            let cellMetres = Self.cellDegrees * 111_195
            // Past this ring every cell with segments has been looked at.
            let lastRing = max(
                abs(cx - cellBounds.minX), abs(cx - cellBounds.maxX), abs(cy - cellBounds.minY),
                abs(cy - cellBounds.maxY))
            // Rings before this one hold no cell with segments (the point is outside their extent).
            var ring = max(
                max(cellBounds.minX - cx, 0, cx - cellBounds.maxX), max(cellBounds.minY - cy, 0, cy - cellBounds.maxY))
            var visited = 0
            while true {
                // Cells of this ring are at least (ring − 1) cells away.
                let reach = Double(max(ring - 1, 0)) * cellMetres * min(1, cos(c.latitude * .pi / 180) / lonScale)
                if reach > maxDistance || (best.map { $0.distance <= reach } ?? false) { break }
                let cells = ring == 0 ? 1 : 8 * ring
                if visited + cells > keys.count {
                    for i in entryEdge.indices { consider(Int(entryEdge[i]), Int(entrySegment[i])) }
                    break
                }
                visited += cells
                for x in (cx - ring)...(cx + ring) {
                    for i in entries(x, cy - ring) { consider(Int(entryEdge[i]), Int(entrySegment[i])) }
                    guard ring > 0 else { continue }
                    for i in entries(x, cy + ring) { consider(Int(entryEdge[i]), Int(entrySegment[i])) }
                }
                if ring > 0 {
                    for y in (cy - ring + 1)...(cy + ring - 1) {
                        for i in entries(cx - ring, y) { consider(Int(entryEdge[i]), Int(entrySegment[i])) }
                        for i in entries(cx + ring, y) { consider(Int(entryEdge[i]), Int(entrySegment[i])) }
                    }
                }
                ring += 1
                if ring > lastRing { break }
            }
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
