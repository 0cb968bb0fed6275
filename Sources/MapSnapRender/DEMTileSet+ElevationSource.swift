import Foundation
import MapSnapGeometry
import MapSnapTerrain
import MapSnapTiles

/// Heights read from a set of elevation tiles (for track statistics and profiles from a
/// terrain-RGB archive): bilinear between the pixel centres of the tile of the set's highest
/// zoom that holds the place (its border ring carries the neighbours across tile edges).
extension DEMTileSet: ElevationSource {
    public func elevation(at coordinate: Coordinate) -> Double? {
        guard let (tile, x, y) = locate(coordinate) else { return nil }
        let fx = x - x.rounded(.down)
        let fy = y - y.rounded(.down)
        let x0 = Int(x.rounded(.down))
        let y0 = Int(y.rounded(.down))
        let a = Double(tile[x0, y0])
        let b = Double(tile[x0 + 1, y0])
        let c = Double(tile[x0, y0 + 1])
        let d = Double(tile[x0 + 1, y0 + 1])
        let h = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
        return h.isFinite ? h : nil
    }

    public func cellSize(near coordinate: Coordinate) -> Double? {
        guard let (tile, _, _) = locate(coordinate) else { return nil }
        let circumference = 40_075_016.686
        return circumference * cos(coordinate.latitude * .pi / 180) / Double(tile.dim << maxZoom)
    }

    /// The tile at `maxZoom` holding `coordinate` and the position in it, in pixels from the
    /// first pixel's centre (−0.5…dim − 0.5, within the border ring).
    private func locate(_ coordinate: Coordinate) -> (DEMTile, Double, Double)? {
        let p = WebMercator.unitPoint(coordinate)
        let n = Double(1 << maxZoom)
        let tx = Int((p.x * n).rounded(.down))
        let ty = Int((p.y * n).rounded(.down))
        guard tx >= 0, ty >= 0, tx < 1 << maxZoom, ty < 1 << maxZoom,
            let found = try? self.tile(TileID(z: maxZoom, x: tx, y: ty))
        else { return nil }
        let tile = found
        let x = (p.x * n - Double(tx)) * Double(tile.dim) - 0.5
        let y = (p.y * n - Double(ty)) * Double(tile.dim) - 0.5
        return (tile, x, y)
    }
}
