import MapSnapJSON
import XCTest

/// Valid documents of every kind parse to the expected values, offsets and member order.
final class JSONParserValueTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser().parse(text)
    }

    func testScalars() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse("true"), .bool(true))
        XCTAssertEqual(try parse(" false "), .bool(false))
        XCTAssertEqual(try parse("\"hi\""), .string("hi"))
        XCTAssertEqual(try parse("\"\""), .string(""))
    }

    func testNumbers() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", 0), ("42", 42), ("-17", -17), ("1.5", 1.5), ("-12.25E-2", -0.1225),
            ("1e3", 1000), ("2E+2", 200), ("0.1", 0.1), ("123456789012345680", 123456789012345680),
            ("1.7976931348623157e308", 1.7976931348623157e308), ("1e-400", 0),
            ("-122.4194155", -122.4194155),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try parse(text).doubleValue, expected, text)
        }
        XCTAssertEqual(try parse("-0").doubleValue?.sign, .minus)
    }

    func testArraysAndObjectsKeepOrderAndOffsets() throws {
        let value = try parse("  {\"b\": [1, [2, {}]], \"a\": {\"z\": null, \"y\": true}, \"c\": []}")
        guard case .object(let object) = value else { return XCTFail("expected an object") }
        XCTAssertEqual(object.offset, 2)
        XCTAssertEqual(object.keys, ["b", "a", "c"])
        guard case .array(let b)? = object["b"] else { return XCTFail("expected an array") }
        XCTAssertEqual(b.offset, 8)
        XCTAssertEqual(b[0], .number(1))
        XCTAssertEqual(b[1].arrayValue?.offset, 12)
        XCTAssertEqual(b[1].arrayValue?[1].objectValue?.offset, 16)
        XCTAssertEqual(object["a"]?.objectValue?.keys, ["z", "y"])
        XCTAssertEqual(object["c"]?.arrayValue?.count, 0)
        XCTAssertNil(object["missing"])
    }

    func testLastDuplicateKeyWins() throws {
        XCTAssertEqual(try parse("{\"k\": 1, \"k\": 2}").objectValue?["k"], .number(2))
    }

    func testEscapes() throws {
        let text = #""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00""#
        XCTAssertEqual(try parse(text), .string("\"\\/\u{8}\u{C}\n\r\tAé€😀"))
        XCTAssertEqual(try parse(#""plain é and \n""#), .string("plain é and \n"))
    }

    func testByteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8)
        XCTAssertEqual(try JSONParser().parse(bytes).objectValue?["a"], .number(1))
    }

    func testNestingJustUnderTheLimitParses() throws {
        let depth = JSONParser().maxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        XCTAssertNotNil(try parse(text).arrayValue)
    }
}
