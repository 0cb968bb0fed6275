import Foundation

/// Reads one-band GeoTIFF elevation rasters (TIFF 6.0, BigTIFF, GeoTIFF 1.1 —
/// https://docs.ogc.org/is/19-008r4/19-008r4.html) into a `GeoRaster`.
///
/// Read: classic TIFF and BigTIFF in either byte order; the first image; 16-bit signed and
/// unsigned integer and 32-bit float samples; strips or tiles; no compression, LZW and DEFLATE;
/// predictors 1, 2 and 3; EPSG:4326 and EPSG:3857; PixelIsArea and PixelIsPoint; the GDAL_NODATA
/// tag (its cells become NaN). Anything else is a `DEMError.unsupported`, any damage a
/// `.malformed`, both naming the place (a tag, a strip or tile, a byte offset): whatever the
/// bytes, the reader returns or throws, and reads nothing outside them.
public enum GeoTIFFReader {
    /// The largest image read, in pixels (100 M: 400 MB of heights).
    public static let defaultMaxPixels = 100_000_000

    /// Reads the GeoTIFF at `path`; errors name `path`.
    public static func read(path: String, maxPixels: Int = defaultMaxPixels) throws(DEMError) -> GeoRaster {
        let bytes = try DEMFile.bytes(path: path)
        do {
            return try decode(bytes, maxPixels: maxPixels)
        } catch {
            throw error.inFile(path)
        }
    }

    /// True when `bytes` start like a TIFF or BigTIFF file.
    public static func isTIFF(_ bytes: [UInt8]) -> Bool { TIFFDirectory.isTIFF(bytes) }

    /// Decodes the bytes of a GeoTIFF file of at most `maxPixels` pixels. Errors carry no file
    /// name (see `DEMError.inFile`).
    public static func decode(_ bytes: [UInt8], maxPixels: Int = defaultMaxPixels) throws(DEMError) -> GeoRaster {
        let directory = try TIFFDirectory(bytes)
        let layout = try TIFFLayout(directory, maxPixels: maxPixels)
        let georeference = try GeoTIFFGeoreference(directory)
        let nodata = try nodataValue(directory)
        var heights = [Float](repeating: .nan, count: layout.width * layout.height)
        for index in 0..<layout.offsets.count {
            var data = try layout.decodedChunk(index, of: bytes)
            layout.store(&data, chunk: index, bigEndian: directory.bigEndian, nodata: nodata, into: &heights)
        }
        return try GeoRaster(
            width: layout.width, height: layout.height, crs: georeference.crs, originX: georeference.originX,
            originY: georeference.originY, cellWidth: georeference.cellWidth, cellHeight: georeference.cellHeight,
            heights: heights, nodata: nodata)
    }

    /// The GDAL_NODATA tag (42113, ASCII: https://gdal.org/drivers/raster/gtiff.html#nodata-value).
    private static func nodataValue(_ directory: TIFFDirectory) throws(DEMError) -> Float? {
        guard let text = try directory.ascii(TIFFTag.gdalNodata, maxCount: 256) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Float(trimmed) ?? Double(trimmed).map(Float.init) else {
            throw .malformed(place: TIFFTag.name(TIFFTag.gdalNodata), message: "\"\(trimmed)\" is not a number")
        }
        return value
    }
}
