import MapSnap
import MapSnapJSON
import MapSnapStyle

extension FuzzTarget {
    /// Style files (parsed, loaded and drawn) and expressions (parsed and evaluated).
    static let styleTargets: [FuzzTarget] = [
        FuzzTarget("expression", "StyleExpression: parse, then evaluate at six zooms on four features") { bytes in
            guard let json = try? JSONParser().parse(bytes) else { return }
            let types: [ExpressionType?] = [nil, .number, .string, .color, .boolean]
            guard let expression = try? StyleExpression.parse(json, expecting: types[bytes.count % types.count])
            else { return }
            for zoom in [0, 3.5, 11, 14.25, 22, 24] {
                for feature in probeFeatures {
                    _ = expression.evaluateResult(
                        EvaluationContext(zoom: zoom, feature: feature, heatmapDensity: 0.4, lineProgress: 0.7))
                }
            }
        },
        FuzzTarget("tilejson", "A local TileJSON file named by a style's raster and vector source url") { bytes in
            guard let path = ScratchFile.write(bytes, name: "tiles.json"),
                let style = ScratchFile.write(
                    Array(
                        """
                        {"version": 8, "sources": {"r": {"type": "raster", "url": "\(path)"},
                         "v": {"type": "vector", "url": "\(path)"}}, "layers": []}
                        """.utf8), name: "tilejson-style.json")
            else { return }
            let loader = BaseMapLoader()
            loader.worldMap = nil
            _ = try? loader.load(style: style, warn: { _ in })
        },
        FuzzTarget("style", "A style file loaded (sources, sprites) and drawn at 96×64 with an overlay") { bytes in
            guard let path = ScratchFile.write(bytes, name: "style.json") else { return }
            let loader = BaseMapLoader()
            loader.worldMap = nil
            guard let map = try? loader.load(style: path, warn: { _ in }) else { return }
            var options = SnapshotOptions()
            options.size = Size(width: 96, height: 64)
            options.scale = bytes.count % 3 == 0 ? 2 : 1
            options.baseMap = map
            options.features = probeOverlay
            let centre = map.style.center ?? Coordinate(latitude: 43.73, longitude: 7.42)
            options.camera = .center(centre, zoom: min(max(map.style.zoom ?? 14, 0), 22))
            _ = try? snapshotter?.snapshot(options)
        },
    ]

    /// One Snapshotter per process (it owns the fonts and caches, as a batch worker would).
    nonisolated(unsafe) private static let snapshotter = try? Snapshotter()

    /// Features with numbers, strings, booleans, arrays, nulls and ids, of every geometry type.
    private static let probeFeatures: [any FeatureContext] = [
        SimpleFeature(),
        SimpleFeature(
            properties: StyleObject([("name", "Ouest"), ("rank", 3), ("class", "path"), ("oneway", true)]),
            geometryType: .lineString, id: 7),
        SimpleFeature(
            properties: StyleObject([("height", -12.5), ("tags", ["a", "b"]), ("none", nil)]),
            geometryType: .polygon, id: "w1"),
        SimpleFeature(properties: StyleObject([("name", ""), ("rank", 1e308)]), geometryType: .unknown),
    ]

    /// A trail, a pin and a polygon around Monaco for the overlay layers to draw.
    private static let probeOverlay: [Feature] = {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"Trail","difficulty":"hard"},"geometry":{"type":"LineString",
            "coordinates":[[7.41,43.72],[7.43,43.74]]}},
            {"type":"Feature","properties":{"name":"Pin","marker-symbol":"star"},"geometry":{"type":"Point",
            "coordinates":[7.42,43.73]}},
            {"type":"Feature","properties":{"fill":"#f00"},"geometry":{"type":"Polygon",
            "coordinates":[[[7.415,43.725],[7.425,43.725],[7.42,43.735],[7.415,43.725]]]}}]}
            """
        return (try? GeoJSONReader.read(bytes: Array(text.utf8), file: "probe.geojson")) ?? []
    }()
}
