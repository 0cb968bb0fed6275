import Foundation

extension StyleExpression {
    /// How a paint expression of both the zoom and the feature (a "composite" expression: a zoom
    /// `interpolate` or `step` outermost, data inside) changes between integer zooms in MapLibre
    /// GL JS: its buckets evaluate it per feature at the tile's integer zoom and the next, and
    /// the shader mixes the two by the camera zoom's place between them, along the ramp's own
    /// curve (`CompositeExpressionBinder`, `interpolationFactor`); a `step` is not mixed (the
    /// integer zoom's value holds). Nil for other expressions, evaluated at the camera's zoom.
    enum TileZoomRamp: Hashable, Sendable {
        case interpolate(InterpolationCurve)
        case step
    }

    /// The expression's `TileZoomRamp`, read off its outermost operator.
    static func tileZoomRamp(_ node: ExpressionNode, zoom: Bool, feature: Bool) -> TileZoomRamp? {
        guard zoom, feature else { return nil }
        switch node {
        case .interpolate(let t) where t.input == .zoom && t.kind != .numberArray: return .interpolate(t.curve)
        case .step(let t) where t.input == .zoom: return .step
        default: return nil
        }
    }

    /// The value as MapLibre draws a composite paint expression at `ctx` (see `TileZoomRamp`);
    /// `evaluate(ctx)` for every other expression.
    public func evaluateAtTileZooms(_ ctx: EvaluationContext) -> StyleValue? {
        guard let ramp = tileZoomRamp else { return evaluate(ctx) }
        var lower = ctx
        lower.zoom = ctx.zoom.rounded(.down)
        guard case .interpolate(let curve) = ramp, lower.zoom < ctx.zoom else { return evaluate(lower) }
        var upper = ctx
        upper.zoom = lower.zoom + 1
        let t = min(max(curve.factor(ctx.zoom, lower: lower.zoom, upper: upper.zoom), 0), 1)
        switch (evaluate(lower), evaluate(upper)) {
        case (.number(let a)?, .number(let b)?):
            return .number(a + (b - a) * t)
        case (.color(let a)?, .color(let b)?):
            return .color(Color.interpolateRGB(a, b, t))
        case (let a, _):
            return a
        }
    }
}
