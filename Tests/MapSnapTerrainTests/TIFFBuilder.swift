/// Writes small classic TIFF files byte by byte, for the cases GDAL does not write (a
/// ModelTransformation, JPEG-compressed 16-bit samples) and for broken files.
struct TIFFBuilder {
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var values: [Double]
    }

    var bigEndian = false
    var entries: [Entry] = []
    /// The chunks' stored bytes; StripOffsets and StripByteCounts are filled in for them unless
    /// an entry sets them.
    var chunks: [[UInt8]] = []

    /// A `width` × `height` Int16 raster in one uncompressed strip, EPSG:4326, PixelIsArea, with
    /// its north-west corner at (west, north) degrees and square cells of `cell` degrees.
    static func int16(width: Int, height: Int, values: [Int16], west: Double, north: Double, cell: Double)
        -> TIFFBuilder
    {
        var b = TIFFBuilder()
        b.set(256, 4, [Double(width)])
        b.set(257, 4, [Double(height)])
        b.set(258, 3, [16])
        b.set(259, 3, [1])
        b.set(277, 3, [1])
        b.set(278, 4, [Double(height)])
        b.set(339, 3, [2])
        b.set(33550, 12, [cell, cell, 0])
        b.set(33922, 12, [0, 0, 0, west, north, 0])
        b.set(34735, 3, [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326])
        b.chunks = [values.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }]
        return b
    }

    /// Sets (or replaces) the entry of `tag`.
    mutating func set(_ tag: UInt16, _ type: UInt16, _ values: [Double]) {
        entries.removeAll { $0.tag == tag }
        entries.append(Entry(tag: tag, type: type, values: values))
    }

    mutating func remove(_ tag: UInt16) { entries.removeAll { $0.tag == tag } }

    /// The file.
    func bytes() -> [UInt8] {
        var out: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
        out += [0, 0, 0, 0]  // the IFD offset, set below
        var all = entries
        var offsets: [Double] = []
        for chunk in chunks {
            offsets.append(Double(out.count))
            out += chunk
        }
        if !all.contains(where: { $0.tag == 273 || $0.tag == 324 }) {
            all.append(Entry(tag: 273, type: 4, values: offsets))
        }
        if !all.contains(where: { $0.tag == 279 || $0.tag == 325 }) {
            all.append(Entry(tag: 279, type: 4, values: chunks.map { Double($0.count) }))
        }
        all.sort { $0.tag < $1.tag }
        var fields: [[UInt8]] = []
        for entry in all {
            let data = encode(entry)
            if data.count <= 4 {
                fields.append(data + [UInt8](repeating: 0, count: 4 - data.count))
            } else {
                if out.count % 2 == 1 { out.append(0) }
                fields.append(word(UInt64(out.count), 4))
                out += data
            }
        }
        if out.count % 2 == 1 { out.append(0) }
        let ifd = word(UInt64(out.count), 4)
        out.replaceSubrange(4..<8, with: ifd)
        out += word(UInt64(all.count), 2)
        for (entry, field) in zip(all, fields) {
            out += word(UInt64(entry.tag), 2) + word(UInt64(entry.type), 2) + word(UInt64(count(entry)), 4) + field
        }
        out += [0, 0, 0, 0]
        return out
    }

    private func count(_ entry: Entry) -> Int { entry.values.count }

    private func encode(_ entry: Entry) -> [UInt8] {
        switch entry.type {
        case 1, 2, 7: return entry.values.map { UInt8($0) }
        case 3: return entry.values.flatMap { word(UInt64($0), 2) }
        case 4: return entry.values.flatMap { word(UInt64($0), 4) }
        case 12: return entry.values.flatMap { word($0.bitPattern, 8) }
        default: return entry.values.flatMap { word(UInt64($0), 8) }
        }
    }

    /// `value` in `size` bytes in the file's byte order.
    func word(_ value: UInt64, _ size: Int) -> [UInt8] {
        let little = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        return bigEndian ? little.reversed() : little
    }
}
