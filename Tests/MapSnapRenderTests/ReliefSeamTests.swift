import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapImage
import MapSnapOverlay
import MapSnapTerrain
import MapSnapTiles
import XCTest

@testable import MapSnapRender

/// The seam rule: heights are sampled across tile borders without seams, so the jump in a
/// hillshade from one pixel to the next where two DEM tiles meet is no larger than the 99th
/// percentile of the jumps inside the image. Checked for `--dem` rasters (the model resampled
/// onto tiles) and for terrain-RGB tiles, along every tile column and row border in view.
final class ReliefSeamTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let tif = root.appendingPathComponent("Samples/monaco/monaco_srtm3.tif").path
    static let mbtiles = root.appendingPathComponent("Samples/monaco/monaco_terrain_rgb.mbtiles").path

    private func hillshade(elevation: [String], url: String?, zoom: Double) throws -> (RGBAImage, Camera) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-seam-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = url.map { #""url": "mbtiles://\#($0)", "tileSize": 256"# } ?? #""tileSize": 256"#
        let style = """
            {"version": 8, "sources": {"mapsnap-dem": {"type": "raster-dem", \(source)}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#808080"}},
                        {"id": "hs", "type": "hillshade", "source": "mapsnap-dem",
                         "paint": {"hillshade-method": "basic", "hillshade-exaggeration": 0.8}}]}
            """
        let path = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: path))
        let loader = BaseMapLoader()
        loader.elevation = elevation
        let map = try loader.load(style: path) { XCTFail("warning: \($0)") }
        var req = RenderRequest(
            size: Size(width: 400, height: 300), scale: 1,
            camera: .center(Coordinate(latitude: 43.745, longitude: 7.42), zoom: zoom), format: .png)
        req.baseMap = map
        req.decorations.showAttribution = false
        let out = try SceneRenderer().render(OverlayScene(), request: req)
        return (try RGBAImage(png: out.bytes), out.camera)
    }

    /// |I(x+1) − I(x)| along rows (or columns) of the image's grey, and the borders between
    /// pixel k and k+1 where tiles of `tileSize` points meet.
    private func check(
        _ image: RGBAImage, _ camera: Camera, tileSize: Double, file: StaticString = #filePath, line: UInt = #line
    ) {
        let w = image.width
        let h = image.height
        func grey(_ x: Int, _ y: Int) -> Double {
            let i = (y * w + x) * 4
            return (Double(image.pixels[i]) + Double(image.pixels[i + 1]) + Double(image.pixels[i + 2])) / 3
        }
        var interior: [Double] = []
        var seams: [Double] = []
        func borders(_ origin: Double, _ count: Int) -> Set<Int> {
            var out: Set<Int> = []
            var k = (origin / tileSize).rounded(.up) * tileSize - origin
            while k < Double(count) - 1 {
                out.insert(Int((k - 0.5).rounded(.down)))
                k += tileSize
            }
            return out
        }
        let bx = borders(camera.origin.x, w)
        let by = borders(camera.origin.y, h)
        XCTAssertFalse(bx.isEmpty && by.isEmpty, "the view crosses a tile border", file: file, line: line)
        for x in 0..<(w - 1) {
            let jumps = (0..<h).map { abs(grey(x + 1, $0) - grey(x, $0)) }
            if bx.contains(x) { seams.append(jumps.reduce(0, +) / Double(h)) } else { interior += jumps }
        }
        for y in 0..<(h - 1) {
            let jumps = (0..<w).map { abs(grey($0, y + 1) - grey($0, y)) }
            if by.contains(y) { seams.append(jumps.reduce(0, +) / Double(w)) } else { interior += jumps }
        }
        interior.sort()
        let p99 = interior[Int(Double(interior.count - 1) * 0.99)]
        XCTAssertGreaterThan(p99, 1, "the view has relief", file: file, line: line)
        for s in seams {
            XCTAssertLessThanOrEqual(s, p99, "a seam of \(s) against an interior p99 of \(p99)", file: file, line: line)
        }
    }

    func testNoSeamsFromRasters() throws {
        for zoom in [12.0, 13.0, 13.6] {
            let (image, camera) = try hillshade(elevation: [Self.tif], url: nil, zoom: zoom)
            let z = TileCover.rasterTileZoom(for: zoom, tileSize: 256, minZoom: 0, maxZoom: 14) ?? 0
            check(image, camera, tileSize: 512 * exp2(zoom - Double(z)))
        }
    }

    func testNoSeamsFromTerrainRGBTiles() throws {
        for zoom in [12.0, 13.0] {
            let (image, camera) = try hillshade(elevation: [], url: Self.mbtiles, zoom: zoom)
            let z = TileCover.rasterTileZoom(for: zoom, tileSize: 256, minZoom: 10, maxZoom: 14) ?? 0
            check(image, camera, tileSize: 512 * exp2(zoom - Double(z)))
        }
    }

    /// What makes the slopes seamless: a tile's border ring holds its neighbours' edge pixels,
    /// in all eight directions (edge copies would halve the slope along every tile edge, a line
    /// the image rule above, which MapLibre's own clamped texture edges pass too, does not see).
    func testTheBorderRingHoldsTheNeighboursEdges() throws {
        let archive = try MBTilesReader(path: Self.mbtiles)
        let images = RasterTileSet(source: archive, tileSize: 256, minZoom: 10, maxZoom: 14)
        let set = DEMTileSet(images: images, encoding: .mapbox)
        let id = TileID(z: 13, x: 4265, y: 2987)
        let tile = try XCTUnwrap(try set.tile(id))
        let n = tile.dim
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)] {
            let neighbour = try XCTUnwrap(try set.rawTile(TileID(z: 13, x: id.x + dx, y: id.y + dy)), "\(dx),\(dy)")
            for i in [0, n / 2, n - 1] {
                let x = dx == 1 ? n : dx == -1 ? -1 : i
                let y = dy == 1 ? n : dy == -1 ? -1 : i
                XCTAssertEqual(tile[x, y], neighbour[x - dx * n, y - dy * n], "\(dx),\(dy) at \(i)")
            }
        }
    }
}
