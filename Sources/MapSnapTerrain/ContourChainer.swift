import MapSnapGeometry

/// Follows the links of a tile's crossings into polylines: a line starts at a point that a
/// segment leaves but none arrives at (where the clip box cut it, or the grid ends), and runs
/// on until no segment leaves; the linked points left over form rings.
enum ContourChainer {
    /// `next` of a point already walked.
    static let visited = Int32.min

    /// One chained line: its level's step, its points in tile units, and whether it is a ring
    /// (then its last point is its first).
    struct Chain {
        let step: Int
        let points: [Point]
        let isClosed: Bool
    }

    /// The polylines of `points`: the open lines in the order of their first point, then the
    /// rings in the order of their lowest-index point (deterministic). Repeated points (segments
    /// of no length, where a height equals a level) are dropped, and lines left with fewer than
    /// two points, rings with fewer than three.
    ///
    /// Walking a line marks its points visited (`next` = `visited`), so `points` is used up.
    static func chains(of points: UnsafeMutableBufferPointer<ContourPoint>) -> [Chain] {
        var hasPrevious = [Bool](repeating: false, count: points.count)
        for p in points where p.next >= 0 { hasPrevious[Int(p.next)] = true }
        var chains: [Chain] = []
        // One walk per line, into a buffer reused from line to line, then copied out at its size.
        var scratch: [Point] = []
        scratch.reserveCapacity(1024)
        for pass in 0..<2 {
            for i in 0..<points.count where points[i].next >= 0 && (pass == 1 || !hasPrevious[i]) {
                let closed = walk(from: i, points, into: &scratch)
                if scratch.count >= (closed ? 4 : 2) {
                    chains.append(Chain(step: Int(points[i].step), points: Array(scratch), isClosed: closed))
                }
            }
        }
        return chains
    }

    /// Follows the links from point `first` until the line ends or comes back round, its points
    /// (without repeats) into `line`; true for a ring, whose last point is then its first.
    private static func walk(
        from first: Int, _ all: UnsafeMutableBufferPointer<ContourPoint>, into line: inout [Point]
    ) -> Bool {
        line.removeAll(keepingCapacity: true)
        var i = first
        var last = Point(x: .nan, y: .nan)
        while true {
            let p = Point(x: Double(all[i].x), y: Double(all[i].y))
            if p != last {
                line.append(p)
                last = p
            }
            let next = Int(all[i].next)
            all[i].next = visited
            if next < 0 { return false }
            if next == first { break }
            i = next
        }
        if line.count == 1 || line[line.count - 1] != line[0] {
            line.append(line[0])
        }
        return true
    }
}
