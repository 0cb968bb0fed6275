import MapSnapImage
import XCTest

@testable import MapSnapTerrain

final class DEMTileTests: XCTestCase {
    /// The two encodings of the spec, checked on bytes worked out by hand.
    func testEncodingsDecodeTheSpecFormulas() {
        // Terrain-RGB: (1·65536 + 134·256 + 160)·0.1 − 10000 = 0 m … and 1000.0 m.
        XCTAssertEqual(DEMEncoding.mapbox.height(r: 1, g: 134, b: 160), 0, accuracy: 0.01)
        XCTAssertEqual(DEMEncoding.mapbox.height(r: 1, g: 173, b: 176), 1000, accuracy: 0.01)
        // Terrarium: 128·256 + 0 + 0 − 32768 = 0 m; 131·256 + 232 + 128/256 − 32768 = 1000.5 m.
        XCTAssertEqual(DEMEncoding.terrarium.height(r: 128, g: 0, b: 0), 0)
        XCTAssertEqual(DEMEncoding.terrarium.height(r: 131, g: 232, b: 128), 1000.5)
    }

    func testTheBorderCopiesTheEdgeUntilANeighbourFillsIt() {
        let a = DEMTile(dim: 2, interior: [1, 2, 3, 4])
        XCTAssertEqual(a[-1, -1], 1)
        XCTAssertEqual(a[2, 0], 2)
        XCTAssertEqual(a[0, 2], 3)
        XCTAssertEqual(a[2, 2], 4)
        var left = a
        let right = DEMTile(dim: 2, interior: [10, 20, 30, 40])
        left.backfillBorder(from: right, dx: 1, dy: 0)
        XCTAssertEqual(left[2, 0], 10)
        XCTAssertEqual(left[2, 1], 30)
        XCTAssertEqual(left[2, -1], 2, "corners come from the diagonal neighbour only")
        let below = DEMTile(dim: 2, interior: [5, 6, 7, 8])
        left.backfillBorder(from: below, dx: 0, dy: 1)
        XCTAssertEqual(left[0, 2], 5)
        XCTAssertEqual(left[1, 2], 6)
    }

    func testANonSquareTileIsAnError() {
        let image = RasterTileImage(width: 2, height: 1, pixels: [0, 0])
        XCTAssertThrowsError(try DEMTile(image: image, encoding: .mapbox)) { error in
            XCTAssertEqual(error as? DEMError, .notSquare(width: 2, height: 1))
        }
    }
}
