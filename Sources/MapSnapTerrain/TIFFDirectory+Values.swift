extension TIFFDirectory {
    /// Whether the directory has an entry for `tag`.
    func has(_ tag: UInt16) -> Bool { entries[tag] != nil }

    /// The unsigned integer values of `tag` (BYTE, SHORT, LONG, LONG8, IFD, IFD8); nil when
    /// the tag is absent.
    /// - Throws: `DEMError.malformed` naming the tag for another type, more than `maxCount`
    ///   values, or values past the end of the file.
    func integers(_ tag: UInt16, maxCount: Int) throws(DEMError) -> [UInt64]? {
        guard let entry = entries[tag] else { return nil }
        return try integers(entry, tag, maxCount: maxCount)
    }

    /// The first integer value of `tag`; nil when absent.
    /// - Throws: as `integers`, and for a tag with no value.
    func integer(_ tag: UInt16) throws(DEMError) -> UInt64? {
        guard let entry = entries[tag] else { return nil }
        guard entry.count >= 1 else { throw .malformed(place: TIFFTag.name(tag), message: "has no value") }
        return try integers(Entry(type: entry.type, count: 1, offset: entry.offset), tag, maxCount: 1).first
    }

    private func integers(_ entry: Entry, _ tag: UInt16, maxCount: Int) throws(DEMError) -> [UInt64] {
        guard [1, 3, 4, 13, 16, 18].contains(entry.type) else {
            throw .malformed(place: TIFFTag.name(tag), message: "field type \(entry.type) is not an unsigned integer")
        }
        let (offset, count) = try located(entry, tag, maxCount: maxCount)
        return (0..<count).map { integer(entry.type, at: offset + $0 * Self.typeSize(entry.type)) }
    }

    /// The values of `tag` as Double (DOUBLE, FLOAT, RATIONAL, SRATIONAL or any integer type);
    /// nil when absent.
    /// - Throws: `DEMError.malformed` naming the tag for another type, more than `maxCount`
    ///   values, or values past the end of the file.
    func doubles(_ tag: UInt16, maxCount: Int) throws(DEMError) -> [Double]? {
        guard let entry = entries[tag] else { return nil }
        guard entry.type != 2, entry.type != 7 else {
            throw .malformed(place: TIFFTag.name(tag), message: "field type \(entry.type) is not numeric")
        }
        let (offset, count) = try located(entry, tag, maxCount: maxCount)
        let size = Self.typeSize(entry.type)
        return (0..<count).map { double(entry.type, at: offset + $0 * size) }
    }

    /// The ASCII value of `tag` up to its first NUL; nil when absent.
    /// - Throws: `DEMError.malformed` as `integers` does.
    func ascii(_ tag: UInt16, maxCount: Int) throws(DEMError) -> String? {
        guard let entry = entries[tag] else { return nil }
        let (offset, count) = try located(entry, tag, maxCount: maxCount)
        let text = bytes[offset..<offset + count].prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// The entry's values as a byte offset and count, checked to lie in the file.
    private func located(_ entry: Entry, _ tag: UInt16, maxCount: Int) throws(DEMError) -> (offset: Int, count: Int) {
        guard entry.count <= UInt64(maxCount) else {
            throw .malformed(place: TIFFTag.name(tag), message: "\(entry.count) values, at most \(maxCount) expected")
        }
        let size = UInt64(Self.typeSize(entry.type)) * entry.count
        guard entry.offset <= UInt64(bytes.count), size <= UInt64(bytes.count) - entry.offset else {
            throw .malformed(
                place: TIFFTag.name(tag),
                message:
                    "\(size) bytes of values at byte offset \(entry.offset) run past the end (\(bytes.count) bytes)")
        }
        return (Int(entry.offset), Int(entry.count))
    }

    private func integer(_ type: UInt16, at offset: Int) -> UInt64 {
        switch type {
        case 1: return UInt64(bytes[offset])
        case 3: return UInt64(u16(offset))
        case 16, 18: return u64(offset)
        default: return UInt64(u32(offset))
        }
    }

    private func double(_ type: UInt16, at offset: Int) -> Double {
        switch type {
        case 1, 3, 4, 13, 16, 18: return Double(integer(type, at: offset))
        case 6: return Double(Int8(bitPattern: bytes[offset]))
        case 8: return Double(Int16(bitPattern: u16(offset)))
        case 9: return Double(Int32(bitPattern: u32(offset)))
        case 17: return Double(Int64(bitPattern: u64(offset)))
        case 11: return Double(Float(bitPattern: u32(offset)))
        case 12: return Double(bitPattern: u64(offset))
        case 5: return Double(u32(offset)) / Double(u32(offset + 4))
        case 10: return Double(Int32(bitPattern: u32(offset))) / Double(Int32(bitPattern: u32(offset + 4)))
        default: return .nan
        }
    }
}
