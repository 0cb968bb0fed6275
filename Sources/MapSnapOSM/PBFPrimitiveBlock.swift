import MapSnapIO

/// Decodes one `PrimitiveBlock` (the content of an `OSMData` blob,
/// https://wiki.openstreetmap.org/wiki/PBF_Format#Definition_of_OSMData_fileblock) into the
/// builder: 1 `stringtable`, 2 `primitivegroup` (repeated), 17 `granularity`, 19 `lat_offset`,
/// 20 `lon_offset`. A group holds 1 `nodes`, 2 `dense`, 3 `ways`, 4 `relations` (5 `changesets`
/// is skipped).
enum PBFPrimitiveBlock {
    static func decode(
        _ bytes: [UInt8], blob: Int, offset: Int, file: String, into builder: inout OSMDataBuilder
    ) throws(OSMError) {
        var context = try context(of: bytes, blob: blob, offset: offset, file: file)
        var r = ProtobufReader(bytes)
        while true {
            let group: Range<Int>
            do {
                guard let key = try r.readFieldKey() else { break }
                guard key.field == 2 && key.wireType == .lengthDelimited else {
                    try r.skip(key.wireType)
                    continue
                }
                group = try r.readLengthDelimited()
            } catch {
                throw context.fail(error)
            }
            try decodeGroup(group, context: &context, into: &builder)
        }
    }

    /// The block's string table and scale (fields may come in any order, so read them first).
    private static func context(of bytes: [UInt8], blob: Int, offset: Int, file: String) throws(OSMError)
        -> PBFBlockContext
    {
        var table: Range<Int>?
        var granularity: Int64 = 100
        var latitudeOffset: Int64 = 0
        var longitudeOffset: Int64 = 0
        var r = ProtobufReader(bytes)
        let strings: PBFStringTable
        do {
            while let key = try r.readFieldKey() {
                switch (key.field, key.wireType) {
                case (1, .lengthDelimited): table = try r.readLengthDelimited()
                case (17, .varint): granularity = Int64(Int32(truncatingIfNeeded: try r.readVarint()))
                case (19, .varint): latitudeOffset = Int64(bitPattern: try r.readVarint())
                case (20, .varint): longitudeOffset = Int64(bitPattern: try r.readVarint())
                default: try r.skip(key.wireType)
                }
            }
            strings = try PBFStringTable(bytes, range: table)
        } catch {
            throw OSMError(
                .malformed, "PrimitiveBlock does not parse: \(error.message) of the block", file: file,
                offset: offset, blob: blob)
        }
        guard granularity > 0 else {
            throw OSMError(
                .malformed, "granularity \(granularity) (must be positive)", file: file, offset: offset, blob: blob)
        }
        return PBFBlockContext(
            bytes: bytes, strings: strings, granularity: granularity, latitudeOffset: latitudeOffset,
            longitudeOffset: longitudeOffset, file: file, blob: blob, blobOffset: offset)
    }

    private static func decodeGroup(
        _ range: Range<Int>, context: inout PBFBlockContext, into builder: inout OSMDataBuilder
    ) throws(OSMError) {
        var r = ProtobufReader(context.bytes, range: range)
        while true {
            let field: UInt32
            let element: Range<Int>
            do {
                guard let key = try r.readFieldKey() else { return }
                guard (1...4).contains(key.field) && key.wireType == .lengthDelimited else {
                    try r.skip(key.wireType)
                    continue
                }
                field = key.field
                element = try r.readLengthDelimited()
            } catch {
                throw context.fail(error)
            }
            switch field {
            case 1: try PBFNodes.decodeNode(element, context: &context, into: &builder)
            case 2: try PBFNodes.decodeDense(element, context: &context, into: &builder)
            case 3: try PBFWays.decodeWay(element, context: &context, into: &builder)
            default: try PBFWays.decodeRelation(element, context: &context, into: &builder)
            }
        }
    }
}
