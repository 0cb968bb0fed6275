import MapSnapGeometry
import MapSnapJSON
import MapSnapStyle
import Testing

/// The style document: root fields, sources, layers, errors with positions, warnings.
@Suite("Style parser")
struct StyleParserTests {
    func parse(_ text: String) throws -> (Style, [StyleWarning]) {
        try StyleParser.parse(text, file: "test.json")
    }

    func parseError(_ text: String) -> StyleError? {
        do {
            _ = try StyleParser.parse(text, file: "test.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func syntaxErrorHasLineAndColumn() throws {
        let text = """
            {
              "version": 8,
              "sources": {}
              "layers": []
            }
            """
        let error = try #require(parseError(text))
        #expect(error.location == SourceLocation(line: 4, column: 3))
        #expect(error.description == "test.json:4:3: unexpected '\"' in an object (expected ',' or '}')")
    }

    @Test func wrongTypedLayerFieldHasLineAndColumn() throws {
        let text = """
            {
              "version": 8,
              "sources": {},
              "layers": [
                {"id": "bg", "type": "background"},
                {
                  "id": "x",
                  "type": "background",
                  "minzoom": "5"
                }
              ]
            }
            """
        let error = try #require(parseError(text))
        #expect(error.description == "test.json:6:5: layer \"x\": \"minzoom\" must be a number, found a string")
    }

    @Test(
        "structural errors",
        arguments: [
            (#"[1, 2]"#, "test.json:1:1: a style must be a JSON object, found an array"),
            (#"{"version": 7, "sources": {}, "layers": []}"#, "test.json:1:1: style \"version\" must be 8, found 7"),
            (#"{"sources": {}, "layers": []}"#, "test.json:1:1: missing \"version\" (must be 8)"),
            (#"{"version": 8, "layers": []}"#, "test.json:1:1: missing \"sources\""),
            (#"{"version": 8, "sources": []}"#, "test.json:1:27: \"sources\" must be an object, found an array"),
            (#"{"version": 8, "sources": {}}"#, "test.json:1:1: missing \"layers\""),
            (
                #"{"version": 8, "sources": {}, "layers": {}}"#,
                "test.json:1:41: \"layers\" must be an array, found an object"
            ),
            (
                #"{"version": 8, "sources": {}, "layers": [5]}"#,
                "test.json:1:41: each layer must be an object, found a number"
            ),
            (#"{"version": 8, "sources": {}, "layers": [{"type": "fill"}]}"#, "test.json:1:42: a layer has no \"id\""),
            (
                #"{"version": 8, "sources": {}, "layers": [{"id": 1}]}"#,
                "test.json:1:42: layer \"id\" must be a string, found a number"
            ),
            (#"{"version": 8, "sources": {}, "layers": [{"id": "a"}]}"#, "test.json:1:42: layer \"a\" has no \"type\""),
            (
                #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background"}, {"id": "a", "type": "background"}]}"#,
                "test.json:1:77: duplicate layer id \"a\""
            ),
            (
                #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background", "paint": []}]}"#,
                "test.json:1:85: layer \"a\": \"paint\" must be an object, found an array"
            ),
            (
                #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background", "filter": "x"}]}"#,
                "test.json:1:42: layer \"a\": \"filter\" must be an array, found a string"
            ),
            (
                #"{"version": 8, "sources": {"s": {"url": "x"}}, "layers": []}"#,
                "test.json:1:33: source \"s\" has no \"type\""
            ),
            (
                #"{"version": 8, "sources": {"s": {"type": "vector", "tiles": "x"}}, "layers": []}"#,
                "test.json:1:33: source \"s\": \"tiles\" must be an array of strings"
            ),
            (
                #"{"version": 8, "sources": {"s": {"type": "geojson"}}, "layers": []}"#,
                "test.json:1:33: source \"s\": a geojson source needs \"data\""
            ),
            (
                #"{"version": 8, "center": [1], "sources": {}, "layers": []}"#,
                "test.json:1:26: \"center\" must be an array of 2 numbers"
            ),
            (
                #"{"version": 8, "sprite": 5, "sources": {}, "layers": []}"#,
                "test.json:1:1: \"sprite\" must be a string or an array, found a number"
            ),
        ])
    func structuralErrors(text: String, expected: String) {
        #expect(parseError(text)?.description == expected, "\(text)")
    }

    static let fullStyle = """
        {
          "version": 8,
          "name": "Test",
          "center": [13.4, 52.5],
          "zoom": 11.5,
          "bearing": 30,
          "pitch": 20,
          "glyphs": "https://example.com/{fontstack}/{range}.pbf",
          "sprite": [{"id": "default", "url": "https://example.com/a"}, {"id": "b", "url": "https://example.com/b"}],
          "metadata": {"k": [1, 2]},
          "terrain": {"source": "dem"},
          "light": {"anchor": "map"},
          "sources": {
            "tiles": {"type": "vector", "url": "https://example.com/tiles.json", "maxzoom": 14},
            "sat": {"type": "raster", "tiles": ["https://a/{z}/{x}/{y}.png"], "tileSize": 256, "scheme": "tms",
                    "bounds": [-10, -20, 30, 40], "attribution": "© X", "minzoom": 2},
            "dem": {"type": "raster-dem", "url": "https://example.com/dem.json", "encoding": "terrarium"},
            "points": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}, "buffer": 64},
            "remote": {"type": "geojson", "data": "https://example.com/a.geojson"},
            "picture": {"type": "image", "url": "https://example.com/a.png", "coordinates": [[0, 0], [1, 0], [1, 1], [0, 1]]},
            "odd": {"type": "mystery"}
          },
          "layers": [
            {"id": "bg", "type": "background", "paint": {"background-color": "#123456", "background-opacity": 0.5}},
            {"id": "water", "type": "fill", "source": "tiles", "source-layer": "water", "minzoom": 2, "maxzoom": 18,
             "filter": ["==", "$type", "Polygon"],
             "paint": {"fill-color": ["interpolate", ["linear"], ["zoom"], 0, "red", 10, 5], "fill-opacity": 0.8}},
            {"id": "roads", "type": "line", "source": "tiles", "source-layer": "transportation",
             "layout": {"line-cap": "round", "visibility": "none", "line-color": "red"},
             "paint": {"line-width": {"base": 1.2, "stops": [[10, 1], [20, 10]]}, "line-foo": 1, "fill-color": "red"}},
            {"id": "roads-casing", "ref": "roads", "paint": {"line-width": 3, "line-foo": 2}},
            {"id": "sky1", "type": "sky"},
            {"id": "sky2", "type": "sky", "interactive": true},
            {"id": "sky3", "type": "sky"},
            {"id": "ghost", "type": "fill", "source": "nowhere", "source-layer": "x"},
            {"id": "ghost2", "type": "line", "source": "nowhere", "source-layer": "x"},
            {"id": "nolayer", "type": "fill", "source": "tiles"},
            {"id": "badfilter", "type": "fill", "source": "tiles", "source-layer": "x", "filter": ["==", ["get", "a"]]},
            {"id": "img", "type": "raster", "source": "picture"},
            {"id": "sat", "type": "raster", "source": "sat",
             "paint": {"raster-opacity": 0.5, "raster-resampling": "nearest", "raster-opacity-transition": {"duration": 0},
                       "raster-contrast": null}},
            {"id": "pts", "type": "circle", "source": "points",
             "paint": {"circle-radius": ["get", "size"], "circle-translate": ["literal", [1, 2]]},
             "layout": {"circle-sort-key": ["get", "rank"]}},
            {"id": "labels", "type": "symbol", "source": "tiles", "source-layer": "place", "interactive": false,
             "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"], "symbol-placement": ["get", "p"],
                        "text-size": ["+", ["zoom"], 1]}}
          ]
        }
        """

    @Test func rootAndSources() throws {
        let (style, _) = try parse(Self.fullStyle)
        #expect(style.version == 8)
        #expect(style.name == "Test")
        #expect(style.center == Coordinate(latitude: 52.5, longitude: 13.4))
        #expect(style.zoom == 11.5)
        #expect(style.bearing == 30)
        #expect(style.pitch == 20)
        #expect(style.glyphs == "https://example.com/{fontstack}/{range}.pbf")
        #expect(
            style.sprites == [
                StyleSprite(id: "default", url: "https://example.com/a"),
                StyleSprite(id: "b", url: "https://example.com/b"),
            ])
        #expect(style.metadata?.withoutOffsets == TestJSON.parse(#"{"k": [1, 2]}"#).withoutOffsets)
        #expect(style.sources.map(\.id) == ["tiles", "sat", "dem", "points", "remote", "picture"])
        let tiles = try #require(style.source(id: "tiles"))
        #expect(tiles.kind == .vector && tiles.url == "https://example.com/tiles.json" && tiles.maxzoom == 14)
        #expect(tiles.minzoom == 0 && tiles.scheme == .xyz && tiles.tileSize == 512)
        let sat = try #require(style.source(id: "sat"))
        #expect(sat.kind == .raster && sat.tiles == ["https://a/{z}/{x}/{y}.png"] && sat.tileSize == 256)
        #expect(sat.scheme == .tms && sat.attribution == "© X" && sat.minzoom == 2 && sat.maxzoom == 22)
        #expect(sat.bounds == BoundingBox(west: -10, south: -20, east: 30, north: 40))
        #expect(style.source(id: "dem")?.encoding == .terrarium)
        let points = try #require(style.source(id: "points"))
        #expect(points.kind == .geojson && points.buffer == 64 && points.maxzoom == 18 && points.tolerance == 0.375)
        if case .inline(let data)? = points.data {
            #expect(data.objectValue?["type"] == .string("FeatureCollection"))
        } else {
            Issue.record("inline GeoJSON expected")
        }
        #expect(style.source(id: "remote")?.data == .url("https://example.com/a.geojson"))
        #expect(style.source(id: "picture")?.kind == .image)
    }

    @Test func layersKeptAndSkipped() throws {
        let (style, _) = try parse(Self.fullStyle)
        #expect(style.layers.map(\.id) == ["bg", "water", "roads", "roads-casing", "sat", "pts", "labels"])
        let water = try #require(style.layer(id: "water"))
        #expect(water.type == .fill && water.source == "tiles" && water.sourceLayer == "water")
        #expect(water.minzoom == 2 && water.maxzoom == 18)
        #expect(
            water.isVisible(atZoom: 2) && water.isVisible(atZoom: 17.9) && !water.isVisible(atZoom: 18)
                && !water.isVisible(atZoom: 1))
        let polygon = SimpleFeature(geometryType: .polygon)
        #expect(water.accepts(EvaluationContext(zoom: 5, feature: polygon)))
        #expect(!water.accepts(context()))
        // The invalid fill-color was dropped (the default black applies); fill-opacity kept.
        #expect(water.paint[.fillColor] == nil)
        #expect(water.paint.color(.fillColor, context()) == .black)
        #expect(water.paint.number(.fillOpacity, context()) == 0.8)
        let roads = try #require(style.layer(id: "roads"))
        #expect(roads.visibility == .none && !roads.isVisible(atZoom: 10))
        #expect(roads.layout.enumValue(.lineCap, context()) == "round")
        #expect(approximatelyEqual(.number(roads.paint.number(.lineWidth, context(zoom: 10))), 1))
        // The ref layer takes type, source, layout from "roads" and keeps its own paint.
        let casing = try #require(style.layer(id: "roads-casing"))
        #expect(casing.type == .line && casing.sourceLayer == "transportation" && casing.visibility == .none)
        #expect(casing.paint.number(.lineWidth, context()) == 3)
        let sat = try #require(style.layer(id: "sat"))
        #expect(sat.paint.number(.rasterOpacity, context()) == 0.5)
        #expect(sat.paint.enumValue(.rasterResampling, context()) == "nearest")
        #expect(sat.paint.number(.rasterContrast, context()) == 0)
        let labels = try #require(style.layer(id: "labels"))
        #expect(labels.layout.string(.textField, context()) == "Main St")
        #expect(labels.layout.strings(.textFont, context()) == ["Noto Sans Regular"])
        // symbol-placement cannot depend on data, text-size's zoom is not in a curve: both dropped.
        #expect(labels.layout[.symbolPlacement] == nil && labels.layout[.textSize] == nil)
        let pts = try #require(style.layer(id: "pts"))
        #expect(pts.paint.dependsOnFeature(.circleRadius))
        #expect(pts.paint.numbers(.circleTranslate, context()) == [1, 2])
        #expect(pts.layout.dependsOnFeature(.circleSortKey))
    }

    @Test func warningsAreSpecificAndDeduplicated() throws {
        let (_, warnings) = try parse(Self.fullStyle)
        let text = warnings.map(\.description)
        func count(_ fragment: String) -> Int { text.filter { $0.contains(fragment) }.count }
        #expect(count("layer type \"sky\" is not supported; skipped (layers \"sky1\", \"sky2\", \"sky3\")") == 1)
        #expect(count("unknown paint property \"line-foo\" ignored (layers \"roads\", \"roads-casing\")") == 1)
        #expect(count("unknown layer member \"interactive\" ignored (layers \"sky2\", \"labels\")") == 1)
        #expect(count("paint property \"fill-color\" does not apply to line layers; ignored (layer \"roads\")") == 1)
        #expect(
            count(
                "\"line-color\" is a paint property, not a layout property; ignored (layers \"roads\", \"roads-casing\")"
            ) == 1)
        #expect(count("unknown source \"nowhere\"; layers using it skipped (layers \"ghost\", \"ghost2\")") == 1)
        #expect(count("layer \"nolayer\": a layer of vector source \"tiles\" needs \"source-layer\"; skipped") == 1)
        #expect(count("source \"picture\": image sources are not supported") == 1)
        #expect(count("source \"odd\" has unknown type \"mystery\"; skipped") == 1)
        #expect(count("layer \"badfilter\": filter: Expected two or three arguments.; layer skipped") == 1)
        #expect(count("layer \"labels\": layout.symbol-placement: data expressions are not supported") == 1)
        #expect(
            count(
                "layer \"labels\": layout.text-size: \"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."
            ) == 1)
        // The invalid expression is located at its innermost array (line 27, column 30 of the style text).
        let colorWarning = try #require(warnings.first { $0.message.contains("paint.fill-color") })
        #expect(
            colorWarning.message
                == "layer \"water\": paint.fill-color[6]: Expected color but found number instead. (property ignored)")
        #expect(colorWarning.layerID == "water")
        #expect(colorWarning.location == SourceLocation(line: 27, column: 30))
        #expect(colorWarning.description.hasPrefix("test.json:27:30: layer \"water\""))
        // terrain and light are ignored silently; nothing else warns.
        #expect(warnings.count == 13, "\(text.joined(separator: "\n"))")
    }

    @Test func spriteStringForm() throws {
        let (style, warnings) = try parse(
            #"{"version": 8, "sprite": "https://x/sprite", "sources": {}, "layers": [], "owner": "me", "extra": 1}"#)
        #expect(style.sprites == [StyleSprite(id: "default", url: "https://x/sprite")])
        #expect(warnings.map(\.message) == ["unknown root member \"extra\" ignored"])
    }

    @Test func legacyAndExpressionFiltersInLayers() throws {
        let text = """
            {"version": 8, "sources": {"s": {"type": "geojson", "data": "x.json"}}, "layers": [
              {"id": "a", "type": "line", "source": "s", "filter": ["all", ["==", "class", "motorway"], ["<", "rank", 5]]},
              {"id": "b", "type": "line", "source": "s", "filter": ["match", ["get", "class"], ["trunk"], true, false]},
              {"id": "c", "type": "line", "source": "s", "filter": true},
              {"id": "d", "type": "line", "source": "s"}
            ]}
            """
        let (style, warnings) = try parse(text)
        #expect(warnings.isEmpty)
        #expect(style.layers.map { $0.accepts(context()) } == [true, false, true, true])
        #expect(style.layers[3].filter == nil)
    }
}

extension JSONValue {
    /// The same value with every array/object offset set to 0 (for comparing with parsed text).
    var withoutOffsets: JSONValue {
        switch self {
        case .array(let a): return .array(JSONArray(a.elements.map(\.withoutOffsets)))
        case .object(let o):
            return .object(JSONObject(o.members.map { JSONMember(key: $0.key, value: $0.value.withoutOffsets) }))
        default: return self
        }
    }
}
