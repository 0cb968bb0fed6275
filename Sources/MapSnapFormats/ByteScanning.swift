/// Small helpers over raw file bytes shared by the readers.
enum ByteScanning {
    /// True for the ASCII whitespace JSON, XML and polyline files may carry around their content
    /// (space, tab, line feed, carriage return).
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Offset just past a UTF-8 byte order mark at the start of `bytes` (0 when there is none).
    static func bomLength(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Offset of the first byte that is neither whitespace nor part of a leading byte order mark.
    static func firstContentOffset(_ bytes: [UInt8]) -> Int? {
        var i = bomLength(bytes)
        while i < bytes.count {
            if !isSpace(bytes[i]) { return i }
            i += 1
        }
        return nil
    }

    /// The first byte that is neither whitespace nor part of a leading byte order mark, if any.
    static func firstContentByte(_ bytes: [UInt8]) -> UInt8? {
        firstContentOffset(bytes).map { bytes[$0] }
    }

    /// True when `bytes` hold nothing but whitespace (and perhaps a byte order mark).
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        firstContentByte(bytes) == nil
    }
}
