/// A binary min-heap of (key, arc) pairs for the search; stale entries are skipped by the
/// caller (lazy deletion), so there is no decrease-key.
struct ArcHeap {
    private var keys: [Double] = []
    private var arcs: [Int32] = []

    var isEmpty: Bool { keys.isEmpty }
    /// The least key, `.infinity` when empty.
    var topKey: Double { keys.first ?? .infinity }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        arcs.removeAll(keepingCapacity: true)
    }

    mutating func push(_ key: Double, _ arc: Int) {
        var i = keys.count
        keys.append(key)
        arcs.append(Int32(arc))
        while i > 0 {
            let parent = (i - 1) >> 1
            guard keys[parent] > key else { break }
            keys[i] = keys[parent]
            arcs[i] = arcs[parent]
            i = parent
        }
        keys[i] = key
        arcs[i] = Int32(arc)
    }

    mutating func pop() -> (key: Double, arc: Int)? {
        guard let top = keys.first else { return nil }
        let topArc = Int(arcs[0])
        let lastKey = keys.removeLast()
        let lastArc = arcs.removeLast()
        let n = keys.count
        if n > 0 {
            var i = 0
            while true {
                var child = 2 * i + 1
                if child >= n { break }
                if child + 1 < n && keys[child + 1] < keys[child] { child += 1 }
                guard keys[child] < lastKey else { break }
                keys[i] = keys[child]
                arcs[i] = arcs[child]
                i = child
            }
            keys[i] = lastKey
            arcs[i] = lastArc
        }
        return (top, topArc)
    }
}
