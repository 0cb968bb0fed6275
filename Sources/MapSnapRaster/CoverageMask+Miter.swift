import MapSnapGeometry

extension CoverageMask {
    /// Adds to the mask, as polygons rasterized by `acc`, what a miter join adds to a round one at each vertex of the
    /// polyline `pts` (device pixels; closed when its last point equals its first): the wedge
    /// between the two offset corners on the outer side and the miter tip. Joins whose miter
    /// would reach beyond `limit` half widths (`line-miter-limit`) are bevelled by MapLibre, which
    /// a union of round-ended segments cannot draw: `sharpJoins` tells such polylines apart, for
    /// another rasterizer.
    package func addMiterWedges(
        _ pts: UnsafeBufferPointer<Point>, halfWidth hw: Double, limit: Double, using acc: AreaAccumulator,
        clip: PixelRect
    ) {
        Self.forEachJoin(pts) { a, p, b in
            guard let w = Self.wedge(a, p, b, halfWidth: hw, limit: limit) else { return }
            acc.addEdge(p, w.c1, clip: clip)
            acc.addEdge(w.c1, w.tip, clip: clip)
            acc.addEdge(w.tip, w.c2, clip: clip)
            acc.addEdge(w.c2, p, clip: clip)
            // One wedge at a time: resolving a box around all of a tile's wedges would sweep the
            // whole tile.
            acc.resolve(into: self, clip: clip)
        }
    }

    /// True when a join of `pts` turns so sharply that its miter would exceed `limit` half widths.
    package static func hasSharpJoin(_ pts: UnsafeBufferPointer<Point>, limit: Double) -> Bool {
        var sharp = false
        forEachJoin(pts) { a, p, b in
            if !sharp, let s = sinHalfAngle(a, p, b), 1 / s > limit { sharp = true }
        }
        return sharp
    }

    /// sin of half the angle at `p` between the segments to `a` and to `b` (nil: degenerate or straight).
    private static func sinHalfAngle(_ a: Point, _ p: Point, _ b: Point) -> Double? {
        let l1 = ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot()
        let l2 = ((b.x - p.x) * (b.x - p.x) + (b.y - p.y) * (b.y - p.y)).squareRoot()
        guard l1 > 0, l2 > 0 else { return nil }
        let cross = ((p.x - a.x) * (b.y - p.y) - (p.y - a.y) * (b.x - p.x)) / (l1 * l2)
        guard abs(cross) > 1e-3 else { return nil }
        let cosPhi = -((p.x - a.x) * (b.x - p.x) + (p.y - a.y) * (b.y - p.y)) / (l1 * l2)
        let s = ((1 - cosPhi) / 2).squareRoot()
        return s > 0 ? s : nil
    }

    /// Calls `body` with each join (previous point, vertex, next point) of `pts`, repeated points
    /// skipped; a closed polyline also joins at its start.
    private static func forEachJoin(_ pts: UnsafeBufferPointer<Point>, _ body: (Point, Point, Point) -> Void) {
        let n = pts.count
        guard n >= 3 else { return }
        let closed = pts[0] == pts[n - 1]
        var prev: Point?
        var cur: Point?
        var first: Point?
        var second: Point?
        for i in 0..<n {
            let q = pts[i]
            if let c = cur, q == c { continue }
            if first == nil {
                first = q
            } else if second == nil {
                second = q
            }
            if let a = prev, let p = cur { body(a, p, q) }
            prev = cur
            cur = q
        }
        if closed, let a = prev, let p = cur, let b = second, p == first { body(a, p, b) }
    }

    /// The outer corners and the miter tip of the join at `p`, or nil when there is none to add.
    private static func wedge(
        _ a: Point, _ p: Point, _ b: Point, halfWidth hw: Double, limit: Double
    ) -> (c1: Point, tip: Point, c2: Point)? {
        guard hw > 0, let sinHalf = sinHalfAngle(a, p, b), 1 / sinHalf <= limit else { return nil }
        let l1 = ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot()
        let l2 = ((b.x - p.x) * (b.x - p.x) + (b.y - p.y) * (b.y - p.y)).squareRoot()
        let u1 = Point(x: (p.x - a.x) / l1, y: (p.y - a.y) / l1)
        let u2 = Point(x: (b.x - p.x) / l2, y: (b.y - p.y) / l2)
        // Normals on the outer side: away from where the line goes next / came from.
        var n1 = Point(x: -u1.y, y: u1.x)
        if n1.x * u2.x + n1.y * u2.y > 0 { n1 = Point(x: -n1.x, y: -n1.y) }
        var n2 = Point(x: -u2.y, y: u2.x)
        if n2.x * u1.x + n2.y * u1.y < 0 { n2 = Point(x: -n2.x, y: -n2.y) }
        let mx = u1.x - u2.x
        let my = u1.y - u2.y
        let ml = (mx * mx + my * my).squareRoot()
        guard ml > 0 else { return nil }
        let reach = hw / sinHalf
        return (
            Point(x: p.x + n1.x * hw, y: p.y + n1.y * hw), Point(x: p.x + mx / ml * reach, y: p.y + my / ml * reach),
            Point(x: p.x + n2.x * hw, y: p.y + n2.y * hw)
        )
    }
}

extension CoverageMask {
    /// The polyline `pts` moved sideways by `distance` pixels (`line-offset`: positive to the
    /// right of its direction, which in y-down pixels is the normal (−dy, dx)), into `out`. Each
    /// vertex moves along the bisector of its two segments' normals so that the offset segments
    /// stay parallel to the originals (a miter); where that would reach beyond twice the
    /// distance (sharp turns) the vertex becomes two, one per segment (a bevel).
    package static func offsetPolyline(
        _ pts: UnsafeBufferPointer<Point>, by distance: Double, into out: inout [Point]
    ) {
        var measures: [Double]?
        offsetPolyline(pts, by: distance, into: &out, measures: &measures)
    }

    /// `offsetPolyline(_:by:into:)`, and into `measures` (when not nil) the distance along `pts`
    /// of the vertex each point of `out` comes from (both points of a bevel share it).
    package static func offsetPolyline(
        _ pts: UnsafeBufferPointer<Point>, by distance: Double, into out: inout [Point], measures: inout [Double]?
    ) {
        out.removeAll(keepingCapacity: true)
        measures?.removeAll(keepingCapacity: true)
        // Distinct consecutive points.
        var p: [Point] = []
        p.reserveCapacity(pts.count)
        for q in pts where p.last != q { p.append(q) }
        guard p.count >= 2 else { return }
        let closed = p.count > 2 && p[0] == p[p.count - 1]
        func normal(_ a: Point, _ b: Point) -> Point {
            let dx = b.x - a.x
            let dy = b.y - a.y
            let l = (dx * dx + dy * dy).squareRoot()
            return Point(x: -dy / l, y: dx / l)
        }
        let n = p.count
        var along = 0.0
        for i in 0..<n {
            if i > 0 {
                let dx = p[i].x - p[i - 1].x
                let dy = p[i].y - p[i - 1].y
                along += (dx * dx + dy * dy).squareRoot()
            }
            let before = out.count
            defer { measures?.append(contentsOf: repeatElement(along, count: out.count - before)) }
            let prev: Point? = i > 0 ? normal(p[i - 1], p[i]) : (closed ? normal(p[n - 2], p[0]) : nil)
            let next: Point? = i < n - 1 ? normal(p[i], p[i + 1]) : (closed ? normal(p[0], p[1]) : nil)
            switch (prev, next) {
            case (let a?, let b?):
                let mx = a.x + b.x
                let my = a.y + b.y
                let ml = (mx * mx + my * my).squareRoot()
                let cosHalf = ml / 2
                if ml > 1e-9 && cosHalf >= 0.5 {
                    let k = distance / cosHalf / ml
                    out.append(Point(x: p[i].x + mx * k, y: p[i].y + my * k))
                } else {
                    out.append(Point(x: p[i].x + a.x * distance, y: p[i].y + a.y * distance))
                    out.append(Point(x: p[i].x + b.x * distance, y: p[i].y + b.y * distance))
                }
            case (let a?, nil):
                out.append(Point(x: p[i].x + a.x * distance, y: p[i].y + a.y * distance))
            case (nil, let b?):
                out.append(Point(x: p[i].x + b.x * distance, y: p[i].y + b.y * distance))
            default:
                break
            }
        }
    }
}
