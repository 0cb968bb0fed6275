/// A point a tile's contours pass through, and the segment leaving it: a crossing of a level
/// and a grid edge (shared by the cells on both sides, so found once), or a point where the clip
/// box cut a segment. Keeping higher ground on the left, at most one segment leaves and one
/// arrives at any point, so these links alone make the polylines (`ContourChainer`). 16 bytes; a
/// steep 256² tile at 10 m holds ~40 000.
struct ContourPoint {
    /// Tile units, as Float (~1/2000 of a unit at a 4096 extent; the clip box's bounds exactly).
    var x: Float
    var y: Float
    /// The level, counted from the tile's lowest (`ContourMarchingSquares.lowestStep`).
    var step: Int32
    /// The index of the point the segment leaving this one ends at; −1 for none.
    var next: Int32
}
