/// The address of a tile in the XYZ ("slippy map", Google) scheme: zoom `z`, column `x` from the
/// antimeridian eastward, row `y` from the north edge southward, both in `0 ..< 2^z`.
///
/// MBTiles stores rows in the TMS scheme (y from the south); `tmsRow` converts.
/// See https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames.
public struct TileID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var z: Int
    public var x: Int
    public var y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// Highest zoom any tile source here addresses (PMTiles tile ids fit in 64 bits up to z 31).
    public static let maxZoom = 31

    /// True when `z` is in 0…31 and `x`, `y` are in `0 ..< 2^z`.
    public var isValid: Bool {
        guard z >= 0 && z <= TileID.maxZoom else { return false }
        let n = 1 << z
        return x >= 0 && x < n && y >= 0 && y < n
    }

    /// The row in the TMS scheme used by MBTiles: `2^z - 1 - y`.
    public var tmsRow: Int { (1 << Swift.max(0, Swift.min(z, 62))) &- 1 &- y }

    /// The tile `levels` zooms up that contains this one (itself for `levels` ≤ 0).
    public func ancestor(levels: Int) -> TileID {
        guard levels > 0 else { return self }
        let l = Swift.min(levels, z)
        return TileID(z: z - l, x: x >> l, y: y >> l)
    }

    /// Orders by zoom, then row, then column.
    public static func < (a: TileID, b: TileID) -> Bool {
        (a.z, a.y, a.x) < (b.z, b.y, b.x)
    }

    /// `z/x/y`.
    public var description: String { "\(z)/\(x)/\(y)" }
}
