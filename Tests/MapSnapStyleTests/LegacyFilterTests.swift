import MapSnapStyle
import Testing

/// Legacy filters, the rule that tells them from expression filters, and their conversion.
@Suite("Filters")
struct LegacyFilterTests {
    static let isExpressionCases: [(String, Bool)] = [
        ("true", true),
        ("false", true),
        (#"["==", "a", 1]"#, false),
        (#"["==", ["get", "a"], 1]"#, true),
        (#"["==", "a", ["literal", 1]]"#, true),
        (#"["==", "a", 1, 2]"#, true),
        (#"["!=", "$type", "Point"]"#, false),
        (#"["<", "a", 1]"#, false),
        (#"["has", "a"]"#, true),
        (#"["has", "$type"]"#, false),
        (#"["has", "$id"]"#, false),
        (#"["has"]"#, false),
        (#"["in", "a", 1, 2]"#, false),
        (#"["in", "a"]"#, false),
        (#"["in", "a", ["literal", [1]]]"#, true),
        (#"["in", ["get", "a"], ["literal", [1]]]"#, true),
        (#"["in", 1, "abc"]"#, true),
        (#"["!in", "a", 1]"#, false),
        (#"["!has", "a"]"#, false),
        (#"["none"]"#, false),
        (#"["none", ["==", ["get", "a"], 1]]"#, false),
        (#"["all"]"#, true),
        (#"["any"]"#, true),
        (#"["all", ["==", "a", 1]]"#, false),
        (#"["all", ["==", ["get", "a"], 1], true]"#, true),
        (#"["any", ["has", "a"], ["==", "$type", "Point"]]"#, false),
        (#"["match", ["get", "a"], "x", true, false]"#, true),
        (#"["get", "flag"]"#, true),
        ("[]", false),
        (#""a""#, false),
        ("null", false),
    ]

    @Test("isExpressionFilter", arguments: isExpressionCases)
    func isExpression(filter: String, expected: Bool) {
        #expect(StyleExpression.isExpressionFilter(TestJSON.parse(filter)) == expected, "\(filter)")
    }

    /// (filter, expected verdict for `sampleFeature`: LineString, id 42, class motorway, rank 3, name "Main St").
    static let verdicts: [(String, Bool)] = [
        (#"["==", "class", "motorway"]"#, true),
        (#"["==", "rank", 3]"#, true),
        (#"["==", "rank", "3"]"#, false),
        (#"["!=", "rank", "3"]"#, true),
        (#"["!=", "missing", "x"]"#, true),
        (#"["==", "missing", null]"#, false),
        (#"["==", "nullprop", null]"#, true),
        (#"["<", "rank", 5]"#, true),
        (#"["<", "rank", "5"]"#, false),
        (#"["<=", "rank", 3]"#, true),
        (#"[">", "rank", 3]"#, false),
        (#"[">=", "name", "M"]"#, true),
        (#"["<", "missing", 5]"#, false),
        (#"["in", "class", "trunk", "motorway"]"#, true),
        (#"["in", "rank", 1, 2, 3]"#, true),
        (#"["in", "rank", "3"]"#, false),
        (#"["!in", "class", "trunk", "motorway"]"#, false),
        (#"["!in", "missing", "x"]"#, true),
        (#"["in", "class"]"#, false),
        (#"["!in", "class"]"#, true),
        (#"["!has", "name"]"#, false),
        (#"["!has", "missing"]"#, true),
        (#"["has", "$id"]"#, true),
        (#"["!has", "$type"]"#, false),
        (#"["==", "$type", "LineString"]"#, true),
        (#"["==", "$type", "Polygon"]"#, false),
        (#"["!=", "$type", "Polygon"]"#, true),
        (#"["in", "$type", "Point", "LineString"]"#, true),
        (#"["==", "$id", 42]"#, true),
        (#"["in", "$id", 1, 42]"#, true),
        (#"["all", ["==", "class", "motorway"], ["<", "rank", 5]]"#, true),
        (#"["any", ["==", "class", "x"], ["==", "rank", 3]]"#, true),
        (#"["any", ["==", "class", "x"], ["==", "rank", 4]]"#, false),
        (#"["none", ["==", "class", "x"], ["==", "rank", 4]]"#, true),
        (#"["none", ["==", "class", "motorway"]]"#, false),
        (#"["none"]"#, true),
        (#"["all", ["==", "class", "motorway"], true]"#, true),
        (#"["all", ["==", "class", "motorway"], false]"#, false),
        // Expression filters
        (#"["all"]"#, true),
        (#"["any"]"#, false),
        (#"["has", "name"]"#, true),
        (#"["==", ["get", "class"], "motorway"]"#, true),
        (#"["match", ["get", "class"], ["motorway", "trunk"], true, false]"#, true),
        (#"[">", ["get", "name"], 1]"#, false),
        ("true", true),
        ("false", false),
    ]

    @Test("verdicts", arguments: verdicts)
    func verdict(filter: String, expected: Bool) throws {
        let compiled = try StyleExpression.filter(TestJSON.parse(filter))
        #expect(compiled.matches(context()) == expected, "\(filter)")
        #expect(compiled.type == .boolean)
    }

    @Test func legacyFiltersDependOnTheFeatureOnly() throws {
        let f = try StyleExpression.filter(TestJSON.parse(#"["all", ["==", "$type", "Polygon"], ["has", "$id"]]"#))
        #expect(f.dependsOnFeature)
        #expect(!f.dependsOnZoom)
        let always = try StyleExpression.filter(TestJSON.parse(#"["has", "$type"]"#))
        #expect(always.isConstant)
        #expect(always.matches(context()))
    }

    @Test func legacyGeometryTypeAndID() throws {
        let polygon = SimpleFeature([("class", "water")], geometryType: .polygon)
        let f = try StyleExpression.filter(TestJSON.parse(#"["all", ["==", "$type", "Polygon"], ["!has", "$id"]]"#))
        #expect(f.matches(EvaluationContext(zoom: 3, feature: polygon)))
        #expect(!f.matches(context()))
    }

    @Test(
        "malformed legacy filters",
        arguments: [
            #"["==", "a"]"#, #"["==", 1, 2, 3, 4]"#, #"["!in", 5, 1]"#, #"["none", "x"]"#, #"["!has", 1]"#,
        ])
    func malformed(filter: String) {
        #expect(throws: StyleError.self) { try StyleExpression.filter(TestJSON.parse(filter)) }
    }
}
