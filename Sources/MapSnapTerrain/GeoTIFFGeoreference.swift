/// Where a GeoTIFF's cells are (GeoTIFF 1.1, https://docs.ogc.org/is/19-008r4/19-008r4.html):
/// the CRS from the GeoKeys (§7: GTModelTypeGeoKey, GeographicTypeGeoKey 4326,
/// ProjectedCSTypeGeoKey 3857), the raster type (GTRasterTypeGeoKey: PixelIsArea or
/// PixelIsPoint, §B.5) and the raster-to-model transformation (§B.6: ModelPixelScale with
/// ModelTiepoint, or a ModelTransformation without rotation), turned into `GeoRaster`'s
/// convention: the outer corner of the north-west cell and positive cell sizes.
struct GeoTIFFGeoreference {
    let crs: GeoRaster.CRS
    let originX: Double
    let originY: Double
    let cellWidth: Double
    let cellHeight: Double
    /// Whether the file said PixelIsPoint (the origin here is already moved to the cell corner).
    let pixelIsPoint: Bool

    /// GeoKey IDs (GeoTIFF 1.1 §7.1).
    private enum Key {
        static let modelType = 1024
        static let rasterType = 1025
        static let geographicType = 2048
        static let projectedCSType = 3072
    }

    /// - Throws: `DEMError.unsupported` for another CRS (naming its EPSG code), a rotated or
    ///   south-up grid, or a file without georeferencing; `.malformed` for broken tags.
    init(_ directory: TIFFDirectory) throws(DEMError) {
        let keys = try Self.geoKeys(directory)
        crs = try Self.crs(keys)
        let rasterType = keys[Key.rasterType] ?? 1
        guard rasterType == 1 || rasterType == 2 else {
            throw .malformed(
                place: "GTRasterTypeGeoKey", message: "\(rasterType) is neither PixelIsArea nor PixelIsPoint")
        }
        pixelIsPoint = rasterType == 2
        let grid = try Self.transform(directory)
        cellWidth = grid.cellWidth
        cellHeight = grid.cellHeight
        originX = grid.x - (pixelIsPoint ? grid.cellWidth / 2 : 0)
        originY = grid.y + (pixelIsPoint ? grid.cellHeight / 2 : 0)
    }

    /// The SHORT-valued keys of the GeoKeyDirectoryTag (§7.1.3) by ID.
    private static func geoKeys(_ directory: TIFFDirectory) throws(DEMError) -> [Int: Int] {
        let tag = TIFFTag.geoKeyDirectory
        guard let values = try directory.integers(tag, maxCount: 4 * 4096) else {
            throw .unsupported(place: TIFFTag.name(tag), message: "missing: this TIFF is not a GeoTIFF")
        }
        guard values.count >= 4, values[0] == 1 else {
            throw .malformed(place: TIFFTag.name(tag), message: "the header is not KeyDirectoryVersion 1")
        }
        let count = Int(min(values[3], UInt64(values.count / 4 - 1)))
        var keys: [Int: Int] = [:]
        for k in 0..<count {
            let entry = values[4 * (k + 1)..<4 * (k + 2)].map { Int(truncatingIfNeeded: $0) }
            // Location 0: the value is the SHORT itself; the keys read here are all SHORTs.
            if entry[1] == 0 { keys[entry[0]] = entry[3] }
        }
        return keys
    }

    private static func crs(_ keys: [Int: Int]) throws(DEMError) -> GeoRaster.CRS {
        let model = keys[Key.modelType] ?? (keys[Key.projectedCSType] != nil ? 1 : 2)
        switch model {
        case 2:
            let code = keys[Key.geographicType] ?? 4326
            guard code == 4326 else {
                throw .unsupported(place: "GeographicTypeGeoKey", message: "\(epsg(code)) is not read (EPSG:4326 is)")
            }
            return .geographic
        case 1:
            let code = keys[Key.projectedCSType] ?? 32767
            guard [3857, 3785, 900913].contains(code) else {
                throw .unsupported(place: "ProjectedCSTypeGeoKey", message: "\(epsg(code)) is not read (EPSG:3857 is)")
            }
            return .webMercator
        default:
            throw .unsupported(place: "GTModelTypeGeoKey", message: "model type \(model) is not read (1, 2 are)")
        }
    }

    private static func epsg(_ code: Int) -> String { code == 32767 ? "a user-defined CRS" : "EPSG:\(code)" }

    /// The model position of raster corner (0, 0) (in the file's raster type) and the cell size.
    private static func transform(_ directory: TIFFDirectory) throws(DEMError) -> (
        x: Double, y: Double, cellWidth: Double, cellHeight: Double
    ) {
        let grid: (x: Double, y: Double, cellWidth: Double, cellHeight: Double)
        let place: String
        if let m = try directory.doubles(TIFFTag.modelTransformation, maxCount: 16) {
            place = TIFFTag.name(TIFFTag.modelTransformation)
            guard m.count == 16 else { throw .malformed(place: place, message: "\(m.count) values, 16 expected") }
            guard m[1] == 0, m[4] == 0 else {
                throw .unsupported(place: place, message: "a rotated or sheared grid is not read")
            }
            grid = (m[3], m[7], m[0], -m[5])
        } else if let scale = try directory.doubles(TIFFTag.modelPixelScale, maxCount: 3),
            let tie = try directory.doubles(TIFFTag.modelTiepoint, maxCount: 6 * 65536)
        {
            place = "tags ModelPixelScaleTag / ModelTiepointTag"
            guard scale.count >= 2, tie.count >= 6, tie.count % 6 == 0 else {
                throw .malformed(place: place, message: "\(scale.count) scales and \(tie.count) tiepoint values")
            }
            grid = (tie[3] - tie[0] * scale[0], tie[4] + tie[1] * scale[1], scale[0], scale[1])
        } else {
            throw .unsupported(
                place: "georeferencing",
                message: "no ModelPixelScaleTag and ModelTiepointTag, nor ModelTransformationTag")
        }
        guard grid.x.isFinite, grid.y.isFinite, grid.cellWidth.isFinite, grid.cellHeight.isFinite else {
            throw .malformed(place: place, message: "values are not finite")
        }
        guard grid.cellWidth > 0, grid.cellHeight > 0 else {
            throw .unsupported(
                place: place, message: "cell size \(grid.cellWidth)×\(grid.cellHeight): only north-up grids are read")
        }
        return grid
    }
}
