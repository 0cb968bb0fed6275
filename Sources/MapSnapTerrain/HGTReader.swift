/// Reads SRTM `.hgt` tiles: a square of big-endian Int16 heights in metres, row by row from the
/// north, with no header (https://lpdaac.usgs.gov/documents/179/SRTM_User_Guide_V3.pdf §2.1).
///
/// - The size says the resolution: 3601² samples (1″, 25 934 402 bytes) or 1201²
///   samples (3″, 2 884 802 bytes).
/// - The file name says the tile: `N43E007.hgt` (case-insensitive, in a path or not) is the
///   tile whose south-west corner is 43° N, 7° E.
/// - Samples are points (PixelIsPoint): the first sample lies exactly on the north-west corner
///   (lat + 1, lon), the last on the south-east corner; neighbouring tiles share their edges.
///   The raster made here puts its cells' outer corner half a sample further out, as GDAL does.
/// - Voids (−32768) are filled from their neighbours (`VoidFill`: the iterative average of
///   valid neighbours, nearest first); the raster has no nodata.
public enum HGTReader {
    /// Samples along a side of a 1″ and of a 3″ tile.
    public static let oneArcSecondSide = 3601
    public static let threeArcSecondSide = 1201
    /// The value SRTM stores in a void.
    public static let void: Int16 = -32768

    /// Reads the `.hgt` file at `path`; errors name `path`.
    public static func read(path: String) throws(DEMError) -> GeoRaster {
        let bytes = try DEMFile.bytes(path: path)
        do {
            return try decode(bytes, fileName: path)
        } catch {
            throw error.inFile(path)
        }
    }

    /// Decodes the bytes of a `.hgt` file called `fileName` (its last path component names the
    /// tile). Errors carry no file name (see `DEMError.inFile`).
    /// - Throws: `DEMError.malformed` for a size that is neither 1″ nor 3″, or a name that is
    ///   not a tile name.
    public static func decode(_ bytes: [UInt8], fileName: String) throws(DEMError) -> GeoRaster {
        let side: Int
        switch bytes.count {
        case oneArcSecondSide * oneArcSecondSide * 2: side = oneArcSecondSide
        case threeArcSecondSide * threeArcSecondSide * 2: side = threeArcSecondSide
        default:
            throw .malformed(
                place: "", message: "size \(bytes.count) bytes is neither 1″ (3601²·2) nor 3″ (1201²·2)")
        }
        guard let corner = southWestCorner(fileName: fileName) else {
            throw .malformed(
                place: "", message: "the name does not give the tile's south-west corner (like N43E007.hgt)")
        }
        var voids = 0
        var heights = decodeSamples(bytes, count: side * side, voids: &voids)
        if voids > 0 { VoidFill.fill(&heights, width: side, height: side) }
        let cell = 1.0 / Double(side - 1)
        return try GeoRaster(
            width: side, height: side, crs: .geographic, originX: Double(corner.longitude) - cell / 2,
            originY: Double(corner.latitude + 1) + cell / 2, cellWidth: cell, cellHeight: cell, heights: heights)
    }

    /// The south-west corner, in whole degrees, that a tile's file name gives: the last path
    /// component starts with `[NS]dd[EW]ddd` (any case), then ends or goes on with a `.`.
    /// Nil for any other name, or a corner off the globe (latitude −90…89, longitude −180…179).
    public static func southWestCorner(fileName: String) -> (latitude: Int, longitude: Int)? {
        let name = Array((fileName.split(separator: "/", omittingEmptySubsequences: false).last ?? "").utf8)
        guard name.count >= 7, name.count == 7 || name[7] == UInt8(ascii: ".") else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard (48...57).contains(name[i]) else { return nil }
                value = value * 10 + Int(name[i] - 48)
            }
            return value
        }
        let ns = name[0] | 0x20
        let ew = name[3] | 0x20
        guard ns == UInt8(ascii: "n") || ns == UInt8(ascii: "s"), ew == UInt8(ascii: "e") || ew == UInt8(ascii: "w"),
            let lat = digits(1..<3), let lon = digits(4..<7)
        else { return nil }
        let latitude = ns == UInt8(ascii: "n") ? lat : -lat
        let longitude = ew == UInt8(ascii: "e") ? lon : -lon
        guard (-90...89).contains(latitude), (-180...179).contains(longitude) else { return nil }
        return (latitude, longitude)
    }

    /// The big-endian Int16 samples as Float metres, voids as NaN (counted in `voids`).
    /// - Precondition: `bytes.count >= 2 · count`.
    static func decodeSamples(_ bytes: [UInt8], count: Int, voids: inout Int) -> [Float] {
        var found = 0
        let heights = [Float](unsafeUninitializedCapacity: count) { out, initialized in
            bytes.withUnsafeBytes { raw in
                for i in 0..<count {
                    let sample = Int16(
                        bitPattern: UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self)))
                    let isVoid = sample == void
                    found &+= isVoid ? 1 : 0
                    out[i] = isVoid ? .nan : Float(sample)
                }
            }
            initialized = count
        }
        voids = found
        return heights
    }
}
