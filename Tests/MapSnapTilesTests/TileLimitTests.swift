import MapSnapTestSupport
import MapSnapTiles
import XCTest

/// A tile layer may hold at most `VectorTile.maximumFeaturesPerLayer` features: past that the
/// tile is an error (left out with a warning by the renderer), not a gigabyte of records.
final class TileLimitTests: XCTestCase {
    private func tile(features: Int) -> [UInt8] {
        var w = ProtoWriter()
        w.message(3) { l in
            l.string(1, "many")
            l.uint(15, 2)
            for _ in 0..<features { l.bytesField(2, []) }
        }
        return w.bytes
    }

    func testFeaturesPerLayerAreBounded() throws {
        let limit = VectorTile.maximumFeaturesPerLayer
        XCTAssertEqual(try VectorTile(decoding: tile(features: limit)).featureCount, limit)
        XCTAssertThrowsError(try VectorTile(decoding: tile(features: limit + 1))) { error in
            let message = (error as? MVTError)?.message ?? ""
            XCTAssertTrue(message.contains("more than \(limit) features"), message)
            XCTAssertTrue(message.contains("layer 0"), message)
        }
    }
}
