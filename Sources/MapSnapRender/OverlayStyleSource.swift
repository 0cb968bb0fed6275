import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import MapSnapStyle

/// The overlays' lines as the GeoJSON source named `overlay` that a style's layers can draw:
/// one feature per trail or route, in drawing order (trails, then routes), with the values the
/// overlay builder resolved (from the theme, the file's simplestyle properties, difficulty and
/// highlighting) as properties a style reads with expressions:
///
/// | property | meaning |
/// |---|---|
/// | `kind` | "trail" or "route" |
/// | `name`, `difficulty`, `stroke` | from the input file, when it had them |
/// | `color`, `opacity`, `width` | the line's colour (`#rrggbb`), opacity and width (points) |
/// | `casing-color`, `casing-width` | the casing under it (width of each side, points; 0: none) |
/// | `dash`, `casing-dash` | line-dasharray for the line and for its casing (multiples of each one's width; round caps already allowed for); absent for solid lines |
/// | `highlighted`, `faded` | with `--highlight`: the trail named, the others |
///
/// A style draws them with layers on this source (the bundled styles' `overlay-*` layers; they
/// are appended to any style that has none).
public enum OverlayStyleSource {
    /// The source id the overlay features are published under.
    public static let id = "overlay"

    /// The default overlay layers (and the empty `overlay` source they draw) as a MapLibre v8
    /// style: trail casings, trails, route casings, routes, reading the properties above. The
    /// bundled styles carry the same layers; they are appended to a style that has none.
    public static let defaultLayersStyle = #"""
        {
         "version": 8,
         "sources": {
          "overlay": {
           "type": "geojson",
           "data": {
            "type": "FeatureCollection",
            "features": []
           }
          }
         },
         "layers": [
          {
           "id": "overlay-trail-casing",
           "type": "line",
           "source": "overlay",
           "filter": [
            "all",
            [
             "==",
             [
              "get",
              "kind"
             ],
             "trail"
            ],
            [
             ">",
             [
              "get",
              "casing-width"
             ],
             0
            ]
           ],
           "layout": {
            "line-cap": "round",
            "line-join": "round"
           },
           "paint": {
            "line-color": [
             "get",
             "casing-color"
            ],
            "line-opacity": [
             "get",
             "opacity"
            ],
            "line-width": [
             "+",
             [
              "get",
              "width"
             ],
             [
              "*",
              2,
              [
               "get",
               "casing-width"
              ]
             ]
            ]
           }
          },
          {
           "id": "overlay-trail",
           "type": "line",
           "source": "overlay",
           "filter": [
            "==",
            [
             "get",
             "kind"
            ],
            "trail"
           ],
           "layout": {
            "line-cap": "round",
            "line-join": "round"
           },
           "paint": {
            "line-color": [
             "get",
             "color"
            ],
            "line-opacity": [
             "get",
             "opacity"
            ],
            "line-width": [
             "get",
             "width"
            ]
           }
          },
          {
           "id": "overlay-route-casing",
           "type": "line",
           "source": "overlay",
           "filter": [
            "all",
            [
             "==",
             [
              "get",
              "kind"
             ],
             "route"
            ],
            [
             ">",
             [
              "get",
              "casing-width"
             ],
             0
            ]
           ],
           "layout": {
            "line-cap": "round",
            "line-join": "round"
           },
           "paint": {
            "line-color": [
             "get",
             "casing-color"
            ],
            "line-opacity": [
             "get",
             "opacity"
            ],
            "line-width": [
             "+",
             [
              "get",
              "width"
             ],
             [
              "*",
              2,
              [
               "get",
               "casing-width"
              ]
             ]
            ],
            "line-dasharray": [
             "coalesce",
             [
              "get",
              "casing-dash"
             ],
             [
              "literal",
              [
               1,
               0
              ]
             ]
            ]
           }
          },
          {
           "id": "overlay-route",
           "type": "line",
           "source": "overlay",
           "filter": [
            "==",
            [
             "get",
             "kind"
            ],
            "route"
           ],
           "layout": {
            "line-cap": "round",
            "line-join": "round"
           },
           "paint": {
            "line-color": [
             "get",
             "color"
            ],
            "line-opacity": [
             "get",
             "opacity"
            ],
            "line-width": [
             "get",
             "width"
            ],
            "line-dasharray": [
             "coalesce",
             [
              "get",
              "dash"
             ],
             [
              "literal",
              [
               1,
               0
              ]
             ]
            ]
           }
          }
         ]
        }
        """#

    /// Whether `style` draws the overlay source (then the renderer leaves the lines to it).
    public static func isDrawn(by style: Style) -> Bool {
        style.layers.contains { $0.source == id }
    }

    /// The source for `lines` (trails first, then routes, each in input order).
    static func source(_ lines: [LineOverlay]) -> GeoJSONSource {
        let ordered = lines.filter { $0.kind == .trail } + lines.filter { $0.kind == .route }
        return GeoJSONSource(features: ordered.map(feature))
    }

    static func feature(_ line: LineOverlay) -> Feature {
        var members: [JSONMember] = [
            JSONMember(key: "kind", value: .string(line.kind.rawValue)),
            JSONMember(key: "color", value: .string(line.color.hex)),
            JSONMember(key: "opacity", value: .number(line.opacity)),
            JSONMember(key: "width", value: .number(line.width)),
            JSONMember(key: "casing-color", value: .string(line.casingColor.hex)),
            JSONMember(key: "casing-width", value: .number(line.casingWidth)),
        ]
        if let name = line.name { members.append(JSONMember(key: "name", value: .string(name))) }
        for (key, value) in line.properties.sorted(by: { $0.key < $1.key }) {
            members.append(JSONMember(key: key, value: .string(value)))
        }
        let pattern = line.roundCapDash
        if !pattern.isEmpty && line.width > 0 {
            let casingWidth = line.width + 2 * line.casingWidth
            members.append(JSONMember(key: "dash", value: .array(JSONArray(pattern.map { .number($0 / line.width) }))))
            members.append(
                JSONMember(key: "casing-dash", value: .array(JSONArray(pattern.map { .number($0 / casingWidth) }))))
        }
        let geometry: Geometry =
            line.parts.count == 1 ? .lineString(line.parts[0]) : .multiLineString(line.parts)
        return Feature(geometry: geometry, properties: JSONObject(members))
    }
}
