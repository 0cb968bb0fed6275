/// The wire types of the protocol-buffer encoding
/// (https://protobuf.dev/programming-guides/encoding/#structure).
public enum ProtobufWireType: UInt8, Sendable {
    /// int32, int64, uint32, uint64, sint32, sint64, bool, enum.
    case varint = 0
    /// fixed64, sfixed64, double: 8 bytes little-endian.
    case fixed64 = 1
    /// string, bytes, embedded messages, packed repeated fields: a varint length, then the bytes.
    case lengthDelimited = 2
    /// fixed32, sfixed32, float: 4 bytes little-endian.
    case fixed32 = 5
}

/// A field key: the field number and how its value is encoded.
public struct ProtobufFieldKey: Sendable, Equatable {
    public let field: UInt32
    public let wireType: ProtobufWireType
}

/// A forward-only, bounds-checked reader of protocol-buffer wire data over a byte array — just
/// what Mapbox Vector Tiles need: varints, zigzag, length-delimited fields, fixed32/64 values
/// (read or skipped) and packed repeated `uint32`.
///
/// Every read checks the bounds of the current message and throws `ProtobufError` instead of
/// trapping, whatever the input bytes are; nothing allocates more than the input could hold.
/// The reader shares the array (copy-on-write), so sub-messages cost no copy: read the length
/// with `readLengthDelimited()` and make a `ProtobufReader(bytes, range:)` over it.
///
/// Spec: https://protobuf.dev/programming-guides/encoding/
public struct ProtobufReader: Sendable {
    /// The whole buffer. Offsets in errors and ranges are indices into it.
    public let bytes: [UInt8]
    /// Index of the next byte to read.
    public private(set) var position: Int
    /// End (exclusive) of the message this reader is confined to.
    public let end: Int

    /// A reader over all of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.position = 0
        self.end = bytes.count
    }

    /// A reader over `range` of `bytes` (e.g. an embedded message). The range is clamped to the buffer.
    public init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        let lower = Swift.min(Swift.max(range.lowerBound, 0), bytes.count)
        let upper = Swift.min(Swift.max(range.upperBound, lower), bytes.count)
        self.position = lower
        self.end = upper
    }

    /// True when every byte of the message has been read.
    public var isAtEnd: Bool { position >= end }

    /// Bytes left in the current message.
    public var remaining: Int { end - position }

    // MARK: - Scalars

    /// Reads a base-128 varint (up to 10 bytes, at most 64 bits).
    public mutating func readVarint() throws(ProtobufError) -> UInt64 {
        // Fast path: one byte, the common case for tags, small counts and geometry deltas.
        if position < end {
            let b = bytes[position]
            if b < 0x80 {
                position += 1
                return UInt64(b)
            }
        }
        return try readVarintSlow()
    }

    /// The varint at `position` when it takes more than one byte (or is truncated).
    mutating func readVarintSlow() throws(ProtobufError) -> UInt64 {
        var p = position
        let end = self.end
        let value = try bytes.withUnsafeBufferPointer { (buf) throws(ProtobufError) in
            try Self.decodeVarint(buf, at: &p, end: end)
        }
        position = p
        return value
    }

    /// Reads a varint and keeps its low 32 bits, as protobuf does for `uint32` fields.
    public mutating func readUInt32() throws(ProtobufError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readVarint())
    }

    /// Reads a `sint64` (zigzag varint).
    public mutating func readSInt64() throws(ProtobufError) -> Int64 {
        Self.zigzagDecode(try readVarint())
    }

    /// Reads 4 little-endian bytes (`fixed32`).
    public mutating func readFixed32() throws(ProtobufError) -> UInt32 {
        guard end - position >= 4 else { throw ProtobufError(.truncated, at: position) }
        var v: UInt32 = 0
        for k in 0..<4 { v |= UInt32(bytes[position + k]) << (8 * UInt32(k)) }
        position += 4
        return v
    }

    /// Reads 8 little-endian bytes (`fixed64`).
    public mutating func readFixed64() throws(ProtobufError) -> UInt64 {
        guard end - position >= 8 else { throw ProtobufError(.truncated, at: position) }
        var v: UInt64 = 0
        for k in 0..<8 { v |= UInt64(bytes[position + k]) << (8 * UInt64(k)) }
        position += 8
        return v
    }

    /// Reads a `float` (IEEE 754 binary32, little-endian).
    public mutating func readFloat() throws(ProtobufError) -> Float {
        Float(bitPattern: try readFixed32())
    }

    /// Reads a `double` (IEEE 754 binary64, little-endian).
    public mutating func readDouble() throws(ProtobufError) -> Double {
        Double(bitPattern: try readFixed64())
    }

    // MARK: - Zigzag

    /// Zigzag decoding of a 64-bit value: 0 → 0, 1 → -1, 2 → 1, 3 → -2, …
    public static func zigzagDecode(_ n: UInt64) -> Int64 {
        Int64(bitPattern: (n >> 1) ^ (0 &- (n & 1)))
    }

    /// Zigzag decoding of a 32-bit value (MVT geometry parameters, spec 4.3.2).
    public static func zigzagDecode(_ n: UInt32) -> Int32 {
        Int32(bitPattern: (n >> 1) ^ (0 &- (n & 1)))
    }

    /// Zigzag encoding of a 64-bit value (the inverse of `zigzagDecode`).
    public static func zigzagEncode(_ v: Int64) -> UInt64 {
        UInt64(bitPattern: (v << 1) ^ (v >> 63))
    }

    /// Zigzag encoding of a 32-bit value.
    public static func zigzagEncode(_ v: Int32) -> UInt32 {
        UInt32(bitPattern: (v << 1) ^ (v >> 31))
    }

    // MARK: - Fields

    /// Reads a field key. Returns nil at the end of the message.
    ///
    /// Throws for field number 0 and for wire types this reader does not support (groups, 6, 7).
    public mutating func readFieldKey() throws(ProtobufError) -> ProtobufFieldKey? {
        guard position < end else { return nil }
        let start = position
        let key = try readVarint()
        let field = key >> 3
        guard field != 0 else { throw ProtobufError(.invalidFieldNumber, at: start) }
        // Field numbers are at most 2^29 - 1; larger keys are garbage.
        guard field < (1 << 29) else { throw ProtobufError(.invalidFieldNumber, at: start) }
        let raw = UInt8(key & 7)
        guard let wire = ProtobufWireType(rawValue: raw) else {
            throw ProtobufError(.unsupportedWireType(raw), at: start)
        }
        return ProtobufFieldKey(field: UInt32(field), wireType: wire)
    }

    /// Reads the length prefix of a length-delimited field and returns the range of its bytes
    /// (indices into `bytes`), moving past them.
    public mutating func readLengthDelimited() throws(ProtobufError) -> Range<Int> {
        let start = position
        let length = try readVarint()
        guard length <= UInt64(end - position) else { throw ProtobufError(.lengthOutOfBounds, at: start) }
        let lower = position
        position += Int(length)
        return lower..<position
    }

    /// Reads a length-delimited field as UTF-8 text. Invalid UTF-8 is repaired with U+FFFD
    /// rather than rejected (a renderer would rather show a replacement glyph than drop a tile).
    public mutating func readString() throws(ProtobufError) -> String {
        let range = try readLengthDelimited()
        return bytes.withUnsafeBufferPointer { buf in
            String(decoding: UnsafeBufferPointer(rebasing: buf[range]), as: UTF8.self)
        }
    }

    /// Reads a length-delimited field as raw bytes.
    public mutating func readBytes() throws(ProtobufError) -> [UInt8] {
        Array(bytes[try readLengthDelimited()])
    }

    /// Skips the value of a field with the given wire type.
    public mutating func skip(_ wireType: ProtobufWireType) throws(ProtobufError) {
        switch wireType {
        case .varint: _ = try readVarint()
        case .fixed64: try skipBytes(8)
        case .fixed32: try skipBytes(4)
        case .lengthDelimited: _ = try readLengthDelimited()
        }
    }

    mutating func skipBytes(_ n: Int) throws(ProtobufError) {
        guard end - position >= n else { throw ProtobufError(.truncated, at: position) }
        position += n
    }

    /// Reads a packed repeated `uint32` field (a length-delimited run of varints) and appends
    /// the values to `values`. Each value keeps the low 32 bits of its varint.
    public mutating func readPackedUInt32(into values: inout [UInt32]) throws(ProtobufError) {
        let range = try readLengthDelimited()
        var sub = ProtobufReader(bytes, range: range)
        // No reserveCapacity here: callers append many runs to one array, and an exact
        // reservation per run would defeat the array's geometric growth.
        while !sub.isAtEnd {
            values.append(try sub.readUInt32())
        }
    }

    /// Reads a packed repeated `uint32` field, or a single unpacked element when `wireType` is
    /// `.varint` (parsers must accept both forms), appending to `values`.
    public mutating func readRepeatedUInt32(
        _ wireType: ProtobufWireType, field: UInt32, into values: inout [UInt32]
    ) throws(ProtobufError) {
        switch wireType {
        case .lengthDelimited: try readPackedUInt32(into: &values)
        case .varint: values.append(try readUInt32())
        default: throw ProtobufError(.unexpectedWireType(field: field, wireType: wireType.rawValue), at: position)
        }
    }
}

// MARK: - The varint decoder

extension ProtobufReader {
    /// Decodes the base-128 varint (up to 10 bytes, at most 64 bits) that starts at index
    /// `position` of `bytes`, and moves `position` just past it. The one varint decoder of the
    /// package: `readVarint()` and the vector-tile geometry decoder (`MapSnapTiles`) both use it.
    ///
    /// Inlined into the caller, so a decoding loop over a buffer pays no call per value (the
    /// geometry decoder is the renderer's hottest reader); a one-byte varint costs one compare.
    ///
    /// - Precondition: `0 <= position <= end <= bytes.count` (every read is checked against `end`).
    /// - Throws: `.truncated` when the varint does not end before `end`, `.malformedVarint` when its
    ///   10th byte carries more than the 64th bit; both with the offset of its first byte, and
    ///   `position` is then unchanged.
    @inlinable @inline(__always)
    package static func decodeVarint(
        _ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, end: Int
    ) throws(ProtobufError) -> UInt64 {
        let start = position
        if start < end {
            let b = bytes[start]
            if b < 0x80 {
                position = start + 1
                return UInt64(b)
            }
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var i = start
        while true {
            guard i < end else { throw ProtobufError(.truncated, at: start) }
            let b = bytes[i]
            i += 1
            if shift == 63 {
                // The 10th byte may only carry the top bit of a 64-bit value.
                guard b <= 1 else { throw ProtobufError(.malformedVarint, at: start) }
                result |= UInt64(b) << 63
                break
            }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        position = i
        return result
    }
}
