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
/// Not thread-safe (the cache is filled on use): use one per thread, e.g. per image.
public final class TileLayerKeyCache: @unchecked Sendable {
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

    /// Remembered keys: `count` entries in storage for `capacity` (held in `let`s, so reading them
    /// needs no exclusivity check).
    private let entries: UnsafeMutablePointer<Entry>
    private let countBox: UnsafeMutablePointer<Int>
    /// Most keys remembered; more distinct keys than this fall back to a hash lookup each time.
    private static let capacity = 64

    public init(_ layer: VectorTileLayer) {
        self.layer = layer
        self.storage = layer.storage
        entries = .allocate(capacity: Self.capacity)
        countBox = .allocate(capacity: 1)
        countBox.initialize(to: 0)
    }

    deinit {
        entries.deinitialize(count: countBox.pointee)
        entries.deallocate()
        countBox.deallocate()
    }

    /// Number of features in the layer.
    public var count: Int { storage.records.count }

    /// The layer's index of `key` (as `VectorTileLayer.keyIndex(forKey:)`), or -1 when the layer
    /// has no such key.
    @inline(__always)
    public func keyIndex(_ key: String) -> Int32 {
        let bits = unsafeBitCast(key, to: (UInt64, UInt64).self)
        let n = countBox.pointee
        var i = 0
        while i < n {
            let e = entries + i
            if e.pointee.bits0 == bits.0 && e.pointee.bits1 == bits.1 { return e.pointee.index }
            i += 1
        }
        return resolve(key, bits)
    }

    private func resolve(_ key: String, _ bits: (UInt64, UInt64)) -> Int32 {
        let index = storage.keyLookup[key].map { Int32(bitPattern: $0) } ?? -1
        let n = countBox.pointee
        if n < Self.capacity {
            (entries + n).initialize(to: Entry(bits0: bits.0, bits1: bits.1, index: index, key: key))
            countBox.pointee = n + 1
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
