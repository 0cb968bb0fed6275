import MapSnapGeometry

/// Balloon pins that would overlap in the image, gathered into clusters: deterministic (the
/// same clusters whatever the order of the input), in O(n log n).
///
/// Each pin starts as an item at its image point with its marker's box. Two items merge when
/// their boxes (2 points apart at least) would touch or their points are closer than
/// `radius`; a merged item stands at its members' mean point with a count bubble's box, which
/// grows with the count. Passes repeat until no two items merge. Within a pass items are taken
/// in a canonical order (by position, then by `keys`, the pins' own tie-breaker), never in
/// input order, and each takes every untaken item it would merge with.
public struct PinClusters: Sendable, Equatable {
    /// A group of pins drawn as one count bubble.
    public struct Cluster: Sendable, Equatable {
        /// Indices into the pins given, ascending.
        public var members: [Int]
        /// Mean image point of the members, points.
        public var point: Point
    }

    /// Pins drawn as themselves (indices, ascending).
    public var singles: [Int]
    /// Clusters, in canonical order (north to south, then west to east).
    public var clusters: [Cluster]

    /// Clusters the pins at image points `points` (points) with marker boxes `boxes` (relative
    /// to each point); `keys` order pins at the same point (e.g. their titles and colours);
    /// `bubbleBox` is the box of a bubble of so many pins around its point.
    public init(points: [Point], boxes: [Rect], radius: Double, keys: [String], bubbleBox: (Int) -> Rect) {
        struct Item {
            var members: [Int]
            var point: Point
            var box: Rect
        }
        func key(_ i: Int) -> String { i < keys.count ? keys[i] : "" }
        func before(_ a: Int, _ b: Int) -> Bool {
            let p = points[a]
            let q = points[b]
            return p.y != q.y ? p.y < q.y : (p.x != q.x ? p.x < q.x : key(a) < key(b))
        }
        var items = points.indices.map {
            Item(
                members: [$0], point: points[$0],
                box: $0 < boxes.count ? boxes[$0] : Rect(x: 0, y: 0, width: 0, height: 0))
        }
        let gap = 2.0
        while true {
            let order = items.indices.sorted { a, b in
                let p = items[a].point
                let q = items[b].point
                if p.y != q.y { return p.y < q.y }
                if p.x != q.x { return p.x < q.x }
                if items[a].members.count != items[b].members.count {
                    return items[a].members.count > items[b].members.count
                }
                return before(items[a].members[0], items[b].members[0])
            }
            let extent =
                items.map { i in
                    max(abs(i.box.minX), abs(i.box.maxX), abs(i.box.minY), abs(i.box.maxY))
                }.max() ?? 0
            let reach = max(radius, 2 * extent + gap)
            let grid = PointGrid(items.map(\.point), cell: max(reach, 1))
            var taken = [Bool](repeating: false, count: items.count)
            var merged: [Item] = []
            var changed = false
            for i in order where !taken[i] {
                taken[i] = true
                var item = items[i]
                let a = items[i].box.offsetBy(dx: items[i].point.x, dy: items[i].point.y).insetBy(
                    dx: -gap / 2, dy: -gap / 2)
                for j in grid.near(items[i].point, within: reach) where !taken[j] {
                    let p = items[i].point
                    let q = items[j].point
                    let close = (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) < radius * radius
                    let b = items[j].box.offsetBy(dx: q.x, dy: q.y).insetBy(dx: -gap / 2, dy: -gap / 2)
                    guard close || a.intersects(b) else { continue }
                    taken[j] = true
                    item.members += items[j].members
                    changed = true
                }
                if item.members.count > 1 {
                    // Summed in a canonical order, so the mean is the same bits for any input order.
                    item.members.sort(by: before)
                    let sum = item.members.reduce(Point(x: 0, y: 0)) {
                        Point(x: $0.x + points[$1].x, y: $0.y + points[$1].y)
                    }
                    let n = Double(item.members.count)
                    item.point = Point(x: sum.x / n, y: sum.y / n)
                    item.box = bubbleBox(item.members.count)
                }
                merged.append(item)
            }
            items = merged
            if !changed { break }
        }
        singles = items.filter { $0.members.count == 1 }.map { $0.members[0] }.sorted()
        clusters = items.filter { $0.members.count > 1 }.map { Cluster(members: $0.members.sorted(), point: $0.point) }
            .sorted { $0.point.y != $1.point.y ? $0.point.y < $1.point.y : $0.point.x < $1.point.x }
    }
}

/// Points bucketed in square cells, for finding the points near one in constant time.
struct PointGrid {
    private let cell: Double
    private var buckets: [Int64: [Int]] = [:]
    private let points: [Point]

    init(_ points: [Point], cell: Double) {
        self.cell = cell
        self.points = points
        for (i, p) in points.enumerated() { buckets[key(p), default: []].append(i) }
    }

    private func cellIndex(_ v: Double) -> Int64 { Int64((v / cell).rounded(.down).clamped(-1e9, 1e9)) }
    private func key(_ p: Point) -> Int64 { cellIndex(p.x) &* 2_000_000_011 &+ cellIndex(p.y) }

    /// Indices of the points within `distance` of `p` (a superset: the cells around it).
    func near(_ p: Point, within distance: Double) -> [Int] {
        let r = Int64((distance / cell).rounded(.up))
        let cx = cellIndex(p.x)
        let cy = cellIndex(p.y)
        var out: [Int] = []
        for dx in -r...r {
            for dy in -r...r {
                if let b = buckets[(cx + dx) &* 2_000_000_011 &+ (cy + dy)] { out += b }
            }
        }
        return out
    }
}

extension Double {
    fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(self, lo), hi) }
}

/// Boxes bucketed in square cells (each in every cell it covers), for finding the boxes that
/// may meet one without looking at all of them.
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

    /// Whether a box in the grid intersects `r`.
    func intersects(_ r: Rect) -> Bool { !hits(r).isEmpty }

    /// The boxes that intersect `r`, in insertion order.
    func hits(_ r: Rect) -> [Rect] {
        var seen = Set<Int>()
        for c in cells(r) { for i in buckets[c] ?? [] where boxes[i].intersects(r) { seen.insert(i) } }
        return seen.sorted().map { boxes[$0] }
    }
}
