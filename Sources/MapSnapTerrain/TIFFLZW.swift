/// The LZW decoder of TIFF 6.0 §13: codes of 9 to 12 bits packed most significant bit first,
/// Clear (256) resets the table, EndOfInformation (257) ends the data, new strings start at
/// 258, and the code width grows one code early (at 511, 1023 and 2047, as every TIFF writer
/// since libtiff does).
enum TIFFLZW {
    private static let clear = 256
    private static let endOfInformation = 257

    /// Decodes `input` into at most `capacity` bytes (the decoded chunk's size); what is decoded
    /// past the capacity is dropped. The result may be shorter: the caller checks.
    /// - Throws: `DEMError.malformed` (place empty: the caller names the chunk) for a code that
    ///   is not in the table.
    static func decode(_ input: ArraySlice<UInt8>, capacity: Int) throws(DEMError) -> [UInt8] {
        var prefix = [Int32](repeating: -1, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        var length = [Int32](repeating: 1, count: 4096)
        for i in 0..<256 {
            suffix[i] = UInt8(i)
            first[i] = UInt8(i)
        }
        var out = [UInt8](repeating: 0, count: capacity)
        var pos = 0
        var next = 258
        var bits = 9
        var previous = -1
        var reader = BitReader(input)
        while pos < capacity, let code = reader.read(bits) {
            if code == endOfInformation { break }
            if code == clear {
                (next, bits, previous) = (258, 9, -1)
                continue
            }
            if previous < 0 {
                guard code < 256 else {
                    throw .malformed(place: "", message: "LZW code \(code) follows a Clear code")
                }
                out[pos] = UInt8(code)
                pos += 1
                previous = code
                continue
            }
            let firstByte: UInt8
            if code < next {
                firstByte = first[code]
                emit(code, &out, &pos, prefix, suffix, length)
            } else if code == next {
                firstByte = first[previous]
                emit(previous, &out, &pos, prefix, suffix, length)
                if pos < capacity {
                    out[pos] = firstByte
                    pos += 1
                }
            } else {
                throw .malformed(place: "", message: "LZW code \(code) is not in the table (next is \(next))")
            }
            if next < 4096 {
                prefix[next] = Int32(previous)
                suffix[next] = firstByte
                first[next] = first[previous]
                length[next] = length[previous] + 1
                next += 1
            }
            if next >= (1 << bits) - 1 && bits < 12 { bits += 1 }
            previous = code
        }
        out.removeSubrange(pos...)
        return out
    }

    /// Writes the string of `code` at `pos` (as much of it as fits) and moves `pos` past it.
    @inline(__always)
    private static func emit(
        _ code: Int, _ out: inout [UInt8], _ pos: inout Int, _ prefix: [Int32], _ suffix: [UInt8], _ length: [Int32]
    ) {
        let count = Int(length[code])
        var c = code
        var k = count - 1
        while k >= 0, c >= 0 {
            if pos + k < out.count { out[pos + k] = suffix[c] }
            c = Int(prefix[c])
            k -= 1
        }
        pos = min(pos + count, out.count)
    }

    /// Codes read most significant bit first.
    private struct BitReader {
        let bytes: ArraySlice<UInt8>
        var index: Int
        var buffer: UInt64 = 0
        var count = 0

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        /// The next `bits`-bit code; nil at the end of the data.
        mutating func read(_ bits: Int) -> Int? {
            while count < bits {
                guard index < bytes.endIndex else { return nil }
                buffer = buffer << 8 | UInt64(bytes[index])
                index += 1
                count += 8
            }
            count -= bits
            return Int((buffer >> UInt64(count)) & ((1 << UInt64(bits)) - 1))
        }
    }
}
