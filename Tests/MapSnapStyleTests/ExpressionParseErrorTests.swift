import MapSnapJSON
import MapSnapStyle
import Testing

/// Compile errors: the spec's type rules and operator shapes, with the path to the offending part.
@Suite("Expression compile errors")
struct ExpressionParseErrorTests {
    static let cases: [(String, String)] = [
        (#"["+", 1, "a"]"#, "[2]: Expected number but found string instead."),
        (#"["==", 1, "a"]"#, "Cannot compare types 'number' and 'string'."),
        (#"["==", null, "a"]"#, "Cannot compare types 'null' and 'string'."),
        (#"["<", true, false]"#, "[1]: \"<\" comparisons are not supported for type 'boolean'."),
        (#"["==", ["literal", [1]], 1]"#, "[1]: \"==\" comparisons are not supported for type 'array<number, 1>'."),
        (#"["==", 1, 2, ["collator", {}]]"#, "Cannot use collator to compare non-string types."),
        (#"["==", 1]"#, "Expected two or three arguments."),
        (#"["foo", 1]"#, "[0]: Unknown expression \"foo\". If you wanted a literal array, use [\"literal\", [...]]."),
        (#"[]"#, "Expected an array with at least one element."),
        (#"[1, 2]"#, "Expression name must be a string, but found number instead."),
        (#"{"a": 1}"#, "Bare objects invalid. Use [\"literal\", {...}] instead."),
        (#"["concat", ["a", "b"]]"#, "[1][0]: Unknown expression \"a\"."),
        (#"["get"]"#, "Expected 1 or 2 arguments, but found 0 instead."),
        (#"["get", 1]"#, "[1]: Expected string but found number instead."),
        (#"["get", "a", "b"]"#, "[2]: Expected object but found string instead."),
        (#"["rgb", 1, 2]"#, "Expected 3 arguments, but found 2 instead."),
        (#"["zoom", 1]"#, "Expected 0 arguments, but found 1 instead."),
        (#"["literal", 1, 2]"#, "'literal' expression requires exactly one argument, but found 2 instead."),
        (#"["match", ["get", "a"], "x", 1]"#, "Expected at least 4 arguments, but found only 3."),
        (#"["match", ["get", "a"], "x", 1, 0, 2]"#, "Expected an even number of arguments."),
        (#"["match", ["get", "a"], "x", 1, "x", 2, 0]"#, "[4]: Branch labels must be unique."),
        (#"["match", ["get", "a"], ["x", "x"], 1, 0]"#, "[2]: Branch labels must be unique."),
        (#"["match", ["get", "a"], 1.5, 1, 0]"#, "[2]: Numeric branch labels must be integer values."),
        (#"["match", ["get", "a"], "x", 1, 2, 2, 0]"#, "[4]: Expected string but found number instead."),
        (#"["match", ["get", "a"], [], 1, 0]"#, "[2]: Expected at least one branch label."),
        (#"["match", ["get", "a"], true, 1, 0]"#, "[2]: Branch labels must be numbers or strings."),
        (#"["match", 5, "x", 1, 0]"#, "[1]: Expected string but found number instead."),
        (#"["match", ["get", "a"], "x", 1, "y", "s", 0]"#, "[5]: Expected number but found string instead."),
        (#"["case", true, 1]"#, "Expected at least 3 arguments, but found only 2."),
        (#"["case", true, 1, false, 2]"#, "Expected an odd number of arguments."),
        (#"["case", 1, 1, 2]"#, "[1]: Expected boolean but found number instead."),
        (
            #"["step", ["zoom"], 0, 5, 1, 3, 2]"#,
            "[5]: Input/output pairs for \"step\" expressions must be arranged with input values in strictly ascending order."
        ),
        (
            #"["step", ["zoom"], 0, ["get", "x"], 1]"#,
            "[3]: Input/output pairs for \"step\" expressions must be defined using literal numeric values"
        ),
        (#"["step", ["zoom"], 0]"#, "Expected at least 4 arguments, but found only 2."),
        (#"["step", "a", 0, 1, 2]"#, "[1]: Expected number but found string instead."),
        (#"["interpolate", ["linear"], ["zoom"], 0, "a", 1, "b"]"#, "Type string is not interpolatable."),
        (
            #"["interpolate", ["cubic-bezier", 0, 0, 2, 1], ["zoom"], 0, 0, 1, 1]"#,
            "[1]: Cubic bezier interpolation requires four numeric arguments with values between 0 and 1."
        ),
        (
            #"["interpolate", ["exponential"], ["zoom"], 0, 0, 1, 1]"#,
            "[1]: Exponential interpolation requires a numeric base."
        ),
        (#"["interpolate", ["foo"], ["zoom"], 0, 0, 1, 1]"#, "[1]: Unknown interpolation type foo"),
        (#"["interpolate", "linear", ["zoom"], 0, 0, 1, 1]"#, "[1]: Expected an interpolation type expression."),
        (#"["interpolate", ["linear"], ["zoom"], 0]"#, "Expected at least 4 arguments, but found only 3."),
        (#"["interpolate", ["linear"], ["zoom"], 0, "red", 1, "blue"]"#, "Type string is not interpolatable."),
        (
            #"["interpolate", ["linear"], ["zoom"], 1, 0, 0, 1]"#,
            "[5]: Input/output pairs for \"interpolate\" expressions must be arranged with input values in strictly ascending order."
        ),
        (
            ##"["interpolate", ["linear"], ["zoom"], 0, 0, 1, "#fff"]"##,
            "[6]: Expected number but found string instead."
        ),
        (#"["interpolate-hcl", ["linear"], ["zoom"], 0, 1, 1, 2]"#, "[4]: Expected color but found number instead."),
        (#"["var", "x"]"#, "[1]: Unknown variable \"x\"."),
        (
            #"["let", "a b", 1, ["var", "a b"]]"#,
            "[1]: Variable names must contain only alphanumeric characters or '_'."
        ),
        (#"["let", "a", 1]"#, "Expected at least 3 arguments, but found 2 instead."),
        (#"["to-color", "notacolor"]"#, "Could not convert \"notacolor\" to color."),
        (#"["at", 5, ["literal", [1, 2]]]"#, "Array index out of bounds: 5 > 1."),
        (#"["number", "a"]"#, "Expected value to be of type number, but found string instead."),
        (
            #"["array", "color", ["get", "x"]]"#,
            "[1]: The item type argument of \"array\" must be one of string, number, boolean"
        ),
        (
            #"["array", "number", -1, ["get", "x"]]"#,
            "[2]: The length argument to \"array\" must be a positive integer literal"
        ),
        (#"["to-string", 1, 2]"#, "Expected one argument."),
        (#"["to-number"]"#, "Expected at least one argument."),
        (#"["number-format", 1, 2]"#, "NumberFormat options argument must be an object."),
        (#"["number-format", 1, {"min-fraction-digits": "a"}]"#, "[2]: Expected number but found string instead."),
        (
            #"["number-format", 1, {"min-fraction-digits": 3, "max-fraction-digits": 1}]"#,
            "Invalid number-format options"
        ),
        (#"["format", {"font-scale": 1}]"#, "First argument must be an image or text section."),
        (#"["format", ["literal", [1]]]"#, "[1]: Formatted text type must be 'string', 'value', 'image' or 'null'."),
        (#"["collator", 1]"#, "Collator options argument must be an object."),
        (#"["within", 5]"#, "'within' expression requires a valid GeoJSON object, but found number instead."),
        (#"["length", 5]"#, "[1]: Expected argument of type string or array, but found number instead."),
        (
            #"["in", ["literal", {}], "abc"]"#,
            "[1]: Expected first argument to be of type boolean, string, number or null, but found object instead."
        ),
        (#"["slice", 5, 1]"#, "[1]: Expected first argument to be of type array or string, but found number instead."),
        (#"["!", 1]"#, "[1]: Expected boolean but found number instead."),
        (#"["all", true, "yes"]"#, "[2]: Expected boolean but found string instead."),
        (#"["coalesce"]"#, "Expected at least one argument."),
    ]

    @Test("rejects", arguments: cases)
    func rejects(expression: String, message: String) {
        switch compile(expression) {
        case .success(let e):
            Issue.record("\(expression) compiled (type \(e.type)) but should fail with \(message)")
        case .failure(let error):
            #expect(error.message.hasPrefix(message), "\(expression): got \"\(error.message)\"")
        }
    }

    @Test func expectedTypeMismatchIsAnError() {
        guard case .failure(let error) = compile("\"5\"", expecting: .number) else {
            Issue.record("a string where a number is expected must fail")
            return
        }
        #expect(error.message == "Expected number but found string instead.")
        guard case .failure(let error2) = compile("\"notacolor\"", expecting: .color) else {
            Issue.record("an invalid colour constant must fail")
            return
        }
        #expect(error2.message == "Could not convert \"notacolor\" to color.")
    }

    /// The error carries the byte offset of the innermost array around the problem.
    @Test func errorOffsetIsTheInnermostArray() throws {
        let text = "[\"all\",\n  [\"==\", [\"get\", \"a\"], 1],\n  [\"+\", 1, \"x\"]\n]"
        let json = try JSONParser().parse(text)
        do {
            _ = try StyleExpression.parse(json, expecting: .boolean)
            Issue.record("expected an error")
        } catch {
            let utf8 = Array(text.utf8)
            let offset = try #require(error.offset)
            #expect(SourceLocation(offset: offset, in: utf8) == SourceLocation(line: 3, column: 3))
            #expect(error.message.hasPrefix("[2][2]: Expected number but found string instead."))
        }
    }
}
