import Foundation
import MapSnapJSON
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
///
/// Each is read for a feature's facts (what `OverlayStyleSource` publishes of the input, not
/// where the feature is drawn or in which order) and remembered for the next feature with the
/// same facts: a hundred thousand flags are looked up once per kind.
public struct OverlayLook: Sendable {
    /// The style's visible layers on the overlay source, top first.
    private let layers: [StyleLayer]
    /// The zoom the layers were evaluated at.
    public let zoom: Double
    /// Whether a layer's filter, layout or paint depends on the zoom (then the look of another
    /// zoom differs).
    public let dependsOnZoom: Bool
    private let memo = Memo()
    /// The feature properties any overlay layer reads (nil: any may be read); the memo keys
    /// on these only, so facts no layer reads (a trail's name, say) do not split it.
    private let readKeys: Set<String>?

    public init(style: Style, zoom: Double) {
        self.zoom = zoom
        let drawn = style.layers.filter { $0.source == OverlayStyleSource.id }
        layers = drawn.filter { $0.isVisible(atZoom: zoom) }.reversed()
        readKeys = Self.keysRead(by: drawn)
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
        /// `text-font`: the font stack, as the layer names it (the text room picks the face).
        public var fonts: [String]
        /// `text-max-width` × `text-size`, points.
        public var maxWidth: Double
        /// `text-halo-width`, points.
        public var haloWidth: Double
        /// `icon-text-fit-padding` (top, right, bottom, left), points.
        public var fitPadding: [Double]
    }

    /// The text look of the topmost symbol layer with a `text-field` that draws a point with
    /// `facts`.
    public func text(_ facts: [JSONMember]) -> Text {
        let key = key(facts, .point)
        if let t = memo.get(\.texts, key) { return t }
        let t = text(OverlayStyleSource.styleFeature(facts))
        memo.put(\.texts, key, t)
        return t
    }

    /// `icon-size` of the topmost symbol layer with an `icon-image` that draws a point with
    /// `facts` (1 without one).
    public func iconSize(_ facts: [JSONMember]) -> Double {
        let key = key(facts, .point)
        if let s = memo.get(\.sizes, key) { return s }
        let s = iconSize(OverlayStyleSource.styleFeature(facts))
        memo.put(\.sizes, key, s)
        return s
    }

    /// The line look of a feature of `type` with `facts`, or nil when no layer draws it.
    public func line(_ facts: [JSONMember], type: StyleGeometryType = .lineString) -> Line? {
        let key = key(facts, type)
        if let l = memo.get(\.lines, key) { return l }
        let l = line(OverlayStyleSource.styleFeature(facts, type: type))
        memo.put(\.lines, key, l)
        return l
    }

    private func text(_ feature: SimpleFeature) -> Text {
        let ctx = EvaluationContext(zoom: zoom, feature: feature)
        guard let l = layer(.symbol, feature, drawing: .textField) else {
            let size = StyleProperties.defaultValue(.textSize, ctx)?.numberValue ?? 16
            return Text(size: size, fonts: [], maxWidth: 10 * size, haloWidth: 0, fitPadding: [0, 0, 0, 0])
        }
        let size = max(l.layout.number(.textSize, ctx), 0)
        var pad = l.layout.numbers(.iconTextFitPadding, ctx)
        while pad.count < 4 { pad.append(pad.last ?? 0) }
        return Text(
            size: size, fonts: l.layout.strings(.textFont, ctx),
            maxWidth: max(l.layout.number(.textMaxWidth, ctx), 0) * size,
            haloWidth: max(l.paint.number(.textHaloWidth, ctx), 0), fitPadding: pad)
    }

    private func iconSize(_ feature: SimpleFeature) -> Double {
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

    private func line(_ feature: SimpleFeature) -> Line? {
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

    /// The feature properties `layers` read in filters, layout and paint; nil when one may
    /// read any.
    static func keysRead(by layers: [StyleLayer]) -> Set<String>? {
        var keys: Set<String> = []
        for layer in layers {
            if let f = layer.filter {
                guard let k = f.propertyKeys else { return nil }
                keys.formUnion(k)
            }
            for props in [layer.layout, layer.paint] {
                for p in props.properties {
                    guard let k = props[p]?.propertyKeys else { return nil }
                    keys.formUnion(k)
                }
            }
        }
        return keys
    }

    /// A memo key: the geometry type and the facts the layers read, in order.
    private func key(_ facts: [JSONMember], _ type: StyleGeometryType) -> String {
        var k = type.rawValue
        for m in facts where readKeys?.contains(m.key) ?? true {
            k += "\u{1e}" + m.key + "\u{1f}"
            switch m.value {
            case .string(let s): k += "s" + s
            case .number(let d): k += "n\(d)"
            case .bool(let b): k += b ? "t" : "f"
            case .null: k += "0"
            case .array, .object: k += "j\(m.value)"
            }
        }
        return k
    }

    /// What was read, by facts; shared by the copies of one look, guarded by a lock.
    private final class Memo: @unchecked Sendable {
        private let lock = NSLock()
        var texts: [String: Text] = [:]
        var sizes: [String: Double] = [:]
        var lines: [String: Line?] = [:]

        func get<T>(_ table: ReferenceWritableKeyPath<Memo, [String: T]>, _ key: String) -> T? {
            lock.lock()
            defer { lock.unlock() }
            return self[keyPath: table][key]
        }

        func put<T>(_ table: ReferenceWritableKeyPath<Memo, [String: T]>, _ key: String, _ value: T) {
            lock.lock()
            defer { lock.unlock() }
            self[keyPath: table][key] = value
        }
    }
}
