import MapSnapFormats
import MapSnapJSON

extension FuzzTarget {
    /// The overlay readers and the JSON parser under them.
    static let formatTargets: [FuzzTarget] = [
        FuzzTarget("json", "MapSnapJSON.JSONParser (RFC 8259, depth ≤ 512)") { bytes in
            _ = try? JSONParser().parse(bytes)
        },
        FuzzTarget("geojson", "GeoJSONReader (RFC 7946 features, geometries, properties)") { bytes in
            _ = try? GeoJSONReader.read(bytes: bytes, file: "fuzz.geojson")
        },
        FuzzTarget("gpx", "GPXReader (GPX 1.1 tracks, routes, waypoints over FoundationXML)") { bytes in
            _ = try? GPXReader.read(bytes: bytes, file: "fuzz.gpx")
        },
        FuzzTarget(
            "gpx-differential", "GPXReader's byte scanner against its FoundationXML path: the same features"
        ) { bytes in
            // The scanner may give up (nil) on anything; when it reads features, XMLParser must
            // read the same ones.
            guard let scanned = try? GPXReader.scan(bytes: bytes, file: "fuzz.gpx") else { return }
            let parsed = try? GPXReader.read(bytes: bytes, file: "fuzz.gpx", engine: .xmlParser)
            precondition(
                parsed?.isIdentical(to: scanned) == true,
                "the GPX scanner read \(scanned), XMLParser \(String(describing: parsed))")
        },
        FuzzTarget("polyline", "PolylineReader (encoded polylines, precision 5 and 6)") { bytes in
            _ = try? PolylineReader.read(bytes: bytes, file: "fuzz.txt", precision: bytes.count % 2 == 0 ? 5 : 6)
        },
        FuzzTarget("overlay", "OverlayFormat sniffing, then the reader it picks") { bytes in
            let format = OverlayFormat(path: "fuzz", bytes: bytes)
            _ = try? OverlayFileReader.read(bytes: bytes, file: "fuzz", format: format)
        },
    ]
}
