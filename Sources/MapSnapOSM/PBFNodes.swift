import MapSnapIO

/// `Node` and `DenseNodes` messages of a primitive group
/// (https://wiki.openstreetmap.org/wiki/PBF_Format#Nodes).
enum PBFNodes {
    /// A plain `Node`: 1 `id` (sint64), 2 `keys`, 3 `vals` (packed uint32), 8 `lat`, 9 `lon` (sint64).
    static func decodeNode(
        _ range: Range<Int>, context: inout PBFBlockContext, into builder: inout OSMDataBuilder
    ) throws(OSMError) {
        var r = ProtobufReader(context.bytes, range: range)
        var id: Int64 = 0
        var lat: Int64?
        var lon: Int64?
        var keys: Range<Int>?
        var values: Range<Int>?
        do {
            while let key = try r.readFieldKey() {
                switch (key.field, key.wireType) {
                case (1, .varint): id = try r.readSInt64()
                case (2, .lengthDelimited): keys = try r.readLengthDelimited()
                case (3, .lengthDelimited): values = try r.readLengthDelimited()
                case (8, .varint): lat = try r.readSInt64()
                case (9, .varint): lon = try r.readSInt64()
                default: try r.skip(key.wireType)
                }
            }
        } catch {
            throw context.fail(error, element: "node \(id)")
        }
        guard let lat, let lon else { throw context.fail("node without lat and lon", element: "node \(id)") }
        guard let (la, lo) = context.position(latitude: lat, longitude: lon) else {
            throw context.fail("position outside ±90° latitude, ±180° longitude", element: "node \(id)")
        }
        try builder.count(1, blob: context.blob, offset: context.blobOffset)
        builder.addNode(id: id, latitude: la, longitude: lo)
        let tags = try context.tags(keys: keys, values: values, element: "node \(id)")
        if !tags.isEmpty { builder.nodeTags[id] = tags }
    }

    /// `DenseNodes`: 1 `id`, 8 `lat`, 9 `lon` (packed sint64, each delta-coded from the previous
    /// node), 10 `keys_vals` (packed int32: each node's key, value indices, then 0), 5
    /// `denseinfo` (skipped).
    static func decodeDense(
        _ range: Range<Int>, context: inout PBFBlockContext, into builder: inout OSMDataBuilder
    ) throws(OSMError) {
        var r = ProtobufReader(context.bytes, range: range)
        var idRange = 0..<0
        var latRange = 0..<0
        var lonRange = 0..<0
        var tagRange: Range<Int>?
        do {
            while let key = try r.readFieldKey() {
                switch (key.field, key.wireType) {
                case (1, .lengthDelimited): idRange = try r.readLengthDelimited()
                case (8, .lengthDelimited): latRange = try r.readLengthDelimited()
                case (9, .lengthDelimited): lonRange = try r.readLengthDelimited()
                case (10, .lengthDelimited): tagRange = try r.readLengthDelimited()
                default: try r.skip(key.wireType)
                }
            }
        } catch {
            throw context.fail(error, element: "dense nodes")
        }
        builder.reserveNodes(idRange.count / 4)
        var ids = ProtobufReader(context.bytes, range: idRange)
        var lats = ProtobufReader(context.bytes, range: latRange)
        var lons = ProtobufReader(context.bytes, range: lonRange)
        var tags = tagRange.map { ProtobufReader(context.bytes, range: $0) }
        var (id, lat, lon): (Int64, Int64, Int64) = (0, 0, 0)
        var n = 0
        while !ids.isAtEnd {
            guard !lats.isAtEnd && !lons.isAtEnd else {
                throw context.fail("dense nodes have fewer lat/lon values than ids", element: "node \(id)")
            }
            do {
                id &+= try ids.readSInt64()
                lat &+= try lats.readSInt64()
                lon &+= try lons.readSInt64()
            } catch {
                throw context.fail(error, element: "dense node \(n) after node \(id)")
            }
            guard let (la, lo) = context.position(latitude: lat, longitude: lon) else {
                throw context.fail("position outside ±90° latitude, ±180° longitude", element: "node \(id)")
            }
            builder.addNode(id: id, latitude: la, longitude: lo)
            if tags != nil, let t = try denseTags(&tags, context: &context, id: id), !t.isEmpty {
                builder.nodeTags[id] = t
            }
            n += 1
        }
        guard lats.isAtEnd && lons.isAtEnd else {
            throw context.fail("dense nodes have more lat/lon values than ids", element: "node \(id)")
        }
        try builder.count(n, blob: context.blob, offset: context.blobOffset)
    }

    /// The next node's run of `keys_vals` (key, value, …, 0); nil once the run is used up (the
    /// spec lets a block without any tags leave it out, and nodes at the end may have none).
    private static func denseTags(
        _ reader: inout ProtobufReader?, context: inout PBFBlockContext, id: Int64
    ) throws(OSMError) -> OSMTags? {
        guard var r = reader, !r.isAtEnd else { return nil }
        defer { reader = r }
        var tags = OSMTags()
        while !r.isAtEnd {
            let key: Int
            let value: Int
            do {
                key = Int(try r.readUInt32())
                value = key == 0 ? 0 : Int(try r.readUInt32())
            } catch {
                throw context.fail(error, element: "node \(id)")
            }
            if key == 0 { break }
            guard let k = context.strings.string(key), let v = context.strings.string(value) else {
                throw context.fail("tag string index past the string table", element: "node \(id)")
            }
            tags.append(key: k, value: v)
        }
        return tags
    }
}
