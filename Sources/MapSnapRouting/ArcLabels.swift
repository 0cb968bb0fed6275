/// One direction's labels of the search: a distance and a link per arc, valid only for the
/// current generation (so a new query does not clear the arrays).
struct ArcLabels {
    /// One arc's label (16 bytes: one cache line holds four).
    struct Label {
        var distance: Double
        /// Forward: the arc before (−1: a source arc). Backward: the arc after (−2 − a: the
        /// target arc `a` follows).
        var link: Int32
        var stamp: UInt32
    }

    var labels: [Label]
    var generation: UInt32 = 0
    var heap = ArcHeap()
    /// Arcs labelled in this generation (for the alternatives' plateau scan).
    var touched: [Int32] = []

    init(count: Int) {
        labels = [Label](repeating: Label(distance: .infinity, link: -1, stamp: 0), count: count)
    }

    mutating func reset() {
        generation &+= 1
        if generation == 0 {
            for i in labels.indices { labels[i].stamp = 0 }
            generation = 1
        }
        heap.removeAll()
        touched.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    func has(_ a: Int) -> Bool { labels[a].stamp == generation }

    /// The label's distance (only meaningful where `has`).
    @inline(__always)
    func distance(_ a: Int) -> Double { labels[a].distance }

    @inline(__always)
    func link(_ a: Int) -> Int { Int(labels[a].link) }

    @inline(__always)
    func value(_ a: Int) -> Double { labels[a].stamp == generation ? labels[a].distance : .infinity }

    /// Sets arc `a`'s label when `d` improves it; true when it did.
    @inline(__always)
    mutating func improve(_ a: Int, _ d: Double, link l: Int) -> Bool {
        let old = labels[a]
        if old.stamp == generation {
            if old.distance <= d { return false }
        } else {
            touched.append(Int32(a))
        }
        labels[a] = Label(distance: d, link: Int32(l), stamp: generation)
        return true
    }
}
