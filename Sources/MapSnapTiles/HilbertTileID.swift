/// PMTiles v3 tile ids: a tile's position on the series of Hilbert curves, one per zoom,
/// counted cumulatively from z 0 (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md#41-directory-entries).
///
/// z 0 is id 0; the four z 1 tiles are 1…4 in Hilbert order (0/0, 0/1, 1/1, 1/0 as x/y); z 2
/// starts at 5. In general the first id of zoom z is (4^z − 1) / 3.
extension TileID {
    /// The first PMTiles tile id of zoom `z`: the number of tiles in all lower zooms,
    /// (4^z − 1) / 3. `z` is clamped to 0…31.
    static func firstPMTilesID(zoom z: Int) -> UInt64 {
        let zz = UInt64(Swift.min(Swift.max(z, 0), maxZoom))
        return ((UInt64(1) << (2 * zz)) - 1) / 3
    }

    /// The PMTiles tile id of this tile, or nil when the tile is not valid (see `isValid`).
    public var pmtilesID: UInt64? {
        guard isValid else { return nil }
        let n = UInt64(1) << UInt64(z)
        var tx = UInt64(x)
        var ty = UInt64(y)
        var d: UInt64 = 0
        var s = n >> 1
        while s > 0 {
            let rx: UInt64 = tx & s != 0 ? 1 : 0
            let ry: UInt64 = ty & s != 0 ? 1 : 0
            d += s * s * ((3 * rx) ^ ry)
            Self.rotate(n, &tx, &ty, rx, ry)
            s >>= 1
        }
        return Self.firstPMTilesID(zoom: z) + d
    }

    /// The tile with PMTiles tile id `id`, or nil when the id is beyond zoom 31.
    public init?(pmtilesID id: UInt64) {
        var z = 0
        while z < TileID.maxZoom && id >= TileID.firstPMTilesID(zoom: z + 1) { z += 1 }
        let d = id - TileID.firstPMTilesID(zoom: z)
        let n = UInt64(1) << UInt64(z)
        guard d < n * n else { return nil }
        var t = d
        var x: UInt64 = 0
        var y: UInt64 = 0
        var s: UInt64 = 1
        while s < n {
            let rx = 1 & (t >> 1)
            let ry = 1 & (t ^ rx)
            Self.rotate(s, &x, &y, rx, ry)
            x += s * rx
            y += s * ry
            t >>= 2
            s <<= 1
        }
        self.init(z: z, x: Int(x), y: Int(y))
    }

    /// The quadrant rotation of the Hilbert curve construction (https://en.wikipedia.org/wiki/Hilbert_curve).
    private static func rotate(_ n: UInt64, _ x: inout UInt64, _ y: inout UInt64, _ rx: UInt64, _ ry: UInt64) {
        guard ry == 0 else { return }
        if rx == 1 {
            x = n &- 1 &- x
            y = n &- 1 &- y
        }
        swap(&x, &y)
    }
}
