/// A layer's compiled layout or paint properties, with typed accessors that apply the spec's
/// defaults (https://maplibre.org/maplibre-style-spec/layers/).
///
/// Every accessor returns the property's value for `ctx`, or its spec default when the property is
/// absent, when its expression fails, or when the value is null or of the wrong type (a property
/// with no spec default gives the type's zero: 0, "", [], false, black). `fill-outline-color`
/// defaults to `fill-color`, as the spec says. Units are the spec's: widths, offsets, radii and
/// sizes in pixels (at 512 px tiles), text metrics in ems, angles in degrees, opacities 0…1.
///
/// Lookup is an array index by `StyleProperty.id`; string names work too but cost a dictionary
/// lookup each call.
public struct StyleProperties: Sendable {
    /// Immutable storage shared by copies (a copy, or a read through a layer, costs one
    /// reference count); `set` replaces it.
    private final class Storage: Sendable {
        /// For each property id, the index of its value in `values`, or -1.
        let slots: [Int16]
        let keys: [StyleProperty]
        let values: [StylePropertyValue]

        init(slots: [Int16], keys: [StyleProperty], values: [StylePropertyValue]) {
            self.slots = slots
            self.keys = keys
            self.values = values
        }
    }

    private var storage: Storage

    public init() {
        storage = Storage(slots: [Int16](repeating: -1, count: PropertySpec.all.count), keys: [], values: [])
    }

    /// Sets (or replaces) a property's compiled value.
    public mutating func set(_ property: StyleProperty, _ value: StylePropertyValue) {
        guard property.id >= 0, property.id < storage.slots.count else { return }
        var slots = storage.slots
        var keys = storage.keys
        var values = storage.values
        let slot = slots[property.id]
        if slot >= 0 {
            values[Int(slot)] = value
        } else {
            slots[property.id] = Int16(values.count)
            keys.append(property)
            values.append(value)
        }
        storage = Storage(slots: slots, keys: keys, values: values)
    }

    /// The properties that are set, in the order they were set (source order).
    public var properties: [StyleProperty] { storage.keys }
    public var count: Int { storage.keys.count }
    public var isEmpty: Bool { storage.keys.isEmpty }

    /// The compiled value of a property, nil when it is not set.
    @inline(__always)
    public subscript(_ property: StyleProperty) -> StylePropertyValue? {
        let storage = self.storage
        guard property.id >= 0, property.id < storage.slots.count else { return nil }
        let slot = storage.slots[property.id]
        return slot >= 0 ? storage.values[Int(slot)] : nil
    }

    public subscript(_ name: String) -> StylePropertyValue? {
        guard let property = StyleProperty(name) else { return nil }
        return self[property]
    }

    /// Whether the property's value may differ between features (so it must be evaluated per
    /// feature rather than once per layer and zoom).
    public func dependsOnFeature(_ property: StyleProperty) -> Bool { self[property]?.dependsOnFeature ?? false }
    public func dependsOnZoom(_ property: StyleProperty) -> Bool { self[property]?.dependsOnZoom ?? false }

    // MARK: - Values

    /// The set value for `ctx` (nil when absent or failing).
    @inline(__always)
    func evaluated(_ property: StyleProperty, _ ctx: EvaluationContext) -> StyleValue? {
        guard let value = self[property] else { return nil }
        // Composite paint expressions change between integer zooms as MapLibre's buckets and
        // shaders change them (StyleExpression.TileZoomRamp); layout ones do not.
        if case .expression(let e) = value, e.tileZoomRamp != nil, property.spec?.isLayout == false {
            return e.evaluateAtTileZooms(ctx)
        }
        return value.evaluate(ctx)
    }

    /// The compiled spec defaults, by property id.
    static let defaults: [StylePropertyValue?] = PropertySpec.all.map { spec in
        guard let json = spec.defaultJSON else { return nil }
        return try? PropertyCompiler.compile(json, spec: spec)
    }

    /// The spec default of a property for `ctx` (nil when the spec gives none).
    public static func defaultValue(_ property: StyleProperty, _ ctx: EvaluationContext) -> StyleValue? {
        guard property.id >= 0, property.id < defaults.count else { return nil }
        return defaults[property.id]?.evaluate(ctx)
    }

    /// The value for `ctx` with the default applied (nil only when there is neither).
    public func value(_ property: StyleProperty, _ ctx: EvaluationContext) -> StyleValue? {
        if let v = evaluated(property, ctx), !v.isNull { return v }
        return Self.defaultValue(property, ctx)
    }

    // MARK: - Typed accessors

    /// A colour property (straight alpha).
    public func color(_ property: StyleProperty, _ ctx: EvaluationContext) -> Color {
        if let c = Self.asColor(evaluated(property, ctx)) { return c }
        if property == .fillOutlineColor { return color(.fillColor, ctx) }
        return Self.asColor(Self.defaultValue(property, ctx)) ?? .black
    }

    /// The spec's range of each property, by id (nil: any finite number).
    static let ranges: [ClosedRange<Double>?] = PropertySpec.all.map { PropertySpec.ranges[$0.name] }

    /// `d` clamped into `property`'s spec range; nil when it is not finite (NaN, ±∞: the
    /// default applies, as for a failed expression).
    @inline(__always)
    static func bounded(_ d: Double, _ property: StyleProperty) -> Double? {
        guard d.isFinite else { return nil }
        guard property.id >= 0, property.id < ranges.count, let r = ranges[property.id] else { return d }
        return Swift.min(Swift.max(d, r.lowerBound), r.upperBound)
    }

    /// A number property, within its spec range.
    public func number(_ property: StyleProperty, _ ctx: EvaluationContext) -> Double {
        if case .number(let d)? = evaluated(property, ctx), let b = Self.bounded(d, property) { return b }
        if case .number(let d)? = Self.defaultValue(property, ctx) { return d }
        return 0
    }

    /// An array-of-numbers property (`line-dasharray`, `text-offset`, translations, padding); a
    /// single number counts as a one-element array where the spec allows it (`icon-padding`).
    /// Arrays of the wrong length, or with a number that is not finite, give the default; each
    /// number is clamped into the spec range.
    public func numbers(_ property: StyleProperty, _ ctx: EvaluationContext) -> [Double] {
        let spec = property.spec
        if let list = Self.asNumbers(evaluated(property, ctx), spec: spec) {
            let bounded = list.compactMap { Self.bounded($0, property) }
            if bounded.count == list.count { return bounded }
        }
        return Self.asNumbers(Self.defaultValue(property, ctx), spec: spec) ?? []
    }

    /// A string property: `text-field` (the label text), `icon-image` ("" = no icon), …
    public func string(_ property: StyleProperty, _ ctx: EvaluationContext) -> String {
        if case .string(let s)? = evaluated(property, ctx) { return s }
        if case .string(let s)? = Self.defaultValue(property, ctx) { return s }
        return ""
    }

    /// An array-of-strings property (`text-font`, `text-variable-anchor`).
    public func strings(_ property: StyleProperty, _ ctx: EvaluationContext) -> [String] {
        if let list = Self.asStrings(evaluated(property, ctx), spec: property.spec) { return list }
        return Self.asStrings(Self.defaultValue(property, ctx), spec: property.spec) ?? []
    }

    /// A boolean property.
    public func bool(_ property: StyleProperty, _ ctx: EvaluationContext) -> Bool {
        if case .bool(let b)? = evaluated(property, ctx) { return b }
        if case .bool(let b)? = Self.defaultValue(property, ctx) { return b }
        return false
    }

    /// An enumeration property as its spec string ("round", "top-left", …); values outside the
    /// property's list give the default ("" when it has none, e.g. `icon-overlap`).
    public func enumValue(_ property: StyleProperty, _ ctx: EvaluationContext) -> String {
        let allowed: [String]?
        if case .enumeration(let values)? = property.spec?.type { allowed = values } else { allowed = nil }
        if case .string(let s)? = evaluated(property, ctx), allowed?.contains(s) ?? true { return s }
        if case .string(let s)? = Self.defaultValue(property, ctx) { return s }
        return ""
    }

    /// An enumeration property as a Swift enum whose raw values are the spec strings.
    public func enumValue<T: RawRepresentable>(_ property: StyleProperty, _ ctx: EvaluationContext, as type: T.Type)
        -> T? where T.RawValue == String
    {
        T(rawValue: enumValue(property, ctx))
    }

    /// A colour-or-colours property (`hillshade-shadow-color`), as an array.
    public func colors(_ property: StyleProperty, _ ctx: EvaluationContext) -> [Color] {
        for candidate in [evaluated(property, ctx), Self.defaultValue(property, ctx)] {
            if let c = Self.asColor(candidate) { return [c] }
            if case .array(let items)? = candidate {
                let list = items.compactMap { Self.asColor($0) }
                if list.count == items.count, !list.isEmpty { return list }
            }
        }
        return []
    }

    // MARK: String-keyed conveniences

    public func color(_ name: String, _ ctx: EvaluationContext) -> Color { color(StyleProperty(known: name), ctx) }
    public func number(_ name: String, _ ctx: EvaluationContext) -> Double { number(StyleProperty(known: name), ctx) }
    public func numbers(_ name: String, _ ctx: EvaluationContext) -> [Double] {
        numbers(StyleProperty(known: name), ctx)
    }
    public func string(_ name: String, _ ctx: EvaluationContext) -> String { string(StyleProperty(known: name), ctx) }
    public func strings(_ name: String, _ ctx: EvaluationContext) -> [String] {
        strings(StyleProperty(known: name), ctx)
    }
    public func bool(_ name: String, _ ctx: EvaluationContext) -> Bool { bool(StyleProperty(known: name), ctx) }
    public func enumValue(_ name: String, _ ctx: EvaluationContext) -> String {
        enumValue(StyleProperty(known: name), ctx)
    }

    // MARK: - Conversions

    @inline(__always)
    private static func asColor(_ value: StyleValue?) -> Color? {
        switch value {
        case .color(let c)?: return c
        case .string(let s)?: return Color(css: s)  // colour-or-array properties keep strings
        default: return nil
        }
    }

    private static func asNumbers(_ value: StyleValue?, spec: PropertySpec?) -> [Double]? {
        switch value {
        case .array(let items)?:
            var list: [Double] = []
            list.reserveCapacity(items.count)
            for item in items {
                guard case .number(let d) = item else { return nil }
                list.append(d)
            }
            switch spec?.type {
            case .numberArray(let n?)? where n != list.count: return nil
            case .padding? where list.isEmpty || list.count > 4: return nil
            default: return list
            }
        case .number(let d)?:
            switch spec?.type {
            case .padding?, .numberOrArray?: return [d]
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func asStrings(_ value: StyleValue?, spec: PropertySpec?) -> [String]? {
        guard case .array(let items)? = value else { return nil }
        var list: [String] = []
        for item in items {
            guard case .string(let s) = item else { return nil }
            if case .enumArray(let allowed)? = spec?.type, !allowed.contains(s) { return nil }
            list.append(s)
        }
        return list
    }
}
