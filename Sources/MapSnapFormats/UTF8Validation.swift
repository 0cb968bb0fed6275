/// UTF-8 well-formedness (RFC 3629, https://www.rfc-editor.org/rfc/rfc3629#section-4) over raw bytes.
enum UTF8Validation {
    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence — or that
    /// is NUL, when `rejectingNUL` — or nil when every byte is fine. Overlong forms, surrogates
    /// and code points above U+10FFFF are rejected. Allocation-free, with an ASCII fast path.
    static func firstInvalidOffset(in bytes: [UInt8], rejectingNUL: Bool = false) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            let count = buffer.count
            var i = 0
            while i < count {
                let lead = buffer[i]
                if lead < 0x80 {
                    if lead == 0 && rejectingNUL { return i }
                    i += 1
                    continue
                }
                let length: Int
                var low: UInt8 = 0x80
                var high: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1...0xEC, 0xEE, 0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return i
                }
                guard i + length <= count else { return i }
                let second = buffer[i + 1]
                guard second >= low && second <= high else { return i }
                var k = 2
                while k < length {
                    guard buffer[i + k] & 0xC0 == 0x80 else { return i }
                    k += 1
                }
                i += length
            }
            return nil
        }
    }
}
