import MapSnapStyle

/// The one definition of the overlay layers: `OverlayLayers.json` beside this file, a MapLibre
/// v8 style (https://maplibre.org/maplibre-style-spec/) holding the empty `overlay` GeoJSON
/// source and the layers that draw it — areas and their outlines, trail casings, trails, route
/// casings, routes, free labels, callouts, pin titles and pins, bottom to top — reading the
/// feature properties `OverlayStyleSource` publishes. It is embedded in the library when it is
/// built, so an installed binary needs no resource files for it.
///
/// Every style gets these layers (`merge(into:)`); the bundled styles hold no copy. A style may
/// restyle one by giving a layer the same id (it keeps its own, in its place), or draw a kind of
/// overlay its own way with layers of that type on `overlay` (then no default layer of that
/// type is added).
public enum OverlayLayers {
    /// The JSON text of the default overlay style.
    public static let json = String(decoding: PackageResources.OverlayLayers_json, as: UTF8.self)

    /// The parsed default overlay style (parsed once per process).
    public static let style: Result<Style, StyleError> = {
        do throws(StyleError) {
            return .success(try StyleParser.parse(json, file: "OverlayLayers.json").0)
        } catch {
            return .failure(error)
        }
    }()

    /// The default layers, bottom to top.
    public static var layers: [StyleLayer] { (try? style.get())?.layers ?? [] }

    /// Adds to `style` the `overlay` source (when it has none) and each default layer that it
    /// neither restyles (a layer with the same id) nor replaces (its own layers of that type on
    /// `overlay`). An added layer goes just under the next default layer the style restyles (so
    /// a restyled trail keeps its casing under it), or on top when none follows; added layers
    /// keep their default order.
    /// - Throws: the parse error of the embedded defaults (an internal error: a broken build).
    public static func merge(into style: inout Style) throws(StyleError) {
        let defaults = try Self.style.get()
        if style.source(id: OverlayStyleSource.id) == nil {
            style.sources += defaults.sources.filter { $0.id == OverlayStyleSource.id }
        }
        let defaultIDs = Set(defaults.layers.map(\.id))
        let ids = Set(style.layers.map(\.id))
        let ownTypes = Set(
            style.layers.filter { $0.source == OverlayStyleSource.id && !defaultIDs.contains($0.id) }.map(\.type))
        var pending: [StyleLayer] = []
        for layer in defaults.layers {
            if ids.contains(layer.id) {
                // A restyle: the defaults before it go under it.
                if let at = style.layers.firstIndex(where: { $0.id == layer.id }) {
                    style.layers.insert(contentsOf: pending, at: at)
                }
                pending = []
            } else if !ownTypes.contains(layer.type) {
                pending.append(layer)
            }
        }
        style.layers += pending
    }

    /// The land colour of `--style none`: a warm light grey, as the bundled standard style's land.
    public static let plainBackground = Color(red: 242.0 / 255, green: 239.0 / 255, blue: 233.0 / 255)

    /// A style with nothing but a `background` of `color` and the overlay layers: what is drawn
    /// when there is no base map.
    public static func plainStyle(background color: Color = plainBackground) throws(StyleError) -> Style {
        let hex =
            color.alpha >= 1
            ? color.hex
            : "rgba(\((color.red * 255).rounded()), \((color.green * 255).rounded()), \((color.blue * 255).rounded()), \(color.alpha))"
        let text = """
            {"version": 8, "name": "none", "sources": {}, "layers": [{"id": "background", "type": "background", \
            "paint": {"background-color": "\(hex)"}}]}
            """
        var plain = try StyleParser.parse(text, file: "none").0
        try merge(into: &plain)
        return plain
    }
}
