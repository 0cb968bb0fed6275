import Foundation
import MapSnapGeometry
import MapSnapTestSupport
import XCTest

@testable import MapSnapTerrain

/// The GeoTIFF reader on GDAL's files (Fixtures/README.md says how they were made) and on
/// broken ones.
final class GeoTIFFReaderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// `../shared/<relative>`, or an `XCTSkip` when the shared data folder is absent.
    static func sharedPath(_ relative: String) throws -> String { try TestPaths.shared(relative).path }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(name))))
    }

    /// Cells of the cut (column, row, metres), from `gdal_translate -of AAIGrid` of
    /// `monaco-int16-none-p1-strips.tif`.
    static let knownCells: [(Int, Int, Float)] = [
        (0, 0, 554), (29, 0, 289), (8, 2, 489), (9, 2, 486), (8, 3, 464), (9, 3, 457), (25, 17, 75), (26, 17, 64),
        (25, 18, 63), (26, 18, 58), (29, 23, 0), (24, 22, -1), (27, 23, -2), (28, 23, 3), (0, 23, 549),
    ]

    /// The 34 files of the matrix and the byte-order, BigTIFF and PixelIsArea variants.
    private func variants() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter {
                $0.hasPrefix("monaco-") && $0.hasSuffix(".tif") && !$0.hasPrefix("monaco-3857")
                    && !$0.contains("sea-nodata")
            }.sorted()
    }

    func testEveryCompressionPredictorLayoutAndTypeGivesTheSameHeights() throws {
        let names = try variants()
        XCTAssertEqual(names.count, 38)
        let reference = try GeoTIFFReader.read(path: Self.fixture("monaco-int16-none-p1-strips.tif"))
        for name in names {
            let r = try GeoTIFFReader.read(path: Self.fixture(name))
            XCTAssertEqual(r.width, 30, name)
            XCTAssertEqual(r.height, 24, name)
            XCTAssertEqual(r.crs, .geographic, name)
            XCTAssertEqual(r.originX, 7.402_916_666_666_667, accuracy: 1e-9, name)
            XCTAssertEqual(r.originY, 43.753_75, accuracy: 1e-9, name)
            XCTAssertEqual(r.cellWidth, 1.0 / 1200, accuracy: 1e-12, name)
            let expected = name.contains("uint16") ? reference.heights.map { max($0, 0) } : reference.heights
            XCTAssertEqual(r.heights, expected, name)
        }
        for (c, row, h) in Self.knownCells { XCTAssertEqual(reference[c, row], h, "cell \(c), \(row)") }
        XCTAssertEqual(reference.nodata, -32768)
    }

    /// The PROVENANCE spot values: the cell holding Monaco-Ville rock (7.4246 E, 43.7384 N) is
    /// (26, 18) = 58 m; the one holding the Tête de Chien slope (7.4103, 43.7513) is (8, 2) =
    /// 489 m. The bilinear heights there, by hand from the known cells:
    /// rock: column 25.52, row 17.92 → (75·0.48 + 64·0.52)·0.08 + (63·0.48 + 58·0.52)·0.92 = 61.1;
    /// slope: column 8.36, row 2.44 → (489·0.64 + 486·0.36)·0.56 + (464·0.64 + 457·0.36)·0.44 = 476.3.
    func testKnownHeightsAroundMonaco() throws {
        let r = try GeoTIFFReader.read(path: Self.fixture("monaco-int16-deflate-p2-tiles.tif"))
        let rock = Coordinate(latitude: 43.7384, longitude: 7.4246)
        let slope = Coordinate(latitude: 43.7513, longitude: 7.4103)
        XCTAssertEqual(r.column(longitude: rock.longitude), 25.52, accuracy: 1e-3)
        XCTAssertEqual(r.row(latitude: rock.latitude), 17.92, accuracy: 1e-3)
        func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        let fx = r.column(longitude: rock.longitude) - 25
        let fy = r.row(latitude: rock.latitude) - 17
        let rockByHand = lerp(lerp(75, 64, fx), lerp(63, 58, fx), fy)
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: rock)), rockByHand, accuracy: 1e-3)
        XCTAssertEqual(rockByHand, 61.1, accuracy: 0.05)
        XCTAssertEqual(rockByHand, 58, accuracy: 5, "a few metres from the spot value")
        let sx = r.column(longitude: slope.longitude) - 8
        let sy = r.row(latitude: slope.latitude) - 2
        let slopeByHand = lerp(lerp(489, 486, sx), lerp(464, 457, sx), sy)
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: slope)), slopeByHand, accuracy: 1e-3)
        XCTAssertEqual(slopeByHand, 476.3, accuracy: 0.1, "MapLibre's terrain-RGB tiles give 476.0 m")
        // The centre of sea cell (27, 21).
        let sea = Coordinate(latitude: 43.753_75 - 21.5 / 1200, longitude: 7.402_916_666_67 + 27.5 / 1200)
        XCTAssertEqual(try XCTUnwrap(r.elevation(at: sea)), 0, accuracy: 1e-3)
        XCTAssertNil(r.elevation(at: Coordinate(latitude: 43.76, longitude: 7.41)))
    }

    /// The cut holds the heights of the `.hgt` it comes from, cell for cell.
    func testTheCutAgreesWithTheHGTTile() throws {
        let hgt = try HGTReader.read(path: try TestPaths.shared("data/dem/N43E007.hgt").path)
        let cut = try GeoTIFFReader.read(path: Self.fixture("monaco-float32-lzw-p3-strips.tif"))
        for row in 0..<cut.height {
            for c in 0..<cut.width { XCTAssertEqual(cut[c, row], hgt[484 + c, 296 + row], "cell \(c), \(row)") }
        }
        for p in [Coordinate(latitude: 43.7384, longitude: 7.4246), Coordinate(latitude: 43.7513, longitude: 7.4103)] {
            let a = try XCTUnwrap(cut.elevation(at: p))
            let b = try XCTUnwrap(hgt.elevation(at: p))
            XCTAssertEqual(a, b, accuracy: 0.01, "\(p)")
        }
        let source = try GeoTIFFReader.read(path: try TestPaths.shared("data/dem/monaco_srtm3.tif").path)
        XCTAssertEqual(source.width, 300)
        XCTAssertEqual(source[124 + 26, 56 + 18], 58)
    }

    func testPixelIsPointAndPixelIsAreaGiveTheSameGrid() throws {
        let point = try GeoTIFFGeoreference(TIFFDirectory(Self.bytes("monaco-int16-none-p1-strips.tif")))
        let area = try GeoTIFFGeoreference(TIFFDirectory(Self.bytes("monaco-int16-area.tif")))
        XCTAssertTrue(point.pixelIsPoint)
        XCTAssertFalse(area.pixelIsPoint)
        XCTAssertEqual(point.originX, area.originX, accuracy: 1e-12)
        XCTAssertEqual(point.originY, area.originY, accuracy: 1e-12)
    }

    func testNodataCellsHaveNoValue() throws {
        let r = try GeoTIFFReader.read(path: Self.fixture("monaco-int16-sea-nodata.tif"))
        XCTAssertEqual(r.nodata, 0)
        XCTAssertTrue(r[27, 21].isNaN)
        XCTAssertEqual(r[24, 22], -1)
        let sea = Coordinate(latitude: 43.753_75 - 21.5 / 1200, longitude: 7.402_916_666_67 + 27.5 / 1200)
        XCTAssertNil(r.elevation(at: sea))
        XCTAssertEqual(
            try XCTUnwrap(r.elevation(at: Coordinate(latitude: 43.7384, longitude: 7.4246))), 61.1, accuracy: 0.05)
    }

    /// The cut warped to Web Mercator (bilinear): the same ground within a few metres, and no
    /// value where the warped grid leaves the cut.
    func testWebMercatorRasters() throws {
        let cut = try GeoTIFFReader.read(path: Self.fixture("monaco-int16-none-p1-strips.tif"))
        for name in ["monaco-3857-int16.tif", "monaco-3857-float32-nan.tif"] {
            let r = try GeoTIFFReader.read(path: Self.fixture(name))
            XCTAssertEqual(r.crs, .webMercator, name)
            XCTAssertEqual([r.width, r.height], [32, 35], name)
            XCTAssertEqual([r.originX, r.originY, r.cellWidth, r.cellHeight], [823_900, 5_427_600, 100, 100], name)
            XCTAssertTrue(r.nodata.map { $0 == -32768 || $0.isNaN } ?? false, name)
            XCTAssertTrue(r[0, 0].isNaN, name)
            XCTAssertNil(r.elevation(at: Coordinate(latitude: 43.7549, longitude: 7.4015)), name)
            let rock = Coordinate(latitude: 43.7384, longitude: 7.4246)
            let a = try XCTUnwrap(r.elevation(at: rock), name)
            let b = try XCTUnwrap(cut.elevation(at: rock), name)
            XCTAssertEqual(a, b, accuracy: 6, name)
            XCTAssertEqual(try XCTUnwrap(r.cellSize(near: rock)), 100 * cos(43.7384 * .pi / 180), accuracy: 0.05)
            // 823 900 m east is 7.401 22° E; 5 427 600 m north is 43.754 96° N.
            XCTAssertEqual(r.bounds.west, 7.401_22, accuracy: 1e-5, name)
            XCTAssertEqual(r.bounds.north, 43.754_96, accuracy: 1e-5, name)
        }
    }

    /// A ModelTransformation without rotation (GDAL writes tiepoints, so this file is made by
    /// hand); with rotation it is refused.
    func testModelTransformation() throws {
        var b = TIFFBuilder.int16(width: 2, height: 2, values: [1, 2, 3, 4], west: 0, north: 0, cell: 1)
        b.remove(33550)
        b.remove(33922)
        b.set(34264, 12, [0.5, 0, 0, 10, 0, -0.25, 0, 50, 0, 0, 0, 0, 0, 0, 0, 1])
        let r = try GeoTIFFReader.decode(b.bytes())
        XCTAssertEqual([r.originX, r.originY, r.cellWidth, r.cellHeight], [10, 50, 0.5, 0.25])
        XCTAssertEqual(r.heights, [1, 2, 3, 4])
        XCTAssertEqual(
            try XCTUnwrap(r.elevation(at: Coordinate(latitude: 49.75, longitude: 10.5))), 2.5, accuracy: 1e-5)
        b.set(34264, 12, [0.5, 0.1, 0, 10, 0, -0.25, 0, 50, 0, 0, 0, 0, 0, 0, 0, 1])
        assertError(b.bytes(), "tag ModelTransformationTag: a rotated or sheared grid is not read", unsupported: true)
    }

    func testBigEndianHandMadeFile() throws {
        var b = TIFFBuilder.int16(width: 2, height: 1, values: [], west: 7, north: 44, cell: 0.5)
        b.bigEndian = true
        b.chunks = [[0x01, 0x02, 0xFF, 0xFE]]
        let r = try GeoTIFFReader.decode(b.bytes())
        XCTAssertEqual(r.heights, [258, -2])
    }

    /// What the reader does not read is `.unsupported`, saying what it is.
    func testUnsupportedFilesSayWhy() throws {
        let cases = [
            ("unsupported-utm32n.tif", "ProjectedCSTypeGeoKey: EPSG:32632 is not read (EPSG:3857 is)"),
            (
                "unsupported-byte.tif",
                "tag SampleFormat / BitsPerSample: 8-bit unsigned integer samples are not read (16-bit integers and 32-bit floats are)"
            ),
            (
                "unsupported-float64.tif",
                "tag SampleFormat / BitsPerSample: 64-bit floating-point samples are not read (16-bit integers and 32-bit floats are)"
            ),
            (
                "unsupported-packbits.tif",
                "tag Compression: 32773 (PackBits) is not read (1 none, 5 LZW, 8 DEFLATE are)"
            ),
        ]
        for (name, message) in cases {
            let path = Self.fixture(name)
            XCTAssertThrowsError(try GeoTIFFReader.read(path: path), name) { error in
                XCTAssertEqual((error as? DEMError)?.description, "\(path): \(message)")
                guard case .unsupported = error as? DEMError else { return XCTFail("\(name): \(error)") }
            }
        }
        var jpeg = TIFFBuilder.int16(width: 2, height: 2, values: [1, 2, 3, 4], west: 0, north: 0, cell: 1)
        jpeg.set(259, 3, [7])
        assertError(
            jpeg.bytes(), "tag Compression: 7 (JPEG) is not read (1 none, 5 LZW, 8 DEFLATE are)", unsupported: true)
        var bands = jpeg
        bands.set(259, 3, [1])
        bands.set(277, 3, [3])
        assertError(bands.bytes(), "tag SamplesPerPixel: 3 bands; one is read", unsupported: true)
        var plain = bands
        plain.set(277, 3, [1])
        plain.remove(34735)
        assertError(plain.bytes(), "tag GeoKeyDirectoryTag: missing: this TIFF is not a GeoTIFF", unsupported: true)
        var huge = plain
        huge.set(256, 4, [200_000])
        huge.set(257, 4, [100_000])
        assertError(
            huge.bytes(), "ImageWidth × ImageLength: 200000×100000 pixels is more than the 100000000 read",
            unsupported: true)
    }

    /// Broken files are `.malformed`, naming the place.
    func testBrokenFilesNameThePlace() throws {
        let good = TIFFBuilder.int16(width: 2, height: 2, values: [1, 2, 3, 4], west: 0, north: 0, cell: 1)
        XCTAssertEqual(try GeoTIFFReader.decode(good.bytes()).heights, [1, 2, 3, 4])
        var past = good
        past.set(273, 4, [1_000_000])
        assertError(past.bytes(), "strip 0: 8 bytes at byte offset 1000000 run past the end of the file (270 bytes)")
        var short = good
        short.set(279, 4, [6])
        assertError(short.bytes(), "strip 0: 6 bytes of samples where 8 are expected")
        var counts = good
        counts.set(279, 4, [4, 4])
        assertError(counts.bytes(), "tag StripByteCounts: 2 values, at most 1 expected")
        var missing = good
        missing.remove(256)
        assertError(missing.bytes(), "tag ImageWidth: missing")
        var deflate = good
        deflate.set(259, 3, [8])
        assertError(
            deflate.bytes(),
            "strip 0: DEFLATE data: compressed data is corrupt (inflate failed: incorrect header check)")
        var lzw = good
        lzw.set(259, 3, [5])
        lzw.chunks = [[0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]
        assertError(lzw.bytes(), "strip 0: LZW code 511 follows a Clear code")
        assertError([0x49, 0x49, 42, 0, 0xFF, 0xFF, 0, 0], "IFD: offset 65535 is outside the file (8 bytes)")
        assertError(Array("not a tiff at all".utf8), "header: not a TIFF file (no II*/MM* byte-order mark and version)")
        assertError([], "header: not a TIFF file (no II*/MM* byte-order mark and version)")
    }

    /// Every prefix of a real file, and random damage to it, returns or throws; none traps.
    func testTruncatedAndDamagedFilesThrow() throws {
        for name in [
            "monaco-float32-lzw-p3-tiles.tif", "monaco-int16-deflate-p2-strips.tif", "monaco-int16-bigtiff.tif",
        ] {
            let bytes = try Self.bytes(name)
            for length in Swift.stride(from: 0, to: bytes.count, by: 13) {
                XCTAssertThrowsError(try GeoTIFFReader.decode(Array(bytes[0..<length])), "\(name) cut to \(length)")
            }
            var random = SplitMix64(seed: 42)
            for _ in 0..<300 {
                var damaged = bytes
                for _ in 0..<4 {
                    damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(
                        in: 0...255, using: &random)
                }
                _ = try? GeoTIFFReader.decode(damaged)
            }
        }
    }

    private func assertError(
        _ bytes: [UInt8], _ message: String, unsupported: Bool = false, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertThrowsError(try GeoTIFFReader.decode(bytes), file: file, line: line) { error in
            XCTAssertEqual((error as? DEMError)?.description, message, file: file, line: line)
            if case .unsupported = error as? DEMError {
                XCTAssertTrue(unsupported, "\(error) is .unsupported", file: file, line: line)
            } else {
                XCTAssertFalse(unsupported, "\(error) is not .unsupported", file: file, line: line)
            }
        }
    }
}
