import Foundation
import MapSnapTerrain
import MapSnapTiles
import XCTest

@testable import MapSnapRender

/// The tiles of a `contour` source, decoded as any vector tile: one `contours` layer, `ele` and
/// `level`, and lines that keep higher ground on their left through the encoding (so a label
/// along them with `text-keep-upright: false` has its top uphill).
final class ContourTileSourceTests: XCTestCase {
    /// A cone 400 m high in the middle of tile 14/8000/5000, 256 pixels a side.
    private func cone() -> DEMTileSet {
        let dim = 256
        let heights = (0..<(dim * dim)).map { i -> Float in
            let x = Float(i % dim) - 127.5
            let y = Float(i / dim) - 127.5
            return max(0, 400 - (x * x + y * y).squareRoot() * 3)
        }
        let tile = DEMTile(dim: dim, interior: heights)
        return DEMTileSet(name: "cone", tileSize: 256, minZoom: 0, maxZoom: 14) { id in
            id == TileID(z: 14, x: 8000, y: 5000) ? tile : nil
        }
    }

    func testLinesCarryEleAndLevelAndKeepUphillOnTheirLeft() throws {
        let source = ContourTileSource(dem: cone())
        let bytes = try XCTUnwrap(try source.tileData(z: 14, x: 8000, y: 5000))
        let tile = try VectorTile(decoding: bytes)
        let layer = try XCTUnwrap(tile.layer(named: "contours"))
        XCTAssertGreaterThan(layer.count, 10)
        var checked = 0
        for feature in layer.features {
            guard case .int(let ele)? = feature.value(forKey: "ele").map(Self.int),
                case .int(let level)? = feature.value(forKey: "level").map(Self.int)
            else { return XCTFail("ele and level") }
            XCTAssertEqual(level, ele % 50 == 0 ? 1 : 0, "index lines every fifth 10 m line at z14")
            guard case .lineString(let points) = try Self.line(feature) else { continue }
            // Higher ground (the cone's centre, 2048, 2048 in tile units) on the left (y down):
            // the cross product of the direction and the vector to the centre is negative.
            for (a, b) in zip(points, points.dropFirst()) {
                let cross = (b.x - a.x) * (2048 - a.y) - (b.y - a.y) * (2048 - a.x)
                XCTAssertLessThan(cross, 0, "uphill on the left at \(a) of the \(ele) m line")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
        XCTAssertNil(try source.tileData(z: 14, x: 8001, y: 5000), "no DEM tile, no contour tile")
    }

    private enum Number { case int(Int) }
    private static func int(_ v: MVTValue) -> Number? {
        switch v {
        case .int(let i): return .int(Int(i))
        case .uint(let u): return .int(Int(u))
        case .sint(let s): return .int(Int(s))
        case .double(let d): return .int(Int(d))
        default: return nil
        }
    }

    private enum Shape { case lineString([(x: Double, y: Double)]) }
    private static func line(_ f: VectorTileFeature) throws -> Shape {
        guard case .lineStrings(let parts) = try f.geometry() else { return .lineString([]) }
        return .lineString(parts.first?.map { (Double($0.x), Double($0.y)) } ?? [])
    }
}
