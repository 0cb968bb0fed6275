import Foundation
import MapSnapGeometry

/// A georeferenced grid of heights in metres: `width` × `height` cells, row 0 at the north,
/// each cell an area (GeoTIFF's PixelIsArea, https://docs.ogc.org/is/19-008r4/19-008r4.html
/// §B.5) whose value holds at its centre. Readers of point grids (`.hgt`, GeoTIFF's
/// PixelIsPoint) shift the origin by half a cell to this convention, as GDAL does.
///
/// Guarantees (checked by `init`): width, height ≥ 1, `heights.count == width · height`, a
/// finite origin and finite positive cell sizes. Cells without a value hold NaN.
public struct GeoRaster: Sendable, ElevationSource {
    /// The coordinate reference systems MapSnap reads, by EPSG code.
    public enum CRS: Int, Sendable, Equatable {
        /// WGS 84 longitude and latitude, in degrees (https://epsg.io/4326).
        case geographic = 4326
        /// Spherical Web Mercator, in metres (https://epsg.io/3857).
        case webMercator = 3857
    }

    /// Cells across (west to east) and down (north to south).
    public let width: Int
    public let height: Int
    /// The system `originX`, `originY` and the cell sizes are in.
    public let crs: CRS
    /// The outer (north-west) corner of the north-west cell: x east, y north, in the CRS's unit
    /// (degrees of longitude and latitude, or Web Mercator metres).
    public let originX: Double
    public let originY: Double
    /// One cell's extent east–west and north–south, in the CRS's unit; both > 0 (rows go south).
    public let cellWidth: Double
    public let cellHeight: Double
    /// The value the file used for "no value", if it named one (its cells are NaN here).
    public let nodata: Float?
    /// `width · height` heights in metres, row by row from the north-west; NaN where no value.
    public let heights: [Float]

    /// A raster over `heights` (row by row from the north-west, NaN for no value).
    /// - Throws: `DEMError.malformed` (place "raster") when the guarantees above do not hold.
    public init(
        width: Int, height: Int, crs: CRS, originX: Double, originY: Double, cellWidth: Double,
        cellHeight: Double, heights: [Float], nodata: Float? = nil
    ) throws(DEMError) {
        guard width >= 1, height >= 1, width.multipliedReportingOverflow(by: height) == (heights.count, false) else {
            throw .malformed(place: "raster", message: "\(heights.count) heights for \(width)×\(height) cells")
        }
        guard originX.isFinite, originY.isFinite, cellWidth.isFinite, cellHeight.isFinite, cellWidth > 0,
            cellHeight > 0
        else {
            throw .malformed(
                place: "raster",
                message: "origin (\(originX), \(originY)) or cell size \(cellWidth)×\(cellHeight) unusable")
        }
        self.width = width
        self.height = height
        self.crs = crs
        self.originX = originX
        self.originY = originY
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.heights = heights
        self.nodata = nodata
    }

    /// The height at cell (column, row), NaN where it has no value. - Precondition: in range.
    @inlinable
    public subscript(column: Int, row: Int) -> Float { heights[row * width + column] }

    // MARK: - ElevationSource

    /// The height in metres at `coordinate` (degrees), bilinear between the centres of the four
    /// cells around it (`GeoRaster.bilinear`); nil outside the raster or where the cell holding
    /// the point has no value.
    public func elevation(at coordinate: Coordinate) -> Double? {
        let column = column(longitude: coordinate.longitude)
        let row = row(latitude: coordinate.latitude)
        let value = heights.withUnsafeBufferPointer { Self.bilinear($0, width, height, column, row) }
        return value.isNaN ? nil : Double(value)
    }

    /// The larger side of one cell on the ground near `coordinate`, in metres (about 93 for
    /// SRTM 3″, 31 for 1″); nil outside the raster.
    public func cellSize(near coordinate: Coordinate) -> Double? {
        guard covers(column: column(longitude: coordinate.longitude), row: row(latitude: coordinate.latitude)) else {
            return nil
        }
        let cosLat = cos(coordinate.latitude * .pi / 180)
        switch crs {
        case .geographic:
            let metresPerDegree = WebMercator.earthRadius * .pi / 180
            return max(cellHeight * metresPerDegree, cellWidth * metresPerDegree * cosLat)
        case .webMercator:
            return max(cellWidth, cellHeight) * cosLat
        }
    }

    // MARK: - Cell coordinates

    /// The fractional column of `longitude` (degrees), with cell centres at whole numbers:
    /// −0.5 is the west edge of the raster, `width` − 0.5 its east edge.
    @inlinable
    public func column(longitude: Double) -> Double {
        let x = crs == .geographic ? longitude : longitude * WebMercator.earthRadius * .pi / 180
        return (x - originX) / cellWidth - 0.5
    }

    /// The fractional row of `latitude` (degrees), cell centres at whole numbers, −0.5 the
    /// north edge. Web Mercator latitudes are clamped to ±85.0511°.
    @inlinable
    public func row(latitude: Double) -> Double {
        let y: Double
        switch crs {
        case .geographic: y = latitude
        case .webMercator:
            let unitY = WebMercator.unitPoint(Coordinate(latitude: latitude, longitude: 0)).y
            y = (0.5 - unitY) * 2 * .pi * WebMercator.earthRadius
        }
        return (originY - y) / cellHeight - 0.5
    }

    /// Whether the fractional cell position lies on the raster (its outer edges included).
    @inlinable
    public func covers(column: Double, row: Double) -> Bool {
        column >= -0.5 && column <= Double(width) - 0.5 && row >= -0.5 && row <= Double(height) - 0.5
    }

    /// The raster's extent in degrees (west, south, east, north of its outer cell edges).
    public var bounds: BoundingBox {
        let east = originX + Double(width) * cellWidth
        let south = originY - Double(height) * cellHeight
        switch crs {
        case .geographic:
            return BoundingBox(west: originX, south: south, east: east, north: originY)
        case .webMercator:
            let world = 2 * Double.pi * WebMercator.earthRadius
            let nw = WebMercator.coordinate(unitX: originX / world + 0.5, unitY: 0.5 - originY / world)
            let se = WebMercator.coordinate(unitX: east / world + 0.5, unitY: 0.5 - south / world)
            return BoundingBox(west: nw.longitude, south: se.latitude, east: se.longitude, north: nw.latitude)
        }
    }
}
