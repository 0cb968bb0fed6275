/// One step of a vector outline, in the coordinate space its owner states (for built-in
/// symbols: a 24 × 24 box, origin top-left, y down).
public enum PathCommand: Hashable, Sendable {
    case move(Point)
    case line(Point)
    /// Cubic Bézier: two control points, then the end point.
    case curve(Point, Point, Point)
    case close
}
