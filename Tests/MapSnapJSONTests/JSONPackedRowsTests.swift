import Foundation
import MapSnapJSON
import XCTest

/// Lists of positions are parsed packed (`JSONArray.rows`) and read the same as any array;
/// everything else, and every malformed list, goes the general way with the same errors. Short
/// decimals are read the quick exact way, equal to strtod.
final class JSONPackedRowsTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser().parse(text)
    }

    private func generic(_ rows: JSONArray) -> JSONArray {
        JSONArray(rows.elements, offset: rows.offset)
    }

    func testAListOfPositionsIsPacked() throws {
        let text = "[ [1, 2], [3.5,-4] ,[5e1, 6]]"
        let array = try XCTUnwrap(try parse(text).arrayValue)
        let rows = try XCTUnwrap(array.rows, "packed")
        XCTAssertEqual(rows.width, 2)
        XCTAssertEqual(rows.numbers, [1, 2, 3.5, -4, 50, 6])
        XCTAssertEqual(rows.offsets, [2, 10, 20])
        XCTAssertEqual(array.count, 3)
        XCTAssertEqual(array[1], .array(JSONArray([.number(3.5), .number(-4)], offset: 10)))
        XCTAssertEqual(array, generic(array), "equal to the same elements stored as values")
        XCTAssertEqual(array.elements.map { $0.arrayValue?.offset }, [2, 10, 20])
        let three = try XCTUnwrap(try parse("[[1,2,3],[4,5,6]]").arrayValue?.rows)
        XCTAssertEqual(three.width, 3)
    }

    func testOtherArraysAreNotPacked() throws {
        for text in ["[[1,2],[3]]", "[[1,2,3,4]]", "[[1,\"a\"]]", "[[]]", "[[1,2],3]", "[[1,2],[true,1]]", "[[[1,2]]]"]
        {
            let array = try XCTUnwrap(try parse(text).arrayValue, text)
            XCTAssertNil(array.rows, text)
        }
        let nested = try XCTUnwrap(try parse("[[[1,2],[3,4]]]").arrayValue)
        XCTAssertNil(nested.rows)
        XCTAssertNotNil(nested[0].arrayValue?.rows, "the inner list of positions is packed")
        let mixed = try XCTUnwrap(try parse("[[1,2],[3]]").arrayValue)
        XCTAssertEqual(mixed[1], .array(JSONArray([.number(3)], offset: 7)))
    }

    func testMalformedListsReportWhatTheGeneralParseReports() {
        let cases: [(String, String)] = [
            ("[[1,2],[3,]]", "trailing comma"), ("[[1,2],]", "trailing comma"), ("[[1,2],[01,2]]", "leading zeros"),
            ("[[1,2],[NaN,2]]", "NaN"), ("[[1,2],[1e400,2]]", "out of range"), ("[[1,2],[3,4]", "truncated"),
            ("[[1,2] [3,4]]", "expected ','"),
        ]
        for (text, fragment) in cases {
            XCTAssertThrowsError(try parse(text), text) { error in
                let message = (error as? JSONParseError)?.message ?? "\(error)"
                XCTAssertTrue(message.contains(fragment), "\(text): \(message)")
            }
        }
    }

    func testRowsCountAsContainers() {
        var parser = JSONParser()
        parser.maxContainers = 3
        XCTAssertNoThrow(try parser.parse("[[1,2],[3,4]]"))
        XCTAssertThrowsError(try parser.parse("[[1,2],[3,4],[5,6]]"), "4 containers")
        parser.maxDepth = 1
        XCTAssertThrowsError(try parser.parse("[[1,2]]"), "too deep")
    }

    /// The quick decimal reading gives strtod's double for every decimal of up to 15 digits,
    /// and long ones still go to strtod.
    func testShortDecimalsAreReadExactly() throws {
        var seed: UInt64 = 2026
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 11
        }
        for _ in 0..<20000 {
            let digits = 1 + Int(next() % 18)
            var text = String(next() % 10 == 0 ? 0 : 1 + next() % 9)
            for _ in 1..<digits { text += String(next() % 10) }
            let point = Int(next() % UInt64(digits + 1))
            if point > 0 && point < digits {
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            }
            while text.hasPrefix("0"), text.count > 1, !text.hasPrefix("0.") { text.removeFirst() }
            if next() % 2 == 0 { text = "-" + text }
            let expected = strtod(text, nil)
            XCTAssertEqual(try parse(text).doubleValue, expected, text)
            XCTAssertEqual(try parse("[[\(text), 1]]").arrayValue?.rows?.numbers.first, expected, text)
        }
    }
}
