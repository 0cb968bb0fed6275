import MapSnapIO

extension TIFFLayout {
    /// The decoded bytes of chunk `index` of `bytes`: at least the rows of it that lie in the
    /// image (`chunkWidth` samples each), decompressed, predictor not yet undone.
    /// - Throws: `DEMError.malformed` naming the chunk for data that does not decompress or is
    ///   too short.
    func decodedChunk(_ index: Int, of bytes: [UInt8]) throws(DEMError) -> [UInt8] {
        let rowBytes = chunkWidth * sample.size
        let top = (index / chunksAcross) * chunkHeight
        let needed = min(chunkHeight, height - top) * rowBytes
        let full = chunkHeight * rowBytes
        let start = Int(offsets[index])
        let stored = bytes[start..<start + Int(byteCounts[index])]
        let data: [UInt8]
        switch compression {
        case .none:
            data = Array(stored.prefix(needed))
        case .deflate:
            do {
                data = try Gzip.decompress(Array(stored), maxOutputBytes: full)
            } catch {
                throw .malformed(place: chunkName(index), message: "DEFLATE data: \(error.message)")
            }
        case .lzw:
            do {
                data = try TIFFLZW.decode(stored, capacity: full)
            } catch {
                throw .malformed(place: chunkName(index), message: "\(error)")
            }
        }
        guard data.count >= needed else {
            throw .malformed(
                place: chunkName(index), message: "\(data.count) bytes of samples where \(needed) are expected")
        }
        return data
    }

    /// Writes the samples of chunk `index` (`data`, as `decodedChunk` returns it) into
    /// `heights` (`width` × `height`, row by row), undoing the predictor; `nodata` becomes NaN.
    func store(_ data: inout [UInt8], chunk index: Int, bigEndian: Bool, nodata: Float?, into heights: inout [Float]) {
        let left = (index % chunksAcross) * chunkWidth
        let top = (index / chunksAcross) * chunkHeight
        let rows = min(chunkHeight, height - top)
        let columns = min(chunkWidth, width - left)
        let rowBytes = chunkWidth * sample.size
        if predictor == 3 {
            for r in 0..<rows { TIFFPredictor.undoFloatingPoint(&data, row: r * rowBytes, samples: chunkWidth) }
        }
        data.withUnsafeBytes { raw in
            heights.withUnsafeMutableBufferPointer { out in
                for r in 0..<rows {
                    let row = UnsafeRawBufferPointer(rebasing: raw[r * rowBytes..<(r + 1) * rowBytes])
                    let target = UnsafeMutableBufferPointer(
                        rebasing: out[(top + r) * width + left..<(top + r) * width + left + columns])
                    storeRow(row, into: target, bigEndian: bigEndian)
                }
            }
        }
        if let nodata, !nodata.isNaN {
            for r in 0..<rows {
                let base = (top + r) * width + left
                for c in base..<base + columns where heights[c] == nodata { heights[c] = .nan }
            }
        }
    }

    /// Converts the first `target.count` samples of one chunk row to metres.
    private func storeRow(
        _ row: UnsafeRawBufferPointer, into target: UnsafeMutableBufferPointer<Float>, bigEndian: Bool
    ) {
        let differencing = predictor == 2
        switch sample {
        case .int16, .uint16:
            var sum: UInt16 = 0
            for c in 0..<target.count {
                let stored = row.loadUnaligned(fromByteOffset: 2 * c, as: UInt16.self)
                let value = bigEndian ? UInt16(bigEndian: stored) : UInt16(littleEndian: stored)
                sum = differencing ? sum &+ value : value
                target[c] = sample == .int16 ? Float(Int16(bitPattern: sum)) : Float(sum)
            }
        case .float32:
            var sum: UInt32 = 0
            for c in 0..<target.count {
                let stored = row.loadUnaligned(fromByteOffset: 4 * c, as: UInt32.self)
                let value: UInt32
                if predictor == 3 {
                    // The byte planes, put back, give the float most significant byte first in a
                    // little-endian file and least significant first in a big-endian one: what
                    // libtiff (so GDAL) writes and reads on little-endian machines.
                    value = bigEndian ? UInt32(littleEndian: stored) : UInt32(bigEndian: stored)
                } else {
                    value = bigEndian ? UInt32(bigEndian: stored) : UInt32(littleEndian: stored)
                }
                sum = differencing ? sum &+ value : value
                target[c] = Float(bitPattern: sum)
            }
        }
    }
}
