import MapSnapGeometry

/// Several elevation rasters read as one (say, the files of repeated `--dem` flags): at any
/// place, the finest raster that has a value there answers.
public struct ElevationModel: Sendable, ElevationSource {
    /// The rasters, finest first (by the ground size of a cell at each raster's centre; files of
    /// the same resolution keep the order they were given in).
    public let rasters: [GeoRaster]

    /// A model of `rasters`, sorted finest first.
    public init(rasters: [GeoRaster]) {
        let keyed = rasters.enumerated().map {
            (index: $0.offset, size: Self.resolution($0.element), raster: $0.element)
        }
        self.rasters = keyed.sorted { ($0.size, $0.index) < ($1.size, $1.index) }.map(\.raster)
    }

    /// Reads every file of `paths` (`ElevationModel.read(path:)`) into one model.
    /// - Throws: the first file's `DEMError`, naming it.
    public static func load(paths: [String]) throws(DEMError) -> ElevationModel {
        var rasters: [GeoRaster] = []
        for path in paths { rasters.append(try read(path: path)) }
        return ElevationModel(rasters: rasters)
    }

    /// Reads one elevation file, choosing the reader by the name's extension (`.hgt`, `.tif`,
    /// `.tiff`, any case) or else by the first bytes (TIFF's byte-order mark) or the size (a
    /// 1″ or 3″ `.hgt`).
    /// - Throws: `DEMError` naming `path`; `.unsupported` for a file that is neither.
    public static func read(path: String) throws(DEMError) -> GeoRaster {
        let lower = path.lowercased()
        if lower.hasSuffix(".hgt") { return try HGTReader.read(path: path) }
        if lower.hasSuffix(".tif") || lower.hasSuffix(".tiff") { return try GeoTIFFReader.read(path: path) }
        let bytes = try DEMFile.bytes(path: path)
        do {
            if GeoTIFFReader.isTIFF(bytes) { return try GeoTIFFReader.decode(bytes) }
            let sides = [HGTReader.oneArcSecondSide, HGTReader.threeArcSecondSide]
            if sides.contains(where: { $0 * $0 * 2 == bytes.count }) {
                return try HGTReader.decode(bytes, fileName: path)
            }
        } catch {
            throw error.inFile(path)
        }
        throw .unsupported(place: path, message: "neither a GeoTIFF nor an SRTM .hgt file (by its name, bytes or size)")
    }

    // MARK: - ElevationSource

    /// The height in metres at `coordinate` from the finest raster with a value there; nil
    /// where none has one.
    public func elevation(at coordinate: Coordinate) -> Double? {
        for raster in rasters {
            if let h = raster.elevation(at: coordinate) { return h }
        }
        return nil
    }

    /// The cell size in metres of the raster that answers `elevation(at:)` there (or else of
    /// the finest raster covering the place); nil outside every raster.
    public func cellSize(near coordinate: Coordinate) -> Double? {
        let answering = rasters.first { $0.elevation(at: coordinate) != nil }
        return (answering ?? rasters.first { $0.cellSize(near: coordinate) != nil })?.cellSize(near: coordinate)
    }

    private static func resolution(_ raster: GeoRaster) -> Double {
        raster.cellSize(near: raster.bounds.center) ?? .infinity
    }
}
