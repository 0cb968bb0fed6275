/// A geographic position in degrees (WGS 84): latitude north-positive, longitude east-positive.
///
/// Longitudes outside [-180, 180] are allowed on purpose: a track that crosses the antimeridian
/// is stored "unwrapped" (e.g. 179.9 followed by 180.1) so that it projects as one continuous line.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees, -90…90 for valid data (projection clamps to ±`WebMercator.maxLatitude`).
    public var latitude: Double
    /// Degrees; usually -180…180, but see the type's note on unwrapped longitudes.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The same place with its longitude brought into [-180, 180).
    public var normalized: Coordinate {
        var lon = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if lon < 0 { lon += 360 }
        return Coordinate(latitude: latitude, longitude: lon - 180)
    }

    public var description: String { "\(latitude),\(longitude)" }
}

extension Array where Element == Coordinate {
    /// Unwraps longitudes in place so that consecutive points never jump by more than 180°:
    /// a line crossing the antimeridian continues past ±180 instead of wrapping across the world.
    public mutating func unwrapLongitudes() {
        guard count > 1 else { return }
        var previous = self[0].longitude
        for i in 1..<count {
            var lon = self[i].longitude
            while lon - previous > 180 { lon -= 360 }
            while lon - previous < -180 { lon += 360 }
            self[i].longitude = lon
            previous = lon
        }
    }
}
