import XCTest

@testable import MapSnapTiles

/// The line tiles MapSnap writes read back through its own MVT decoder: names, extent, integer
/// and fractional properties, negative coordinates (the tile buffer) and long lines.
final class MVTLineEncoderTests: XCTestCase {
    func testLinesAndPropertiesRoundTrip() throws {
        var encoder = MVTLineEncoder(layer: "contours", extent: 4096)
        let a = [(x: -8, y: 10), (x: 100, y: 10), (x: 100, y: 4104)]
        let b = (0..<500).map { (x: $0 * 8, y: 2000 + ($0 % 7) * 3) }
        encoder.addLine(a, properties: [("ele", 120), ("level", 1)])
        encoder.addLine(b, properties: [("ele", 12.5), ("level", 0)])
        encoder.addLine([(x: 1, y: 1)], properties: [("ele", 1)])  // one point: not a line, left out
        let tile = try VectorTile(decoding: encoder.encoded())
        let layer = try XCTUnwrap(tile.layer(named: "contours"))
        XCTAssertEqual(layer.extent, 4096)
        XCTAssertEqual(layer.count, 2)
        let f0 = layer[0]
        let f1 = layer[1]
        XCTAssertEqual(f0.value(forKey: "ele"), .sint(120))
        XCTAssertEqual(f0.value(forKey: "level"), .sint(1))
        XCTAssertEqual(f1.value(forKey: "ele"), .double(12.5))
        XCTAssertEqual(f1.value(forKey: "level"), .sint(0))
        guard case .lineStrings(let l0) = try f0.geometry(), case .lineStrings(let l1) = try f1.geometry() else {
            return XCTFail("line strings")
        }
        XCTAssertEqual(l0.first?.map { [Int($0.x), Int($0.y)] }, a.map { [$0.x, $0.y] })
        XCTAssertEqual(l1.first?.map { [Int($0.x), Int($0.y)] }, b.map { [$0.x, $0.y] })
    }

    func testAnEmptyLayerIsAValidTile() throws {
        let tile = try VectorTile(decoding: MVTLineEncoder(layer: "contours").encoded())
        XCTAssertEqual(tile.layer(named: "contours")?.count, 0)
    }
}
