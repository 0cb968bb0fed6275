import Foundation
import MapSnapGeometry
import MapSnapImage
import XCTest

@testable import MapSnapTerrain

/// Tiles for the contour tests: synthetic surfaces sampled at pixel centres, with borders filled
/// from the neighbours cut from the same surface, and the Monaco fixture tiles.
enum ContourTestTiles {
    /// The tile (tx, ty) of `dim`² pixels cut from `surface`, a height (metres) of continuous
    /// pixel coordinates across all tiles (pixel i of tile tx has its centre at tx·dim + i + 0.5),
    /// its border backfilled from the eight neighbours cut from the same surface.
    static func tile(dim: Int, tx: Int = 0, ty: Int = 0, surface: (Double, Double) -> Double) -> DEMTile {
        var t = raw(dim: dim, tx: tx, ty: ty, surface: surface)
        for dy in -1...1 {
            for dx in -1...1 where dx != 0 || dy != 0 {
                t.backfillBorder(from: raw(dim: dim, tx: tx + dx, ty: ty + dy, surface: surface), dx: dx, dy: dy)
            }
        }
        return t
    }

    /// The tile without its neighbours: the border copies the edge.
    static func raw(dim: Int, tx: Int, ty: Int, surface: (Double, Double) -> Double) -> DEMTile {
        var interior = [Float](repeating: 0, count: dim * dim)
        for y in 0..<dim {
            for x in 0..<dim {
                let px = Double(tx * dim + x) + 0.5
                let py = Double(ty * dim + y) + 0.5
                interior[y * dim + x] = Float(surface(px, py))
            }
        }
        return DEMTile(dim: dim, interior: interior)
    }

    /// Rolling hills over a few tiles: the sum of three waves, about 0…600 m.
    static func hills(_ x: Double, _ y: Double) -> Double {
        300 + 150 * sin(x / 9.7) * cos(y / 13.1) + 90 * sin((x + 2 * y) / 17.3) + 40 * cos((x - y) / 5.9)
    }

    /// The fixture folder (next to this file).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The Monaco terrain-RGB fixture tile z13 (x, y) (XYZ rows), decoded.
    static func monaco(x: Int, y: Int) throws -> DEMTile {
        let url = fixtures.appendingPathComponent("monaco-13-\(x)-\(y).png")
        let bytes = try [UInt8](Data(contentsOf: url))
        return try DEMTile(image: RasterTileImage(decoding: bytes), encoding: .mapbox)
    }

    /// The 2 × 2 fixture tiles (x 4264…4265, y 2986…2987) with their shared borders filled from
    /// each other, as [[north-west, north-east], [south-west, south-east]].
    static func monacoBlock() throws -> [[DEMTile]] {
        let raw = try (0..<2).map { j in try (0..<2).map { i in try monaco(x: 4264 + i, y: 2986 + j) } }
        var block = raw
        for j in 0..<2 {
            for i in 0..<2 {
                for dy in -1...1 {
                    for dx in -1...1 where (dx != 0 || dy != 0) && (0..<2).contains(i + dx) && (0..<2).contains(j + dy)
                    {
                        block[j][i].backfillBorder(from: raw[j + dy][i + dx], dx: dx, dy: dy)
                    }
                }
            }
        }
        return block
    }

    /// Fails unless every line has higher ground on its left: at the middle of each segment,
    /// the surface a small step to the left (y down: left of direction (dx, dy) is (dy, −dx))
    /// is higher than a step to the right. `surface` takes tile units.
    static func assertUphillOnTheLeft(
        _ lines: [ContourLine], step: Double = 2, file: StaticString = #filePath, line: UInt = #line,
        surface: (Double, Double) -> Double
    ) {
        var checked = 0
        for contour in lines {
            for (p, q) in zip(contour.points, contour.points.dropFirst()) {
                let dx = q.x - p.x
                let dy = q.y - p.y
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 1e-6 else { continue }
                let mx = (p.x + q.x) / 2
                let my = (p.y + q.y) / 2
                let lx = dy / length * step
                let ly = -dx / length * step
                let left = surface(mx + lx, my + ly)
                let right = surface(mx - lx, my - ly)
                if !(left > right) {
                    XCTFail(
                        "downhill on the left at \(mx), \(my) of the \(contour.elevation) m line", file: file,
                        line: line)
                    return
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0, "no segment checked", file: file, line: line)
    }
}
