/// A layout or paint property of the spec as tools see it (style generators, linters, docs):
/// its name, the layer types it applies to, its value type and the range the spec gives it.
/// A read-only view of the table the parser uses (`PropertySpec.all`, spec
/// https://maplibre.org/maplibre-style-spec/layers/).
public struct StylePropertyInfo: Sendable {
    /// The kind of value the property takes.
    public enum ValueKind: Sendable, Equatable {
        case number
        case color
        case string
        case boolean
        /// One of these strings.
        case enumeration([String])
        /// An array of numbers, of this length when fixed.
        case numberArray(Int?)
        /// An array of strings (`text-font`), or of these enumeration values when not empty.
        case stringArray([String])
        /// `text-field`: a string with `{tokens}`, or a `format` expression.
        case formatted
        /// An image name (`icon-image`, `*-pattern`).
        case image
        /// `icon-padding` and `text-variable-anchor-offset`, hillshade's number-or-array and
        /// colour-or-array values.
        case other
    }

    public let name: String
    /// The layer types it applies to.
    public let layerTypes: Set<StyleLayerType>
    /// A `layout` property (else `paint`).
    public let isLayout: Bool
    public let kind: ValueKind
    /// The spec's `minimum`…`maximum` for numbers (each element for number arrays); nil when none.
    public let range: ClosedRange<Double>?
    /// Whether expressions may read feature data (`get`, `match` on properties, …).
    public let allowsFeatureData: Bool
    /// Whether expressions may depend on zoom (false for `visibility`).
    public let allowsZoom: Bool
    /// Whether `interpolate` may be used.
    public let interpolated: Bool

    /// Every property of the spec, in the reference's order.
    public static let all: [StylePropertyInfo] = PropertySpec.all.map(StylePropertyInfo.init)

    init(_ spec: PropertySpec) {
        name = spec.name
        layerTypes = spec.layerTypes
        isLayout = spec.isLayout
        range = PropertySpec.ranges[spec.name]
        allowsFeatureData = spec.allowsFeatureData
        allowsZoom = spec.kind != .constant
        interpolated = spec.interpolated
        switch spec.type {
        case .number: kind = .number
        case .color: kind = .color
        case .string: kind = .string
        case .boolean: kind = .boolean
        case .enumeration(let values): kind = .enumeration(values)
        case .numberArray(let n): kind = .numberArray(n)
        case .stringArray: kind = .stringArray([])
        case .enumArray(let values): kind = .stringArray(values)
        case .formatted: kind = .formatted
        case .resolvedImage: kind = .image
        case .padding, .numberOrArray, .colorOrArray, .anchorOffsets: kind = .other
        }
    }
}
