/// A layout or paint property of the spec (https://maplibre.org/maplibre-style-spec/layers/),
/// as a small integer key: property lookups in `StyleProperties` are array indexing, not string
/// comparisons. Use the static constants (`.fillColor`) in hot code; `StyleProperty("fill-color")`
/// looks the name up in a dictionary.
public struct StyleProperty: Hashable, Sendable, CustomStringConvertible {
    /// Index into the property table.
    public let id: Int

    init(id: Int) { self.id = id }

    /// The property with this spec name, or nil when the spec has none.
    public init?(_ name: String) {
        guard let id = PropertySpec.indexByName[name] else { return nil }
        self.id = id
    }

    /// A property the table is known to hold (the constants below); an unknown name gives an id
    /// that matches nothing (accessors then return their type's zero value).
    init(known name: String) { self.id = PropertySpec.indexByName[name] ?? -1 }

    var spec: PropertySpec? { id >= 0 && id < PropertySpec.all.count ? PropertySpec.all[id] : nil }

    /// The spec name, e.g. "fill-color".
    public var name: String { spec?.name ?? "?" }
    public var description: String { name }
    /// Whether it is a layout (else paint) property.
    public var isLayout: Bool { spec?.isLayout ?? false }
    /// Whether it may be given a data expression (else only zoom expressions or constants).
    public var isDataDriven: Bool { spec?.allowsFeatureData ?? false }
    /// Whether zoom curves of it may interpolate.
    public var isInterpolated: Bool { spec?.interpolated ?? false }
    /// The layer types it applies to.
    public var layerTypes: Set<StyleLayerType> { spec?.layerTypes ?? [] }

    /// All properties of the spec.
    public static var all: [StyleProperty] { PropertySpec.all.indices.map { StyleProperty(id: $0) } }

    // MARK: Layout, all layers
    public static let visibility = StyleProperty(known: "visibility")

    // MARK: Background
    public static let backgroundColor = StyleProperty(known: "background-color")
    public static let backgroundOpacity = StyleProperty(known: "background-opacity")
    public static let backgroundPattern = StyleProperty(known: "background-pattern")

    // MARK: Fill
    public static let fillAntialias = StyleProperty(known: "fill-antialias")
    public static let fillOpacity = StyleProperty(known: "fill-opacity")
    public static let fillColor = StyleProperty(known: "fill-color")
    /// Defaults to the value of `fill-color` (see `StyleProperties.color`).
    public static let fillOutlineColor = StyleProperty(known: "fill-outline-color")
    public static let fillTranslate = StyleProperty(known: "fill-translate")
    public static let fillTranslateAnchor = StyleProperty(known: "fill-translate-anchor")
    public static let fillPattern = StyleProperty(known: "fill-pattern")
    public static let fillSortKey = StyleProperty(known: "fill-sort-key")

    // MARK: Line
    public static let lineCap = StyleProperty(known: "line-cap")
    public static let lineJoin = StyleProperty(known: "line-join")
    public static let lineMiterLimit = StyleProperty(known: "line-miter-limit")
    public static let lineRoundLimit = StyleProperty(known: "line-round-limit")
    public static let lineSortKey = StyleProperty(known: "line-sort-key")
    public static let lineOpacity = StyleProperty(known: "line-opacity")
    public static let lineColor = StyleProperty(known: "line-color")
    public static let lineTranslate = StyleProperty(known: "line-translate")
    public static let lineTranslateAnchor = StyleProperty(known: "line-translate-anchor")
    public static let lineWidth = StyleProperty(known: "line-width")
    public static let lineGapWidth = StyleProperty(known: "line-gap-width")
    public static let lineOffset = StyleProperty(known: "line-offset")
    public static let lineBlur = StyleProperty(known: "line-blur")
    public static let lineDasharray = StyleProperty(known: "line-dasharray")
    public static let linePattern = StyleProperty(known: "line-pattern")

    // MARK: Circle
    public static let circleRadius = StyleProperty(known: "circle-radius")
    public static let circleColor = StyleProperty(known: "circle-color")
    public static let circleBlur = StyleProperty(known: "circle-blur")
    public static let circleOpacity = StyleProperty(known: "circle-opacity")
    public static let circleTranslate = StyleProperty(known: "circle-translate")
    public static let circlePitchScale = StyleProperty(known: "circle-pitch-scale")
    public static let circleStrokeWidth = StyleProperty(known: "circle-stroke-width")
    public static let circleStrokeColor = StyleProperty(known: "circle-stroke-color")
    public static let circleStrokeOpacity = StyleProperty(known: "circle-stroke-opacity")
    public static let circleSortKey = StyleProperty(known: "circle-sort-key")

    // MARK: Heatmap
    public static let heatmapRadius = StyleProperty(known: "heatmap-radius")
    public static let heatmapWeight = StyleProperty(known: "heatmap-weight")
    public static let heatmapIntensity = StyleProperty(known: "heatmap-intensity")
    public static let heatmapColor = StyleProperty(known: "heatmap-color")
    public static let heatmapOpacity = StyleProperty(known: "heatmap-opacity")

    // MARK: Hillshade and colour relief
    public static let hillshadeMethod = StyleProperty(known: "hillshade-method")
    public static let hillshadeIlluminationDirection = StyleProperty(known: "hillshade-illumination-direction")
    public static let hillshadeIlluminationAltitude = StyleProperty(known: "hillshade-illumination-altitude")
    public static let hillshadeIlluminationAnchor = StyleProperty(known: "hillshade-illumination-anchor")
    public static let hillshadeExaggeration = StyleProperty(known: "hillshade-exaggeration")
    public static let hillshadeShadowColor = StyleProperty(known: "hillshade-shadow-color")
    public static let hillshadeHighlightColor = StyleProperty(known: "hillshade-highlight-color")
    public static let hillshadeAccentColor = StyleProperty(known: "hillshade-accent-color")
    public static let colorReliefColor = StyleProperty(known: "color-relief-color")
    public static let colorReliefOpacity = StyleProperty(known: "color-relief-opacity")
    /// `resampling` of hillshade and color-relief layers.
    public static let resampling = StyleProperty(known: "resampling")

    // MARK: Raster
    public static let rasterOpacity = StyleProperty(known: "raster-opacity")
    public static let rasterBrightnessMin = StyleProperty(known: "raster-brightness-min")
    public static let rasterBrightnessMax = StyleProperty(known: "raster-brightness-max")
    public static let rasterContrast = StyleProperty(known: "raster-contrast")
    public static let rasterSaturation = StyleProperty(known: "raster-saturation")
    public static let rasterHueRotate = StyleProperty(known: "raster-hue-rotate")
    public static let rasterResampling = StyleProperty(known: "raster-resampling")
    public static let rasterFadeDuration = StyleProperty(known: "raster-fade-duration")

    // MARK: Symbol layout
    public static let symbolPlacement = StyleProperty(known: "symbol-placement")
    public static let symbolSpacing = StyleProperty(known: "symbol-spacing")
    public static let symbolSortKey = StyleProperty(known: "symbol-sort-key")
    public static let symbolZOrder = StyleProperty(known: "symbol-z-order")
    public static let textField = StyleProperty(known: "text-field")
    public static let textFont = StyleProperty(known: "text-font")
    public static let textSize = StyleProperty(known: "text-size")
    public static let textMaxWidth = StyleProperty(known: "text-max-width")
    public static let textLineHeight = StyleProperty(known: "text-line-height")
    public static let textLetterSpacing = StyleProperty(known: "text-letter-spacing")
    public static let textJustify = StyleProperty(known: "text-justify")
    public static let textAnchor = StyleProperty(known: "text-anchor")
    public static let textOffset = StyleProperty(known: "text-offset")
    public static let textRadialOffset = StyleProperty(known: "text-radial-offset")
    public static let textVariableAnchor = StyleProperty(known: "text-variable-anchor")
    public static let textMaxAngle = StyleProperty(known: "text-max-angle")
    public static let textRotate = StyleProperty(known: "text-rotate")
    public static let textPadding = StyleProperty(known: "text-padding")
    public static let textTransform = StyleProperty(known: "text-transform")
    public static let textAllowOverlap = StyleProperty(known: "text-allow-overlap")
    public static let textIgnorePlacement = StyleProperty(known: "text-ignore-placement")
    public static let textOptional = StyleProperty(known: "text-optional")
    public static let textRotationAlignment = StyleProperty(known: "text-rotation-alignment")
    public static let textPitchAlignment = StyleProperty(known: "text-pitch-alignment")
    public static let textKeepUpright = StyleProperty(known: "text-keep-upright")
    public static let iconImage = StyleProperty(known: "icon-image")
    public static let iconSize = StyleProperty(known: "icon-size")
    public static let iconOffset = StyleProperty(known: "icon-offset")
    public static let iconRotate = StyleProperty(known: "icon-rotate")
    public static let iconPadding = StyleProperty(known: "icon-padding")
    public static let iconAllowOverlap = StyleProperty(known: "icon-allow-overlap")
    public static let iconIgnorePlacement = StyleProperty(known: "icon-ignore-placement")
    public static let iconAnchor = StyleProperty(known: "icon-anchor")
    public static let iconOptional = StyleProperty(known: "icon-optional")
    public static let iconTextFit = StyleProperty(known: "icon-text-fit")
    public static let iconTextFitPadding = StyleProperty(known: "icon-text-fit-padding")
    public static let iconRotationAlignment = StyleProperty(known: "icon-rotation-alignment")

    // MARK: Symbol paint
    public static let textColor = StyleProperty(known: "text-color")
    public static let textOpacity = StyleProperty(known: "text-opacity")
    public static let textHaloColor = StyleProperty(known: "text-halo-color")
    public static let textHaloWidth = StyleProperty(known: "text-halo-width")
    public static let textHaloBlur = StyleProperty(known: "text-halo-blur")
    public static let textTranslate = StyleProperty(known: "text-translate")
    public static let iconColor = StyleProperty(known: "icon-color")
    public static let iconOpacity = StyleProperty(known: "icon-opacity")
    public static let iconHaloColor = StyleProperty(known: "icon-halo-color")
    public static let iconHaloWidth = StyleProperty(known: "icon-halo-width")
    public static let iconHaloBlur = StyleProperty(known: "icon-halo-blur")
    public static let iconTranslate = StyleProperty(known: "icon-translate")
}
