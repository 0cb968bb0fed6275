import MapSnapGeometry
import MapSnapIO
import XCTest

@testable import MapSnapTiles

/// Which tiles a raster source draws from: MapLibre rounds the zoom, and 256-pixel tiles come
/// from one zoom deeper than 512-pixel ones.
final class RasterTileCoverTests: XCTestCase {
    func testRasterTileZoom() {
        let table: [(zoom: Double, tileSize: Double, min: Int, max: Int, want: Int?)] = [
            (16, 256, 0, 22, 17), (16.4, 256, 0, 22, 17), (16.5, 256, 0, 22, 18), (16.1, 256, 17, 17, 17),
            (0, 512, 0, 22, 0), (2.49, 512, 0, 22, 2), (2.5, 512, 0, 22, 3), (3.7, 512, 0, 2, 2),
            (1, 256, 3, 22, nil), (0, 1024, 0, 22, 0), (1.6, 1024, 0, 22, 1), (10, 128, 0, 22, 12),
            (.nan, 256, 0, 22, nil),
        ]
        for row in table {
            XCTAssertEqual(
                TileCover.rasterTileZoom(for: row.zoom, tileSize: row.tileSize, minZoom: row.min, maxZoom: row.max),
                row.want, "\(row)")
        }
    }

    func testRasterTilesOverzoomBeyondMaxZoom() {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 3, size: Size(width: 512, height: 512))
        let tiles = TileCover.rasterTiles(for: camera, tileSize: 256, minZoom: 0, maxZoom: 1)
        XCTAssertEqual(tiles.map(\.id.z), [1, 1, 1, 1])
        XCTAssertEqual(tiles.first?.size, 2048, "a z1 tile is 512·2^(3−1) points wide at zoom 3")
        XCTAssertEqual(TileCover.rasterTiles(for: camera, tileSize: 256, minZoom: 5, maxZoom: 8), [])
    }
}
