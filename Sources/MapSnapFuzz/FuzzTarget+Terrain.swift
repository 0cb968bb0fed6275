import MapSnapGeometry
import MapSnapTerrain

extension FuzzTarget {
    /// The elevation readers and what reads their rasters: heights, cell sizes, DEM tiles.
    static let terrainTargets: [FuzzTarget] = [
        FuzzTarget("geotiff", "GeoTIFFReader (TIFF/BigTIFF, LZW/DEFLATE, predictors; ≤ 4 M pixels), then a DEM tile") {
            bytes in
            guard let raster = try? GeoTIFFReader.decode(bytes, maxPixels: 1 << 22) else { return }
            walk(raster)
        },
        FuzzTarget("hgt", "HGTReader: the input repeated into a 3″ tile (voids filled), its name from byte 0") {
            bytes in
            _ = HGTReader.southWestCorner(fileName: String(decoding: bytes.prefix(16), as: UTF8.self))
            guard let first = bytes.first else { return }
            let names = ["N43E007.hgt", "s12w077.HGT", "/srtm/S90W180.hgt", "N89E179", "dem.hgt"]
            let name = names[Int(first) % names.count]
            let size = HGTReader.threeArcSecondSide * HGTReader.threeArcSecondSide * 2
            let body = bytes.count > 1 ? Array(bytes.dropFirst()) : bytes
            let count = first & 0x80 != 0 ? size : min(size, bytes.count)
            var tile: [UInt8] = []
            tile.reserveCapacity(count)
            while tile.count < count { tile.append(contentsOf: body.prefix(count - tile.count)) }
            guard let raster = try? HGTReader.decode(tile, fileName: name) else { return }
            walk(raster)
        },
    ]

    /// Reads the raster the ways the renderer will: heights and cell sizes around its centre
    /// and edges, and the DEM tile around its centre.
    private static func walk(_ raster: GeoRaster) {
        let box = raster.bounds
        let points = [
            box.center, Coordinate(latitude: box.north, longitude: box.west),
            Coordinate(latitude: box.south, longitude: box.east),
        ]
        for p in points {
            _ = raster.elevation(at: p)
            _ = raster.cellSize(near: p)
        }
        let model = ElevationModel(rasters: [raster])
        let unit = WebMercator.unitPoint(box.center)
        guard unit.x.isFinite, unit.y.isFinite else { return }
        for z in [2, 12] {
            let n = Double(1 << z)
            let x = Int(min(max(unit.x * n, 0), n - 1))
            let y = Int(min(max(unit.y * n, 0), n - 1))
            _ = model.demTile(z: z, x: x, y: y, dim: 32)
        }
    }
}
