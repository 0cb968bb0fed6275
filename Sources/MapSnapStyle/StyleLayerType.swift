/// The layer types of the spec (https://maplibre.org/maplibre-style-spec/layers/#type).
/// A layer of any other type is skipped by the parser with a warning.
public enum StyleLayerType: String, Sendable, CaseIterable, Hashable {
    case background
    case fill
    case line
    case circle
    case symbol
    case raster
    case hillshade
    case fillExtrusion = "fill-extrusion"
    case heatmap
    case colorRelief = "color-relief"

    /// Whether layers of this type draw data from a source (all but `background`).
    public var needsSource: Bool { self != .background }
}

/// Whether a layer is drawn (https://maplibre.org/maplibre-style-spec/layers/#visibility).
public enum StyleVisibility: String, Sendable, Hashable {
    case visible
    case none
}
