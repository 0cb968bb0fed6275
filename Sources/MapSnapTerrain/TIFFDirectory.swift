/// The first image file directory (IFD) of a classic TIFF (TIFF 6.0 §2) or BigTIFF
/// (https://www.awaresystems.be/imaging/tiff/bigtiff.html) file, in either byte order: its
/// entries by tag, their values read on demand with every offset and count checked against
/// the file, so no read leaves the bytes.
struct TIFFDirectory {
    /// Where one entry's values are: `count` values of TIFF field `type` at byte `offset`.
    struct Entry {
        let type: UInt16
        let count: UInt64
        let offset: UInt64
    }

    let bytes: [UInt8]
    let bigEndian: Bool
    let bigTIFF: Bool
    private(set) var entries: [UInt16: Entry] = [:]

    /// True when `bytes` start like a TIFF or BigTIFF file (`II*\0`, `MM\0*`, `II+\0`, `MM\0+`).
    static func isTIFF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        if bytes[0] == 0x49, bytes[1] == 0x49 { return (bytes[2] == 42 || bytes[2] == 43) && bytes[3] == 0 }
        if bytes[0] == 0x4D, bytes[1] == 0x4D { return bytes[2] == 0 && (bytes[3] == 42 || bytes[3] == 43) }
        return false
    }

    /// Parses the header and the first IFD of `bytes`.
    /// - Throws: `DEMError.malformed` naming the header or the IFD's byte offset.
    init(_ bytes: [UInt8]) throws(DEMError) {
        self.bytes = bytes
        guard Self.isTIFF(bytes), bytes.count >= 8 else {
            throw .malformed(place: "header", message: "not a TIFF file (no II*/MM* byte-order mark and version)")
        }
        bigEndian = bytes[0] == 0x4D
        bigTIFF = (bigEndian ? bytes[3] : bytes[2]) == 43
        let ifd: UInt64
        if bigTIFF {
            guard bytes.count >= 16 else { throw .malformed(place: "header", message: "BigTIFF header cut short") }
            guard u16(4) == 8, u16(6) == 0 else {
                throw .malformed(place: "header", message: "BigTIFF offset size \(u16(4)) is not 8")
            }
            ifd = u64(8)
        } else {
            ifd = UInt64(u32(4))
        }
        try readEntries(at: ifd)
    }

    private mutating func readEntries(at ifd: UInt64) throws(DEMError) {
        let countSize: UInt64 = bigTIFF ? 8 : 2
        let entrySize: UInt64 = bigTIFF ? 20 : 12
        let size = UInt64(bytes.count)
        guard ifd >= 8, ifd <= size, size - ifd >= countSize else {
            throw .malformed(place: "IFD", message: "offset \(ifd) is outside the file (\(size) bytes)")
        }
        let n = bigTIFF ? u64(Int(ifd)) : UInt64(u16(Int(ifd)))
        guard n >= 1, n <= (size - ifd - countSize) / entrySize else {
            throw .malformed(
                place: "IFD at byte offset \(ifd)", message: "\(n) entries do not fit in the file (\(size) bytes)")
        }
        for k in 0..<Int(n) {
            let at = Int(ifd + countSize) + k * Int(entrySize)
            let tag = u16(at)
            let type = u16(at + 2)
            let count = bigTIFF ? u64(at + 4) : UInt64(u32(at + 4))
            let field = bigTIFF ? at + 12 : at + 8
            let typeSize = UInt64(Self.typeSize(type))
            guard typeSize > 0 else { continue }  // an unknown type: TIFF 6.0 says skip the entry
            let (total, overflow) = count.multipliedReportingOverflow(by: typeSize)
            let inline = !overflow && total <= (bigTIFF ? 8 : 4)
            let offset = inline ? UInt64(field) : (bigTIFF ? u64(field) : UInt64(u32(field)))
            if entries[tag] == nil { entries[tag] = Entry(type: type, count: count, offset: offset) }
        }
    }

    /// Bytes per value of TIFF field type `type` (TIFF 6.0 §2, BigTIFF's 16–18); 0 if unknown.
    static func typeSize(_ type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: return 1
        case 3, 8: return 2
        case 4, 9, 11, 13: return 4
        case 5, 10, 12, 16, 17, 18: return 8
        default: return 0
        }
    }

    // MARK: - Raw reads (offsets checked by the callers)

    func u16(_ at: Int) -> UInt16 {
        let a = UInt16(bytes[at])
        let b = UInt16(bytes[at + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ at: Int) -> UInt32 {
        let a = UInt32(u16(at))
        let b = UInt32(u16(at + 2))
        return bigEndian ? a << 16 | b : b << 16 | a
    }

    func u64(_ at: Int) -> UInt64 {
        let a = UInt64(u32(at))
        let b = UInt64(u32(at + 4))
        return bigEndian ? a << 32 | b : b << 32 | a
    }
}
