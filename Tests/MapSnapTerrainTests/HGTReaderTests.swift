import Foundation
import MapSnapGeometry
import MapSnapTestSupport
import XCTest

@testable import MapSnapTerrain

final class HGTReaderTests: XCTestCase {
    /// A 3″ tile made in memory (a real one is 2.9 MB): sample (column, row) = `value(c, r)`.
    private func tile(_ value: (Int, Int) -> Int16) -> [UInt8] {
        let side = 1201
        var bytes = [UInt8](repeating: 0, count: side * side * 2)
        for r in 0..<side {
            for c in 0..<side {
                let v = UInt16(bitPattern: value(c, r))
                bytes[2 * (r * side + c)] = UInt8(v >> 8)
                bytes[2 * (r * side + c) + 1] = UInt8(v & 0xFF)
            }
        }
        return bytes
    }

    private func corner(_ name: String) -> [Int]? {
        HGTReader.southWestCorner(fileName: name).map { [$0.latitude, $0.longitude] }
    }

    func testTheNameGivesTheSouthWestCorner() {
        XCTAssertEqual(corner("N43E007.hgt"), [43, 7])
        XCTAssertEqual(corner("s12w077.hgt"), [-12, -77])
        XCTAssertEqual(corner("/data/srtm/S01W180.HGT"), [-1, -180])
        XCTAssertEqual(corner("N00E000"), [0, 0])
        XCTAssertEqual(corner("N43E007.SRTMGL3.hgt"), [43, 7])
        for bad in ["", "N43E07.hgt", "X43E007.hgt", "N43E007x.hgt", "N43E180.hgt", "S91E000.hgt", "dem.hgt"] {
            XCTAssertNil(HGTReader.southWestCorner(fileName: bad), bad)
        }
    }

    /// Samples are points: the first lies exactly on the north-west corner (44 N, 7 E), the last
    /// on the south-east one (43 N, 8 E), big-endian, signed.
    func testSamplesArePointsFromTheNorthWestCorner() throws {
        let r = try HGTReader.decode(tile { c, r in Int16(c) - Int16(r) }, fileName: "N43E007.hgt")
        XCTAssertEqual(r.width, 1201)
        XCTAssertEqual(r.crs, .geographic)
        XCTAssertNil(r.nodata)
        XCTAssertEqual(r[0, 0], 0)
        XCTAssertEqual(r[1200, 0], 1200)
        XCTAssertEqual(r[0, 1200], -1200)
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 44, longitude: 7))), 0, accuracy: 1e-3)
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 43, longitude: 8))), 0, accuracy: 1e-3)
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 44, longitude: 8))), 1200, accuracy: 1e-3)
        // Halfway between samples 600 and 601 of row 300: 600.5 − 300.
        let lon = 7 + 600.5 / 1200
        XCTAssertEqual(
            try XCTUnwrap(r.elevation(at: Coordinate(latitude: 44 - 300.0 / 1200, longitude: lon))), 300.5,
            accuracy: 1e-3)
        XCTAssertEqual(r.bounds.west, 7 - 0.5 / 1200, accuracy: 1e-12)
        XCTAssertEqual(r.bounds.north, 44 + 0.5 / 1200, accuracy: 1e-12)
    }

    /// Voids (−32768) take the mean of their valid neighbours, then the next ring inwards takes
    /// the mean of what is known around it.
    func testVoidsAreFilledFromTheirNeighbours() throws {
        // A flat 100 m tile with one void at (10, 10) and a 3 × 3 void block at (500…502, 500…502)
        // on a slope of 1 m per column.
        let bytes = tile { c, r in
            if c == 10 && r == 10 { return HGTReader.void }
            if (500...502).contains(c) && (500...502).contains(r) { return HGTReader.void }
            return r < 400 ? 100 : Int16(c)
        }
        let t = try HGTReader.decode(bytes, fileName: "N43E007.hgt")
        XCTAssertEqual(t[10, 10], 100)
        // The ring of the block: (500, 500) averages its 5 valid neighbours, columns 499, 500, 501
        // above and 499 left and below-left: (499 + 500 + 501 + 499 + 499) / 5 = 499.6.
        XCTAssertEqual(t[500, 500], 499.6, accuracy: 1e-3)
        // The centre (501, 501): the mean of the 8 ring cells, whose values are symmetric about 501.
        XCTAssertEqual(t[501, 501], 501, accuracy: 1e-3)
        XCTAssertFalse(t.heights.contains { $0.isNaN })
        // A tile of voids stays without values.
        let empty = try HGTReader.decode(tile { _, _ in HGTReader.void }, fileName: "N43E007.hgt")
        XCTAssertTrue(empty.heights.allSatisfy(\.isNaN))
        XCTAssertNil(empty.elevation(at: Coordinate(latitude: 43.5, longitude: 7.5)))
    }

    /// The voids fill in one sweep: a tile of voids with one valid sample is still fast.
    func testAlmostAllVoidFillsInLinearTime() throws {
        let start = Date()
        let t = try HGTReader.decode(tile { c, r in c == 0 && r == 0 ? 7 : HGTReader.void }, fileName: "N43E007.hgt")
        XCTAssertEqual(t[1200, 1200], 7)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testAWrongSizeOrNameIsAnError() {
        XCTAssertThrowsError(try HGTReader.decode([UInt8](repeating: 0, count: 1000), fileName: "N43E007.hgt")) {
            XCTAssertEqual(
                ($0 as? DEMError)?.inFile("N43E007.hgt").description,
                "N43E007.hgt: size 1000 bytes is neither 1″ (3601²·2) nor 3″ (1201²·2)")
        }
        XCTAssertThrowsError(try HGTReader.decode(tile { _, _ in 0 }, fileName: "dem.hgt")) {
            XCTAssertEqual(
                ($0 as? DEMError)?.inFile("dem.hgt").description,
                "dem.hgt: the name does not give the tile's south-west corner (like N43E007.hgt)")
        }
        XCTAssertThrowsError(try HGTReader.read(path: "/nonexistent/N43E007.hgt")) {
            XCTAssertEqual(($0 as? DEMError)?.description, "/nonexistent/N43E007.hgt: no such file")
        }
    }

    /// The real tile: PROVENANCE.md's spot values (SRTM3 via pyhgtmap, read with GDAL 3.6
    /// `gdallocationinfo -wgs84`: the cell holding each point): Monaco-Ville rock (7.4246 E,
    /// 43.7384 N) 58 m, the slope below Tête de Chien (7.4103, 43.7513) 489 m; the bilinear
    /// heights there are within a few metres on the rock, 13 m on the steep slope.
    func testTheMonacoTileHasTheKnownHeights() throws {
        let path = try TestPaths.shared("data/dem/N43E007.hgt").path
        let r = try HGTReader.read(path: path)
        XCTAssertEqual(r.width, 1201)
        XCTAssertEqual(r[510, 314], 58)  // the sample nearest the rock: (7 + 510/1200, 44 − 314/1200)
        XCTAssertEqual(r[492, 298], 489)
        let rock = try XCTUnwrap(r.elevation(at: Coordinate(latitude: 43.7384, longitude: 7.4246)))
        let slope = try XCTUnwrap(r.elevation(at: Coordinate(latitude: 43.7513, longitude: 7.4103)))
        XCTAssertEqual(rock, 58, accuracy: 5)
        XCTAssertEqual(slope, 489, accuracy: 15)
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: Coordinate(latitude: 43.65, longitude: 7.5))), 0)
        XCTAssertFalse(r.heights.contains { $0.isNaN }, "its 4 voids are filled")
        XCTAssertEqual(r.heights.min(), -16)
        XCTAssertEqual(r.heights.max(), 2060)
    }
}
