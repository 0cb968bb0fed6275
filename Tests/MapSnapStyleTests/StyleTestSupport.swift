import MapSnapJSON
import MapSnapStyle

/// Shared helpers for the style-layer tests.
enum TestJSON {
    /// Parses JSON text; a syntax error in a test's own literal yields `null` (and fails the test
    /// that then expects something else).
    static func parse(_ text: String) -> JSONValue {
        (try? JSONParser().parse(text)) ?? .null
    }
}

/// The feature most operator tests run against.
let sampleFeature = SimpleFeature(
    [
        ("name", "Main St"), ("rank", 3), ("class", "motorway"), ("flag", true), ("n", "12"), ("arr", [1, 2, 3]),
        ("nullprop", nil), ("color", "red"), ("obj", .object(StyleObject([("a", 1)]))), ("name:latin", "Köln"),
        ("housenumber", 12), ("height", 1.5),
    ], geometryType: .lineString, id: 42)

func context(zoom: Double = 10, feature: (any FeatureContext)? = sampleFeature) -> EvaluationContext {
    EvaluationContext(zoom: zoom, feature: feature)
}

/// Compiles `text` as an expression (no expected type); nil and the error text on failure.
func compile(_ text: String, expecting type: ExpressionType? = nil) -> Result<StyleExpression, StyleError> {
    do {
        return .success(try StyleExpression.parse(TestJSON.parse(text), expecting: type))
    } catch {
        return .failure(error)
    }
}

/// Evaluates `text`: `.some(value)` on success, `.none` for a runtime error; a compile error is
/// reported as the string value "COMPILE ERROR: …" so that table tests show it.
func evaluate(
    _ text: String, zoom: Double = 10, feature: (any FeatureContext)? = sampleFeature,
    expecting type: ExpressionType? = nil
) -> StyleValue? {
    switch compile(text, expecting: type) {
    case .success(let e): return e.evaluate(context(zoom: zoom, feature: feature))
    case .failure(let error): return .string("COMPILE ERROR: \(error)")
    }
}

/// Approximate equality of values (numbers and colour channels to 1e-9, recursively).
func approximatelyEqual(_ a: StyleValue?, _ b: StyleValue?, tolerance: Double = 1e-9) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (.number(let x)?, .number(let y)?): return x == y || Swift.abs(x - y) <= tolerance
    case (.color(let x)?, .color(let y)?):
        return Swift.abs(x.red - y.red) <= tolerance && Swift.abs(x.green - y.green) <= tolerance
            && Swift.abs(x.blue - y.blue) <= tolerance && Swift.abs(x.alpha - y.alpha) <= tolerance
    case (.array(let x)?, .array(let y)?):
        return x.count == y.count && zip(x, y).allSatisfy { approximatelyEqual($0, $1, tolerance: tolerance) }
    default: return a == b
    }
}

func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> StyleValue {
    .color(Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a))
}
