import MapSnapIO
import MapSnapTestSupport

/// A small OSM PBF encoder for tests (https://wiki.openstreetmap.org/wiki/PBF_Format): builds
/// exact files, blob by blob, from the messages the reader decodes.
enum TestPBF {
    /// How a blob's data is stored.
    enum Compression {
        case raw, zlib
        /// Another method's field (4 lzma, 5 bzip2, 6 lz4, 7 zstd) holding these bytes.
        case other(field: Int, bytes: [UInt8])
    }

    /// A framed blob: 4-byte big-endian length, `BlobHeader`, `Blob`.
    static func blob(_ type: String, _ payload: [UInt8], _ compression: Compression = .zlib) -> [UInt8] {
        var blob = ProtoWriter()
        switch compression {
        case .raw:
            blob.bytesField(1, payload)
        case .zlib:
            blob.uint(2, UInt64(payload.count))
            blob.bytesField(3, zlib(payload))
        case .other(let field, let bytes):
            blob.uint(2, UInt64(payload.count))
            blob.bytesField(field, bytes)
        }
        return frame(type, blob.bytes)
    }

    /// A `Blob` message framed with its header, as written (no check of its content).
    static func frame(_ type: String, _ blobMessage: [UInt8]) -> [UInt8] {
        var header = ProtoWriter()
        header.string(1, type)
        header.uint(3, UInt64(blobMessage.count))
        let n = UInt32(header.bytes.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + header.bytes
            + blobMessage
    }

    /// A `HeaderBlock` with a box in degrees and required features.
    static func header(
        west: Double = 7.4, south: Double = 43.7, east: Double = 7.5, north: Double = 43.8,
        required: [String] = ["OsmSchema-V0.6", "DenseNodes"]
    ) -> [UInt8] {
        var w = ProtoWriter()
        w.message(1) { b in
            b.sint(1, Int64((west * 1e9).rounded()))
            b.sint(2, Int64((east * 1e9).rounded()))
            b.sint(3, Int64((north * 1e9).rounded()))
            b.sint(4, Int64((south * 1e9).rounded()))
        }
        for f in required { w.string(4, f) }
        w.string(16, "MapSnapOSMTests")
        return w.bytes
    }

    /// A `PrimitiveBlock`: the string table (index 0 is "" by convention; pass it), the scale and groups.
    static func block(
        strings: [String], granularity: Int? = nil, latOffset: Int64? = nil, lonOffset: Int64? = nil,
        groups: [[UInt8]]
    ) -> [UInt8] {
        var w = ProtoWriter()
        w.message(1) { t in for s in strings { t.string(1, s) } }
        for g in groups { w.bytesField(2, g) }
        if let granularity { w.uint(17, UInt64(granularity)) }
        if let latOffset { w.uint(19, UInt64(bitPattern: latOffset)) }
        if let lonOffset { w.uint(20, UInt64(bitPattern: lonOffset)) }
        return w.bytes
    }

    /// A group of `DenseNodes`: absolute ids and raw lat/lon units, delta-coded here; `tags` per
    /// node as string-table index pairs (nil: no `keys_vals` at all).
    static func dense(ids: [Int64], lats: [Int64], lons: [Int64], tags: [[(Int, Int)]]? = nil) -> [UInt8] {
        var group = ProtoWriter()
        group.message(2) { d in
            d.bytesField(1, packedDeltas(ids))
            d.bytesField(8, packedDeltas(lats))
            d.bytesField(9, packedDeltas(lons))
            if let tags {
                var kv: [UInt32] = []
                for t in tags {
                    for (k, v) in t { kv += [UInt32(k), UInt32(v)] }
                    kv.append(0)
                }
                d.packed(10, kv)
            }
        }
        return group.bytes
    }

    /// A group of one plain `Node`.
    static func node(id: Int64, lat: Int64, lon: Int64, keys: [UInt32] = [], vals: [UInt32] = []) -> [UInt8] {
        var group = ProtoWriter()
        group.message(1) { n in
            n.sint(1, id)
            if !keys.isEmpty {
                n.packed(2, keys)
                n.packed(3, vals)
            }
            n.sint(8, lat)
            n.sint(9, lon)
        }
        return group.bytes
    }

    /// A group of ways: (id, node ids, key indices, value indices).
    static func ways(_ ways: [(Int64, [Int64], [UInt32], [UInt32])]) -> [UInt8] {
        var group = ProtoWriter()
        for (id, refs, keys, vals) in ways {
            group.message(3) { w in
                w.uint(1, UInt64(id))
                w.packed(2, keys)
                w.packed(3, vals)
                w.bytesField(8, packedDeltas(refs))
            }
        }
        return group.bytes
    }

    /// A group of one relation: members as (type 0/1/2, id, role index).
    static func relation(id: Int64, keys: [UInt32], vals: [UInt32], members: [(UInt32, Int64, UInt32)]) -> [UInt8] {
        var group = ProtoWriter()
        group.message(4) { r in
            r.uint(1, UInt64(id))
            r.packed(2, keys)
            r.packed(3, vals)
            r.packed(8, members.map { $0.2 })
            r.bytesField(9, packedDeltas(members.map { $0.1 }))
            r.packed(10, members.map { $0.0 })
        }
        return group.bytes
    }

    /// Zigzag varints of the differences between consecutive values (the first from 0).
    static func packedDeltas(_ values: [Int64]) -> [UInt8] {
        var w = ProtoWriter()
        var previous: Int64 = 0
        for v in values {
            w.varint(ProtobufReader.zigzagEncode(v &- previous))
            previous = v
        }
        return w.bytes
    }

    /// A zlib stream (RFC 1950) of `bytes`: the deflate data of a gzip member, rewrapped.
    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        let gzip = (try? Gzip.compress(bytes)) ?? []
        let deflate = gzip[10..<(gzip.count - 8)]
        var a: UInt32 = 1
        var b: UInt32 = 0
        for x in bytes {
            a = (a + UInt32(x)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        return [0x78, 0x9C] + deflate + [
            UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF),
        ]
    }
}
