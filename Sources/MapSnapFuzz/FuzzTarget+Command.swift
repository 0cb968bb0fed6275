import MapSnapCLI

extension FuzzTarget {
    /// The command line and the OSM PBF header reader of `basemap build`.
    static let commandTargets: [FuzzTarget] = [
        FuzzTarget("cli", "MapSnapCommand.check: render and basemap options (NUL-separated arguments)") { bytes in
            let args = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            _ = MapSnapCommand.check(args)
        },
        FuzzTarget("pbf-header", "The OSM PBF header block (BlobHeader, Blob, HeaderBlock bbox)") { bytes in
            guard let path = ScratchFile.write(bytes, name: "a.osm.pbf") else { return }
            _ = MapSnapCommand.extractBounds(path: path)
        },
    ]
}
