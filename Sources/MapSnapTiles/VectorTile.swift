import MapSnapIO

/// A decoded Mapbox Vector Tile (MVT 2.1): its layers, each with features, keys and values.
///
/// Spec: https://github.com/mapbox/vector-tile-spec/tree/master/2.1 (schema `vector_tile.proto`).
///
/// Decoding is designed for speed and is partly lazy:
/// * layers, keys, values, feature ids, types and tags are decoded up front, and every tag's key
///   and value index is validated (spec 4.4), so property lookups cannot fail later;
/// * geometry stays as bytes in the tile until `VectorTileFeature.geometry()` asks for it, and
///   errors in a feature's command stream surface there;
/// * there is no object per feature: a layer keeps flat arrays and `VectorTileFeature` is a small
///   view (layer reference + index);
/// * `layers:` skips whole layers a style does not use without decoding them.
///
/// The tile keeps a reference to the (decompressed) byte array it was decoded from. Values are
/// immutable and `Sendable`.
public struct VectorTile: Sendable {
    /// The most features one layer of a tile may hold: 1,000,000 (OpenMapTiles tiles hold a few
    /// thousand; a tile's bytes are capped as well, at `Gzip.defaultMaxOutputBytes` inflated).
    /// A layer with more is an error, and its tile is left out with a warning.
    public static let maximumFeaturesPerLayer = 1_000_000

    /// The layers, in the order they appear in the tile.
    public let layers: [VectorTileLayer]

    /// Decodes an uncompressed MVT tile (decompress gzip first, e.g. with `Gzip.decompressIfNeeded`).
    ///
    /// - Parameters:
    ///   - bytes: the protobuf-encoded tile.
    ///   - layers: names of the layers to decode; others are skipped without being parsed
    ///     (only their name is looked at). Nil decodes every layer.
    /// - Throws: `MVTError` for malformed protobuf data or a broken MUST of the spec in a decoded
    ///   layer (skipped layers are only checked for their framing).
    public init(decoding bytes: [UInt8], layers wanted: Set<String>? = nil) throws(MVTError) {
        var result: [VectorTileLayer] = []
        var reader = ProtobufReader(bytes)
        var index = 0
        while true {
            let range: Range<Int>
            do throws(ProtobufError) {
                guard let key = try reader.readFieldKey() else { break }
                guard key.field == 3 else {
                    try reader.skip(key.wireType)
                    continue
                }
                guard key.wireType == .lengthDelimited else {
                    throw ProtobufError(
                        .unexpectedWireType(field: 3, wireType: key.wireType.rawValue), at: reader.position)
                }
                range = try reader.readLengthDelimited()
            } catch {
                throw MVTError("tile: \(error.message)", protobufError: error)
            }
            if let storage = try LayerStorage.decode(bytes, range: range, index: index, wanted: wanted) {
                result.append(VectorTileLayer(storage: storage))
            }
            index += 1
        }
        self.layers = result
    }

    /// Decodes an uncompressed MVT tile; the same as `VectorTile(decoding:layers:)`.
    public static func decode(_ bytes: [UInt8], layers: Set<String>? = nil) throws(MVTError) -> VectorTile {
        try VectorTile(decoding: bytes, layers: layers)
    }

    /// The first layer called `name`, if the tile has one (and it was decoded).
    public func layer(named name: String) -> VectorTileLayer? {
        layers.first { $0.name == name }
    }

    /// Layer names in tile order.
    public var layerNames: [String] { layers.map(\.name) }

    /// Total number of features over all decoded layers.
    public var featureCount: Int { layers.reduce(0) { $0 + $1.count } }
}

/// One layer of a vector tile (spec 4.1): a name, an extent, the shared key and value
/// dictionaries, and the features.
///
/// `features` is a random-access collection of lightweight views; iterate it, or use
/// `count` and `self[i]`.
public struct VectorTileLayer: Sendable {
    let storage: LayerStorage

    init(storage: LayerStorage) {
        self.storage = storage
    }

    /// The layer name (unique within a valid tile).
    public var name: String { storage.name }
    /// The major spec version the layer declares (2 for MVT 2.x, 1 when the field is absent).
    /// Layers of other versions are decoded best-effort with the 2.1 rules.
    public var version: Int { storage.version }
    /// Tile-local units across the tile (default 4096 when the field is absent). Always > 0.
    public var extent: Int { storage.extent }
    /// The key dictionary; tags refer to keys by index.
    public var keys: [String] { storage.keys }
    /// The value dictionary; tags refer to values by index.
    public var values: [MVTValue] { storage.values }
    /// The features, in tile order.
    public var features: Features { Features(storage: storage) }
    /// Number of features.
    public var count: Int { storage.records.count }

    /// The feature at `index` (0 ..< count).
    public subscript(index: Int) -> VectorTileFeature { VectorTileFeature(layer: storage, index: index) }

    /// The index of `key` in `keys`, for repeated lookups with `VectorTileFeature.value(forKeyIndex:)`
    /// (saves hashing the key string per feature). Nil when no feature of the layer uses the key.
    public func keyIndex(forKey key: String) -> Int? {
        storage.keyLookup[key].map(Int.init)
    }

    /// The features of a layer as a random-access collection of `VectorTileFeature` views.
    public struct Features: RandomAccessCollection, Sendable {
        let storage: LayerStorage
        public var startIndex: Int { 0 }
        public var endIndex: Int { storage.records.count }
        public subscript(position: Int) -> VectorTileFeature {
            VectorTileFeature(layer: storage, index: position)
        }
    }
}

// MARK: - Storage

/// Per-feature data, flat in the layer: where the tags and the geometry are.
struct FeatureRecord: Sendable {
    var id: UInt64 = 0
    var hasID = false
    var type: MVTGeometryType = .unknown
    /// Range in `LayerStorage.tags` (pairs of key index, value index).
    var tagStart = 0
    var tagEnd = 0
    /// Byte range of the packed geometry in `LayerStorage.bytes`, or, when `looseGeometry`,
    /// an index range in `LayerStorage.looseGeometry`.
    var geometryStart = 0
    var geometryEnd = 0
    var looseGeometry = false
}

/// The immutable contents of a decoded layer, shared by the layer and its feature views.
final class LayerStorage: Sendable {
    let name: String
    let version: Int
    let extent: Int
    let keys: [String]
    let values: [MVTValue]
    let keyLookup: [String: UInt32]
    let records: [FeatureRecord]
    let tags: [UInt32]
    /// The whole tile; packed geometry is decoded from here on demand.
    let bytes: [UInt8]
    /// Geometry integers of features whose geometry was not one packed field (rare).
    let looseGeometry: [UInt32]

    private init(
        name: String, version: Int, extent: Int, keys: [String], values: [MVTValue], records: [FeatureRecord],
        tags: [UInt32], bytes: [UInt8], looseGeometry: [UInt32]
    ) {
        self.name = name
        self.version = version
        self.extent = extent
        self.keys = keys
        self.values = values
        var lookup: [String: UInt32] = [:]
        lookup.reserveCapacity(keys.count)
        // Keys SHOULD be unique; with duplicates the first index wins for name lookups.
        for (i, k) in keys.enumerated() where lookup[k] == nil { lookup[k] = UInt32(i) }
        self.keyLookup = lookup
        self.records = records
        self.tags = tags
        self.bytes = bytes
        self.looseGeometry = looseGeometry
    }

    /// Decodes the layer message at `range`, or returns nil when its name is not in `wanted`
    /// (a layer without a name is then skipped too).
    static func decode(_ bytes: [UInt8], range: Range<Int>, index: Int, wanted: Set<String>?) throws(MVTError)
        -> LayerStorage?
    {
        var name: String?
        do throws(ProtobufError) {
            if let wanted {
                // Look at the name only; most encoders write it first, so this is short.
                var scan = ProtobufReader(bytes, range: range)
                while let key = try scan.readFieldKey() {
                    if key.field == 1 && key.wireType == .lengthDelimited {
                        name = try scan.readString()
                        break
                    }
                    try scan.skip(key.wireType)
                }
                guard let found = name, wanted.contains(found) else { return nil }
            }
        } catch {
            throw MVTError(context(index, name) + ": " + error.message, protobufError: error)
        }

        var version = 1  // the schema default
        var extent = 4096
        var keys: [String] = []
        var values: [MVTValue] = []
        var records: [FeatureRecord] = []
        var tags: [UInt32] = []
        var loose: [UInt32] = []
        var reader = ProtobufReader(bytes, range: range)
        do {
            while let key = try reader.readFieldKey() {
                switch (key.field, key.wireType) {
                case (15, .varint):
                    version = Int(try reader.readUInt32())
                case (1, .lengthDelimited):
                    name = try reader.readString()
                case (2, .lengthDelimited):
                    let featureRange = try reader.readLengthDelimited()
                    guard records.count < VectorTile.maximumFeaturesPerLayer else {
                        throw MVTError("more than \(VectorTile.maximumFeaturesPerLayer) features (a limit of MapSnap)")
                    }
                    do {
                        records.append(try decodeFeature(bytes, featureRange, tags: &tags, loose: &loose))
                    } catch let e as MVTError {
                        throw e.prefixed("feature \(records.count)")
                    } catch let e as ProtobufError {
                        throw MVTError("feature \(records.count): \(e.message)", protobufError: e)
                    }
                case (3, .lengthDelimited):
                    keys.append(try reader.readString())
                case (4, .lengthDelimited):
                    let valueRange = try reader.readLengthDelimited()
                    do {
                        values.append(try decodeValue(bytes, valueRange))
                    } catch let e as MVTError {
                        throw e.prefixed("value \(values.count)")
                    }
                case (5, .varint):
                    let e = try reader.readUInt32()
                    guard e > 0 else { throw MVTError("extent is 0") }
                    extent = Int(e)
                case (1...5, _), (15, _):
                    throw ProtobufError(
                        .unexpectedWireType(field: key.field, wireType: key.wireType.rawValue), at: reader.position)
                default:
                    try reader.skip(key.wireType)
                }
            }
            guard let layerName = name else { throw MVTError("layer has no name") }
            // Tags can only be checked now: keys and values may come after the features.
            let keyCount = UInt32(truncatingIfNeeded: keys.count)
            let valueCount = UInt32(truncatingIfNeeded: values.count)
            for (f, record) in records.enumerated() {
                var t = record.tagStart
                while t < record.tagEnd {
                    guard tags[t] < keyCount else {
                        throw MVTError(
                            "feature \(f): tag key index \(tags[t]) is out of range (\(keys.count) keys)")
                    }
                    guard tags[t + 1] < valueCount else {
                        throw MVTError(
                            "feature \(f): tag value index \(tags[t + 1]) is out of range (\(values.count) values)")
                    }
                    t += 2
                }
            }
            return LayerStorage(
                name: layerName, version: version, extent: extent, keys: keys, values: values, records: records,
                tags: tags, bytes: bytes, looseGeometry: loose)
        } catch let e as MVTError {
            throw e.prefixed(context(index, name))
        } catch let e as ProtobufError {
            throw MVTError(context(index, name) + ": " + e.message, protobufError: e)
        } catch {
            throw MVTError(context(index, name) + ": \(error)")
        }
    }

    private static func context(_ index: Int, _ name: String?) -> String {
        if let name { return "layer \(index) \"\(name)\"" }
        return "layer \(index)"
    }

    /// Decodes a `Feature` message (fields: 1 id, 2 tags, 3 type, 4 geometry).
    private static func decodeFeature(
        _ bytes: [UInt8], _ range: Range<Int>, tags: inout [UInt32], loose: inout [UInt32]
    ) throws -> FeatureRecord {
        var record = FeatureRecord()
        record.tagStart = tags.count
        var reader = ProtobufReader(bytes, range: range)
        var packedGeometry: Range<Int>?
        var looseValues: [UInt32] = []
        var isLoose = false
        while let key = try reader.readFieldKey() {
            switch (key.field, key.wireType) {
            case (1, .varint):
                record.id = try reader.readVarint()
                record.hasID = true
            case (2, _):
                try reader.readRepeatedUInt32(key.wireType, field: 2, into: &tags)
            case (3, .varint):
                record.type = MVTGeometryType(rawValue: UInt8(truncatingIfNeeded: try reader.readUInt32())) ?? .unknown
            case (4, .lengthDelimited) where packedGeometry == nil && !isLoose:
                packedGeometry = try reader.readLengthDelimited()
            case (4, _):
                // A second chunk, or unpacked elements: collect the integers instead.
                if !isLoose {
                    isLoose = true
                    if let g = packedGeometry {
                        var sub = ProtobufReader(bytes, range: g)
                        while !sub.isAtEnd { looseValues.append(try sub.readUInt32()) }
                        packedGeometry = nil
                    }
                }
                try reader.readRepeatedUInt32(key.wireType, field: 4, into: &looseValues)
            case (1, _), (3, _):
                throw ProtobufError(
                    .unexpectedWireType(field: key.field, wireType: key.wireType.rawValue), at: reader.position)
            default:
                try reader.skip(key.wireType)
            }
        }
        record.tagEnd = tags.count
        guard (record.tagEnd - record.tagStart) % 2 == 0 else {
            throw MVTError("odd number of tags (\(record.tagEnd - record.tagStart))")
        }
        if isLoose {
            record.looseGeometry = true
            record.geometryStart = loose.count
            loose.append(contentsOf: looseValues)
            record.geometryEnd = loose.count
        } else if let g = packedGeometry {
            record.geometryStart = g.lowerBound
            record.geometryEnd = g.upperBound
        }
        return record
    }

    /// Decodes a `Value` message: exactly one of fields 1–7 (spec 4.1). Extension fields (8+)
    /// are skipped; if several known fields appear, the last wins.
    private static func decodeValue(_ bytes: [UInt8], _ range: Range<Int>) throws -> MVTValue {
        var reader = ProtobufReader(bytes, range: range)
        var value: MVTValue?
        while let key = try reader.readFieldKey() {
            switch (key.field, key.wireType) {
            case (1, .lengthDelimited): value = .string(try reader.readString())
            case (2, .fixed32): value = .float(try reader.readFloat())
            case (3, .fixed64): value = .double(try reader.readDouble())
            case (4, .varint): value = .int(Int64(bitPattern: try reader.readVarint()))
            case (5, .varint): value = .uint(try reader.readVarint())
            case (6, .varint): value = .sint(try reader.readSInt64())
            case (7, .varint): value = .bool(try reader.readVarint() != 0)
            case (1...7, _):
                throw ProtobufError(
                    .unexpectedWireType(field: key.field, wireType: key.wireType.rawValue), at: reader.position)
            default:
                try reader.skip(key.wireType)
            }
        }
        guard let value else { throw MVTError("value has none of the fields 1–7") }
        return value
    }
}
