import MapSnapStyle
import Testing

/// Number ↔ text conversions with JavaScript's rules (`to-string`, `to-number`, `concat`,
/// `number-format`), checked through expressions.
@Suite("Value conversions")
struct ValueConversionTests {
    static let numberToString: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (100, "100"), (-1.5, "-1.5"), (0.1 + 0.2, "0.30000000000000004"),
        (1e21, "1e+21"), (1.5e-7, "1.5e-7"), (1e-7, "1e-7"), (0.000001, "0.000001"), (123.456, "123.456"),
        (1.2345678901234568e20, "123456789012345680000"), (2.5e25, "2.5e+25"), (Double.pi, "3.141592653589793"),
        (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9007199254740994"),
        (1 / 3, "0.3333333333333333"),
    ]

    @Test("to-string of numbers", arguments: numberToString)
    func numberText(value: Double, expected: String) {
        let feature = SimpleFeature([("v", .number(value))])
        #expect(evaluate(#"["to-string", ["get", "v"]]"#, feature: feature) == .string(expected))
    }

    static let stringToNumber: [(String, Double?)] = [
        ("12", 12), ("  12.5  ", 12.5), ("5.", 5), (".5", 0.5), ("-.5", -0.5), ("+3", 3), ("1e3", 1000),
        ("1E-2", 0.01), ("-Infinity", -.infinity), ("Infinity", .infinity), ("0x1F", 31), ("0b101", 5),
        ("0o17", 15), ("", 0), ("   ", 0), ("1e", nil), ("abc", nil), ("1 2", nil), ("0x", nil), ("-0x10", nil),
        ("12px", nil), (".", nil), ("inf", nil), ("nan", nil), ("\n7\t", 7),
    ]

    @Test("to-number of strings", arguments: stringToNumber)
    func textNumber(text: String, expected: Double?) {
        let feature = SimpleFeature([("s", .string(text))])
        let result = evaluate(#"["to-number", ["get", "s"]]"#, feature: feature)
        #expect(result == expected.map { .number($0) }, "\"\(text)\" gave \(String(describing: result))")
    }

    static let numberFormats: [(String, String)] = [
        (#"["number-format", 1234567.891, {}]"#, "1,234,567.891"),
        (#"["number-format", 0.5, {"min-fraction-digits": 2}]"#, "0.50"),
        (#"["number-format", 2.345, {"max-fraction-digits": 2}]"#, "2.35"),
        (#"["number-format", 2.5, {"max-fraction-digits": 0}]"#, "3"),
        (#"["number-format", -2.5, {"max-fraction-digits": 0}]"#, "-3"),
        (#"["number-format", 999.9996, {}]"#, "1,000"),
        (#"["number-format", 1e-7, {}]"#, "0"),
        (#"["number-format", 12, {"currency": "EUR"}]"#, "€12.00"),
        (#"["number-format", -3.5, {"currency": "CHF", "max-fraction-digits": 1}]"#, "-CHF\u{00A0}3.5"),
        (#"["number-format", 12, {"locale": "de"}]"#, "12"),
    ]

    @Test("number-format", arguments: numberFormats)
    func numberFormat(expression: String, expected: String) {
        #expect(evaluate(expression) == .string(expected))
    }

    @Test func valueDescriptions() {
        let object: StyleValue = .object(StyleObject([("a", [1, "x\n", nil]), ("b", true)]))
        #expect(object.description == #"{"a":[1,"x\n",null],"b":true}"#)
        #expect(StyleValue.color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)).description == "rgba(255,128,0,0.25)")
        #expect(StyleValue.null.description == "")
    }

    @Test func objectKeepsInsertionOrderAndReplacesInPlace() {
        var o = StyleObject([("a", 1), ("b", 2)])
        o["a"] = 3
        o["c"] = 4
        #expect(o.keys == ["a", "b", "c"])
        #expect(o["a"] == 3)
        o["b"] = nil
        #expect(o.keys == ["a", "c"] && o.count == 2)
    }

    @Test func expressionTypeNames() {
        #expect(ExpressionType.array(.number, 2).description == "array<number, 2>")
        #expect(ExpressionType.array(.string, nil).description == "array<string>")
        #expect(ExpressionType.anyArray.description == "array")
        #expect(ExpressionType.of([[1], [2]]) == .array(.value, 2))
        #expect(ExpressionType.of([]) == .array(.value, 0))
    }
}
