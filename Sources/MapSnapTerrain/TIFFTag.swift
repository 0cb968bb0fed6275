/// The TIFF 6.0 (https://www.itu.int/itudoc/itu-t/com16/tiff-fx/docs/tiff6.pdf), GeoTIFF 1.1
/// (https://docs.ogc.org/is/19-008r4/19-008r4.html) and GDAL tags the GeoTIFF reader uses.
enum TIFFTag {
    static let imageWidth: UInt16 = 256
    static let imageLength: UInt16 = 257
    static let bitsPerSample: UInt16 = 258
    static let compression: UInt16 = 259
    static let stripOffsets: UInt16 = 273
    static let samplesPerPixel: UInt16 = 277
    static let rowsPerStrip: UInt16 = 278
    static let stripByteCounts: UInt16 = 279
    static let planarConfiguration: UInt16 = 284
    static let predictor: UInt16 = 317
    static let tileWidth: UInt16 = 322
    static let tileLength: UInt16 = 323
    static let tileOffsets: UInt16 = 324
    static let tileByteCounts: UInt16 = 325
    static let sampleFormat: UInt16 = 339
    static let modelPixelScale: UInt16 = 33550
    static let modelTiepoint: UInt16 = 33922
    static let modelTransformation: UInt16 = 34264
    static let geoKeyDirectory: UInt16 = 34735
    static let geoDoubleParams: UInt16 = 34736
    static let geoAsciiParams: UInt16 = 34737
    static let gdalNodata: UInt16 = 42113

    /// The tag's name as the specifications spell it, for error messages.
    static func name(_ tag: UInt16) -> String {
        let names: [UInt16: String] = [
            imageWidth: "ImageWidth", imageLength: "ImageLength", bitsPerSample: "BitsPerSample",
            compression: "Compression", stripOffsets: "StripOffsets", samplesPerPixel: "SamplesPerPixel",
            rowsPerStrip: "RowsPerStrip", stripByteCounts: "StripByteCounts",
            planarConfiguration: "PlanarConfiguration", predictor: "Predictor", tileWidth: "TileWidth",
            tileLength: "TileLength", tileOffsets: "TileOffsets", tileByteCounts: "TileByteCounts",
            sampleFormat: "SampleFormat", modelPixelScale: "ModelPixelScaleTag", modelTiepoint: "ModelTiepointTag",
            modelTransformation: "ModelTransformationTag", geoKeyDirectory: "GeoKeyDirectoryTag",
            geoDoubleParams: "GeoDoubleParamsTag", geoAsciiParams: "GeoAsciiParamsTag", gdalNodata: "GDAL_NODATA",
        ]
        return "tag " + (names[tag] ?? "\(tag)")
    }
}
