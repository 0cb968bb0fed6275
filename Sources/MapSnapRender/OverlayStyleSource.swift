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
          },
          {
           "id": "overlay-pin-titles",
           "type": "symbol",
           "source": "overlay",
           "filter": [
            "all",
            [
             "==",
             [
              "get",
              "kind"
             ],
             "pin"
            ],
            [
             "has",
             "title"
            ]
           ],
           "layout": {
            "text-field": [
             "get",
             "title"
            ],
            "text-font": [
             "Noto Sans Bold"
            ],
            "text-size": [
             "get",
             "title-size"
            ],
            "text-max-width": 13.3,
            "text-justify": "center",
            "text-variable-anchor-offset": [
             "get",
             "title-anchors"
            ],
            "text-padding": 2,
            "symbol-sort-key": [
             "get",
             "order"
            ]
           },
           "paint": {
            "text-color": [
             "get",
             "title-color"
            ],
            "text-halo-color": [
             "get",
             "halo-color"
            ],
            "text-halo-width": [
             "get",
             "halo-width"
            ]
           }
          },
          {
           "id": "overlay-pins",
           "type": "symbol",
           "source": "overlay",
           "filter": [
            "match",
            [
             "get",
             "kind"
            ],
            [
             "pin",
             "start-flag",
             "end-flag"
            ],
            true,
            false
           ],
           "layout": {
            "icon-image": [
             "match",
             [
              "get",
              "kind"
             ],
             "start-flag",
             "mapsnap-start-flag",
             "end-flag",
             "mapsnap-end-flag",
             "mapsnap-marker"
            ],
            "icon-size": [
             "get",
             "size"
            ],
            "icon-anchor": [
             "match",
             [
              "get",
              "kind"
             ],
             "pin",
             "bottom",
             "bottom-left"
            ],
            "icon-offset": [
             "match",
             [
              "get",
              "kind"
             ],
             "pin",
             [
              "literal",
              [
               0,
               0
              ]
             ],
             [
              "literal",
              [
               -3.5,
               3.5
              ]
             ]
            ],
            "icon-padding": 0,
            "icon-allow-overlap": true,
            "symbol-sort-key": [
             "get",
             "order"
            ]
           },
           "paint": {
            "icon-color": [
             "get",
             "color"
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

    /// Whether `style` draws the pins and flags (a symbol layer on the overlay source); when
    /// it does not, the renderer draws them itself.
    public static func drawsMarkers(_ style: Style) -> Bool {
        style.layers.contains { $0.source == id && $0.type == .symbol }
    }

    /// The source for `lines` (trails first, then routes, each in input order).
    static func source(_ lines: [LineOverlay]) -> GeoJSONSource {
        let ordered = lines.filter { $0.kind == .trail } + lines.filter { $0.kind == .route }
        return GeoJSONSource(features: ordered.map(feature))
    }

    /// The source for the lines and, after them, `pins` (already in drawing order, see
    /// `markerOrder`); the pins' features start at index `lines.count`.
    static func source(_ lines: [LineOverlay], pins: [PinOverlay], theme: OverlayTheme) -> GeoJSONSource {
        let ordered = lines.filter { $0.kind == .trail } + lines.filter { $0.kind == .route }
        return GeoJSONSource(
            features: ordered.map(feature)
                + pins.enumerated().map { feature($0.element, order: $0.offset, theme: theme) })
    }

    /// Pins in drawing order: flags under balloon markers; within each group the southern ones
    /// on top (MapKit's order). Ties keep the input order.
    static func markerOrder(_ pins: [PinOverlay]) -> [PinOverlay] {
        pins.enumerated().sorted { a, b in
            let fa = a.element.kind == .marker ? 1 : 0
            let fb = b.element.kind == .marker ? 1 : 0
            if fa != fb { return fa < fb }
            if a.element.coordinate.latitude != b.element.coordinate.latitude {
                return a.element.coordinate.latitude > b.element.coordinate.latitude
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The feature of a pin or flag: a point with the resolved look (see the table above).
    static func feature(_ pin: PinOverlay, order: Int, theme: OverlayTheme) -> Feature {
        let kind: String
        switch pin.kind {
        case .marker: kind = "pin"
        case .startFlag: kind = "start-flag"
        case .endFlag: kind = "end-flag"
        }
        var members: [JSONMember] = [
            JSONMember(key: "kind", value: .string(kind)),
            JSONMember(key: "color", value: .string(pin.color.hex)),
            JSONMember(key: "size", value: .number(pin.sizeFactor)),
            JSONMember(key: "order", value: .number(Double(order))),
        ]
        if pin.kind == .marker {
            members.append(JSONMember(key: "glyph-color", value: .string(theme.pin.glyphColor.hex)))
            switch pin.glyph {
            case .none: break
            case .text(let s): members.append(JSONMember(key: "glyph", value: .string(s)))
            case .symbol(let s): members.append(JSONMember(key: "symbol", value: .string(s.rawValue)))
            }
        }
        if let title = pin.title {
            let l = theme.label
            members += [
                JSONMember(key: "title", value: .string(title)),
                JSONMember(key: "title-size", value: .number(theme.pin.labelFontSize)),
                JSONMember(key: "title-color", value: .string(l.color.hex)),
                JSONMember(key: "halo-color", value: .string(l.haloColor.hex)),
                JSONMember(key: "halo-width", value: .number(l.haloWidth)),
                JSONMember(key: "title-anchors", value: .array(JSONArray(titleAnchors(pin, theme: theme)))),
            ]
        }
        return Feature(geometry: .point(pin.coordinate), properties: JSONObject(members))
    }

    /// `text-variable-anchor-offset` for a pin's title: under the pin, right of it, left of it,
    /// above it, each clear of the pin's box by half a point plus the halo (ems of the title size).
    static func titleAnchors(_ pin: PinOverlay, theme: OverlayTheme) -> [JSONValue] {
        let b = MarkerPainter.pinBox(pin, theme: theme)
        let gap = 0.5 + theme.label.haloWidth
        let em = max(theme.pin.labelFontSize, 1)
        func pair(_ anchor: String, _ x: Double, _ y: Double) -> [JSONValue] {
            [.string(anchor), .array(JSONArray([.number(x / em), .number(y / em)]))]
        }
        return pair("top", 0, b.maxY + gap) + pair("left", b.maxX + gap, b.midY) + pair("right", b.minX - gap, b.midY)
            + pair("bottom", 0, b.minY - gap)
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
