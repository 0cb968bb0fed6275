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
            var grid = BoxGrid(cell: reach)
            for item in items { grid.insert(Rect(x: item.point.x, y: item.point.y, width: 0, height: 0)) }
            var taken = [Bool](repeating: false, count: items.count)
            var merged: [Item] = []
            var changed = false
            for i in order where !taken[i] {
                taken[i] = true
                var item = items[i]
                let a = items[i].box.offsetBy(dx: items[i].point.x, dy: items[i].point.y).insetBy(
                    dx: -gap / 2, dy: -gap / 2)
                let around = Rect(
                    x: items[i].point.x - reach, y: items[i].point.y - reach, width: 2 * reach, height: 2 * reach)
                for j in grid.candidates(around) where !taken[j] {
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
