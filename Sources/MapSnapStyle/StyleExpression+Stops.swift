extension StyleExpression {
    /// The stop inputs of the expression's outermost `interpolate` (under type assertions and
    /// colour coercions the parser may add), or nil when it is another operator: what MapLibre
    /// GL JS builds a `color-relief` ramp from (its stops, read at their own elevations).
    public var interpolationStops: [Double]? {
        var node = self.node
        while true {
            switch node {
            case .interpolate(let table): return table.stops
            case .assertType(_, let nodes) where nodes.count == 1: node = nodes[0]
            case .toColor(let nodes) where nodes.count == 1: node = nodes[0]
            default: return nil
            }
        }
    }
}
