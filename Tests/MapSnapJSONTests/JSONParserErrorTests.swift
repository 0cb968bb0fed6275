import MapSnapJSON
import XCTest

/// Each class of syntax error gives its message at the exact line:column.
final class JSONParserErrorTests: XCTestCase {
    /// The error `bytes` give, as `line:column: message`.
    private func error(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let value = try JSONParser().parse(bytes)
            XCTFail("parsed as \(value)", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        error(Array(text.utf8), file: file, line: line)
    }

    func testEmptyDocument() {
        XCTAssertEqual(error(""), "1:1: the file is empty (expected a JSON value)")
        XCTAssertEqual(error(" \n\t"), "2:2: the file is empty (expected a JSON value)")
    }

    func testTrailingCommas() {
        XCTAssertEqual(error("[1, 2,]"), "1:7: trailing comma before ']'")
        XCTAssertEqual(error("{\"a\": 1,\n}"), "2:1: trailing comma before '}'")
    }

    func testBadNumbers() {
        XCTAssertEqual(error("[01]"), "1:2: numbers must not have leading zeros")
        XCTAssertEqual(error("[-]"), "1:2: a number needs digits after '-'")
        XCTAssertEqual(error("[1.]"), "1:2: a number needs digits after '.'")
        XCTAssertEqual(error("[1e+]"), "1:2: a number needs digits in its exponent")
        XCTAssertEqual(error("[+1]"), "1:2: unexpected '+' (expected a JSON value)")
        XCTAssertEqual(error("[.5]"), "1:2: unexpected '.' (expected a JSON value)")
    }

    func testNaNAndInfinityAreRejected() {
        XCTAssertEqual(error("[NaN]"), "1:2: NaN and Infinity are not JSON numbers")
        XCTAssertEqual(error("[1, Infinity]"), "1:5: NaN and Infinity are not JSON numbers")
        XCTAssertEqual(error("[-Infinity]"), "1:2: a number needs digits after '-'")
    }

    func testOverflowingNumbersAreRejected() {
        XCTAssertEqual(error("[\n  1e400]"), "2:3: number out of range")
        XCTAssertEqual(error("-1e400"), "1:1: number out of range")
    }

    func testStrings() {
        XCTAssertEqual(error("\"abc"), "1:1: unterminated string (the file is truncated?)")
        XCTAssertEqual(error("[\"a\nb\"]"), "1:4: control character in a string (unterminated string?)")
        XCTAssertEqual(error(#"["\x"]"#), #"1:3: invalid escape '\x' in a string"#)
        XCTAssertEqual(error(#""\u12G4""#), #"1:2: invalid hex digit in \u escape"#)
        XCTAssertEqual(error(#""\u12""#), #"1:2: truncated \u escape"#)
    }

    func testLoneSurrogates() {
        XCTAssertEqual(error(#"["\ud800"]"#), #"1:3: lone surrogate in \u escape"#)
        XCTAssertEqual(error(#"["\ud800\u0041"]"#), #"1:3: lone surrogate in \u escape"#)
        XCTAssertEqual(error(#"["\udc00"]"#), #"1:3: lone surrogate in \u escape"#)
    }

    func testInvalidUTF8() {
        XCTAssertEqual(error([0x22, 0x61, 0xFF, 0x22]), "1:1: the string is not valid UTF-8")
        XCTAssertEqual(error([0x5B, 0xC3, 0x5D]), "1:2: unexpected byte 0xC3 (expected a JSON value)")
        // An overlong encoding of '/' inside a string.
        XCTAssertEqual(error([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D]), "1:2: the string is not valid UTF-8")
    }

    func testTruncatedContainers() {
        XCTAssertEqual(error("[1, 2"), "1:1: unexpected end of file inside the array opened here (truncated?)")
        XCTAssertEqual(
            error("{\"a\": [\n  {\"b\": 1"), "2:3: unexpected end of file inside the object opened here (truncated?)")
        XCTAssertEqual(error("[1,"), "1:4: unexpected end of file (the file is truncated?)")
        XCTAssertEqual(error("{\"a\":"), "1:6: unexpected end of file (the file is truncated?)")
    }

    func testStructure() {
        XCTAssertEqual(error("{\"a\" 1}"), "1:6: expected ':' after the member name \"a\"")
        XCTAssertEqual(error("{a: 1}"), "1:2: unexpected 'a' (expected a quoted member name)")
        XCTAssertEqual(error("[1 2]"), "1:4: unexpected '2' in an array (expected ',' or ']')")
        XCTAssertEqual(error("{\"a\": 1 \"b\": 2}"), "1:9: unexpected '\"' in an object (expected ',' or '}')")
        XCTAssertEqual(error("1 2"), "1:3: unexpected '2' after the JSON value")
        XCTAssertEqual(error("// comment\n{}"), "1:1: unexpected '/' (expected a JSON value)")
        XCTAssertEqual(error("[tru]"), "1:2: unexpected 't' (expected a JSON value)")
        XCTAssertEqual(error("[\u{1}]"), "1:2: unexpected control character 0x1 (expected a JSON value)")
    }

    func testLocationsCountLinesAndScalars() {
        XCTAssertEqual(error("{\n  \"a\": [1,\n    2,,\n  ]\n}"), "3:7: unexpected ',' (expected a JSON value)")
        // "é" is two bytes but one column.
        XCTAssertEqual(error("[\"é\", x]"), "1:7: unexpected 'x' (expected a JSON value)")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertEqual(error(deep), "1:513: nesting deeper than 512 levels")
        let objects = String(repeating: "{\"a\":", count: 10_000)
        XCTAssertEqual(error(objects), "1:2561: nesting deeper than 512 levels")
    }

    func testErrorCarriesOffsetAndLocation() throws {
        do {
            _ = try JSONParser().parse("[\n 1,\n x]")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.offset, 7)
            XCTAssertEqual(error.location, SourceLocation(line: 3, column: 2))
            XCTAssertEqual(error.message, "unexpected 'x' (expected a JSON value)")
        }
    }
}
