import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import XCTest

/// The `FormatError` description `body` throws (`file:line:col: message`), or nil after a test
/// failure when it does not throw.
func formatError(
    _ body: () throws(FormatError) -> [Feature], file: StaticString = #filePath, line: UInt = #line
) -> String? {
    do {
        let features = try body()
        XCTFail("expected an error, read \(features.count) feature(s)", file: file, line: line)
        return nil
    } catch {
        return error.description
    }
}

/// Asserts that coordinates match (latitude, longitude) pairs to 1e-9 degrees.
func assertCoordinates(
    _ actual: [Coordinate], _ expected: [(Double, Double)], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual.count, expected.count, "count", file: file, line: line)
    for (a, e) in zip(actual, expected) {
        XCTAssertEqual(a.latitude, e.0, accuracy: 1e-9, "latitude of \(a)", file: file, line: line)
        XCTAssertEqual(a.longitude, e.1, accuracy: 1e-9, "longitude of \(a)", file: file, line: line)
    }
}

/// Asserts element-wise equality of elevation arrays where NaN equals NaN.
func assertElevations(
    _ actual: [[Double]]?, _ expected: [[Double]]?, file: StaticString = #filePath, line: UInt = #line
) {
    guard let actual, let expected else {
        XCTAssertTrue(
            actual == nil && expected == nil, "\(String(describing: actual)) ≠ \(String(describing: expected))",
            file: file, line: line)
        return
    }
    let same =
        actual.count == expected.count
        && zip(actual, expected).allSatisfy { a, e in
            a.count == e.count && zip(a, e).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
    XCTAssertTrue(same, "\(actual) ≠ \(expected)", file: file, line: line)
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}
