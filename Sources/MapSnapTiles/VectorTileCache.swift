import MapSnapIO

/// A least-recently-used cache of decoded vector tiles from one source, keyed by z/x/y (and the
/// layer filter they were decoded with). Missing tiles are cached too (as nil), so repeated
/// lookups over empty sea do not hit the file again.
///
/// Meant to live as long as the process and serve many images: keep one per source.
/// Thread-safe; two threads asking for the same uncached tile at once may both decode it (the
/// second result wins the slot). Errors are not cached.
public final class VectorTileCache: Sendable {
    /// Where tiles come from.
    public let source: any TileSource
    /// Most tiles (decoded or missing) kept at once; at least 1.
    public let capacity: Int

    private let state: Locked<State>

    private struct State {
        var lru: LRUCache<Key, VectorTile?>
        var hits = 0
        var misses = 0
    }

    private struct Key: Hashable {
        var id: TileID
        var layers: Set<String>?
    }

    /// - Parameters:
    ///   - source: the tile source to read from.
    ///   - capacity: most tiles kept (default 128: a 600×400 image needs 2–6 tiles per zoom).
    public init(source: any TileSource, capacity: Int = 128) {
        self.source = source
        self.capacity = Swift.max(1, capacity)
        self.state = Locked(State(lru: LRUCache(capacity: Swift.max(1, capacity))))
    }

    /// The decoded tile at `id` (only `layers`, when given), from the cache or the source;
    /// nil when the source has no such tile.
    ///
    /// A tile cached with every layer (`layers: nil`) also answers requests for a subset of
    /// layers; the tile returned then holds every layer (look layers up by name).
    /// - Throws: `TileSourceError` from the source, or for a tile that does not decode.
    public func tile(_ id: TileID, layers: Set<String>? = nil) throws -> VectorTile? {
        let key = Key(id: id, layers: layers)
        let cached: VectorTile?? = state.withLock { s in
            if let hit = s.lru.get(key) ?? (layers == nil ? nil : s.lru.get(Key(id: id, layers: nil))) {
                s.hits += 1
                return .some(hit)
            }
            s.misses += 1
            return .none
        }
        if let cached { return cached }
        let decoded = try source.vectorTile(id, layers: layers)
        state.withLock { $0.lru.put(key, decoded) }
        return decoded
    }

    /// The decoded tile at z/x/y; see `tile(_:layers:)`.
    public func tile(z: Int, x: Int, y: Int, layers: Set<String>? = nil) throws -> VectorTile? {
        try tile(TileID(z: z, x: x, y: y), layers: layers)
    }

    /// Entries currently cached.
    public var count: Int { state.withLock { $0.lru.count } }

    /// Lookups answered from the cache and lookups that went to the source, since creation.
    public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// Drops every cached tile.
    public func removeAll() {
        state.withLock { $0.lru.removeAll() }
    }
}

/// A fixed-capacity least-recently-used map: O(1) get and put, nodes in an array linked by index.
/// Not thread-safe by itself: callers guard it (as `VectorTileCache` does with a mutex).
public struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var previous: Int
        var next: Int
    }

    /// Most entries kept at once; at least 1.
    public let capacity: Int
    private var index: [Key: Int] = [:]
    private var nodes: [Node] = []
    /// Most recently used node, or -1.
    private var head = -1
    /// Least recently used node, or -1.
    private var tail = -1

    public init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
    }

    /// Entries currently kept.
    public var count: Int { index.count }

    /// The value for `key`, marking it most recently used.
    public mutating func get(_ key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        moveToFront(i)
        return nodes[i].value
    }

    /// Stores `value` for `key` as most recently used, evicting the least recently used entry when full.
    public mutating func put(_ key: Key, _ value: Value) {
        if let i = index[key] {
            nodes[i].value = value
            moveToFront(i)
            return
        }
        let i: Int
        if nodes.count < capacity {
            i = nodes.count
            nodes.append(Node(key: key, value: value, previous: -1, next: -1))
        } else {
            // Reuse the least recently used node.
            i = tail
            unlink(i)
            index[nodes[i].key] = nil
            nodes[i] = Node(key: key, value: value, previous: -1, next: -1)
        }
        index[key] = i
        linkFront(i)
    }

    /// Forgets every entry.
    public mutating func removeAll() {
        index.removeAll()
        nodes.removeAll()
        head = -1
        tail = -1
    }

    /// Keys from most to least recently used (for tests).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var i = head
        while i >= 0 {
            keys.append(nodes[i].key)
            i = nodes[i].next
        }
        return keys
    }

    private mutating func moveToFront(_ i: Int) {
        guard head != i else { return }
        unlink(i)
        linkFront(i)
    }

    private mutating func unlink(_ i: Int) {
        let p = nodes[i].previous
        let n = nodes[i].next
        if p >= 0 { nodes[p].next = n } else { head = n }
        if n >= 0 { nodes[n].previous = p } else { tail = p }
        nodes[i].previous = -1
        nodes[i].next = -1
    }

    private mutating func linkFront(_ i: Int) {
        nodes[i].previous = -1
        nodes[i].next = head
        if head >= 0 { nodes[head].previous = i }
        head = i
        if tail < 0 { tail = i }
    }
}
