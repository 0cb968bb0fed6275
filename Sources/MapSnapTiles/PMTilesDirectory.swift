import MapSnapIO

/// One entry of a PMTiles directory: a run of tiles sharing one blob, or a leaf directory.
///
/// Spec: https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md#41-directory-entries
public struct PMTilesEntry: Hashable, Sendable {
    /// The (first) tile id; see `TileID.pmtilesID`.
    public var tileID: UInt64
    /// Offset of the blob: from the start of the tile data section for tiles, from the start of
    /// the leaf directories section for leaf directories.
    public var offset: UInt64
    /// Length of the (compressed) blob in bytes; > 0.
    public var length: UInt32
    /// How many consecutive tile ids share the blob; 0 marks a leaf directory.
    public var runLength: UInt32

    public init(tileID: UInt64, offset: UInt64, length: UInt32, runLength: UInt32) {
        self.tileID = tileID
        self.offset = offset
        self.length = length
        self.runLength = runLength
    }

    /// True when the entry points at a leaf directory rather than at tile data.
    public var isLeafDirectory: Bool { runLength == 0 }
}

/// Encoding and decoding of (already decompressed) PMTiles directories: a varint entry count,
/// then columns of delta-coded tile ids, run lengths, lengths and offsets (0 meaning "right
/// after the previous blob", else offset + 1). Spec 4.2–4.3.
enum PMTilesDirectory {
    /// Decodes a decompressed directory.
    /// - Throws: `PMTilesFormatError` for truncated data, an empty directory, zero lengths,
    ///   values beyond 32 bits where the spec has 32, or tile ids that overflow.
    static func decode(_ bytes: [UInt8]) throws(PMTilesFormatError) -> [PMTilesEntry] {
        var r = ProtobufReader(bytes)
        func varint() throws(PMTilesFormatError) -> UInt64 {
            do {
                return try r.readVarint()
            } catch {
                throw PMTilesFormatError("a directory is malformed: \(error.message)")
            }
        }
        do {
            let count = try varint()
            guard count > 0 else { throw PMTilesFormatError("a directory has no entries") }
            // Every entry takes at least four bytes (four varints).
            guard count <= UInt64(r.remaining / 4) else {
                throw PMTilesFormatError("a directory claims \(count) entries but has only \(bytes.count) bytes")
            }
            let n = Int(count)
            var entries = [PMTilesEntry](
                repeating: PMTilesEntry(tileID: 0, offset: 0, length: 0, runLength: 0), count: n)
            var lastID: UInt64 = 0
            for i in 0..<n {
                let (id, overflow) = lastID.addingReportingOverflow(try varint())
                guard !overflow else { throw PMTilesFormatError("a directory's tile ids overflow 64 bits") }
                entries[i].tileID = id
                lastID = id
            }
            for i in 0..<n {
                guard let run = UInt32(exactly: try varint()) else {
                    throw PMTilesFormatError("a run length in a directory exceeds 32 bits")
                }
                entries[i].runLength = run
            }
            for i in 0..<n {
                guard let length = UInt32(exactly: try varint()), length > 0 else {
                    throw PMTilesFormatError("a directory entry has length 0 or beyond 32 bits")
                }
                entries[i].length = length
            }
            for i in 0..<n {
                let v = try varint()
                if v == 0 {
                    guard i > 0 else { throw PMTilesFormatError("the first directory entry has no offset") }
                    let (next, overflow) = entries[i - 1].offset.addingReportingOverflow(UInt64(entries[i - 1].length))
                    guard !overflow else { throw PMTilesFormatError("a directory offset overflows 64 bits") }
                    entries[i].offset = next
                } else {
                    entries[i].offset = v - 1
                }
            }
            return entries
        }
    }

    /// Encodes entries (sorted by tile id) the way the spec's appendix A.1 describes.
    static func encode(_ entries: [PMTilesEntry]) -> [UInt8] {
        var out: [UInt8] = []
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                out.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }
        varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries {
            varint(e.tileID &- last)
            last = e.tileID
        }
        for e in entries { varint(UInt64(e.runLength)) }
        for e in entries { varint(UInt64(e.length)) }
        var next: UInt64 = 0
        for (i, e) in entries.enumerated() {
            varint(i > 0 && e.offset == next ? 0 : e.offset + 1)
            next = e.offset + UInt64(e.length)
        }
        return out
    }

    /// The entry that holds `tileID`: the last entry whose id is ≤ `tileID`, if it is a leaf
    /// directory or its run covers `tileID`. Nil when no entry does.
    static func find(_ entries: [PMTilesEntry], tileID: UInt64) -> PMTilesEntry? {
        var lo = 0
        var hi = entries.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let id = entries[mid].tileID
            if id < tileID {
                lo = mid + 1
            } else if id > tileID {
                hi = mid - 1
            } else {
                return entries[mid]
            }
        }
        guard hi >= 0 else { return nil }
        let e = entries[hi]
        if e.runLength == 0 || tileID - e.tileID < UInt64(e.runLength) { return e }
        return nil
    }
}
