import MapSnapIO
import MapSnapOSM
import MapSnapTestSupport
import XCTest

/// The PBF reader on hand-built files (`TestPBF`): every message kind, both blob encodings, the
/// scale fields, a missing node, and the faults a reader must name.
final class PBFReaderTests: XCTestCase {
    /// String table of the sample block.
    static let strings = [
        "", "highway", "residential", "name", "A", "type", "restriction", "from", "via", "to",
        "building", "yes", "only_straight_on", "restriction",
    ]

    /// Three dense nodes (one tagged), a plain node, two ways and a restriction.
    static func sampleFile(_ compression: TestPBF.Compression = .zlib) -> [UInt8] {
        let block = TestPBF.block(
            strings: strings,
            groups: [
                TestPBF.dense(
                    ids: [10, 11, 13], lats: [437_000_000, 437_000_100, 437_000_250],
                    lons: [74_000_000, 74_000_050, 73_999_900], tags: [[], [(3, 4)], []]),
                TestPBF.node(id: 20, lat: -100, lon: 200, keys: [3], vals: [4]),
                TestPBF.ways([(100, [10, 11, 13], [1, 3], [2, 4]), (101, [13, 20], [10], [11])]),
                TestPBF.relation(
                    id: 7, keys: [5, 6], vals: [6, 12], members: [(1, 100, 7), (0, 13, 8), (1, 101, 9)]),
            ])
        return TestPBF.blob("OSMHeader", TestPBF.header(), compression) + TestPBF.blob("OSMData", block, compression)
    }

    func read(_ bytes: [UInt8], _ options: OSMReadOptions = .everything) throws -> OSMData {
        try OSMReader.read(bytes: bytes, file: "t.osm.pbf", options: options)
    }

    func error(_ bytes: [UInt8]) -> OSMError? {
        do {
            _ = try OSMReader.read(bytes: bytes, file: "t.osm.pbf")
            return nil
        } catch {
            return error
        }
    }

    func testDenseNodesPlainNodeWaysAndARelation() throws {
        for compression in [TestPBF.Compression.zlib, .raw] {
            let data = try read(Self.sampleFile(compression))
            XCTAssertEqual(data.nodes.ids, [10, 11, 13, 20])
            XCTAssertEqual(data.nodes.latitudes, [437_000_000, 437_000_100, 437_000_250, -100])
            XCTAssertEqual(data.nodes.longitudes, [74_000_000, 74_000_050, 73_999_900, 200])
            let c = try XCTUnwrap(data.nodes.coordinate(of: 11))
            XCTAssertEqual(c.latitude, 43.70001, accuracy: 1e-9)
            XCTAssertEqual(c.longitude, 7.400005, accuracy: 1e-9)
            XCTAssertEqual(data.nodeTags, [11: ["name": "A"], 20: ["name": "A"]])
            XCTAssertEqual(
                data.ways,
                [
                    OSMWay(id: 100, nodes: [10, 11, 13], tags: ["highway": "residential", "name": "A"]),
                    OSMWay(id: 101, nodes: [13, 20], tags: ["building": "yes"]),
                ])
            XCTAssertEqual(
                data.relations,
                [
                    OSMRelation(
                        id: 7,
                        members: [
                            OSMMember(kind: .way, ref: 100, role: "from"), OSMMember(kind: .node, ref: 13, role: "via"),
                            OSMMember(kind: .way, ref: 101, role: "to"),
                        ], tags: ["type": "restriction", "restriction": "only_straight_on"])
                ])
            let box = try XCTUnwrap(data.bounds)
            XCTAssertEqual(box.west, 7.4, accuracy: 1e-9)
            XCTAssertEqual(box.north, 43.8, accuracy: 1e-9)
            XCTAssertEqual(data.warnings, [])
        }
    }

    func testTheRoutingFilterKeepsHighwaysTheirNodesAndRestrictions() throws {
        let data = try read(Self.sampleFile(), .routing)
        XCTAssertEqual(data.ways.map(\.id), [100])
        XCTAssertEqual(data.nodes.ids, [10, 11, 13])
        XCTAssertEqual(data.nodeTags, [11: ["name": "A"]])
        XCTAssertEqual(data.relations.map(\.id), [7])
    }

    func testGranularityAndOffsetsScaleTheCoordinates() throws {
        // granularity 1000 nanodegrees, offsets 5e8 / -3e8 nanodegrees: 1e-7° units = (offset + 1000·v) / 100.
        let block = TestPBF.block(
            strings: [""], granularity: 1000, latOffset: 500_000_000, lonOffset: -300_000_000,
            groups: [TestPBF.dense(ids: [1, 2], lats: [1000, 1001], lons: [-5, 7])])
        let data = try read(TestPBF.blob("OSMHeader", TestPBF.header()) + TestPBF.blob("OSMData", block))
        XCTAssertEqual(data.nodes.latitudes, [5_010_000, 5_010_010])
        XCTAssertEqual(data.nodes.longitudes, [-3_000_050, -2_999_930])
    }

    func testUnsortedAndRepeatedNodesAreSortedLastWins() throws {
        let block = TestPBF.block(
            strings: [""], groups: [TestPBF.dense(ids: [5, 3, 5, 1], lats: [50, 30, 55, 10], lons: [0, 0, 0, 0])])
        let data = try read(TestPBF.blob("OSMHeader", TestPBF.header()) + TestPBF.blob("OSMData", block))
        XCTAssertEqual(data.nodes.ids, [1, 3, 5])
        XCTAssertEqual(data.nodes.latitudes, [10, 30, 55])
    }

    func testWaysAreSplitAtMissingNodesWithOneWarning() throws {
        let block = TestPBF.block(
            strings: ["", "highway", "primary"],
            groups: [
                TestPBF.dense(ids: [1, 2, 3, 4, 5], lats: [1, 2, 3, 4, 5], lons: [1, 2, 3, 4, 5]),
                TestPBF.ways([
                    (10, [1, 2, 99, 3, 4, 5], [1], [2]),  // split into 1-2 and 3-4-5
                    (11, [98, 1, 2], [1], [2]),  // 1-2
                    (12, [1, 97, 2], [1], [2]),  // nothing left
                    (13, [4, 5], [1], [2]),
                ]),
            ])
        let data = try read(TestPBF.blob("OSMHeader", TestPBF.header()) + TestPBF.blob("OSMData", block))
        XCTAssertEqual(data.ways.map(\.id), [10, 10, 11, 13])
        XCTAssertEqual(data.ways.map(\.nodes), [[1, 2], [3, 4, 5], [1, 2], [4, 5]])
        XCTAssertEqual(data.warnings.count, 1)
        XCTAssertTrue(data.warnings[0].hasPrefix("3 ways refer to 3 nodes missing"), data.warnings[0])
    }

    // MARK: - Faults

    func testATruncatedFileNamesTheBlobAndOffset() throws {
        let file = Self.sampleFile()
        let header = TestPBF.blob("OSMHeader", TestPBF.header())
        for cut in [file.count - 1, header.count + 2, header.count + 10] {
            let e = try XCTUnwrap(error(Array(file[..<cut])), "cut at \(cut)")
            XCTAssertEqual(e.kind, .truncated, e.description)
            XCTAssertEqual(e.blob, 1)
            XCTAssertEqual(e.offset, header.count)
            XCTAssertTrue(e.description.contains("blob 1 at byte \(header.count)"), e.description)
        }
    }

    func testAnOversizedBlobHeaderOrBlobIsRefused() throws {
        let header = TestPBF.blob("OSMHeader", TestPBF.header())
        let e = try XCTUnwrap(error(header + [0, 1, 0, 0, 0x0A] + [UInt8](repeating: 0, count: 16)))
        XCTAssertEqual(e.kind, .oversized)
        XCTAssertEqual(e.offset, header.count)
        XCTAssertTrue(e.detail.contains("65536"), e.detail)
        var big = ProtoWriter()
        big.string(1, "OSMData")
        big.uint(3, 40 << 20)
        let n = UInt8(big.bytes.count)
        let e2 = try XCTUnwrap(error(header + [0, 0, 0, n] + big.bytes))
        XCTAssertEqual(e2.kind, .oversized)
        XCTAssertTrue(e2.detail.contains("32 MiB"), e2.detail)
    }

    func testUnsupportedCompressionAndFeaturesAreNamed() throws {
        let zstd = TestPBF.blob("OSMHeader", TestPBF.header(), .other(field: 7, bytes: [1, 2, 3]))
        XCTAssertEqual(error(zstd)?.kind, .unsupportedCompression("zstd"))
        XCTAssertTrue(error(zstd)?.description.contains("unsupported compression: zstd") ?? false)
        let lzma = TestPBF.blob("OSMHeader", TestPBF.header(), .other(field: 4, bytes: [1]))
        XCTAssertEqual(error(lzma)?.kind, .unsupportedCompression("lzma"))
        let history = TestPBF.blob("OSMHeader", TestPBF.header(required: ["OsmSchema-V0.6", "HistoricalInformation"]))
        XCTAssertEqual(error(history)?.kind, .unsupportedFeature("HistoricalInformation"))
    }

    func testABlobThatDoesNotInflateIsCorrupt() throws {
        var blob = ProtoWriter()
        blob.uint(2, 100)
        blob.bytesField(3, [0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF, 0x00])
        let file = TestPBF.blob("OSMHeader", TestPBF.header()) + TestPBF.frame("OSMData", blob.bytes)
        let e = try XCTUnwrap(error(file))
        XCTAssertEqual(e.kind, .corrupt, e.description)
        XCTAssertEqual(e.blob, 1)
    }

    func testGarbageIsNotOSM() throws {
        XCTAssertEqual(error([])?.kind, .notOSM)
        XCTAssertEqual(error(Array("hello".utf8))?.kind, .notOSM)
        XCTAssertEqual(error([0x42, 0x5A, 0x68, 0x39])?.kind, .truncated, "a bzip2 header alone")
        let notHeader = TestPBF.blob("OSMData", TestPBF.block(strings: [""], groups: []))
        XCTAssertEqual(error(notHeader)?.kind, .notOSM)
        // A way whose refs field is a broken varint names the way.
        var way = ProtoWriter()
        way.message(3) { w in
            w.uint(1, 42)
            w.bytesField(8, [0xFF, 0xFF])
        }
        let block = TestPBF.block(strings: [""], groups: [way.bytes])
        let e = try XCTUnwrap(error(TestPBF.blob("OSMHeader", TestPBF.header()) + TestPBF.blob("OSMData", block)))
        XCTAssertEqual(e.kind, .malformed)
        XCTAssertEqual(e.element, "way 42")
    }

    func testTheHeaderAloneIsReadFromAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-osm-\(UUID()).osm.pbf")
        try Data(Self.sampleFile()).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let header = try PBFHeaderBlock.read(path: url.path)
        XCTAssertEqual(header.requiredFeatures, ["OsmSchema-V0.6", "DenseNodes"])
        XCTAssertEqual(header.writingProgram, "MapSnapOSMTests")
        XCTAssertEqual(try XCTUnwrap(header.bounds).south, 43.7, accuracy: 1e-9)
        XCTAssertEqual(try OSMReader.read(path: url.path).ways.count, 2)
    }
}
