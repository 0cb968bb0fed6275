import MapSnapGeometry

/// One contour line of a tile, shaped like a feature of a vector-tile layer of `type: "contour"`
/// (maplibre-contour's `contours` layer): a line string in tile coordinates with its elevation
/// and level.
///
/// - Coordinates: tile units, x east and y south from the tile's north-west corner, 0…`extent`
///   (4096 by default, like MVT); DEM pixel centre i lies at (i + 0.5) / dim × extent. Lines are
///   clipped to [−buffer, extent + buffer]², and an end on that box is exactly on it.
/// - Orientation: higher ground is on the LEFT of the direction of travel, in these screen
///   coordinates (y down). A label laid along the line with its top to the left of the direction
///   of travel therefore has its top uphill, the cartographic convention for contour numbers.
/// - A closed ring (`isClosed`) repeats its first point at the end.
public struct ContourLine: Sendable, Equatable {
    /// Height of the line in the tracer's unit (metres unless a multiplier says otherwise).
    public var elevation: Double
    /// maplibre-contour's `level`: the highest index i of the levels' intervals of which
    /// `elevation` is a multiple (0: a minor line, 1: an index line of [minor, major], …).
    public var level: Int
    /// The points in tile units, ordered with higher ground on the left (see the type's doc).
    public var points: [Point]

    public init(elevation: Double, level: Int, points: [Point]) {
        self.elevation = elevation
        self.level = level
        self.points = points
    }

    /// True for an index line (drawn thicker and labelled): `level` ≥ 1, i.e. with the default
    /// levels an elevation that is a multiple of 5 × the interval.
    public var isIndex: Bool { level >= 1 }

    /// True when the line is a ring: more than two points and the last equals the first.
    public var isClosed: Bool {
        points.count > 2 && points.first == points.last
    }
}
