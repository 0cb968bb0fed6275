/// One direction's labels of the search: a distance and a link per arc, valid only for the
/// current generation (so a new query does not clear the arrays).
struct ArcLabels {
    var distance: [Double]
    /// Forward: the arc before (−1: a source arc). Backward: the arc after (−2 − a: the target
    /// arc `a` follows).
    var link: [Int32]
    var stamp: [UInt32]
    var generation: UInt32 = 0
    var heap = ArcHeap()
    /// Arcs labelled in this generation (for the alternatives' plateau scan).
    var touched: [Int32] = []

    init(count: Int) {
        distance = [Double](repeating: .infinity, count: count)
        link = [Int32](repeating: -1, count: count)
        stamp = [UInt32](repeating: 0, count: count)
    }

    mutating func reset() {
        generation &+= 1
        if generation == 0 {
            for i in stamp.indices { stamp[i] = 0 }
            generation = 1
        }
        heap.removeAll()
        touched.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    func has(_ a: Int) -> Bool { stamp[a] == generation }

    @inline(__always)
    func value(_ a: Int) -> Double { stamp[a] == generation ? distance[a] : .infinity }

    /// Sets arc `a`'s label when `d` improves it; true when it did.
    @inline(__always)
    mutating func improve(_ a: Int, _ d: Double, link l: Int) -> Bool {
        if stamp[a] == generation && distance[a] <= d { return false }
        if stamp[a] != generation { touched.append(Int32(a)) }
        stamp[a] = generation
        distance[a] = d
        link[a] = Int32(l)
        return true
    }
}
