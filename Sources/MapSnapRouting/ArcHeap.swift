/// A 4-ary min-heap of (key, arc) pairs for the search (shallower than a binary heap: fewer
/// cache misses per pop); stale entries are skipped by the caller (lazy deletion), so there is
/// no decrease-key.
struct ArcHeap {
    struct Entry {
        var key: Double
        var arc: Int32
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    /// The least key, `.infinity` when empty.
    var topKey: Double { entries.first?.key ?? .infinity }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    mutating func push(_ key: Double, _ arc: Int) {
        let entry = Entry(key: key, arc: Int32(arc))
        entries.append(entry)
        entries.withUnsafeMutableBufferPointer { e in
            var i = e.count - 1
            while i > 0 {
                let parent = (i - 1) >> 2
                guard e[parent].key > key else { break }
                e[i] = e[parent]
                i = parent
            }
            e[i] = entry
        }
    }

    mutating func pop() -> (key: Double, arc: Int)? {
        guard let top = entries.first else { return nil }
        let last = entries.removeLast()
        entries.withUnsafeMutableBufferPointer { e in
            let n = e.count
            guard n > 0 else { return }
            var i = 0
            while true {
                let first = 4 * i + 1
                if first >= n { break }
                var child = first
                var childKey = e[first].key
                let end = min(first + 4, n)
                var k = first + 1
                while k < end {
                    if e[k].key < childKey {
                        child = k
                        childKey = e[k].key
                    }
                    k += 1
                }
                guard childKey < last.key else { break }
                e[i] = e[child]
                i = child
            }
            e[i] = last
        }
        return (top.key, Int(top.arc))
    }
}
