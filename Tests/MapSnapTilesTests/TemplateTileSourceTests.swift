import Foundation
import MapSnapIO
import XCTest

@testable import MapSnapTiles

final class TemplateTileSourceTests: XCTestCase {
    func testTemplatesXYZAndTMSAndQuadkey() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-tpl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("t"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let raw: [UInt8] = [0x1A, 0x00]  // an empty MVT layer field (not decoded here)
        try Data(raw).write(to: dir.appendingPathComponent("t/2-1-3.mvt"))
        try Data(try Gzip.compress(raw)).write(to: dir.appendingPathComponent("t/2-1-0.gz.mvt"))
        let xyz = TemplateTileSource(templates: ["t/{z}-{x}-{y}.mvt"], base: dir)
        XCTAssertEqual(try xyz.tileData(z: 2, x: 1, y: 3), raw)
        XCTAssertNil(try xyz.tileData(z: 2, x: 1, y: 2), "a missing file is no tile")
        XCTAssertNil(try xyz.tileData(z: 2, x: 4, y: 0), "outside the grid")
        // TMS: row 3 at z2 is XYZ row 0; the gzip file is inflated.
        let tms = TemplateTileSource(templates: ["file://\(dir.path)/t/{z}-{x}-{y}.gz.mvt"], base: dir, tms: true)
        XCTAssertEqual(try tms.tileData(z: 2, x: 1, y: 3), raw)
        XCTAssertEqual(TemplateTileSource.quadkey(z: 3, x: 3, y: 5), "213")
    }
}
