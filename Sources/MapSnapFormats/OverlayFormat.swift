/// The overlay file formats MapSnap reads.
public enum OverlayFormat: String, Sendable, CaseIterable {
    /// GeoJSON, RFC 7946 (`.geojson`, `.json`), or JSON that is a router's route answer (told by
    /// content when read: `Router(recognising:)`).
    case geoJSON = "geojson"
    /// GPX 1.0 / 1.1 (`.gpx`).
    case gpx
    /// Encoded polylines, one per line (`.polyline`, `.txt`).
    case polyline

    /// The format a file extension names (case-insensitive, without the dot), or nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "geojson", "json": self = .geoJSON
        case "gpx": self = .gpx
        case "polyline", "txt": self = .polyline
        default: return nil
        }
    }

    /// The format of a file at `path`: from its extension when known, else from its content —
    /// a first non-space byte `{` means GeoJSON, `<` means GPX, anything else a polyline.
    public init(path: String, bytes: [UInt8]) {
        if let known = OverlayFormat(pathExtension: Self.pathExtension(of: path)) {
            self = known
        } else {
            self = OverlayFormat(sniffing: bytes)
        }
    }

    /// The format suggested by the content alone (see `init(path:bytes:)`).
    public init(sniffing bytes: [UInt8]) {
        switch ByteScanning.firstContentByte(bytes) {
        case UInt8(ascii: "{"): self = .geoJSON
        case UInt8(ascii: "<"): self = .gpx
        default: self = .polyline
        }
    }

    /// The extension of the last component of `path` ("" when there is none; `.hidden` has none).
    static func pathExtension(of path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }
}
