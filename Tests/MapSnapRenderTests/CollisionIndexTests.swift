import MapSnapGeometry
import MapSnapTiles
import XCTest

@testable import MapSnapRender

/// Placed labels' boxes and circles (MapLibre's GridIndex tests) and the tile order of placement.
final class CollisionIndexTests: XCTestCase {
    func testCirclesHitBoxesAndCirclesByTheirTrueShape() {
        var index = CollisionIndex(width: 200, height: 200)
        index.insert(Rect(x: 100, y: 100, width: 20, height: 20))
        // Near the box's corner: its square would overlap, the circle does not.
        XCTAssertFalse(index.collides(circle: Point(x: 94, y: 94), radius: 8))
        XCTAssertTrue(index.collides(circle: Point(x: 95, y: 110), radius: 8))
        index.insert(circle: Point(x: 40, y: 40), radius: 10)
        XCTAssertFalse(index.collides(circle: Point(x: 55, y: 55), radius: 10), "21.2 apart, radii 20")
        XCTAssertTrue(index.collides(circle: Point(x: 54, y: 54), radius: 10), "19.8 apart")
        XCTAssertFalse(index.collides(Rect(x: 48, y: 48, width: 10, height: 10)), "a box off the circle's corner")
        XCTAssertTrue(index.collides(Rect(x: 45, y: 35, width: 10, height: 10)))
    }

    /// MapLibre places a layer's tiles by world copy, then column, then row
    /// (`OverscaledTileID.isLessThan`).
    func testTilesArePlacedColumnByColumn() {
        func tile(_ x: Int, _ y: Int, wrap: Int = 0) -> CoveringTile {
            CoveringTile(id: TileID(z: 14, x: x, y: y), wrap: wrap, origin: Point(x: 0, y: 0), size: 512)
        }
        let rowByRow = [tile(5, 1, wrap: 1), tile(3, 7), tile(4, 7), tile(3, 8), tile(4, 8)]
        let order = BaseMapPainter<CairoPainter>.placementOrder(rowByRow).map { ($0.wrap, $0.id.x, $0.id.y) }
        XCTAssertEqual(order.map(\.0), [0, 0, 0, 0, 1])
        XCTAssertEqual(order.map(\.1), [3, 3, 4, 4, 5])
        XCTAssertEqual(order.map(\.2), [7, 8, 7, 8, 1])
    }
}
