import MapSnapGeometry
import MapSnapIO
import MapSnapImage
import MapSnapRender
import MapSnapTiles

extension FuzzTarget {
    /// Tile decoding, the two archive formats, raster tiles and sprites.
    static let tileTargets: [FuzzTarget] = [
        FuzzTarget("mvt", "VectorTile (MVT 2.1): layers, properties and every feature's geometry") { bytes in
            walk(try? VectorTile(decoding: bytes))
        },
        FuzzTarget("gzip", "Gzip.decompressIfNeeded (gzip and zlib, output capped at 1 MiB)") { bytes in
            _ = try? Gzip.decompressIfNeeded(bytes, maxOutputBytes: 1 << 20)
        },
        FuzzTarget("mbtiles", "MBTilesReader (SQLite): metadata, TileJSON, tiles near the centre") { bytes in
            guard let path = ScratchFile.write(bytes, name: "a.mbtiles"),
                let reader = try? MBTilesReader(path: path, maxTileBytes: 1 << 20)
            else { return }
            readTiles(reader)
        },
        FuzzTarget("pmtiles", "PMTilesReader (v3): header, directories, leaves, metadata, tiles") { bytes in
            guard let path = ScratchFile.write(bytes, name: "a.pmtiles"),
                let reader = try? PMTilesReader(path: path, maxTileBytes: 1 << 20)
            else { return }
            readTiles(reader)
        },
        FuzzTarget("image", "RasterTileImage (PNG, JPEG and WebP tiles through the libpng/libjpeg shims and libwebp)") {
            bytes in
            _ = try? RasterTileImage(decoding: bytes)
        },
        FuzzTarget("sprite", "SpriteAtlas: a sprite index JSON over a 64×64 sheet") { bytes in
            _ = try? SpriteAtlas(index: bytes, sheet: spriteSheet)
        },
    ]

    private static let spriteSheet = RGBAImage(
        width: 64, height: 64, pixels: [UInt8](repeating: 0x80, count: 64 * 64 * 4))

    /// Decodes every feature's properties and geometry.
    private static func walk(_ tile: VectorTile?) {
        guard let tile else { return }
        for layer in tile.layers {
            for feature in layer.features {
                _ = feature.properties
                _ = try? feature.geometry()
            }
        }
    }

    /// Reads the tiles of up to four zooms around the archive's centre, decoding each.
    private static func readTiles(_ source: any TileSource) {
        let low = max(0, min(source.minZoom, 24))
        let high = max(low, min(source.maxZoom, low + 3))
        let centre = source.bounds?.center
        for z in low...high {
            let unit = centre.map { WebMercator.unitPoint($0) } ?? (x: 0.5, y: 0.5)
            let n = Double(1 << z)
            let x = Int(min(max(unit.x * n, 0), n - 1))
            let y = Int(min(max(unit.y * n, 0), n - 1))
            for id in [TileID(z: z, x: x, y: y), TileID(z: z, x: 0, y: 0)] {
                guard let data = try? source.tileData(id) else { continue }
                walk(try? VectorTile(decoding: data))
            }
        }
    }
}
