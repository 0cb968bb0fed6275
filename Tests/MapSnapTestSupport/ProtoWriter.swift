import MapSnapIO

/// A minimal protocol-buffer writer for building test tiles byte by byte.
public struct ProtoWriter {
    public init() {}

    public var bytes: [UInt8] = []

    public mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    public mutating func key(_ field: Int, _ wireType: Int) {
        varint(UInt64(field << 3 | wireType))
    }

    public mutating func uint(_ field: Int, _ value: UInt64) {
        key(field, 0)
        varint(value)
    }

    public mutating func sint(_ field: Int, _ value: Int64) {
        key(field, 0)
        varint(ProtobufReader.zigzagEncode(value))
    }

    public mutating func bytesField(_ field: Int, _ data: [UInt8]) {
        key(field, 2)
        varint(UInt64(data.count))
        bytes += data
    }

    public mutating func string(_ field: Int, _ s: String) {
        bytesField(field, Array(s.utf8))
    }

    public mutating func message(_ field: Int, _ build: (inout ProtoWriter) -> Void) {
        var sub = ProtoWriter()
        build(&sub)
        bytesField(field, sub.bytes)
    }

    public mutating func packed(_ field: Int, _ values: [UInt32]) {
        var sub = ProtoWriter()
        for v in values { sub.varint(UInt64(v)) }
        bytesField(field, sub.bytes)
    }

    public mutating func fixed32(_ field: Int, _ value: UInt32) {
        key(field, 5)
        for k in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(k)))) }
    }

    public mutating func fixed64(_ field: Int, _ value: UInt64) {
        key(field, 1)
        for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
    }
}
