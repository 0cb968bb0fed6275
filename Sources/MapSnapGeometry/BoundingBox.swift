/// A geographic rectangle in degrees: `west…east` × `south…north`.
///
/// `east` may exceed 180 for boxes that cross the antimeridian (unwrapped longitudes).
public struct BoundingBox: Hashable, Sendable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The smallest box holding all `coordinates`, or nil when there are none.
    @inlinable
    public init?(coordinates: some Sequence<Coordinate>) {
        var it = coordinates.makeIterator()
        guard let first = it.next() else { return nil }
        var box = BoundingBox(
            west: first.longitude, south: first.latitude, east: first.longitude, north: first.latitude)
        while let c = it.next() { box.extend(c) }
        self = box
    }

    @inlinable
    public mutating func extend(_ c: Coordinate) {
        west = Swift.min(west, c.longitude)
        east = Swift.max(east, c.longitude)
        south = Swift.min(south, c.latitude)
        north = Swift.max(north, c.latitude)
    }

    @inlinable
    public func union(_ other: BoundingBox) -> BoundingBox {
        BoundingBox(
            west: Swift.min(west, other.west), south: Swift.min(south, other.south),
            east: Swift.max(east, other.east), north: Swift.max(north, other.north))
    }

    public var center: Coordinate {
        Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2)
    }
}
