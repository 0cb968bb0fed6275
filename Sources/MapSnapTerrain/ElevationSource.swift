import MapSnapGeometry

/// Anything that knows the ground's height at a place: an elevation model made of `.hgt` and
/// GeoTIFF rasters, or a set of `raster-dem` tiles.
public protocol ElevationSource: Sendable {
    /// The height in metres above sea level at `coordinate` (WGS 84 degrees), interpolated
    /// bilinearly between the cells around it; nil outside the data or where it has no value.
    func elevation(at coordinate: Coordinate) -> Double?
    /// The size of one cell of the data near `coordinate`, in metres (about 90 for SRTM 3″,
    /// 30 for 1″): what the ascent filter's threshold depends on. Nil outside the data.
    func cellSize(near coordinate: Coordinate) -> Double?
}
