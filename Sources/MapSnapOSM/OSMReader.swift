import MapSnapIO

/// Reads OpenStreetMap files into `OSMData`: PBF (`.osm.pbf`,
/// https://wiki.openstreetmap.org/wiki/PBF_Format) and XML (`.osm`,
/// https://wiki.openstreetmap.org/wiki/OSM_XML; also gzip- or bzip2-compressed, `.osm.gz`,
/// `.osm.bz2`), recognised by their first bytes, not their name.
///
/// Contract: whatever the bytes, `read` returns data or throws `OSMError` naming the place; it
/// never traps, and sizes are capped (a PBF blob at 32 MiB inflated, the element count at
/// `OSMReadOptions.maxElements`). A PBF file is read blob by blob from disk, so memory is the
/// model plus one blob. Ways that refer to nodes the file lacks (a clipped extract) are split at
/// those nodes and reported in one warning (`OSMData.warnings`).
public enum OSMReader {
    /// The encodings `read` recognises.
    public enum Format: Sendable, Equatable {
        case pbf
        case xml
    }

    /// Reads the file at `path`.
    /// - Throws: `OSMError` (`.cannotRead` when it cannot be opened, `.notOSM` when it is
    ///   neither format, and the format's own errors).
    public static func read(path: String, options: OSMReadOptions = .everything) throws(OSMError) -> OSMData {
        let file: RandomAccessFile
        do {
            file = try RandomAccessFile(path: path)
        } catch {
            throw OSMError(.cannotRead, error.reason, file: path)
        }
        let head: [UInt8]
        do {
            head = try file.read(offset: 0, length: min(file.size, 64), what: "the first bytes")
        } catch {
            throw OSMError(.cannotRead, error.reason, file: path)
        }
        switch format(of: head) {
        case .pbf:
            return try OSMPBFReader.read(.file(file), file: path, options: options)
        case .xml:
            return try OSMXMLReader.read(try whole(file, path: path, options), file: path, options: options)
        case nil:
            guard Gzip.hasGzipMagic(head) || BZip2.hasMagic(head) else { throw notOSM(head, file: path) }
            return try read(bytes: try whole(file, path: path, options), file: path, options: options)
        }
    }

    /// All of `file`, when it is at most `options.maxXMLBytes`.
    private static func whole(_ file: RandomAccessFile, path: String, _ options: OSMReadOptions) throws(OSMError)
        -> [UInt8]
    {
        guard file.size <= UInt64(max(0, options.maxXMLBytes)) else {
            throw OSMError(
                .oversized, "an XML file over \(options.maxXMLBytes) bytes (convert it to PBF: osmium cat)", file: path)
        }
        do {
            return try file.read(offset: 0, length: file.size, what: "the file")
        } catch {
            throw OSMError(.cannotRead, error.reason, file: path)
        }
    }

    /// Reads the OSM file in `bytes`; `file` names it in errors.
    public static func read(
        bytes: [UInt8], file: String, options: OSMReadOptions = .everything
    ) throws(OSMError) -> OSMData {
        switch format(of: bytes) {
        case .pbf: return try OSMPBFReader.read(.bytes(bytes), file: file, options: options)
        case .xml: return try OSMXMLReader.read(bytes, file: file, options: options)
        case nil:
            let xml: [UInt8]
            if Gzip.hasGzipMagic(bytes) {
                xml = try OSMXMLReader.gunzip(bytes, limit: options.maxXMLBytes, file: file)
            } else if BZip2.hasMagic(bytes) {
                xml = try OSMXMLReader.bunzip(bytes, limit: options.maxXMLBytes, file: file)
            } else {
                throw notOSM(bytes, file: file)
            }
            guard format(of: xml) == .xml else { throw notOSM(xml, file: file) }
            return try OSMXMLReader.read(xml, file: file, options: options)
        }
    }

    /// The format of a file starting with `head` (its first bytes; 16 are enough), or nil.
    ///
    /// PBF: a big-endian `BlobHeader` length under 64 KiB, then field 1 (`type`, key 0x0A).
    /// XML: after an optional UTF-8 byte order mark and whitespace, a `<`.
    public static func format(of head: [UInt8]) -> Format? {
        if head.count >= 5 && head[0] == 0 && head[1] == 0 && head[4] == 0x0A {
            return .pbf
        }
        var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < head.count && [0x20, 0x09, 0x0A, 0x0D].contains(head[i]) { i += 1 }
        return i < head.count && head[i] == UInt8(ascii: "<") ? .xml : nil
    }

    private static func notOSM(_ head: [UInt8], file: String) -> OSMError {
        if head.isEmpty { return OSMError(.notOSM, "the file is empty", file: file) }
        return OSMError(
            .notOSM, "not an OpenStreetMap file (neither PBF, which starts with a BlobHeader, nor XML)", file: file,
            offset: 0)
    }
}
