import MapSnapGeometry
import MapSnapIO
import XCTest

@testable import MapSnapTiles

final class TileCoverTests: XCTestCase {
    let size = Size(width: 600, height: 400)

    /// Checks the cover's invariants: every tile overlaps the image, the tiles tile the image
    /// without gaps or overlaps, x is wrapped, sizes match the zoom.
    private func assertValidCover(
        _ tiles: [CoveringTile], _ camera: Camera, z: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        let image = Rect(x: 0, y: 0, width: camera.size.width, height: camera.size.height)
        let expectedSize = 512 * exp2(camera.zoom - Double(z))
        var area = 0.0
        for t in tiles {
            XCTAssertEqual(t.id.z, z, file: file, line: line)
            XCTAssertTrue(t.id.isValid, "\(t.id)", file: file, line: line)
            XCTAssertEqual(t.size, expectedSize, accuracy: 1e-9, file: file, line: line)
            XCTAssertTrue(t.frame.intersects(image), "\(t.id) does not overlap the image", file: file, line: line)
            let f = t.frame
            let w = min(f.maxX, image.maxX) - max(f.minX, image.minX)
            let h = min(f.maxY, image.maxY) - max(f.minY, image.minY)
            area += w * h
        }
        // The visible parts add up to the image (less where the image shows beyond the poles).
        let worldTop = -camera.origin.y
        let worldBottom = camera.worldSize - camera.origin.y
        let visibleHeight = min(image.maxY, worldBottom) - max(0, worldTop)
        XCTAssertEqual(area, image.width * visibleHeight, accuracy: 1e-6, file: file, line: line)
        XCTAssertEqual(Set(tiles.map { [$0.id.z, $0.unwrappedX, $0.id.y] }).count, tiles.count, file: file, line: line)
    }

    func testWholeWorldAtZoom0ShowsThreeCopies() {
        let cam = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, size: size)
        let tiles = TileCover.tiles(for: cam, minZoom: 0, maxZoom: 14)
        XCTAssertEqual(tiles.map(\.id), Array(repeating: TileID(z: 0, x: 0, y: 0), count: 3))
        XCTAssertEqual(tiles.map(\.wrap), [-1, 0, 1])
        XCTAssertEqual(tiles.map(\.origin), [Point(x: -468, y: -56), Point(x: 44, y: -56), Point(x: 556, y: -56)])
        XCTAssertEqual(tiles[1].scale(extent: 4096), 0.125)
        assertValidCover(tiles, cam, z: 0)
    }

    func testSanFranciscoAtFractionalZoom() throws {
        // Centre a little inside the north-west corner of 14/2621/6331 (XYZ).
        let n = Double(1 << 14)
        let center = WebMercator.coordinate(unitX: (2621 + 0.1) / n, unitY: (6331 + 0.05) / n)
        let cam = Camera(center: center, zoom: 14.5, size: size)
        let tiles = TileCover.tiles(for: cam, minZoom: 0, maxZoom: 14)
        assertValidCover(tiles, cam, z: 14)
        // 724 points per tile; the image reaches 0.41 tiles left and 0.28 up of the corner: 2×2 tiles.
        XCTAssertEqual(tiles.count, 4)
        XCTAssertEqual(
            Set(tiles.map(\.id)),
            [
                TileID(z: 14, x: 2620, y: 6330), TileID(z: 14, x: 2621, y: 6330),
                TileID(z: 14, x: 2620, y: 6331), TileID(z: 14, x: 2621, y: 6331),
            ])
        XCTAssertTrue(tiles.allSatisfy { $0.wrap == 0 })
        // A coordinate lands at the same image point through the tile transform as through the camera.
        let c = WebMercator.coordinate(unitX: (2621 + 0.3) / n, unitY: (6331 + 0.2) / n)
        let u = WebMercator.unitPoint(c)
        let tile = try XCTUnwrap(tiles.first { $0.id == TileID(z: 14, x: Int(u.x * n), y: Int(u.y * n)) })
        let local = TilePoint(
            x: Int32(((u.x * n) - Double(tile.id.x)) * 4096), y: Int32(((u.y * n) - Double(tile.id.y)) * 4096))
        let viaTile = tile.imagePoint(local, extent: 4096)
        let viaCamera = cam.point(for: c)
        XCTAssertEqual(viaTile.x, viaCamera.x, accuracy: tile.scale(extent: 4096))
        XCTAssertEqual(viaTile.y, viaCamera.y, accuracy: tile.scale(extent: 4096))
    }

    func testIntegerZoomAlignedToTiles() {
        // Centre on the corner of four z10 tiles: exactly 2×2 tiles of 512 points reach in, none only touches.
        let corner = WebMercator.coordinate(unitX: 300.0 / 1024, unitY: 400.0 / 1024)
        let cam = Camera(center: corner, zoom: 10, size: Size(width: 1024, height: 1024))
        let tiles = TileCover.tiles(for: cam, minZoom: 0, maxZoom: 14)
        XCTAssertEqual(
            tiles.map(\.id),
            [
                TileID(z: 10, x: 299, y: 399), TileID(z: 10, x: 300, y: 399),
                TileID(z: 10, x: 299, y: 400), TileID(z: 10, x: 300, y: 400),
            ])
        XCTAssertEqual(tiles[0].origin.x, 0, accuracy: 1e-6)
        XCTAssertEqual(tiles[3].origin.y, 512, accuracy: 1e-6)
        assertValidCover(tiles, cam, z: 10)
    }

    func testOverZoomBeyondSourceMaxZoom() {
        // Centre of 14/8530/5974 (Port Hercule, Monaco).
        let center = WebMercator.coordinate(unitX: 8530.5 / 16384, unitY: 5974.5 / 16384)
        let cam = Camera(center: center, zoom: 17.25, size: size)
        XCTAssertEqual(TileCover.tileZoom(for: 17.25, minZoom: 0, maxZoom: 14), 14)
        let tiles = TileCover.tiles(for: cam, minZoom: 0, maxZoom: 14)
        assertValidCover(tiles, cam, z: 14)
        XCTAssertEqual(tiles.first?.size ?? 0, 512 * exp2(3.25), accuracy: 1e-9)
        XCTAssertEqual(tiles.count, 1, "at 4870 points per tile one tile covers the image")
        XCTAssertEqual(tiles.first?.id, TileID(z: 14, x: 8530, y: 5974))
        XCTAssertEqual(tiles.first?.scale(extent: 4096) ?? 0, exp2(3.25) / 8, accuracy: 1e-12)
    }

    func testZoomIsClampedToTheSourceRange() {
        XCTAssertEqual(TileCover.tileZoom(for: 5.99, minZoom: 0, maxZoom: 14), 5)
        XCTAssertEqual(TileCover.tileZoom(for: 6, minZoom: 0, maxZoom: 14), 6)
        XCTAssertEqual(TileCover.tileZoom(for: 1.5, minZoom: 2, maxZoom: 14), 2)
        XCTAssertEqual(TileCover.tileZoom(for: 24, minZoom: 0, maxZoom: 31), 24)
        XCTAssertEqual(TileCover.tileZoom(for: .nan, minZoom: 3, maxZoom: 9), 3)
        let cam = Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 1.5, size: size)
        let tiles = TileCover.tiles(for: cam, minZoom: 2, maxZoom: 14)
        XCTAssertTrue(tiles.allSatisfy { $0.id.z == 2 })
        XCTAssertEqual(tiles.first?.size ?? 0, 512 * exp2(-0.5), accuracy: 1e-9)
        assertValidCover(tiles, cam, z: 2)
    }

    func testAntimeridianWrapKeepsTheWorldCopy() {
        // Centre just west of the antimeridian: columns 1023 (this world) and 0 of the next copy.
        let east = Camera(center: Coordinate(latitude: -17, longitude: 179.95), zoom: 10, size: size)
        let tiles = TileCover.tiles(for: east, minZoom: 0, maxZoom: 14)
        assertValidCover(tiles, east, z: 10)
        XCTAssertEqual(Set(tiles.map(\.id.x)), [1023, 0])
        for t in tiles {
            XCTAssertEqual(t.wrap, t.id.x == 0 ? 1 : 0)
            XCTAssertEqual(t.unwrappedX, t.id.x == 0 ? 1024 : 1023)
        }
        // The same view centred at -180.05 (unwrapped): the same tiles one world to the west.
        let west = Camera(center: Coordinate(latitude: -17, longitude: -180.05), zoom: 10, size: size)
        let wTiles = TileCover.tiles(for: west, minZoom: 0, maxZoom: 14)
        XCTAssertEqual(wTiles.map(\.id), tiles.map(\.id))
        XCTAssertEqual(wTiles.map(\.wrap), tiles.map { $0.wrap - 1 })
        for (a, b) in zip(tiles, wTiles) {
            XCTAssertEqual(a.origin.x, b.origin.x, accuracy: 1e-6)
            XCTAssertEqual(a.origin.y, b.origin.y, accuracy: 1e-6)
        }
    }

    func testPolesAndDegenerateImages() {
        let north = Camera(center: Coordinate(latitude: 85, longitude: 0), zoom: 2, size: size)
        let tiles = TileCover.tiles(for: north, minZoom: 0, maxZoom: 14)
        XCTAssertTrue(tiles.allSatisfy { $0.id.y == 0 || $0.id.y == 1 })
        assertValidCover(tiles, north, z: 2)
        let empty = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 3, size: Size(width: 0, height: 100))
        XCTAssertEqual(TileCover.tiles(for: empty, minZoom: 0, maxZoom: 14), [])
    }

    func testMissingSampleDataSkipsWithAClearMessage() {
        XCTAssertThrowsError(try SharedData.require("no-such-sample.mbtiles")) { error in
            XCTAssertTrue(error is XCTSkip)
            XCTAssertTrue("\(error)".contains("no-such-sample.mbtiles"), "\(error)")
        }
    }
}
