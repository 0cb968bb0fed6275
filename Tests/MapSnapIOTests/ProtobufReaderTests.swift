import MapSnapTestSupport
import XCTest

@testable import MapSnapIO

final class ProtobufReaderTests: XCTestCase {
    func testVarintsOfEveryLength() throws {
        let values: [UInt64] = [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 35, UInt64(UInt32.max), UInt64.max - 1, .max]
        var w = ProtoWriter()
        for v in values { w.varint(v) }
        var r = ProtobufReader(w.bytes)
        for v in values { XCTAssertEqual(try r.readVarint(), v) }
        XCTAssertTrue(r.isAtEnd)
        // 300 is the protobuf documentation's example: ac 02.
        var doc = ProtobufReader([0xAC, 0x02])
        XCTAssertEqual(try doc.readVarint(), 300)
        // UInt64.max takes exactly ten bytes.
        var maxW = ProtoWriter()
        maxW.varint(.max)
        XCTAssertEqual(maxW.bytes.count, 10)
    }

    func testTruncatedVarintThrows() {
        for bytes: [UInt8] in [[0x80], [0xFF, 0xFF], [0xAC], Array(repeating: 0xFF, count: 9)] {
            var r = ProtobufReader(bytes)
            XCTAssertThrowsError(try r.readVarint()) { error in
                XCTAssertEqual((error as? ProtobufError)?.kind, .truncated)
                XCTAssertEqual((error as? ProtobufError)?.offset, 0)
            }
        }
    }

    func testOverlongVarintThrows() {
        // Eleven bytes, and a tenth byte with more than the 64th bit.
        var long = ProtobufReader(Array(repeating: 0xFF, count: 10) + [0x01])
        XCTAssertThrowsError(try long.readVarint()) { XCTAssertEqual(($0 as? ProtobufError)?.kind, .malformedVarint) }
        var over = ProtobufReader(Array(repeating: 0xFF, count: 9) + [0x02])
        XCTAssertThrowsError(try over.readVarint()) { XCTAssertEqual(($0 as? ProtobufError)?.kind, .malformedVarint) }
    }

    /// The shared decoder (`decodeVarint`, also used by the tile geometry decoder) reads within
    /// `end`, not the buffer, and leaves `position` alone when it throws.
    func testDecodeVarintOverABufferStopsAtEnd() throws {
        let bytes: [UInt8] = [0x05, 0xAC, 0x02, 0x96, 0x01, 0x7F]
        try bytes.withUnsafeBufferPointer { buf in
            var p = 0
            XCTAssertEqual(try ProtobufReader.decodeVarint(buf, at: &p, end: buf.count), 5)
            XCTAssertEqual(p, 1)
            XCTAssertEqual(try ProtobufReader.decodeVarint(buf, at: &p, end: buf.count), 300)
            XCTAssertEqual(p, 3)
            // 0x96 0x01 is 150, but with `end` between its bytes it is truncated.
            XCTAssertThrowsError(try ProtobufReader.decodeVarint(buf, at: &p, end: 4)) { error in
                XCTAssertEqual(error as? ProtobufError, ProtobufError(.truncated, at: 3))
            }
            XCTAssertEqual(p, 3)
            XCTAssertEqual(try ProtobufReader.decodeVarint(buf, at: &p, end: buf.count), 150)
            XCTAssertEqual(try ProtobufReader.decodeVarint(buf, at: &p, end: buf.count), 127)
            XCTAssertEqual(p, buf.count)
            XCTAssertThrowsError(try ProtobufReader.decodeVarint(buf, at: &p, end: buf.count))
        }
        let overlong = [UInt8](repeating: 0xFF, count: 9) + [0x02]
        try overlong.withUnsafeBufferPointer { buf in
            var p = 0
            XCTAssertThrowsError(try ProtobufReader.decodeVarint(buf, at: &p, end: buf.count)) { error in
                XCTAssertEqual(error as? ProtobufError, ProtobufError(.malformedVarint, at: 0))
            }
            XCTAssertEqual(p, 0)
        }
    }

    func testZigzag() {
        let pairs: [(UInt32, Int32)] = [
            (0, 0), (1, -1), (2, 1), (3, -2), (4294967294, 2_147_483_647), (4294967295, -2_147_483_648),
        ]
        for (encoded, decoded) in pairs {
            XCTAssertEqual(ProtobufReader.zigzagDecode(encoded), decoded)
            XCTAssertEqual(ProtobufReader.zigzagEncode(decoded), encoded)
        }
        XCTAssertEqual(ProtobufReader.zigzagDecode(UInt64.max), Int64.min)
        XCTAssertEqual(ProtobufReader.zigzagDecode(UInt64.max - 1), Int64.max)
        for v: Int64 in [0, 1, -1, 123_456_789, -987_654_321_000, .max, .min] {
            XCTAssertEqual(ProtobufReader.zigzagDecode(ProtobufReader.zigzagEncode(v)), v)
        }
    }

    func testFieldsOfEveryWireTypeAndSkipping() throws {
        var w = ProtoWriter()
        w.uint(1, 150)
        w.string(2, "testing")
        w.fixed32(3, Float.pi.bitPattern)
        w.fixed64(4, Double.pi.bitPattern)
        w.packed(5, [3, 270, 86942])
        w.uint(6, 7)
        // Known encodings from the protobuf documentation: field 1 = 150 → 08 96 01.
        XCTAssertEqual(Array(w.bytes.prefix(3)), [0x08, 0x96, 0x01])

        var r = ProtobufReader(w.bytes)
        var key = try XCTUnwrap(r.readFieldKey())
        XCTAssertEqual(key, ProtobufFieldKey(field: 1, wireType: .varint))
        XCTAssertEqual(try r.readVarint(), 150)
        key = try XCTUnwrap(r.readFieldKey())
        XCTAssertEqual(key.wireType, .lengthDelimited)
        XCTAssertEqual(try r.readString(), "testing")
        key = try XCTUnwrap(r.readFieldKey())
        XCTAssertEqual(key.wireType, .fixed32)
        XCTAssertEqual(try r.readFloat(), Float.pi)
        key = try XCTUnwrap(r.readFieldKey())
        XCTAssertEqual(key.wireType, .fixed64)
        XCTAssertEqual(try r.readDouble(), Double.pi)
        key = try XCTUnwrap(r.readFieldKey())
        var packed: [UInt32] = []
        try r.readPackedUInt32(into: &packed)
        XCTAssertEqual(packed, [3, 270, 86942])
        key = try XCTUnwrap(r.readFieldKey())
        XCTAssertEqual(key.field, 6)
        XCTAssertEqual(try r.readVarint(), 7)
        XCTAssertNil(try r.readFieldKey())

        // Skipping every field lands exactly on field 6.
        var s = ProtobufReader(w.bytes)
        while let k = try s.readFieldKey(), k.field != 6 { try s.skip(k.wireType) }
        XCTAssertEqual(try s.readVarint(), 7)
    }

    func testOverlongLengthThrows() {
        // Field 2, length 10, but only 3 bytes follow.
        var r = ProtobufReader([0x12, 0x0A, 0x61, 0x62, 0x63])
        XCTAssertNoThrow(try r.readFieldKey())
        XCTAssertThrowsError(try r.readLengthDelimited()) { error in
            XCTAssertEqual((error as? ProtobufError)?.kind, .lengthOutOfBounds)
            XCTAssertEqual((error as? ProtobufError)?.offset, 1)
        }
        // A length near 2^64 must not overflow or trap.
        var huge = ProtobufReader([0x12] + Array(repeating: 0xFF, count: 9) + [0x01, 0x00])
        XCTAssertNoThrow(try huge.readFieldKey())
        XCTAssertThrowsError(try huge.readLengthDelimited())
        // A length that fits the buffer but not the enclosing message.
        var sub = ProtobufReader([0x12, 0x02, 0x61, 0x62, 0x63], range: 0..<3)
        XCTAssertNoThrow(try sub.readFieldKey())
        XCTAssertThrowsError(try sub.readLengthDelimited())
    }

    func testTruncatedFixedWidthThrows() {
        var r32 = ProtobufReader([0x01, 0x02, 0x03])
        XCTAssertThrowsError(try r32.readFixed32()) { XCTAssertEqual(($0 as? ProtobufError)?.kind, .truncated) }
        var r64 = ProtobufReader([1, 2, 3, 4, 5, 6, 7])
        XCTAssertThrowsError(try r64.skip(.fixed64))
    }

    func testBadKeysThrow() {
        var zero = ProtobufReader([0x00, 0x01])
        XCTAssertThrowsError(try zero.readFieldKey()) {
            XCTAssertEqual(($0 as? ProtobufError)?.kind, .invalidFieldNumber)
        }
        var group = ProtobufReader([0x0B])  // field 1, wire type 3 (start group)
        XCTAssertThrowsError(try group.readFieldKey()) {
            XCTAssertEqual(($0 as? ProtobufError)?.kind, .unsupportedWireType(3))
        }
        var seven = ProtobufReader([0x0F])
        XCTAssertThrowsError(try seven.readFieldKey())
    }

    func testPackedValuesKeepLow32Bits() throws {
        var w = ProtoWriter()
        var inner = ProtoWriter()
        inner.varint(1 << 33 | 5)
        inner.varint(9)
        w.bytesField(4, inner.bytes)
        var r = ProtobufReader(w.bytes)
        _ = try r.readFieldKey()
        var out: [UInt32] = []
        try r.readPackedUInt32(into: &out)
        XCTAssertEqual(out, [5, 9])
        // A packed run cut inside its last varint.
        var bad = ProtobufReader([0x22, 0x02, 0x05, 0x80])
        _ = try bad.readFieldKey()
        var none: [UInt32] = []
        XCTAssertThrowsError(try bad.readPackedUInt32(into: &none))
    }

    func testErrorMessagesNameTheOffset() {
        let e = ProtobufError(.truncated, at: 1234)
        XCTAssertTrue(e.message.contains("1234"), e.message)
        XCTAssertEqual("\(e)", e.message)
    }
}
