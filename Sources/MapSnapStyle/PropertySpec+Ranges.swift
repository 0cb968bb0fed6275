/// The ranges the spec gives numeric properties (`minimum`, `maximum` in the reference's
/// v8.json, https://maplibre.org/maplibre-style-spec/layers/; MapLibre GL JS 5.24). A value
/// outside is clamped into its range when read, as MapLibre's validation would have refused
/// it; for arrays, each number.
extension PropertySpec {
    static let ranges: [String: ClosedRange<Double>] = {
        let positive = 0.0...Double.greatestFiniteMagnitude
        let unit = 0.0...1.0
        var r: [String: ClosedRange<Double>] = [:]
        for name in [
            "background-opacity", "circle-opacity", "circle-stroke-opacity", "color-relief-opacity",
            "fill-extrusion-opacity", "fill-opacity", "heatmap-opacity", "hillshade-exaggeration", "icon-opacity",
            "line-opacity", "raster-brightness-max", "raster-brightness-min", "raster-opacity", "text-opacity",
        ] {
            r[name] = unit
        }
        for name in [
            "circle-radius", "circle-stroke-width", "fill-extrusion-base", "fill-extrusion-height", "heatmap-intensity",
            "heatmap-weight", "icon-halo-blur", "icon-halo-width", "icon-size", "line-blur",
            "line-dasharray", "line-gap-width", "line-width", "raster-fade-duration", "text-halo-blur",
            "text-halo-width", "text-max-width", "text-padding", "text-size",
        ] {
            r[name] = positive
        }
        r["heatmap-radius"] = 1...Double.greatestFiniteMagnitude
        r["symbol-spacing"] = 1...Double.greatestFiniteMagnitude
        r["raster-contrast"] = -1...1
        r["raster-saturation"] = -1...1
        r["hillshade-illumination-altitude"] = 0...90
        r["hillshade-illumination-direction"] = 0...359
        return r
    }()
}
