import Foundation
import MapSnapGeometry
import XCTest

@testable import MapSnapTerrain

final class ElevationModelTests: XCTestCase {
    /// A raster of `cell`-degree cells from (west, north) whose heights are `f(lon, lat)` at
    /// the cell centres.
    private func raster(
        west: Double, north: Double, cell: Double, width: Int, height: Int,
        _ f: (Double, Double) -> Float
    ) throws -> GeoRaster {
        var heights: [Float] = []
        for r in 0..<height {
            for c in 0..<width { heights.append(f(west + (Double(c) + 0.5) * cell, north - (Double(r) + 0.5) * cell)) }
        }
        return try GeoRaster(
            width: width, height: height, crs: .geographic, originX: west, originY: north, cellWidth: cell,
            cellHeight: cell, heights: heights)
    }

    func testTheFinestRasterWithAValueAnswers() throws {
        let coarse = try raster(west: 10, north: 50, cell: 1, width: 3, height: 3) { _, _ in 100 }
        let fine = try raster(west: 11, north: 49, cell: 0.1, width: 5, height: 5) { lon, _ in lon < 11.2 ? .nan : 200 }
        let model = ElevationModel(rasters: [coarse, fine])
        XCTAssertEqual(model.rasters.map(\.cellWidth), [0.1, 1])
        XCTAssertEqual(model.elevation(at: Coordinate(latitude: 48.8, longitude: 11.35)), 200)
        XCTAssertEqual(model.elevation(at: Coordinate(latitude: 48.8, longitude: 11.05)), 100, "a void of the fine one")
        XCTAssertEqual(model.elevation(at: Coordinate(latitude: 47.5, longitude: 12.5)), 100)
        XCTAssertNil(model.elevation(at: Coordinate(latitude: 40, longitude: 12)))
        XCTAssertEqual(
            try XCTUnwrap(model.cellSize(near: Coordinate(latitude: 48.8, longitude: 11.35))), 11_132, accuracy: 1)
        XCTAssertEqual(
            try XCTUnwrap(model.cellSize(near: Coordinate(latitude: 47.5, longitude: 12.5))), 111_319, accuracy: 1)
        XCTAssertNil(model.cellSize(near: Coordinate(latitude: 40, longitude: 12)))
    }

    /// `load` picks the reader by extension, else by the first bytes or the size.
    func testLoadChoosesTheReader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-dem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tiff = try Data(
            contentsOf: URL(fileURLWithPath: GeoTIFFReaderTests.fixture("monaco-int16-lzw-p2-tiles.tif")))
        try tiff.write(to: folder.appendingPathComponent("cut.dem"))
        var hgt = [UInt8](repeating: 0, count: 1201 * 1201 * 2)
        hgt[1] = 7
        try Data(hgt).write(to: folder.appendingPathComponent("N43E007.HGT"))
        try Data(hgt).write(to: folder.appendingPathComponent("N44E007"))
        try Data("hello".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let paths = ["cut.dem", "N43E007.HGT", "N44E007"].map { folder.appendingPathComponent($0).path }
        let model = try ElevationModel.load(paths: paths)
        XCTAssertEqual(model.rasters.map(\.width), [30, 1201, 1201])
        XCTAssertEqual(model.elevation(at: Coordinate(latitude: 44, longitude: 7)), 7)
        XCTAssertEqual(model.elevation(at: Coordinate(latitude: 45, longitude: 7)), 7)
        XCTAssertEqual(model.elevation(at: Coordinate(latitude: 44.5, longitude: 7.5)), 0)
        let notes = folder.appendingPathComponent("notes.txt").path
        XCTAssertThrowsError(try ElevationModel.load(paths: [paths[0], notes])) {
            XCTAssertEqual(
                ($0 as? DEMError)?.description,
                "\(notes): neither a GeoTIFF nor an SRTM .hgt file (by its name, bytes or size)")
        }
    }

    /// A tile's pixels hold the heights at their centres; the border holds the neighbours' edge
    /// pixels exactly, so a tile and its neighbour agree where they meet.
    func testDEMTilesSampleThePixelCentresAndTheirNeighbours() throws {
        // A plane (bilinear is exact on it): 1000 m per degree east, 500 m per degree north.
        let plane: (Double, Double) -> Float = { lon, lat in Float(1000 * (lon - 7) + 500 * (lat - 43)) }
        let model = ElevationModel(rasters: [try raster(west: 7, north: 44, cell: 0.01, width: 100, height: 100, plane)]
        )
        let z = 12
        let unit = WebMercator.unitPoint(Coordinate(latitude: 43.5, longitude: 7.5))
        let x = Int(unit.x * 4096)
        let y = Int(unit.y * 4096)
        let dim = 64
        let tile = try XCTUnwrap(model.demTile(z: z, x: x, y: y, dim: dim))
        XCTAssertEqual(tile.dim, dim)
        for (i, j) in [(0, 0), (63, 0), (10, 40), (-1, -1), (64, 64), (-1, 30)] {
            let centre = WebMercator.coordinate(
                unitX: (Double(x * dim + i) + 0.5) / Double(4096 * dim),
                unitY: (Double(y * dim + j) + 0.5) / Double(4096 * dim))
            XCTAssertEqual(tile[i, j], plane(centre.longitude, centre.latitude), accuracy: 2e-3, "pixel \(i), \(j)")
        }
        let east = try XCTUnwrap(model.demTile(z: z, x: x + 1, y: y, dim: dim))
        let south = try XCTUnwrap(model.demTile(z: z, x: x, y: y + 1, dim: dim))
        let diagonal = try XCTUnwrap(model.demTile(z: z, x: x + 1, y: y + 1, dim: dim))
        for k in 0..<dim {
            XCTAssertEqual(tile[dim, k], east[0, k])
            XCTAssertEqual(east[-1, k], tile[dim - 1, k])
            XCTAssertEqual(tile[k, dim], south[k, 0])
        }
        XCTAssertEqual(tile[dim, dim], diagonal[0, 0])
        XCTAssertNotEqual(tile[dim, 5], tile[dim - 1, 5], "the border is not a copy of the edge")
    }

    func testDEMTilesOutsideTheDataAreNil() throws {
        let model = ElevationModel(rasters: [
            try raster(west: 7, north: 44, cell: 0.5, width: 2, height: 2) { _, _ in 5 }
        ])
        XCTAssertNil(model.demTile(z: 10, x: 0, y: 0, dim: 16))
        XCTAssertNil(model.demTile(z: 3, x: 8, y: 0, dim: 16))
        XCTAssertNil(model.demTile(z: -1, x: 0, y: 0, dim: 16))
        XCTAssertNil(model.demTile(z: 3, x: 4, y: 2, dim: 0))
        // The z3 tile holding the raster: the raster's pixels are 5 m, the rest 0 m.
        let unit = WebMercator.unitPoint(Coordinate(latitude: 43.5, longitude: 7.5))
        let tile = try XCTUnwrap(model.demTile(z: 3, x: Int(unit.x * 8), y: Int(unit.y * 8), dim: 256))
        // Pixels are 0.176° wide: 6 columns × 8 rows (Mercator stretches 1° of latitude there) of them.
        XCTAssertEqual(tile.heights.filter { $0 == 5 }.count, 48)
        XCTAssertEqual(tile[0, 0], 0)
    }

    /// A 256² tile from the real 3″ tile; the time is printed (debug build: not asserted).
    func testDEMTileFromTheMonacoTile() throws {
        let path = try GeoTIFFReaderTests.sharedPath("data/dem/N43E007.hgt")
        let model = try ElevationModel.load(paths: [path])
        let unit = WebMercator.unitPoint(Coordinate(latitude: 43.7384, longitude: 7.4246))
        let (x, y) = (Int(unit.x * 8192), Int(unit.y * 8192))
        let start = Date()
        let tile = try XCTUnwrap(model.demTile(z: 13, x: x, y: y, dim: 256))
        print("demTile z13 256²: \(Int(Date().timeIntervalSince(start) * 1e6)) µs (debug)")
        let i = Int((unit.x * 8192 - Double(x)) * 256)
        let j = Int((unit.y * 8192 - Double(y)) * 256)
        XCTAssertEqual(Double(tile[i, j]), 61, accuracy: 6)
    }
}
