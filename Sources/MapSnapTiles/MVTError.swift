import MapSnapIO

/// Why a Mapbox Vector Tile could not be decoded: malformed protobuf data, or data that breaks
/// a MUST of the MVT 2.1 specification (odd tag counts, out-of-range key or value indexes,
/// bad geometry commands, …).
///
/// `message` says where: the layer (index and name when known), the feature index and, for
/// wire-level problems, the byte offset in the tile.
public struct MVTError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A one-line English description with its location, e.g.
    /// `layer 2 "water", feature 17: tag key index 40 is out of range (12 keys)`.
    public let message: String
    /// The wire-level error underneath, when there is one.
    public let protobufError: ProtobufError?

    public init(_ message: String, protobufError: ProtobufError? = nil) {
        self.message = message
        self.protobufError = protobufError
    }

    public var description: String { message }

    /// The same error with `context` (e.g. `layer 2 "water"`) prefixed to the message.
    func prefixed(_ context: String) -> MVTError {
        MVTError("\(context): \(message)", protobufError: protobufError)
    }
}
