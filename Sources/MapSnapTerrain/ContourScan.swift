/// One scan of marching squares over a tile's grid: a single pass, row by row, that gives each
/// sample its band, finds the crossings of the grid edges, and links them into segments cell by
/// cell (`ContourScan+Cells`), on raw row buffers that live only as long as
/// `ContourMarchingSquares.withPoints(of:_:)`.
///
/// A sample's band is the highest level step below its height, so an edge whose samples have
/// bands p < q is crossed by levels p + 1 … q, and a cell whose four bands are equal (most cells)
/// holds no line. The crossings of one edge get consecutive indices and the first is kept per
/// edge of the rows in hand, so a cell finds the crossing of level k on a side as that first
/// index + (k − p − 1) without a search.
struct ContourScan {
    let march: ContourMarchingSquares
    let heights: UnsafeBufferPointer<Float>
    /// 5n entries: the bands of grid rows gj − 1 and gj, then for each edge of the cell row
    /// between them that a level crosses its first crossing (−1 where a sample has no data):
    /// top and bottom horizontal edges, vertical edges.
    let rows: UnsafeMutableBufferPointer<Int32>
    /// The points found so far (`count` of them, in the order found), in storage the scan
    /// owns: `capacity` of them, grown by doubling up to `maxPoints`; `deallocate()` frees it.
    private(set) var points: UnsafeMutablePointer<ContourPoint>
    private(set) var count = 0
    private var capacity: Int
    /// The most points a scan keeps; `maxPoints` of a tracer.
    let maxPoints: Int
    /// True once the lines needed more than `maxPoints` points: the scan then adds and links
    /// nothing more, and its points are not to be used.
    private(set) var overflowed = false
    let n: Int
    /// Where each row starts in `rows` (the first four swap pairwise from one row to the next).
    private(set) var above = 0
    private(set) var below: Int
    private(set) var top: Int
    private(set) var bottom: Int
    let vertical: Int

    init(
        march: ContourMarchingSquares, heights: UnsafeBufferPointer<Float>, rows: UnsafeMutableBufferPointer<Int32>,
        maxPoints: Int
    ) {
        self.march = march
        self.maxPoints = max(1, min(maxPoints, Int(Int32.max)))
        self.heights = heights
        self.rows = rows
        let n = march.frame.n
        self.n = n
        self.below = n
        self.top = 2 * n
        self.bottom = 3 * n
        self.vertical = 4 * n
        // A steep 256² tile at 10 m has crossings on about a third of its edges.
        self.capacity = min(max(64, n * n / 2), self.maxPoints)
        self.points = .allocate(capacity: capacity)
    }

    /// Frees the points' storage; the scan is not to be used after.
    func deallocate() {
        points.deallocate()
    }

    /// Scans the whole grid; `points` then holds every point and link.
    mutating func run() {
        bands(row: 0)
        for gi in 0..<(n - 1) where rows[below + gi] != rows[below + gi + 1] {
            rows[bottom + gi] = horizontal(gi: gi, gj: 0, rows[below + gi], rows[below + gi + 1])
        }
        for gj in 1..<n {
            swap(&above, &below)
            swap(&top, &bottom)
            bands(row: gj)
            row(gj)
        }
    }

    /// The bands of grid row `gj`, into the row below (a loop the compiler can vectorize).
    private func bands(row gj: Int) {
        let base = gj * n
        for gi in 0..<n { rows[below + gi] = march.band(heights[base + gi]) }
    }

    /// Grid row `gj` (its bands known): its horizontal edges, the vertical edges above it, and
    /// the cells of cell row gj − 1, each as soon as its four sides are known. An edge's first
    /// crossing is only written where a level crosses it, the only edges a cell reads.
    private mutating func row(_ gj: Int) {
        if rows[above] != rows[below] { rows[vertical] = verticalEdge(gi: 0, gj: gj - 1, rows[above], rows[below]) }
        for gi in 1..<n {
            let b = rows[below + gi]
            let left = rows[below + gi - 1]
            let up = rows[above + gi]
            let upLeft = rows[above + gi - 1]
            // Most cells: all four corners in one band, so neither new edge is crossed either.
            if left == b && up == b && upLeft == b { continue }
            if left != b { rows[bottom + gi - 1] = horizontal(gi: gi - 1, gj: gj, left, b) }
            if up != b { rows[vertical + gi] = verticalEdge(gi: gi, gj: gj - 1, up, b) }
            cell(ci: gi - 1, cj: gj - 1, bands: Corners(tl: upLeft, tr: up, br: b, bl: left))
        }
    }

    /// Adds a point (tile units) of level step `k`; returns its index (−1 once overflowed).
    @inline(__always)
    mutating func append(x: Double, y: Double, step k: Int32) -> Int32 {
        if count == capacity {
            guard grow() else { return -1 }
        }
        (points + count).initialize(to: ContourPoint(x: Float(x), y: Float(y), step: k, next: -1))
        count += 1
        return Int32(count - 1)
    }

    /// Doubles the points' storage, to `maxPoints` at most; false (and `overflowed`) when full.
    private mutating func grow() -> Bool {
        guard capacity < maxPoints else {
            overflowed = true
            return false
        }
        let larger = UnsafeMutablePointer<ContourPoint>.allocate(capacity: min(2 * capacity, maxPoints))
        larger.moveInitialize(from: points, count: count)
        points.deallocate()
        points = larger
        capacity = min(2 * capacity, maxPoints)
        return true
    }

    /// Links the segment leaving point `from` to point `to` (both below `count`).
    @inline(__always)
    mutating func link(_ from: Int32, _ to: Int32) {
        if overflowed { return }
        precondition(from >= 0 && Int(from) < count && to >= 0 && Int(to) < count, "ContourScan: no such point")
        points[Int(from)].next = to
    }

    /// The height of sample `i` in the tracer's unit.
    @inline(__always)
    func height(_ i: Int) -> Double {
        Double(heights[i]) * march.multiplier
    }

    /// The crossings of horizontal edge (gi, gj)–(gi + 1, gj), bands p ≠ q: the first's index,
    /// or −1 when a sample has no data.
    @inline(__always)
    private mutating func horizontal(gi: Int, gj: Int, _ p: Int32, _ q: Int32) -> Int32 {
        guard p != ContourMarchingSquares.noData, q != ContourMarchingSquares.noData else { return -1 }
        let first = Int32(count)
        let scale = march.frame.scale
        let i = gj * n + gi
        let ha = height(i)
        let hb = height(i + 1)
        let y = (Double(gj) - 0.5) * scale
        let x = Double(gi) - 0.5
        let inverse = 1 / (hb - ha)
        for k in (min(p, q) + 1)...max(p, q) {
            let t = Self.fraction(march.level(k), ha, inverse)
            _ = append(x: (x + t) * scale, y: y, step: k)
        }
        return first
    }

    /// The crossings of vertical edge (gi, gj)–(gi, gj + 1), bands p ≠ q: the first's index, or
    /// −1 when a sample has no data.
    @inline(__always)
    private mutating func verticalEdge(gi: Int, gj: Int, _ p: Int32, _ q: Int32) -> Int32 {
        guard p != ContourMarchingSquares.noData, q != ContourMarchingSquares.noData else { return -1 }
        let first = Int32(count)
        let scale = march.frame.scale
        let i = gj * n + gi
        let ha = height(i)
        let hb = height(i + n)
        let x = (Double(gi) - 0.5) * scale
        let y = Double(gj) - 0.5
        let inverse = 1 / (hb - ha)
        for k in (min(p, q) + 1)...max(p, q) {
            let t = Self.fraction(march.level(k), ha, inverse)
            _ = append(x: x, y: (y + t) * scale, step: k)
        }
        return first
    }

    /// Where `level` lies from height `a` (0) to a height b (1), given 1 / (b − a), clamped to
    /// 0…1.
    @inline(__always)
    static func fraction(_ level: Double, _ a: Double, _ inverse: Double) -> Double {
        min(max((level - a) * inverse, 0), 1)
    }
}
