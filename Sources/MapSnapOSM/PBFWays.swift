import MapSnapIO

/// `Way` and `Relation` messages of a primitive group
/// (https://wiki.openstreetmap.org/wiki/PBF_Format#Ways_and_Relations).
enum PBFWays {
    /// A `Way`: 1 `id` (int64), 2 `keys`, 3 `vals` (packed uint32), 8 `refs` (packed sint64,
    /// delta-coded); 4 `info` and the `LocationsOnWays` fields 9, 10 are skipped.
    static func decodeWay(
        _ range: Range<Int>, context: inout PBFBlockContext, into builder: inout OSMDataBuilder
    ) throws(OSMError) {
        var r = ProtobufReader(context.bytes, range: range)
        var id: Int64 = 0
        var keys: Range<Int>?
        var values: Range<Int>?
        var refs: Range<Int>?
        do {
            while let key = try r.readFieldKey() {
                switch (key.field, key.wireType) {
                case (1, .varint): id = Int64(bitPattern: try r.readVarint())
                case (2, .lengthDelimited): keys = try r.readLengthDelimited()
                case (3, .lengthDelimited): values = try r.readLengthDelimited()
                case (8, .lengthDelimited): refs = try r.readLengthDelimited()
                default: try r.skip(key.wireType)
                }
            }
        } catch {
            throw context.fail(error, element: "way \(id)")
        }
        try builder.count(1, blob: context.blob, offset: context.blobOffset)
        if builder.options.filter == .routing {
            let highway = context.hasTag(keys: keys, values: values, key: context.highway, value: -1)
            let ferry =
                context.ferry >= 0
                && context.hasTag(keys: keys, values: values, key: context.route, value: context.ferry)
            guard highway || ferry else { return }
        }
        let tags = try context.tags(keys: keys, values: values, element: "way \(id)")
        let nodes = try deltas(refs, context: context, element: "way \(id)")
        builder.ways.append(OSMWay(id: id, nodes: nodes, tags: tags))
    }

    /// A `Relation`: 1 `id` (int64), 2 `keys`, 3 `vals`, 8 `roles_sid` (packed int32), 9 `memids`
    /// (packed sint64, delta-coded), 10 `types` (packed enum: node 0, way 1, relation 2).
    static func decodeRelation(
        _ range: Range<Int>, context: inout PBFBlockContext, into builder: inout OSMDataBuilder
    ) throws(OSMError) {
        var r = ProtobufReader(context.bytes, range: range)
        var id: Int64 = 0
        var keys: Range<Int>?
        var values: Range<Int>?
        var roles: Range<Int>?
        var members: Range<Int>?
        var types: Range<Int>?
        do {
            while let key = try r.readFieldKey() {
                switch (key.field, key.wireType) {
                case (1, .varint): id = Int64(bitPattern: try r.readVarint())
                case (2, .lengthDelimited): keys = try r.readLengthDelimited()
                case (3, .lengthDelimited): values = try r.readLengthDelimited()
                case (8, .lengthDelimited): roles = try r.readLengthDelimited()
                case (9, .lengthDelimited): members = try r.readLengthDelimited()
                case (10, .lengthDelimited): types = try r.readLengthDelimited()
                default: try r.skip(key.wireType)
                }
            }
        } catch {
            throw context.fail(error, element: "relation \(id)")
        }
        try builder.count(1, blob: context.blob, offset: context.blobOffset)
        if builder.options.filter == .routing {
            guard context.type >= 0 && context.restriction >= 0,
                context.hasTag(keys: keys, values: values, key: context.type, value: context.restriction)
            else { return }
        }
        let element = "relation \(id)"
        let tags = try context.tags(keys: keys, values: values, element: element)
        let refs = try deltas(members, context: context, element: element)
        var roleReader = ProtobufReader(context.bytes, range: roles ?? 0..<0)
        var typeReader = ProtobufReader(context.bytes, range: types ?? 0..<0)
        var list: [OSMMember] = []
        list.reserveCapacity(refs.count)
        for ref in refs {
            guard !roleReader.isAtEnd && !typeReader.isAtEnd else {
                throw context.fail("fewer member roles or types than member ids", element: element)
            }
            let roleIndex: Int
            let typeValue: UInt32
            do {
                roleIndex = Int(Int32(truncatingIfNeeded: try roleReader.readVarint()))
                typeValue = try typeReader.readUInt32()
            } catch {
                throw context.fail(error, element: element)
            }
            guard let role = context.strings.string(roleIndex) else {
                throw context.fail("member role index past the string table", element: element)
            }
            guard typeValue <= 2, let kind = OSMMember.Kind(rawValue: UInt8(typeValue)) else {
                throw context.fail("member type \(typeValue) (0 node, 1 way, 2 relation)", element: element)
            }
            list.append(OSMMember(kind: kind, ref: ref, role: role))
        }
        guard roleReader.isAtEnd && typeReader.isAtEnd else {
            throw context.fail("more member roles or types than member ids", element: element)
        }
        builder.relations.append(OSMRelation(id: id, members: list, tags: tags))
    }

    /// The delta-coded packed `sint64` values in `range`, summed back (wrapping on garbage).
    private static func deltas(
        _ range: Range<Int>?, context: PBFBlockContext, element: @autoclosure () -> String
    ) throws(OSMError)
        -> [Int64]
    {
        guard let range, !range.isEmpty else { return [] }
        // Every varint ends with one byte below 0x80: counting them sizes the array exactly.
        var count = 0
        for i in range where context.bytes[i] < 0x80 { count += 1 }
        var out: [Int64] = []
        out.reserveCapacity(count)
        var r = ProtobufReader(context.bytes, range: range)
        var value: Int64 = 0
        do {
            while !r.isAtEnd {
                value &+= try r.readSInt64()
                out.append(value)
            }
        } catch {
            throw context.fail(error, element: element())
        }
        return out
    }
}
