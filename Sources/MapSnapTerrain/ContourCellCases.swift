import MapSnapGeometry

/// The marching-squares table: which sides of a cell a contour joins, in which direction.
///
/// A cell's case has a bit for each corner whose height is above the level (strictly, as
/// maplibre-contour and d3-contour count it): top-left 8, top-right 4, bottom-right 2,
/// bottom-left 1. Sides: 0 top, 1 right, 2 bottom, 3 left. Each segment runs from its first side
/// to its second with the higher corners on its left in screen coordinates (y down): e.g. case 8
/// (only the top-left corner high) runs left → top, heading north-east with the high corner on
/// its left hand.
///
/// The two saddles (5: top-right and bottom-left high, 10: top-left and bottom-right high) are
/// resolved by the cell's centre value, the mean of its four corners: a centre above the level
/// joins the two high corners across the cell (the low corners are cut off), one at or below it
/// keeps them apart.
enum ContourCellCases {
    /// Sides (from, to) of the one segment of case `code` (1…14 but the saddles 5 and 10):
    ///
    ///     case:  1      2      3      4      6      7      8      9      11     12     13     14
    ///     sides: 2→3   1→2   1→3   0→1   0→2   0→3   3→0   2→0   1→0   3→1   2→1   3→2
    ///
    /// read branch-free from two words holding two bits per case (a switch here would be a jump
    /// the processor mispredicts at nearly every crossing).
    @inline(__always)
    static func single(_ code: Int) -> (Int, Int) {
        ((0x3B4B_0058 >> (2 * code)) & 3, (0x2500_E1EC >> (2 * code)) & 3)
    }

    /// The two segments of saddle `code` (5 or 10), with the centre above the level or not.
    static func saddle(_ code: Int, centreHigh: Bool) -> ((Int, Int), (Int, Int)) {
        if code == 5 {
            // Top-right and bottom-left high.
            return centreHigh ? ((0, 3), (2, 1)) : ((0, 1), (2, 3))
        }
        // Top-left and bottom-right high.
        return centreHigh ? ((1, 0), (3, 2)) : ((3, 0), (1, 2))
    }

    /// Where the level crosses side `side` of a cell with corner heights tl, tr, br, bl, in the
    /// cell's coordinates (u right, v down, 0…1), interpolated linearly along the side. The side
    /// must be crossed (its two corners on different sides of the level); the fraction is
    /// clamped to 0…1 against rounding where a height is within an ulp of the level.
    @inline(__always)
    static func crossing(side: Int, level: Double, tl: Double, tr: Double, br: Double, bl: Double) -> Point {
        switch side {
        case 0: return Point(x: fraction(level, tl, tr), y: 0)
        case 1: return Point(x: 1, y: fraction(level, tr, br))
        case 2: return Point(x: fraction(level, bl, br), y: 1)
        default: return Point(x: 0, y: fraction(level, tl, bl))
        }
    }

    /// Where `level` lies from `a` (0) to `b` (1), clamped to 0…1.
    @inline(__always)
    private static func fraction(_ level: Double, _ a: Double, _ b: Double) -> Double {
        min(max((level - a) / (b - a), 0), 1)
    }
}
