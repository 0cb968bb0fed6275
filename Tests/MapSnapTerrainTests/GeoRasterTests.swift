import MapSnapGeometry
import XCTest

@testable import MapSnapTerrain

final class GeoRasterTests: XCTestCase {
    /// 3 × 2 cells of 1° from (10 E, 50 N): cell centres at 10.5, 11.5, 12.5 E and 49.5, 48.5 N.
    private func grid(_ values: [Float]) throws -> GeoRaster {
        try GeoRaster(
            width: 3, height: 2, crs: .geographic, originX: 10, originY: 50, cellWidth: 1, cellHeight: 1,
            heights: values)
    }

    /// Bilinear between cell centres, worked out by hand.
    func testBilinearBetweenCellCentres() throws {
        let r = try grid([0, 10, 20, 100, 110, 120])
        // On a centre: its value.
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 49.5, longitude: 11.5))), 10, accuracy: 1e-4)
        // Halfway between 10.5 and 11.5 E on the top row: (0 + 10) / 2.
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 49.5, longitude: 11))), 5, accuracy: 1e-4)
        // (10.75 E, 49.25 N): fx = 0.25, fy = 0.25 → (0·0.75 + 10·0.25)·0.75 + (100·0.75 + 110·0.25)·0.25
        // = 1.875 + 25.625 = 27.5.
        XCTAssertEqual(
            try XCTUnwrap(r.elevation(at: Coordinate(latitude: 49.25, longitude: 10.75))), 27.5, accuracy: 1e-4)
        // (12.2 E, 48.9 N): cells 11.5/12.5 × 49.5/48.5, fx = 0.7, fy = 0.6:
        // (10·0.3 + 20·0.7)·0.4 + (110·0.3 + 120·0.7)·0.6 = 6.8 + 70.2 = 77.
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 48.9, longitude: 12.2))), 77, accuracy: 1e-3)
    }

    /// Cells are areas: the raster reaches its outer edges (the edge value holds over the outer
    /// half cell) and nothing beyond.
    func testTheRasterEndsAtItsOuterCellEdges() throws {
        let r = try grid([0, 10, 20, 100, 110, 120])
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 50, longitude: 10))), 0, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 48, longitude: 13))), 120, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 49, longitude: 10.2))), 50, accuracy: 1e-4)
        XCTAssertNil(r.elevation(at: Coordinate(latitude: 50.01, longitude: 11)))
        XCTAssertNil(r.elevation(at: Coordinate(latitude: 49, longitude: 13.01)))
        XCTAssertNil(r.elevation(at: Coordinate(latitude: .nan, longitude: 11)))
        XCTAssertNil(r.cellSize(near: Coordinate(latitude: 47, longitude: 11)))
        XCTAssertEqual(r.bounds, BoundingBox(west: 10, south: 48, east: 13, north: 50))
    }

    /// A NaN cell: nil inside it; around it, the valid neighbours' weights renormalised.
    func testBilinearSkipsCellsWithoutAValue() throws {
        let r = try grid([0, .nan, 20, 100, 110, 120])
        XCTAssertNil(r.elevation(at: Coordinate(latitude: 49.6, longitude: 11.5)))
        // (11.2 E, 48.9 N): cells 10.5/11.5 × 49.5/48.5, fx = 0.7, fy = 0.6; the nearest (110) has
        // a value; weights 0 → 0.3·0.4 = 0.12, 100 → 0.3·0.6 = 0.18, 110 → 0.7·0.6 = 0.42:
        // (0 + 18 + 46.2) / 0.72 = 89.167. At (11.2 E, 49.1 N) the nearest cell is the void.
        XCTAssertEqual(
            try XCTUnwrap(r.elevation(at: Coordinate(latitude: 48.9, longitude: 11.2))), 64.2 / 0.72, accuracy: 1e-3)
        XCTAssertNil(r.elevation(at: Coordinate(latitude: 49.1, longitude: 11.2)))
        let void = try grid([.nan, .nan, .nan, .nan, .nan, .nan])
        XCTAssertNil(void.elevation(at: Coordinate(latitude: 49, longitude: 11)))
    }

    func testCellSizeInMetres() throws {
        // 3″ at 43.7° N: 92.6 m north–south (67 m east–west): the larger side.
        let r = try GeoRaster(
            width: 1201, height: 1201, crs: .geographic, originX: 7, originY: 44, cellWidth: 1.0 / 1200,
            cellHeight: 1.0 / 1200, heights: [Float](repeating: 0, count: 1201 * 1201))
        XCTAssertEqual(
            try XCTUnwrap(r.cellSize(near: Coordinate(latitude: 43.7, longitude: 7.4))), 92.77, accuracy: 0.1)
        // 100 m Web Mercator cells at 60° N are 50 m on the ground.
        let m = try GeoRaster(
            width: 2, height: 2, crs: .webMercator, originX: 0, originY: 8_399_737.89, cellWidth: 100, cellHeight: 100,
            heights: [0, 0, 0, 0])
        XCTAssertEqual(try XCTUnwrap(m.cellSize(near: Coordinate(latitude: 60, longitude: 0.0005))), 50, accuracy: 0.1)
    }

    func testTheInitializerChecksItsGuarantees() {
        XCTAssertThrowsError(
            try GeoRaster(
                width: 2, height: 2, crs: .geographic, originX: 0, originY: 0, cellWidth: 1, cellHeight: 1, heights: [1]
            ))
        XCTAssertThrowsError(
            try GeoRaster(
                width: 1, height: 1, crs: .geographic, originX: 0, originY: 0, cellWidth: 0, cellHeight: 1, heights: [1]
            ))
        XCTAssertThrowsError(
            try GeoRaster(
                width: Int.max, height: 2, crs: .geographic, originX: 0, originY: 0, cellWidth: 1, cellHeight: 1,
                heights: [1]))
    }
}
