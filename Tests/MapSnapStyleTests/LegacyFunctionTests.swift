import MapSnapStyle
import Testing

/// Legacy functions (zoom, property, zoom-and-property, identity; interval, categorical,
/// exponential; colorSpace) and `{token}` strings, compiled as property values.
@Suite("Legacy functions and tokens")
struct LegacyFunctionTests {
    func value(_ json: String, _ property: StyleProperty) throws -> StylePropertyValue {
        try StylePropertyValue.compile(TestJSON.parse(json), for: property)
    }

    func eval(
        _ json: String, _ property: StyleProperty, zoom: Double = 10, feature: (any FeatureContext)? = sampleFeature
    ) throws -> StyleValue? {
        try value(json, property).evaluate(EvaluationContext(zoom: zoom, feature: feature))
    }

    /// A legacy function must compile to the same tree as the expression GL JS converts it to.
    func expectSame(_ function: String, _ expression: String, _ property: StyleProperty) throws {
        #expect(try value(function, property) == value(expression, property), "\(function)")
    }

    @Test func zoomFunctionExponential() throws {
        let f = #"{"base": 1.5, "stops": [[10, 2], [20, 30]]}"#
        #expect(approximatelyEqual(try eval(f, .lineWidth, zoom: 15), 5.258181818181818))
        try expectSame(f, #"["interpolate", ["exponential", 1.5], ["zoom"], 10, 2, 20, 30]"#, .lineWidth)
        let v = try value(f, .lineWidth)
        #expect(v.dependsOnZoom && !v.dependsOnFeature)
    }

    @Test func zoomFunctionDefaultsToLinear() throws {
        #expect(approximatelyEqual(try eval(#"{"stops": [[8, 1], [16, 10]]}"#, .lineWidth, zoom: 12), 5.5))
        try expectSame(
            #"{"stops": [[8, 1], [16, 10]]}"#, #"["interpolate", ["linear"], ["zoom"], 8, 1, 16, 10]"#, .lineWidth)
    }

    /// Properties that cannot interpolate get interval (step) zoom functions.
    @Test func zoomFunctionIntervalForEnums() throws {
        let f = #"{"stops": [[0, "butt"], [10, "round"]]}"#
        #expect(try eval(f, .lineCap, zoom: 9.9) == "butt")
        #expect(try eval(f, .lineCap, zoom: 10) == "round")
        try expectSame(f, #"["step", ["zoom"], "butt", 10, "round"]"#, .lineCap)
        let explicit = #"{"type": "interval", "stops": [[0, 1], [10, 5]]}"#
        #expect(try eval(explicit, .lineWidth, zoom: 9) == 1)
    }

    @Test func singleStopAndDuplicateStops() throws {
        #expect(try eval(#"{"stops": [[0, "round"]]}"#, .lineCap, zoom: 20) == "round")
        #expect(try eval(#"{"stops": [[5, "round"]]}"#, .lineCap, zoom: 1) == "round")
        try expectSame(
            #"{"stops": [[5, 1], [5, 2], [10, 3]]}"#, #"["interpolate", ["linear"], ["zoom"], 5, 1, 10, 3]"#, .lineWidth
        )
    }

    @Test func zoomFunctionColors() throws {
        #expect(
            approximatelyEqual(
                try eval(#"{"stops": [[0, "red"], [10, "blue"]]}"#, .fillColor, zoom: 5), rgba(127.5, 0, 127.5)))
        try expectSame(
            #"{"stops": [[0, "red"], [10, "blue"]], "colorSpace": "hcl"}"#,
            #"["interpolate-hcl", ["linear"], ["zoom"], 0, "red", 10, "blue"]"#, .fillColor)
        try expectSame(
            #"{"stops": [[0, "red"], [10, "blue"]], "colorSpace": "lab", "base": 2}"#,
            #"["interpolate-lab", ["exponential", 2], ["zoom"], 0, "red", 10, "blue"]"#, .fillColor)
    }

    @Test func propertyFunctionExponential() throws {
        let f = #"{"property": "rank", "stops": [[0, 0], [10, 100]]}"#
        #expect(approximatelyEqual(try eval(f, .circleRadius), 30))
        try expectSame(f, #"["interpolate", ["linear"], ["number", ["get", "rank"]], 0, 0, 10, 100]"#, .circleRadius)
        #expect(try value(f, .circleRadius).dependsOnFeature)
        // Not a number, no default: the property's default (circle-radius 5) applies.
        let name = #"{"property": "name", "stops": [[0, 0], [10, 100]]}"#
        #expect(try eval(name, .circleRadius) == nil)
        let withDefault = #"{"property": "name", "stops": [[0, 0], [10, 100]], "default": 7}"#
        #expect(try eval(withDefault, .circleRadius) == 7)
        #expect(
            approximatelyEqual(
                try eval(#"{"property": "rank", "stops": [[0, 0], [10, 100]], "default": 7}"#, .circleRadius), 30))
    }

    @Test func propertyFunctionInterval() throws {
        let f = #"{"property": "rank", "type": "interval", "stops": [[0, "a"], [2, "b"], [5, "c"]]}"#
        #expect(try eval(f, .textField) == "b")
        try expectSame(f, #"["step", ["number", ["get", "rank"]], "a", 2, "b", 5, "c"]"#, .textField)
    }

    @Test func propertyFunctionCategorical() throws {
        let f =
            #"{"property": "class", "type": "categorical", "stops": [["motorway", "red"], ["trunk", "blue"]], "default": "green"}"#
        #expect(try eval(f, .fillColor) == rgba(255, 0, 0))
        let other = SimpleFeature([("class", "path")])
        #expect(try eval(f, .fillColor, feature: other) == rgba(0, 128, 0))
        // Without a default the fallback is the property's default (black).
        let noDefault = #"{"property": "class", "type": "categorical", "stops": [["trunk", "blue"]]}"#
        #expect(try eval(noDefault, .fillColor) == rgba(0, 0, 0))
        try expectSame(
            noDefault, ##"["match", ["get", "class"], "trunk", "blue", "#000000"]"##,
            .fillColor)
        // Boolean stops become a case.
        let boolean = #"{"property": "flag", "type": "categorical", "stops": [[true, "red"], [false, "blue"]]}"#
        #expect(try eval(boolean, .fillColor) == rgba(255, 0, 0))
        try expectSame(
            boolean,
            ##"["case", ["==", ["get", "flag"], true], "red", ["==", ["get", "flag"], false], "blue", "#000000"]"##,
            .fillColor)
    }

    @Test func identityFunctions() throws {
        #expect(try eval(#"{"property": "name", "type": "identity"}"#, .textField) == "Main St")
        #expect(try eval(#"{"property": "color", "type": "identity"}"#, .circleColor) == rgba(255, 0, 0))
        #expect(try eval(#"{"property": "rank", "type": "identity", "default": 1}"#, .circleRadius) == 3)
        #expect(try eval(#"{"property": "name", "type": "identity", "default": 1}"#, .circleRadius) == 1)
        #expect(try eval(#"{"property": "class", "type": "identity", "default": "round"}"#, .lineJoin) == "round")
        #expect(try eval(#"{"property": "missing", "type": "identity"}"#, .circleRadius) == nil)
    }

    @Test func zoomAndPropertyFunction() throws {
        let f = """
            {"property": "rank", "stops": [[{"zoom": 0, "value": 0}, 0], [{"zoom": 0, "value": 10}, 10],
                                           [{"zoom": 10, "value": 0}, 0], [{"zoom": 10, "value": 10}, 100]]}
            """
        // rank 3: 3 at z0, 30 at z10, linear in zoom between.
        #expect(approximatelyEqual(try eval(f, .circleRadius, zoom: 5), 16.5))
        #expect(approximatelyEqual(try eval(f, .circleRadius, zoom: 0), 3))
        #expect(approximatelyEqual(try eval(f, .circleRadius, zoom: 12), 30))
        let v = try value(f, .circleRadius)
        #expect(v.dependsOnZoom && v.dependsOnFeature)
        try expectSame(
            f,
            """
            ["interpolate", ["linear"], ["zoom"],
              0, ["interpolate", ["linear"], ["number", ["get", "rank"]], 0, 0, 10, 10],
              10, ["interpolate", ["linear"], ["number", ["get", "rank"]], 0, 0, 10, 100]]
            """, .circleRadius)
        // For a property that cannot interpolate, the zoom dimension is a step.
        let categorical = """
            {"property": "class", "type": "categorical",
             "stops": [[{"zoom": 0, "value": "motorway"}, "round"], [{"zoom": 10, "value": "motorway"}, "bevel"]]}
            """
        #expect(try eval(categorical, .lineJoin, zoom: 9) == "round")
        #expect(try eval(categorical, .lineJoin, zoom: 10) == "bevel")
    }

    @Test func tokensInZoomFunctionOutputs() throws {
        let f = #"{"stops": [[0, "{name}"], [10, "{class}!"]]}"#
        #expect(try eval(f, .textField, zoom: 5) == "Main St")
        #expect(try eval(f, .textField, zoom: 12) == "motorway!")
    }

    @Test func invalidFunctions() {
        for bad in [
            #"{"stops": []}"#, #"{"stops": [[1]]}"#, #"{"type": "exponential"}"#,
            #"{"stops": [[0, 1]], "type": "magic"}"#,
            #"{"stops": [[0, 1]], "colorSpace": "xyz"}"#, #"{"stops": [["a", 1]]}"#,
        ] {
            #expect(throws: StyleError.self, "\(bad)") { try value(bad, .lineWidth) }
        }
        // `visibility` takes neither functions nor expressions.
        #expect(throws: StyleError.self) { try value(#"{"stops": [[0, "none"]]}"#, .visibility) }
        #expect(throws: StyleError.self) { try value(#"["step", ["zoom"], "none", 5, "visible"]"#, .visibility) }
    }

    // MARK: - Tokens

    static let tokenCases: [(String, String)] = [
        ("{name}", "Main St"),
        ("{missing}", ""),
        ("{name:latin} {name:nonlatin}", "Köln "),
        ("{name:latin}\n{name:nonlatin}", "Köln\n"),
        ("No. {housenumber}", "No. 12"),
        ("{height} m", "1.5 m"),
        ("{{name}}", "{Main St}"),
        ("plain text", "plain text"),
        ("{}", "{}"),
        ("a{b", "a{b"),
        ("{rank}{class}", "3motorway"),
    ]

    @Test("token strings", arguments: tokenCases)
    func tokens(text: String, expected: String) throws {
        let json = TestJSON.parse(jsonString(text))
        let v = try StylePropertyValue.compile(json, for: .textField)
        #expect(v.evaluate(context()) == .string(expected))
        let hasToken = text.contains("{") && text != "{}" && text != "a{b"
        #expect(v.dependsOnFeature == hasToken, "\(text)")
    }

    @Test func iconImageTokens() throws {
        let v = try StylePropertyValue.compile(TestJSON.parse(#""{class}_11""#), for: .iconImage)
        #expect(v.evaluate(context()) == "motorway_11")
        // Expressions are not token-substituted.
        let e = try StylePropertyValue.compile(TestJSON.parse(#"["literal", "{class}"]"#), for: .iconImage)
        #expect(e.evaluate(context()) == "{class}")
    }

    func jsonString(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\n": out += "\\n"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }
}
