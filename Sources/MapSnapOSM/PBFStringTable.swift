import MapSnapIO

/// A `PrimitiveBlock`'s `StringTable` (field 1, repeated `bytes s`): the strings its elements
/// name by index. Index 0 is the empty string by convention (the dense-node tag delimiter).
///
/// Holds only the byte ranges; each string is made once, when first asked for, so a block whose
/// elements the filter drops costs no `String` at all.
struct PBFStringTable {
    private let bytes: [UInt8]
    private var ranges: [Range<Int>] = []
    private var strings: [String?] = []

    /// The table in `range` of `bytes` (nil range: an empty table).
    init(_ bytes: [UInt8], range: Range<Int>?) throws(ProtobufError) {
        self.bytes = bytes
        guard let range else { return }
        var r = ProtobufReader(bytes, range: range)
        while let key = try r.readFieldKey() {
            if key.field == 1 && key.wireType == .lengthDelimited {
                ranges.append(try r.readLengthDelimited())
            } else {
                try r.skip(key.wireType)
            }
        }
        strings = [String?](repeating: nil, count: ranges.count)
    }

    /// How many strings the table holds.
    var count: Int { ranges.count }

    /// String `index` (UTF-8, invalid bytes repaired with U+FFFD), or nil past the table.
    mutating func string(_ index: Int) -> String? {
        guard index >= 0 && index < ranges.count else { return nil }
        if let s = strings[index] { return s }
        let range = ranges[index]
        let s = bytes.withUnsafeBufferPointer { buf in
            String(decoding: UnsafeBufferPointer(rebasing: buf[range]), as: UTF8.self)
        }
        strings[index] = s
        return s
    }

    /// The index of the string `text`, or -1 when the table lacks it (compares bytes, makes no
    /// `String`): how the routing filter matches tags without decoding them.
    func index(of text: StaticString) -> Int {
        let n = text.utf8CodeUnitCount
        let utf8 = UnsafeBufferPointer(start: text.utf8Start, count: n)
        for (i, range) in ranges.enumerated() where range.count == n {
            if bytes[range].elementsEqual(utf8) { return i }
        }
        return -1
    }
}
