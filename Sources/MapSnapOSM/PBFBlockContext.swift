import MapSnapIO

/// What the elements of one `PrimitiveBlock` share: its string table, how its coordinates are
/// scaled (https://wiki.openstreetmap.org/wiki/PBF_Format#Definition_of_OSMData_fileblock), the
/// string indices the routing filter tests, and the place for errors.
struct PBFBlockContext {
    let bytes: [UInt8]
    var strings: PBFStringTable
    /// `granularity` (field 17): nanodegrees per coordinate unit, default 100.
    let granularity: Int64
    /// `lat_offset` (19) and `lon_offset` (20) in nanodegrees, default 0.
    let latitudeOffset: Int64
    let longitudeOffset: Int64
    let file: String
    let blob: Int
    let blobOffset: Int
    /// String-table indices of `highway`, `route`, `ferry`, `type`, `restriction` (-1: absent).
    let highway: Int
    let route: Int
    let ferry: Int
    let type: Int
    let restriction: Int

    init(
        bytes: [UInt8], strings: PBFStringTable, granularity: Int64, latitudeOffset: Int64, longitudeOffset: Int64,
        file: String, blob: Int, blobOffset: Int
    ) {
        self.bytes = bytes
        self.strings = strings
        self.granularity = granularity
        self.latitudeOffset = latitudeOffset
        self.longitudeOffset = longitudeOffset
        self.file = file
        self.blob = blob
        self.blobOffset = blobOffset
        highway = strings.index(of: "highway")
        route = strings.index(of: "route")
        ferry = strings.index(of: "ferry")
        type = strings.index(of: "type")
        restriction = strings.index(of: "restriction")
    }

    /// True when the default scaling applies (granularity 100, no offsets): units are 1e-7°.
    var isPlainScale: Bool { granularity == 100 && latitudeOffset == 0 && longitudeOffset == 0 }

    /// An error in this block.
    func fail(_ detail: String) -> OSMError { fail(detail, element: nil) }

    /// An error for a protobuf fault in this block.
    func fail(_ error: ProtobufError) -> OSMError { fail(error, element: nil) }

    /// An error in this block, about `element` when named.
    func fail(_ detail: String, element: String?) -> OSMError {
        OSMError(.malformed, detail, file: file, offset: blobOffset, blob: blob, element: element)
    }

    /// An error for a protobuf fault inside this block.
    func fail(_ error: ProtobufError, element: String?) -> OSMError {
        fail("\(error.message) of the block", element: element)
    }

    /// Raw `lat`, `lon` in block units → 1e-7 degrees, or nil outside ±90°, ±180°.
    @inline(__always)
    func position(latitude: Int64, longitude: Int64) -> (Int32, Int32)? {
        if isPlainScale {
            guard
                latitude >= -900_000_000 && latitude <= 900_000_000 && longitude >= -1_800_000_000
                    && longitude <= 1_800_000_000
            else { return nil }
            return (Int32(latitude), Int32(longitude))
        }
        guard let lat = Self.units(latitude, granularity, latitudeOffset, limit: 900_000_000),
            let lon = Self.units(longitude, granularity, longitudeOffset, limit: 1_800_000_000)
        else { return nil }
        return (lat, lon)
    }

    /// `offset + granularity × value` nanodegrees in 1e-7 degrees (rounded half away from zero),
    /// or nil on overflow or past ±`limit`.
    private static func units(_ value: Int64, _ granularity: Int64, _ offset: Int64, limit: Int64) -> Int32? {
        let (scaled, o1) = value.multipliedReportingOverflow(by: granularity)
        let (nano, o2) = scaled.addingReportingOverflow(offset)
        guard !o1 && !o2 else { return nil }
        let rounded = (nano >= 0 ? nano + 50 : nano - 50) / 100
        guard rounded >= -limit && rounded <= limit else { return nil }
        return Int32(rounded)
    }

    /// The tags of keys and values in the packed `keys`, `vals` ranges (string-table indices).
    ///
    /// `element` names the element in errors; it is only made when one is thrown.
    mutating func tags(
        keys: Range<Int>?, values: Range<Int>?, element: @autoclosure () -> String
    ) throws(OSMError) -> OSMTags {
        guard let keys, !keys.isEmpty else { return OSMTags() }
        var k = ProtobufReader(bytes, range: keys)
        var v = ProtobufReader(bytes, range: values ?? 0..<0)
        // Sized once: every varint ends in one byte below 0x80, so this counts the keys.
        var count = 0
        for i in keys where bytes[i] < 0x80 { count += 1 }
        var tags = OSMTags()
        tags.reserveCapacity(count)
        while !k.isAtEnd {
            guard !v.isAtEnd else { throw fail("more keys than values", element: element()) }
            let key: Int
            let value: Int
            do {
                key = Int(try k.readUInt32())
                value = Int(try v.readUInt32())
            } catch {
                throw fail(error, element: element())
            }
            guard let ks = strings.string(key), let vs = strings.string(value) else {
                throw fail("tag string index past the string table (\(strings.count) strings)", element: element())
            }
            tags.append(key: ks, value: vs)
        }
        guard v.isAtEnd else { throw fail("more values than keys", element: element()) }
        return tags
    }

    /// True when the packed `keys`, `vals` hold a tag `key`=`value` (`value` -1: any value),
    /// compared as string-table indices, so nothing is decoded. Faults are left to `tags`.
    func hasTag(keys: Range<Int>?, values: Range<Int>?, key: Int, value: Int) -> Bool {
        guard key >= 0, let keys, let values else { return false }
        var k = ProtobufReader(bytes, range: keys)
        var v = ProtobufReader(bytes, range: values)
        while !k.isAtEnd && !v.isAtEnd {
            guard let kk = try? k.readUInt32(), let vv = try? v.readUInt32() else { return false }
            if Int(kk) == key && (value < 0 || Int(vv) == value) { return true }
        }
        return false
    }
}
