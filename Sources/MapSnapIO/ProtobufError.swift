/// Why a protocol-buffer byte sequence could not be read.
///
/// Every error names the byte offset (from the start of the buffer being read) where the
/// problem was found, so a message such as `truncated varint at byte 1234` can be traced with
/// a hex dump. Thrown by `ProtobufReader`; MVT decoding wraps it in `MVTError`.
public struct ProtobufError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The buffer ended inside a value (a varint, a fixed-width number or a length-delimited field).
        case truncated
        /// A varint ran past 10 bytes or did not fit in 64 bits.
        case malformedVarint
        /// A length prefix points past the end of the enclosing message.
        case lengthOutOfBounds
        /// A wire type this reader does not handle: groups (3, 4) or the unassigned 6 and 7.
        case unsupportedWireType(UInt8)
        /// A field key with field number 0, which protobuf reserves as invalid.
        case invalidFieldNumber
        /// A known field was encoded with a wire type its schema does not allow.
        case unexpectedWireType(field: UInt32, wireType: UInt8)
    }

    public let kind: Kind
    /// Byte offset, from the start of the buffer, where the problem was found.
    public let offset: Int

    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// A one-line English description, e.g. `truncated varint at byte 12`.
    public var message: String {
        switch kind {
        case .truncated: "data ends too early (truncated value) at byte \(offset)"
        case .malformedVarint: "malformed varint (longer than 10 bytes or over 64 bits) at byte \(offset)"
        case .lengthOutOfBounds: "length prefix runs past the end of the message at byte \(offset)"
        case .unsupportedWireType(let t): "unsupported wire type \(t) at byte \(offset)"
        case .invalidFieldNumber: "invalid field number 0 at byte \(offset)"
        case .unexpectedWireType(let f, let t): "field \(f) has unexpected wire type \(t) at byte \(offset)"
        }
    }

    public var description: String { message }
}
