import Foundation

/// An `InputStream` over a byte array that it shares rather than copies.
///
/// `InputStream(data:)` copies its input once more (100 MB for a large GPX file); `XMLParser`
/// only calls `open()`, `read(_:maxLength:)` and `close()`, which this class answers from the array.
final class ByteArrayInputStream: InputStream {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        super.init(data: Data())
    }

    override func open() {}

    override func close() {}

    override var hasBytesAvailable: Bool { position < bytes.count }

    override var streamStatus: Stream.Status { position < bytes.count ? .open : .atEnd }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        let count = min(length, bytes.count - position)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            buffer.update(from: base + position, count: count)
        }
        position += count
        return count
    }
}
