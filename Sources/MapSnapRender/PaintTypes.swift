import MapSnapGeometry

/// How the ends of a stroked line look.
enum LineCap { case butt, round, square }

/// How the corners of a stroked line look.
enum LineJoin { case miter, round, bevel }

/// How a path is stroked. Widths and dash lengths are in points (through the current transform).
struct StrokeStyle: Equatable {
    var width: Double
    var cap = LineCap.round
    var join = LineJoin.round
    /// Dash and gap lengths, points, from the start of each subpath (empty: a solid line).
    var dash: [Double] = []
}

/// Which parts of a path with crossing or nested rings a fill covers.
enum FillRule {
    /// Where the rings wind around a point other than zero times (nested rings of the same
    /// direction stay filled).
    case nonZero
    /// Where a ray from a point crosses the rings an odd number of times (holes by nesting).
    case evenOdd
}

/// How an image's pixels are sampled when it is drawn scaled or turned.
enum Resampling {
    /// The nearest pixel (`raster-resampling: nearest`).
    case nearest
    /// Bilinear between the four nearest pixels (`raster-resampling: linear`).
    case bilinear
    /// The painter's better filter for downscaled art (sprite icons).
    case smooth
}

/// An affine map from points to device pixels, as cairo's matrix:
/// x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0 (the identity unless told otherwise).
struct DeviceTransform: Equatable {
    var xx = 1.0
    var yx = 0.0
    var xy = 0.0
    var yy = 1.0
    var x0 = 0.0
    var y0 = 0.0

    /// Where `p` (points) lands, device pixels.
    @inline(__always)
    func apply(_ p: Point) -> Point {
        Point(x: xx * p.x + xy * p.y + x0, y: yx * p.x + yy * p.y + y0)
    }
}
