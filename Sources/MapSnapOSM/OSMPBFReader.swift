/// Reads an OSM PBF file (https://wiki.openstreetmap.org/wiki/PBF_Format) blob by blob: the
/// `OSMHeader` blob first (its required features checked), then every `OSMData` blob decoded
/// into the builder. Blobs of other types are skipped, as the spec asks.
enum OSMPBFReader {
    static func read(_ source: PBFSource, file: String, options: OSMReadOptions) throws(OSMError) -> OSMData {
        var framing = PBFFraming(source: source, file: file)
        let header = try PBFHeaderBlock.first(of: &framing)
        if let feature = header.unsupportedFeatures.first {
            throw OSMError(
                .unsupportedFeature(feature),
                "the file requires the feature \"\(feature)\", which this reader does not implement "
                    + "(it reads \(PBFHeaderBlock.supportedFeatures.sorted().joined(separator: ", ")))",
                file: file, offset: 0, blob: 0)
        }
        var builder = OSMDataBuilder(options: options, file: file)
        builder.bounds = header.bounds
        while let blob = try framing.next() {
            guard blob.type == "OSMData" else { continue }
            let block = try PBFBlob.payload(of: blob, file: file)
            try PBFPrimitiveBlock.decode(block, blob: blob.index, offset: blob.offset, file: file, into: &builder)
        }
        return builder.finish()
    }
}
