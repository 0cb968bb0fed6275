import MapSnapGeometry

/// Boxes (or points, as boxes of no size) bucketed in square cells, each in every cell it
/// covers, for finding the ones near a box without looking at all of them.
struct BoxGrid {
    private let cell: Double
    private var buckets: [Int64: [Int]] = [:]
    private(set) var boxes: [Rect] = []

    init(cell: Double) { self.cell = max(cell, 1) }

    private func index(_ v: Double) -> Int64 { Int64((v / cell).rounded(.down).clamped(-1e9, 1e9)) }

    private func cells(_ r: Rect) -> [Int64] {
        var out: [Int64] = []
        for x in index(r.minX)...index(r.maxX) {
            for y in index(r.minY)...index(r.maxY) { out.append(x &* 2_000_000_011 &+ y) }
        }
        return out
    }

    mutating func insert(_ r: Rect) {
        for c in cells(r) { buckets[c, default: []].append(boxes.count) }
        boxes.append(r)
    }

    /// The indices of the boxes in the cells `r` covers (a superset of those that meet it),
    /// each once, ascending.
    func candidates(_ r: Rect) -> [Int] {
        var seen = Set<Int>()
        for c in cells(r) { seen.formUnion(buckets[c] ?? []) }
        return seen.sorted()
    }

    /// Whether a box in the grid intersects `r`.
    func intersects(_ r: Rect) -> Bool { !hits(r).isEmpty }

    /// The boxes that intersect `r`, in insertion order.
    func hits(_ r: Rect) -> [Rect] { candidates(r).map { boxes[$0] }.filter { $0.intersects(r) } }
}

extension Double {
    fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(self, lo), hi) }
}
