/// A 1-based line and column in a text file (columns count Unicode scalars, tabs as one).
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Computes the line and column of a byte `offset` in UTF-8 `bytes` (clamped to the end).
    public init(offset: Int, in bytes: some Collection<UInt8>) {
        var line = 1
        var column = 1
        var index = 0
        for byte in bytes {
            if index >= offset { break }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // count scalars, not continuation bytes
            }
            index += 1
        }
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
