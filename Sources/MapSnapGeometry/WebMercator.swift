import Foundation

/// Spherical Web Mercator (EPSG:3857) in MapLibre's "world points": at zoom `z` the whole world
/// is `512 · 2^z` points wide, x grows east from the antimeridian, y grows south from the
/// north edge (85.0511°N). This is the zoom scale of MapLibre GL and the Mapbox Static Images API,
/// one zoom level below the 256-pixel convention of classic XYZ tiles.
///
/// See https://epsg.io/3857 and the slippy-map tile math at
/// https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames.
public enum WebMercator {
    /// The latitude where the square Mercator world ends, in degrees: atan(sinh(π)).
    public static let maxLatitude = 85.051_128_779_806_59
    /// Width of the world at zoom 0, in points.
    public static let tileSize = 512.0
    /// Mean Earth radius used by EPSG:3857, in metres.
    public static let earthRadius = 6_378_137.0

    /// World size in points at fractional `zoom`.
    @inlinable
    public static func worldSize(zoom: Double) -> Double { tileSize * exp2(zoom) }

    /// Projects a coordinate to normalized world units: x, y in 0…1 across the world
    /// (x may leave that range for unwrapped longitudes). Latitude is clamped to ±`maxLatitude`.
    @inlinable
    public static func unitPoint(_ c: Coordinate) -> (x: Double, y: Double) {
        (unitX(longitude: c.longitude), unitY(latitude: c.latitude))
    }

    /// `unitPoint`'s x: normalized world units (0…1 across the world) of a longitude in degrees.
    @inlinable
    public static func unitX(longitude: Double) -> Double { (longitude + 180) / 360 }

    /// `unitPoint`'s y: normalized world units (0 at the north edge, 1 at the south) of a
    /// latitude in degrees, clamped to ±`maxLatitude`. One `sin` and one `log`.
    @inlinable
    public static func unitY(latitude: Double) -> Double {
        let lat = Swift.min(Swift.max(latitude, -maxLatitude), maxLatitude)
        let s = sin(lat * .pi / 180)
        return 0.5 - log((1 + s) / (1 - s)) / (4 * .pi)
    }

    /// The inverse of `unitPoint`: normalized world units to degrees.
    @inlinable
    public static func coordinate(unitX x: Double, unitY y: Double) -> Coordinate {
        let lon = x * 360 - 180
        let n = .pi * (1 - 2 * y)
        let lat = atan(sinh(n)) * 180 / .pi
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// World point (in points at `zoom`) of a coordinate.
    public static func worldPoint(_ c: Coordinate, zoom: Double) -> Point {
        let u = unitPoint(c)
        let w = worldSize(zoom: zoom)
        return Point(x: u.x * w, y: u.y * w)
    }

    /// Coordinate of a world point (in points at `zoom`).
    public static func coordinate(worldPoint p: Point, zoom: Double) -> Coordinate {
        let w = worldSize(zoom: zoom)
        return coordinate(unitX: p.x / w, unitY: p.y / w)
    }

    /// Metres on the ground per point at `latitude` (degrees) and `zoom`.
    public static func metresPerPoint(latitude: Double, zoom: Double) -> Double {
        cos(latitude * .pi / 180) * 2 * .pi * earthRadius / worldSize(zoom: zoom)
    }
}
