/// One feature of a vector tile layer (spec 4.2): an optional id, a geometry type, properties
/// (tags) and a geometry in tile coordinates.
///
/// A view into its layer's storage: cheap to create and copy, valid as long as you keep it
/// (it holds the layer alive).
public struct VectorTileFeature: Sendable {
    let layer: LayerStorage
    /// Position of the feature in its layer.
    public let index: Int

    init(layer: LayerStorage, index: Int) {
        self.layer = layer
        self.index = index
    }

    private var record: FeatureRecord { layer.records[index] }

    /// The feature id, or nil when the feature has none (field absent).
    public var id: UInt64? {
        let r = record
        return r.hasID ? r.id : nil
    }

    /// The geometry type. Unknown enum values read as `.unknown`.
    public var type: MVTGeometryType { record.type }

    /// Number of properties (tag pairs).
    public var propertyCount: Int {
        let r = record
        return (r.tagEnd - r.tagStart) / 2
    }

    /// The value of property `key`, or nil when the feature does not have it.
    ///
    /// Cost: one hash lookup of `key` in the layer's key table, then a scan of this feature's
    /// tag pairs (typically a handful). For many lookups of the same key over a layer, resolve
    /// it once with `VectorTileLayer.keyIndex(forKey:)` and use `value(forKeyIndex:)`.
    public func value(forKey key: String) -> MVTValue? {
        guard let k = layer.keyLookup[key] else { return nil }
        return value(forKeyIndexValue: k)
    }

    /// The value of the property whose key is `keys[keyIndex]`, or nil when the feature does not have it.
    public func value(forKeyIndex keyIndex: Int) -> MVTValue? {
        guard let k = UInt32(exactly: keyIndex) else { return nil }
        return value(forKeyIndexValue: k)
    }

    private func value(forKeyIndexValue k: UInt32) -> MVTValue? {
        let r = record
        let tags = layer.tags
        var t = r.tagStart
        while t < r.tagEnd {
            // Indexes were validated when the layer was decoded.
            if tags[t] == k { return layer.values[Int(tags[t + 1])] }
            t += 2
        }
        return nil
    }

    /// The properties in tag order as (key, value) pairs.
    public var properties: [(key: String, value: MVTValue)] {
        let r = record
        var result: [(key: String, value: MVTValue)] = []
        result.reserveCapacity((r.tagEnd - r.tagStart) / 2)
        var t = r.tagStart
        while t < r.tagEnd {
            result.append((layer.keys[Int(layer.tags[t])], layer.values[Int(layer.tags[t + 1])]))
            t += 2
        }
        return result
    }

    /// The properties as a dictionary (for a duplicated key, which the spec forbids, the last wins).
    public var propertyDictionary: [String: MVTValue] {
        var d: [String: MVTValue] = [:]
        for (k, v) in properties { d[k] = v }
        return d
    }

    /// Decodes the geometry command stream (spec 4.3) into tile coordinates.
    ///
    /// Not cached: call once per feature and keep the result if you need it again.
    /// - Throws: `MVTError` when the command stream is malformed (unknown command, LineTo before
    ///   MoveTo, truncated parameters, coordinates outside 32 bits, …).
    public func geometry() throws(MVTError) -> TileGeometry {
        let r = record
        let range = r.geometryStart..<r.geometryEnd
        do {
            if r.looseGeometry {
                return try layer.looseGeometry.withUnsafeBufferPointer { (buf) throws(MVTError) in
                    var ints = LooseGeometryIntegers(buf, range: range)
                    return try TileGeometry.decode(r.type, &ints)
                }
            }
            return try layer.bytes.withUnsafeBufferPointer { (buf) throws(MVTError) in
                var ints = PackedGeometryIntegers(buf, range: range)
                return try TileGeometry.decode(r.type, &ints)
            }
        } catch {
            throw error.prefixed("layer \"\(layer.name)\", feature \(index)")
        }
    }
}
