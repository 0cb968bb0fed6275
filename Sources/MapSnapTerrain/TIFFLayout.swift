/// How a one-band TIFF image stores its samples (TIFF 6.0 §3, §13–15, §19, Technical Note 3):
/// the size, the sample type, the compression and predictor, and the chunks — strips of
/// `chunkHeight` rows, or `chunkWidth` × `chunkHeight` tiles — with their byte ranges, each
/// checked to lie in the file.
struct TIFFLayout {
    /// The sample types read: 16-bit integers and 32-bit IEEE floats.
    enum Sample {
        case int16, uint16, float32
        /// Bytes per sample.
        var size: Int { self == .float32 ? 4 : 2 }
    }

    /// The compressions read: none (1), LZW (5), DEFLATE (8, and the old 32946).
    enum Compression { case none, lzw, deflate }

    let width: Int
    let height: Int
    let sample: Sample
    let compression: Compression
    /// 1 none, 2 horizontal differencing, 3 floating point (Technical Note 3).
    let predictor: Int
    let tiled: Bool
    let chunkWidth: Int
    let chunkHeight: Int
    let chunksAcross: Int
    let chunksDown: Int
    /// Byte offset and byte count of each chunk, row of chunks by row from the north-west.
    let offsets: [UInt64]
    let byteCounts: [UInt64]

    /// The layout of `directory`'s image; at most `maxPixels` pixels (and per tile).
    /// - Throws: `DEMError.malformed` or `.unsupported` naming the tag, strip or tile.
    init(_ directory: TIFFDirectory, maxPixels: Int) throws(DEMError) {
        width = try Self.dimension(directory, TIFFTag.imageWidth)
        height = try Self.dimension(directory, TIFFTag.imageLength)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw .unsupported(
                place: "ImageWidth × ImageLength",
                message: "\(width)×\(height) pixels is more than the \(maxPixels) read")
        }
        let bands = try directory.integer(TIFFTag.samplesPerPixel) ?? 1
        guard bands == 1 else {
            throw .unsupported(place: TIFFTag.name(TIFFTag.samplesPerPixel), message: "\(bands) bands; one is read")
        }
        sample = try Self.sample(directory)
        compression = try Self.compression(directory)
        predictor = try Self.predictor(directory, sample)
        tiled = directory.has(TIFFTag.tileWidth) || directory.has(TIFFTag.tileOffsets)
        if tiled {
            chunkWidth = try Self.dimension(directory, TIFFTag.tileWidth)
            chunkHeight = try Self.dimension(directory, TIFFTag.tileLength)
            let (tilePixels, tileOverflow) = chunkWidth.multipliedReportingOverflow(by: chunkHeight)
            guard !tileOverflow, tilePixels <= maxPixels else {
                throw .unsupported(
                    place: "TileWidth × TileLength",
                    message: "\(chunkWidth)×\(chunkHeight) pixels is more than the \(maxPixels) read")
            }
        } else {
            chunkWidth = width
            let rows = try directory.integer(TIFFTag.rowsPerStrip) ?? UInt64(height)
            guard rows >= 1 else { throw .malformed(place: TIFFTag.name(TIFFTag.rowsPerStrip), message: "is 0") }
            chunkHeight = Int(min(rows, UInt64(height)))
        }
        chunksAcross = (width + chunkWidth - 1) / chunkWidth
        chunksDown = (height + chunkHeight - 1) / chunkHeight
        let chunks = chunksAcross * chunksDown
        let offsetsTag = tiled ? TIFFTag.tileOffsets : TIFFTag.stripOffsets
        let countsTag = tiled ? TIFFTag.tileByteCounts : TIFFTag.stripByteCounts
        offsets = try Self.chunkValues(directory, offsetsTag, chunks)
        byteCounts = try Self.chunkValues(directory, countsTag, chunks)
        try checkRanges(fileSize: directory.bytes.count)
    }

    /// "strip 3" or "tile 3", for error messages.
    func chunkName(_ index: Int) -> String { "\(tiled ? "tile" : "strip") \(index)" }

    private func checkRanges(fileSize: Int) throws(DEMError) {
        let size = UInt64(fileSize)
        for i in 0..<offsets.count where offsets[i] > size || byteCounts[i] > size - offsets[i] {
            throw .malformed(
                place: chunkName(i),
                message:
                    "\(byteCounts[i]) bytes at byte offset \(offsets[i]) run past the end of the file (\(size) bytes)")
        }
    }

    private static func dimension(_ directory: TIFFDirectory, _ tag: UInt16) throws(DEMError) -> Int {
        guard let value = try directory.integer(tag) else {
            throw .malformed(place: TIFFTag.name(tag), message: "missing")
        }
        guard value >= 1, value <= 1 << 31 else {
            throw .malformed(place: TIFFTag.name(tag), message: "\(value) is not a usable size")
        }
        return Int(value)
    }

    private static func chunkValues(_ directory: TIFFDirectory, _ tag: UInt16, _ chunks: Int) throws(DEMError)
        -> [UInt64]
    {
        guard let values = try directory.integers(tag, maxCount: chunks) else {
            throw .malformed(place: TIFFTag.name(tag), message: "missing")
        }
        guard values.count == chunks else {
            throw .malformed(place: TIFFTag.name(tag), message: "\(values.count) values for \(chunks) chunks")
        }
        return values
    }
}
