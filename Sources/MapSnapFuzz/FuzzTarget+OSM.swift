import MapSnapOSM

extension FuzzTarget {
    /// The OpenStreetMap readers of MapSnapOSM (capped at 2^20 elements and 16 MiB of XML, so
    /// memory stays small).
    static let osmTargets: [FuzzTarget] = [
        FuzzTarget("osm-pbf", "OSMReader on PBF (framing, raw/zlib blobs, header, dense nodes, ways, relations)") {
            bytes in
            // The last byte's low bit picks the filter, so both paths are fuzzed.
            let filter: OSMReadOptions.Filter = (bytes.last ?? 0) & 1 == 0 ? .everything : .routing
            _ = try? OSMReader.read(
                bytes: bytes, file: "fuzz.osm.pbf", options: OSMReadOptions(filter: filter, maxElements: 1 << 20))
        },
        FuzzTarget("osm-xml", "OSMReader on OSM XML, also gzip and bzip2 (nodes, ways, relations, bounds)") { bytes in
            let filter: OSMReadOptions.Filter = (bytes.last ?? 0) & 1 == 0 ? .everything : .routing
            _ = try? OSMReader.read(
                bytes: bytes, file: "fuzz.osm",
                options: OSMReadOptions(filter: filter, maxElements: 1 << 20, maxXMLBytes: 16 << 20))
        },
    ]
}
