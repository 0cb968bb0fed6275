import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import XCTest

/// The features `text` reads to through `OverlayFileReader` as a `.json` file (the path a
/// `mapsnap render` argument takes).
func readRouteAnswer(_ text: String, file: String = "r.json", precision: Int = 5) throws(FormatError) -> [Feature] {
    try OverlayFileReader.read(bytes: text.bytes, file: file, format: .geoJSON, polylinePrecision: precision)
}

/// A route feature's steps as (instruction, distance m, duration s, location (lat, lon)).
func routeSteps(_ feature: Feature) -> [(String?, Double, Double, (Double, Double))] {
    (feature[property: "steps"]?.arrayValue?.elements ?? []).compactMap { value in
        guard let step = value.objectValue, let distance = step["distance"]?.doubleValue,
            let duration = step["duration"]?.doubleValue, let location = step["location"]?.arrayValue,
            location.count == 2, let lon = location[0].doubleValue, let lat = location[1].doubleValue
        else { return nil }
        return (step["instruction"]?.stringValue, distance, duration, (lat, lon))
    }
}

/// Asserts a route's steps, every number exactly.
func assertSteps(
    _ feature: Feature, _ expected: [(String?, Double, Double, (Double, Double))], file: StaticString = #filePath,
    line: UInt = #line
) {
    let actual = routeSteps(feature)
    XCTAssertEqual(
        actual.count, feature[property: "steps"]?.arrayValue?.count, "well-formed steps", file: file, line: line)
    XCTAssertEqual(actual.count, expected.count, "step count", file: file, line: line)
    for (a, e) in zip(actual, expected) {
        XCTAssertEqual(a.0, e.0, file: file, line: line)
        XCTAssertEqual(a.1, e.1, "distance of \(e.0 ?? "-")", file: file, line: line)
        XCTAssertEqual(a.2, e.2, "duration of \(e.0 ?? "-")", file: file, line: line)
        XCTAssertEqual(a.3.0, e.3.0, "latitude of \(e.0 ?? "-")", file: file, line: line)
        XCTAssertEqual(a.3.1, e.3.1, "longitude of \(e.0 ?? "-")", file: file, line: line)
    }
}

/// The LineString of a feature (empty when it is another geometry).
func lineCoordinates(_ feature: Feature) -> [Coordinate] {
    if case .lineString(let coordinates) = feature.geometry { return coordinates }
    return []
}

/// The error `text` gives through `readRouteAnswer` (`file:line:col: message`), or nil after a
/// test failure when it reads.
func routeError(
    _ text: String, file name: String = "r.json", precision: Int = 5, file: StaticString = #filePath,
    line: UInt = #line
) -> String? {
    formatError(
        { () throws(FormatError) in try readRouteAnswer(text, file: name, precision: precision) }, file: file,
        line: line)
}
