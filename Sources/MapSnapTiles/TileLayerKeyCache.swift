import MapSnapIO
import Synchronization

/// Fast repeated property lookups on one decoded layer, for a renderer that asks the same few
/// keys (a style's filters) of every feature.
///
/// A key is resolved to the layer's key index once and remembered by the identity of the
/// `String` asked for (its two machine words): the style's expressions hold their key strings,
/// so later lookups of the same key are a compare of two integers per cached key instead of
/// hashing the string. The cache keeps every string it remembers alive, so an identity can never
/// be reused by another string; a string with other bits but equal text just takes the slow path
/// once more.
///
/// Thread-safe: any number of threads may look up at once. Remembered keys are an append-only
/// list: a key is written once, under a lock, before an atomic count publishes it (a releasing
/// store), and never changes after; readers take no lock, only read the count (an acquiring
/// load, a plain load on x86-64) and the entries below it.
public final class TileLayerKeyCache: @unchecked Sendable {
    // @unchecked: `entries` is a raw buffer, shared under the publication protocol above; every
    // other stored property is an immutable Sendable value.

    public let layer: VectorTileLayer
    let storage: LayerStorage

    private struct Entry {
        let bits0: UInt64
        let bits1: UInt64
        /// Key index in the layer, or -1 when no feature of the layer has the key.
        let index: Int32
        /// Keeps the string's storage alive (and so its identity unique).
        let key: String
    }

    /// Remembered keys: `published` entries in storage for `capacity`, each written once (held
    /// in `let`s, so reading them needs no exclusivity check).
    private let entries: UnsafeMutablePointer<Entry>
    /// How many entries readers may read: stored (releasing) after the entry is written, loaded
    /// (acquiring) before entries are read.
    private let published = Atomic<Int>(0)
    /// The number of entries written, behind the lock appenders hold, so two threads never
    /// write the same slot (`published` mirrors it for readers, who take no lock).
    private let written = Locked(0)
    /// Most keys remembered; more distinct keys than this fall back to a hash lookup each time.
    private static let capacity = 64

    public init(_ layer: VectorTileLayer) {
        self.layer = layer
        self.storage = layer.storage
        entries = .allocate(capacity: Self.capacity)
    }

    deinit {
        entries.deinitialize(count: published.load(ordering: .relaxed))
        entries.deallocate()
    }

    /// Number of features in the layer.
    public var count: Int { storage.records.count }

    /// The layer's index of `key` (as `VectorTileLayer.keyIndex(forKey:)`), or -1 when the layer
    /// has no such key.
    @inline(__always)
    public func keyIndex(_ key: String) -> Int32 {
        let bits = unsafeBitCast(key, to: (UInt64, UInt64).self)
        if let index = remembered(bits, below: published.load(ordering: .acquiring)) { return index }
        return resolve(key, bits)
    }

    /// The index remembered for the string with `bits` among the first `count` entries.
    @inline(__always)
    private func remembered(_ bits: (UInt64, UInt64), below count: Int) -> Int32? {
        var i = 0
        while i < count {
            let e = entries + i
            if e.pointee.bits0 == bits.0 && e.pointee.bits1 == bits.1 { return e.pointee.index }
            i += 1
        }
        return nil
    }

    /// Looks `key` up in the layer and remembers it (unless the cache is full or another
    /// thread remembered it meanwhile).
    private func resolve(_ key: String, _ bits: (UInt64, UInt64)) -> Int32 {
        let index = storage.keyLookup[key].map { Int32(bitPattern: $0) } ?? -1
        written.withLock { n in
            guard n < Self.capacity, remembered(bits, below: n) == nil else { return }
            (entries + n).initialize(to: Entry(bits0: bits.0, bits1: bits.1, index: index, key: key))
            n += 1
            published.store(n, ordering: .releasing)
        }
        return index
    }

    /// The value of `key` on feature `feature` (0 ..< count), or nil when it has none.
    @inline(__always)
    public func value(feature: Int, key: String) -> MVTValue? {
        let k = keyIndex(key)
        guard k >= 0 else { return nil }
        return value(feature: feature, keyIndex: UInt32(k))
    }

    /// The value of the key at `keyIndex` on feature `feature`, or nil when it has none.
    @inline(__always)
    public func value(feature: Int, keyIndex k: UInt32) -> MVTValue? {
        let r = storage.records[feature]
        return storage.tags.withUnsafeBufferPointer { tags -> MVTValue? in
            var t = r.tagStart
            while t < r.tagEnd {
                // Indexes were validated when the layer was decoded.
                if tags[t] == k { return storage.values[Int(tags[t + 1])] }
                t += 2
            }
            return nil
        }
    }

    /// The geometry type of feature `feature`.
    @inline(__always)
    public func type(feature: Int) -> MVTGeometryType { storage.records[feature].type }

    /// The id of feature `feature`, nil when it has none.
    public func id(feature: Int) -> UInt64? {
        let r = storage.records[feature]
        return r.hasID ? r.id : nil
    }

    /// The feature view at `feature`.
    public subscript(feature feature: Int) -> VectorTileFeature { VectorTileFeature(layer: storage, index: feature) }
}
