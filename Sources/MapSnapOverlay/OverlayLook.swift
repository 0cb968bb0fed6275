import MapSnapStyle

/// What a style's overlay layers say about the overlays' sizes and colours, for the work done
/// before drawing: making room for markers in a fitted camera, putting a pin's title clear of
/// its pin and a callout's text inside its bubble, re-expressing a route's dash for its casing,
/// and colouring a trail's name callout like the trail.
///
/// The style is the one theming system: each value here is what the topmost visible layer on
/// the `overlay` source that draws the feature gives it (its filter passes, and it draws the
/// thing asked about: a line, an icon, a text), at `zoom`; with no such layer, the spec's
/// default. Sizes are in points.
public struct OverlayLook: Sendable {
    /// The style's visible layers on the overlay source, top first.
    private let layers: [StyleLayer]
    /// The zoom the layers were evaluated at.
    public let zoom: Double
    /// Whether a layer's filter, layout or paint depends on the zoom (then the look of another
    /// zoom differs).
    public let dependsOnZoom: Bool

    public init(style: Style, zoom: Double) {
        self.zoom = zoom
        let drawn = style.layers.filter { $0.source == OverlayStyleSource.id }
        layers = drawn.filter { $0.isVisible(atZoom: zoom) }.reversed()
        dependsOnZoom = drawn.contains { layer in
            layer.minzoom != nil || layer.maxzoom != nil || (layer.filter?.dependsOnZoom ?? false)
                || layer.layout.properties.contains { layer.layout.dependsOnZoom($0) }
                || layer.paint.properties.contains { layer.paint.dependsOnZoom($0) }
        }
    }

    /// How a text of a symbol layer is shaped and framed.
    public struct Text: Sendable, Equatable {
        /// `text-size`, points.
        public var size: Double
        /// Whether the first font of `text-font` is a bold face.
        public var bold: Bool
        /// `text-max-width` × `text-size`, points.
        public var maxWidth: Double
        /// `text-halo-width`, points.
        public var haloWidth: Double
        /// `icon-text-fit-padding` (top, right, bottom, left), points.
        public var fitPadding: [Double]
    }

    /// The text look of the topmost symbol layer with a `text-field` that draws `feature`.
    public func text(_ feature: SimpleFeature) -> Text {
        let ctx = EvaluationContext(zoom: zoom, feature: feature)
        guard let l = layer(.symbol, feature, drawing: .textField) else {
            let size = StyleProperties.defaultValue(.textSize, ctx)?.numberValue ?? 16
            return Text(size: size, bold: false, maxWidth: 10 * size, haloWidth: 0, fitPadding: [0, 0, 0, 0])
        }
        let size = max(l.layout.number(.textSize, ctx), 0)
        var pad = l.layout.numbers(.iconTextFitPadding, ctx)
        while pad.count < 4 { pad.append(pad.last ?? 0) }
        return Text(
            size: size, bold: FontStack.isBold(l.layout.strings(.textFont, ctx)),
            maxWidth: max(l.layout.number(.textMaxWidth, ctx), 0) * size,
            haloWidth: max(l.paint.number(.textHaloWidth, ctx), 0), fitPadding: pad)
    }

    /// `icon-size` of the topmost symbol layer with an `icon-image` that draws `feature` (1
    /// without one).
    public func iconSize(_ feature: SimpleFeature) -> Double {
        guard let l = layer(.symbol, feature, drawing: .iconImage) else { return 1 }
        return max(l.layout.number(.iconSize, EvaluationContext(zoom: zoom, feature: feature)), 0)
    }

    /// The line as drawn: `line-color`, `line-width` (points) and `line-dasharray` (in line
    /// widths; empty when solid) of the topmost line layer that draws `feature`, and the width
    /// of the line layer under it that draws it too (its casing), if any.
    public struct Line: Sendable, Equatable {
        public var color: Color
        public var width: Double
        public var dash: [Double]
        public var casingWidth: Double?
    }

    /// The line look of `feature` (a line feature), or nil when no layer draws it.
    public func line(_ feature: SimpleFeature) -> Line? {
        let ctx = EvaluationContext(zoom: zoom, feature: feature)
        let drawing = layers.filter { $0.type == .line && $0.accepts(ctx) }
        guard let top = drawing.first else { return nil }
        let dash = top.paint.properties.contains(.lineDasharray) ? top.paint.numbers(.lineDasharray, ctx) : []
        return Line(
            color: top.paint.color(.lineColor, ctx), width: max(top.paint.number(.lineWidth, ctx), 0),
            dash: dash.count >= 2 ? dash : [],
            casingWidth: drawing.dropFirst().first.map { $0.paint.number(.lineWidth, ctx) })
    }

    /// The topmost layer of `type` that draws `feature` and sets the layout property `drawing`.
    private func layer(_ type: StyleLayerType, _ feature: SimpleFeature, drawing: StyleProperty) -> StyleLayer? {
        let ctx = EvaluationContext(zoom: zoom, feature: feature)
        return layers.first { $0.type == type && $0.layout.properties.contains(drawing) && $0.accepts(ctx) }
    }
}
