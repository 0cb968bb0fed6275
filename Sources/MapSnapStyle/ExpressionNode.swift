/// The compiled form of an expression: a tree built once by `ExpressionParser` and walked by
/// `ExpressionNode.evaluate` (https://maplibre.org/maplibre-style-spec/expressions/).
///
/// Type checks and coercions the spec implies are explicit nodes (`assertType`, `toColor`, …),
/// inserted by the parser; `let`/`var` are resolved at parse time (a `var` is replaced by its bound
/// sub-tree, which is evaluated where it is used, as in MapLibre GL JS); constant sub-trees are
/// folded into literals.
indirect enum ExpressionNode: Hashable, Sendable {
    case literal(StyleValue)

    // MARK: Context
    case zoom
    case heatmapDensity
    case elevation
    case lineProgress
    case geometryType
    case featureID
    case featureProperties

    // MARK: Lookup
    /// `["get", "literal key"]` on the feature (the common case, kept allocation-free).
    case getProperty(String)
    /// `["get", key]` with a computed key, or `["get", key, object]`.
    case get(key: ExpressionNode, object: ExpressionNode?)
    case hasProperty(String)
    case has(key: ExpressionNode, object: ExpressionNode?)
    case at(index: ExpressionNode, array: ExpressionNode)
    /// `["in", needle, haystack]`.
    case contains(needle: ExpressionNode, haystack: ExpressionNode)
    case indexOf(needle: ExpressionNode, haystack: ExpressionNode, from: ExpressionNode?)
    case slice(ExpressionNode, start: ExpressionNode, end: ExpressionNode?)
    case length(ExpressionNode)

    // MARK: Decision
    case not(ExpressionNode)
    case all([ExpressionNode])
    case any([ExpressionNode])
    case equals(ExpressionNode, ExpressionNode, negated: Bool)
    case order(OrderOperator, ExpressionNode, ExpressionNode)
    case conditional(CaseTable)
    case match(MatchTable)
    case coalesce([ExpressionNode])

    // MARK: Ramps
    case step(StepTable)
    case interpolate(InterpolateTable)

    // MARK: Types
    /// Assertion (`string`, `number`, `boolean`, `object`, `array`): the first argument whose
    /// value has the type; a runtime error when none has.
    case assertType(ExpressionType, [ExpressionNode])
    case toString(ExpressionNode)
    case toNumber([ExpressionNode])
    case toBoolean(ExpressionNode)
    case toColor([ExpressionNode])
    case typeOf(ExpressionNode)
    case format([FormatSection])
    case numberFormat(ExpressionNode, NumberFormatOptions)

    // MARK: Strings and colours
    case concat([ExpressionNode])
    case upcase(ExpressionNode)
    case downcase(ExpressionNode)
    /// `rgb` (3 arguments) or `rgba` (4).
    case rgba([ExpressionNode])
    case toRGBA(ExpressionNode)

    // MARK: Math
    case arithmetic(ArithmeticOperator, [ExpressionNode])
    case mathFunction(MathFunction, ExpressionNode)

    // MARK: Legacy filters (https://maplibre.org/maplibre-style-spec/deprecations/#other-filter)
    case legacyFilter(LegacyFilterTest)
}

enum OrderOperator: String, Hashable, Sendable {
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}

enum ArithmeticOperator: String, Hashable, Sendable {
    case add = "+", multiply = "*", subtract = "-", divide = "/", remainder = "%", power = "^", min, max
}

enum MathFunction: String, Hashable, Sendable, CaseIterable {
    case sqrt, log10, ln, log2, sin, cos, tan, asin, acos, atan, abs, floor, ceil, round
    case negate = "-"
}

/// `["case", c1, o1, …, fallback]`.
struct CaseTable: Hashable, Sendable {
    var conditions: [ExpressionNode]
    var outputs: [ExpressionNode]
    var fallback: ExpressionNode
}

/// `["match", input, labels1, o1, …, fallback]`, labels all strings or all integers.
struct MatchTable: Hashable, Sendable {
    var input: ExpressionNode
    /// Whether the labels are strings (else numbers).
    var stringLabels: Bool
    /// One entry per label (a branch with an array of labels contributes several).
    var labels: [StyleValue]
    /// Output index for each label.
    var labelOutputs: [Int]
    var outputs: [ExpressionNode]
    var fallback: ExpressionNode
    /// Hash lookup for long label lists (nil when a linear scan is faster).
    var index: [StyleValue: Int]?
}

/// `["step", input, o0, s1, o1, …]`: `stops[i]` is the input where `outputs[i + 1]` starts.
struct StepTable: Hashable, Sendable {
    var input: ExpressionNode
    var stops: [Double]
    var outputs: [ExpressionNode]
}

/// `["interpolate", curve, input, s1, o1, …]` and its `-hcl`/`-lab` forms.
struct InterpolateTable: Hashable, Sendable {
    enum OutputKind: Hashable, Sendable { case number, color, numberArray }

    var curve: InterpolationCurve
    var input: ExpressionNode
    var stops: [Double]
    var outputs: [ExpressionNode]
    var kind: OutputKind
    var colorSpace: ColorInterpolationSpace
}

/// One `format` section: its text (or image) and whether it is an image (drawn as no text).
struct FormatSection: Hashable, Sendable {
    var content: ExpressionNode
    var isImage: Bool
}

/// `number-format` options; nil when not given.
struct NumberFormatOptions: Hashable, Sendable {
    var locale: ExpressionNode?
    var currency: ExpressionNode?
    var minFractionDigits: ExpressionNode?
    var maxFractionDigits: ExpressionNode?
}

/// What a legacy filter compares: a feature property, `$type` or `$id`.
enum LegacyFilterKey: Hashable, Sendable {
    case property(String)
    case geometryType
    case id
}

/// The tests of legacy filters, with their own strict semantics: a missing property never
/// equals anything, ordering needs both sides of the same JSON type (no runtime errors).
enum LegacyFilterTest: Hashable, Sendable {
    /// `==` (negated by `.not` for `!=`), `<`, `<=`, `>`, `>=`.
    case compare(LegacyFilterKey, LegacyComparison, StyleValue)
    /// `in` (negated for `!in`).
    case contains(LegacyFilterKey, [StyleValue])
    /// `has` (negated for `!has`).
    case has(LegacyFilterKey)
}

enum LegacyComparison: String, Hashable, Sendable {
    case equal = "==", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}
