import MapSnapStyle
import Testing

/// Every operator against `sampleFeature` (LineString, id 42, name "Main St", rank 3, class
/// "motorway", flag true, n "12", arr [1,2,3], nullprop null, color "red", obj {a: 1}) at zoom 10.
/// `nil` expects a runtime error (the property would use its default).
@Suite("Expression operators")
struct ExpressionOperatorTests {
    static let cases: [(String, StyleValue?)] = [
        // Lookup and feature data
        (#"["get", "name"]"#, "Main St"),
        (#"["get", "missing"]"#, .null),
        (#"["get", "nullprop"]"#, .null),
        (#"["get", "a", ["literal", {"a": 1}]]"#, 1),
        (#"["get", "b", ["literal", {"a": 1}]]"#, .null),
        (#"["get", "a", ["get", "obj"]]"#, 1),
        (#"["get", ["concat", "na", "me"]]"#, "Main St"),
        (#"["has", "name"]"#, true),
        (#"["has", "missing"]"#, false),
        (#"["has", "nullprop"]"#, true),
        (#"["has", "a", ["literal", {"a": 1}]]"#, true),
        (#"["!", ["has", "missing"]]"#, true),
        (#"["get", "rank", ["properties"]]"#, 3),
        (#"["geometry-type"]"#, "LineString"),
        (#"["id"]"#, 42),
        (#"["zoom"]"#, 10),
        (#"["feature-state", "hover"]"#, .null),
        (#"["global-state", "x"]"#, .null),
        (#"["literal", [1, 2]]"#, [1, 2]),
        (#"["literal", {"a": "b"}]"#, .object(StyleObject([("a", "b")]))),
        (#"["at", 1, ["get", "arr"]]"#, 2),
        (#"["at", 3, ["get", "arr"]]"#, nil),
        (#"["at", -1, ["get", "arr"]]"#, nil),
        (#"["at", 1.5, ["get", "arr"]]"#, nil),
        (#"["in", "Main", ["get", "name"]]"#, true),
        (#"["in", "x", ["get", "name"]]"#, false),
        (#"["in", 2, ["get", "arr"]]"#, true),
        (#"["in", 5, ["get", "arr"]]"#, false),
        (#"["in", "2", ["get", "arr"]]"#, false),
        (#"["in", "x", ["get", "missing"]]"#, false),
        (#"["in", ["get", "arr"], ["get", "name"]]"#, nil),
        (#"["in", "x", ["get", "rank"]]"#, nil),
        (#"["index-of", "St", ["get", "name"]]"#, 5),
        (#"["index-of", 3, ["get", "arr"]]"#, 2),
        (#"["index-of", 9, ["get", "arr"]]"#, -1),
        (#"["index-of", "a", "banana", 2]"#, 3),
        (#"["index-of", 1, ["get", "arr"], -2]"#, -1),
        (#"["index-of", "x", ["get", "missing"]]"#, nil),
        (#"["slice", ["get", "name"], 5]"#, "St"),
        (#"["slice", ["get", "arr"], 1, -1]"#, [2]),
        (#"["slice", "abc", -2]"#, "bc"),
        (#"["slice", "abc", 2, 1]"#, ""),
        (#"["length", ["get", "name"]]"#, 7),
        (#"["length", ["get", "arr"]]"#, 3),
        (#"["length", "héllo"]"#, 5),
        (#"["length", ["get", "rank"]]"#, nil),

        // Decision
        (#"["==", ["get", "class"], "motorway"]"#, true),
        (#"["==", ["get", "rank"], 3]"#, true),
        (#"["==", ["get", "rank"], "3"]"#, false),
        (#"["!=", ["get", "rank"], "3"]"#, true),
        (#"["==", ["get", "missing"], null]"#, true),
        (#"["==", ["get", "nullprop"], null]"#, true),
        (#"["==", "a", "a", ["collator", {"case-sensitive": false}]]"#, true),
        (#"["<", ["get", "rank"], 5]"#, true),
        (#"["<=", ["get", "rank"], 3]"#, true),
        (#"[">", ["get", "rank"], 3]"#, false),
        (#"[">=", ["get", "rank"], 3]"#, true),
        (#"["<", ["get", "name"], 5]"#, nil),
        (#"["<", ["get", "missing"], 5]"#, nil),
        (#"["<", ["get", "name"], "Z"]"#, true),
        (#"[">", ["get", "n"], ["get", "name"]]"#, false),
        (#"["<", ["get", "rank"], ["get", "n"]]"#, nil),
        (#"["<", "a", "b"]"#, true),
        (#"["all"]"#, true),
        (#"["any"]"#, false),
        (#"["all", true, ["==", ["get", "rank"], 3]]"#, true),
        (#"["all", false, ["get", "name"]]"#, false),
        (#"["any", false, ["get", "flag"]]"#, true),
        (#"["any", ["get", "name"]]"#, nil),
        (#"["!", ["get", "flag"]]"#, false),
        (#"["!", ["get", "name"]]"#, nil),
        (#"["match", ["get", "class"], "motorway", 1, ["trunk", "primary"], 2, 0]"#, 1),
        (#"["match", "primary", "motorway", 1, ["trunk", "primary"], 2, 0]"#, 2),
        (#"["match", ["get", "rank"], [1, 2], "low", 3, "mid", "high"]"#, "mid"),
        (#"["match", ["get", "name"], [1, 2], "low", "other"]"#, "other"),
        (#"["match", ["get", "missing"], "a", 1, 0]"#, 0),
        (#"["match", ["get", "rank"], 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 0]"#, 3),
        (#"["case", ["==", ["get", "rank"], 1], "one", ["==", ["get", "rank"], 3], "three", "other"]"#, "three"),
        (#"["case", false, "a", "b"]"#, "b"),
        (#"["case", ["get", "name"], 1, 2]"#, nil),
        (#"["coalesce", ["get", "missing"], ["get", "name"]]"#, "Main St"),
        (#"["coalesce", ["get", "missing"], ["get", "nullprop"]]"#, .null),
        (#"["within", {"type": "Polygon", "coordinates": []}]"#, false),
        (#"["distance", {"type": "Point", "coordinates": [0, 0]}]"#, .null),
        (#"["step", ["get", "rank"], "a", 2, "b", 3, "c", 5, "d"]"#, "c"),

        // Types
        (#"["to-string", ["get", "rank"]]"#, "3"),
        (#"["to-string", 1.5]"#, "1.5"),
        (#"["to-string", null]"#, ""),
        (#"["to-string", true]"#, "true"),
        (#"["to-string", ["rgba", 255, 0, 0, 0.5]]"#, "rgba(255,0,0,0.5)"),
        (#"["to-string", ["literal", [1, "a", null]]]"#, #"[1,"a",null]"#),
        (#"["to-string", ["get", "obj"]]"#, #"{"a":1}"#),
        (#"["to-number", ["get", "n"]]"#, 12),
        (#"["to-number", ["get", "name"]]"#, nil),
        (#"["to-number", ["get", "name"], 5]"#, 5),
        (#"["to-number", ["get", "missing"]]"#, 0),
        (#"["to-number", ["get", "flag"]]"#, 1),
        (#"["to-number", " 0x10 "]"#, 16),
        (#"["to-number", "1e3"]"#, 1000),
        (#"["to-number", ".5"]"#, 0.5),
        (#"["to-number", ""]"#, 0),
        (#"["to-boolean", ["get", "name"]]"#, true),
        (#"["to-boolean", ""]"#, false),
        (#"["to-boolean", 0]"#, false),
        (#"["to-boolean", ["get", "missing"]]"#, false),
        (#"["to-color", ["get", "color"]]"#, rgba(255, 0, 0)),
        (#"["to-color", ["get", "name"], "blue"]"#, rgba(0, 0, 255)),
        (#"["to-color", ["get", "name"]]"#, nil),
        (#"["to-color", ["literal", [0, 128, 255, 0.5]]]"#, rgba(0, 128, 255, 0.5)),
        (#"["typeof", ["get", "arr"]]"#, "array<number, 3>"),
        (#"["typeof", ["get", "name"]]"#, "string"),
        (#"["typeof", ["get", "missing"]]"#, "null"),
        (#"["typeof", ["get", "obj"]]"#, "object"),
        (#"["typeof", ["rgb", 1, 2, 3]]"#, "color"),
        (#"["typeof", ["get", "flag"]]"#, "boolean"),
        (#"["typeof", ["literal", [1, "a"]]]"#, "array<value, 2>"),
        (#"["string", ["get", "name"]]"#, "Main St"),
        (#"["string", ["get", "rank"]]"#, nil),
        (#"["string", ["get", "rank"], "x"]"#, "x"),
        (#"["number", ["get", "rank"]]"#, 3),
        (#"["number", ["get", "missing"], 7]"#, 7),
        (#"["boolean", ["get", "flag"]]"#, true),
        (#"["boolean", ["get", "name"]]"#, nil),
        (#"["object", ["get", "obj"]]"#, .object(StyleObject([("a", 1)]))),
        (#"["object", ["get", "arr"]]"#, nil),
        (#"["array", ["get", "arr"]]"#, [1, 2, 3]),
        (#"["array", "number", 3, ["get", "arr"]]"#, [1, 2, 3]),
        (#"["array", "string", ["get", "arr"]]"#, nil),
        (#"["array", "number", 2, ["get", "arr"]]"#, nil),
        (#"["array", ["get", "name"]]"#, nil),

        // Strings and formatting
        (##"["concat", ["get", "name"], " #", ["get", "rank"]]"##, "Main St #3"),
        (#"["concat", "a", ["get", "missing"], "b", 1.5, true]"#, "ab1.5true"),
        (#"["upcase", ["get", "name"]]"#, "MAIN ST"),
        (#"["downcase", ["get", "name"]]"#, "main st"),
        (#"["upcase", ["get", "rank"]]"#, nil),
        (#"["format", ["get", "name"], {"font-scale": 1.2}, "-", {}, ["image", "x"], {}]"#, "Main St-"),
        (#"["format", ["get", "missing"], " ", ["get", "rank"]]"#, " 3"),
        (#"["number-format", 1234.5678, {"max-fraction-digits": 2}]"#, "1,234.57"),
        (#"["number-format", 3, {"min-fraction-digits": 2}]"#, "3.00"),
        (#"["number-format", ["get", "rank"], {}]"#, "3"),
        (#"["number-format", 0.1234, {}]"#, "0.123"),
        (#"["number-format", 1.005, {"max-fraction-digits": 2}]"#, "1.01"),
        (#"["number-format", -1234567.891, {}]"#, "-1,234,567.891"),
        (#"["number-format", 9.999, {"max-fraction-digits": 2}]"#, "10"),
        (#"["number-format", 12.5, {"currency": "USD"}]"#, "$12.50"),
        (#"["image", ["get", "name"]]"#, "Main St"),
        (#"["image", "marker"]"#, "marker"),
        (#"["is-supported-script", "abc"]"#, true),
        (#"["resolved-locale", ["collator", {"locale": "fr"}]]"#, "en"),

        // Variables
        (#"["let", "a", ["get", "rank"], "b", 2, ["*", ["var", "a"], ["var", "b"]]]"#, 6),
        (#"["let", "a", 1, ["let", "a", 2, ["var", "a"]]]"#, 2),

        // Math
        (#"["+", 1, 2, 3]"#, 6),
        (#"["+", ["get", "rank"], 1]"#, 4),
        (#"["+", ["get", "name"], 1]"#, nil),
        (#"["-", 10, 4]"#, 6),
        (#"["-", 5]"#, -5),
        (#"["*", 2, 3, 4]"#, 24),
        (#"["/", 7, 2]"#, 3.5),
        (#"["%", 7, 3]"#, 1),
        (#"["%", -7, 3]"#, -1),
        (#"["^", 2, 10]"#, 1024),
        (#"["sqrt", 16]"#, 4),
        (#"["log10", 1000]"#, 3),
        (#"["ln", ["e"]]"#, 1),
        (#"["log2", 8]"#, 3),
        (#"["abs", -2]"#, 2),
        (#"["floor", -1.5]"#, -2),
        (#"["ceil", 1.2]"#, 2),
        (#"["round", 1.5]"#, 2),
        (#"["round", -1.5]"#, -2),
        (#"["round", 2.4]"#, 2),
        (#"["min", 3, 1, 2]"#, 1),
        (#"["max", 3, 1, 2]"#, 3),
        (#"["pi"]"#, .number(Double.pi)),
        (#"["e"]"#, .number(2.718281828459045)),
        (#"["ln2"]"#, .number(0.6931471805599453)),
        (#"["sin", 0]"#, 0),
        (#"["cos", 0]"#, 1),
        (#"["tan", 0]"#, 0),
        (#"["asin", 1]"#, .number(Double.pi / 2)),
        (#"["acos", 1]"#, 0),
        (#"["atan", 1]"#, .number(Double.pi / 4)),

        // Colour
        (#"["rgb", 255, 0, 0]"#, rgba(255, 0, 0)),
        (#"["rgba", 0, 0, 255, 0.5]"#, rgba(0, 0, 255, 0.5)),
        (#"["rgb", ["get", "rank"], 0, 300]"#, nil),
        (#"["rgba", ["get", "rank"], 0, 0, 2]"#, nil),
        (##"["to-rgba", "#ff000080"]"##, [255, 0, 0, .number(128.0 / 255)]),
        (#"["to-rgba", ["to-color", ["get", "color"]]]"#, [255, 0, 0, 1]),
    ]

    @Test("evaluates", arguments: cases)
    func evaluates(expression: String, expected: StyleValue?) {
        let result = evaluate(expression)
        #expect(approximatelyEqual(result, expected), "\(expression) gave \(String(describing: result))")
    }

    @Test func missingFeatureGivesNullsAndUnknownGeometry() {
        #expect(evaluate(#"["get", "name"]"#, feature: nil) == .null)
        #expect(evaluate(#"["geometry-type"]"#, feature: nil) == "Unknown")
        #expect(evaluate(#"["id"]"#, feature: nil) == .null)
        #expect(evaluate(#"["has", "name"]"#, feature: nil) == false)
    }

    @Test(
        "dependencies",
        arguments: [
            (#"["+", 1, 2]"#, false, false),
            (#"["get", "x"]"#, false, true),
            (#"["geometry-type"]"#, false, true),
            (#"["interpolate", ["linear"], ["zoom"], 0, 1, 10, 2]"#, true, false),
            (#"["step", ["zoom"], ["get", "a"], 5, 1]"#, true, true),
            (#"["let", "z", ["zoom"], ["var", "z"]]"#, true, false),
            (#"["feature-state", "x"]"#, false, false),
        ])
    func dependencies(expression: String, zoom: Bool, feature: Bool) throws {
        let e = try compile(expression).get()
        #expect(e.dependsOnZoom == zoom)
        #expect(e.dependsOnFeature == feature)
        #expect(e.isConstant == (!zoom && !feature))
    }

    @Test func constantSubtreesAreFolded() throws {
        let e = try compile(#"["+", ["*", 2, 3], ["length", "abc"]]"#).get()
        #expect(e.constantValue == 9)
        let c = try compile(##"["to-color", "#00ff00"]"##).get()
        #expect(c.constantValue == rgba(0, 255, 0))
        #expect(c.type == .color)
    }

    @Test func runtimeErrorsExplainThemselves() throws {
        let e = try compile(#"["number", ["get", "name"]]"#).get()
        guard case .failure(let error) = e.evaluateResult(context()) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error == .wrongType(expected: .number, found: .string))
        #expect(error.description == "Expected value to be of type number, but found string instead.")
    }

    @Test func filtersTreatErrorsAndNonBooleansAsFalse() throws {
        #expect(try compile(#"[">", ["get", "name"], 3]"#).get().matches(context()) == false)
        #expect(try compile(#"["get", "name"]"#).get().matches(context()) == false)
        #expect(try compile(#"["get", "flag"]"#).get().matches(context()) == true)
    }

    @Test func expectedTypeCoercesAndAsserts() throws {
        let color = try compile(#"["get", "color"]"#, expecting: .color).get()
        #expect(color.evaluate(context()) == rgba(255, 0, 0))
        let number = try compile(#"["get", "name"]"#, expecting: .number).get()
        #expect(number.evaluate(context()) == nil)
        let matchColors = try compile(##"["match", ["get", "class"], "motorway", "#f00", "blue"]"##, expecting: .color)
            .get()
        #expect(matchColors.evaluate(context()) == rgba(255, 0, 0))
        let text = try compile(#"["get", "rank"]"#, expecting: .formatted).get()
        #expect(text.evaluate(context()) == "3")
        let coalesce = try compile(#"["coalesce", ["get", "missing"], "green"]"#, expecting: .color).get()
        #expect(coalesce.evaluate(context()) == rgba(0, 128, 0))
    }
}
