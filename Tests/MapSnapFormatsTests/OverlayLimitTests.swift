import MapSnapFormats
import MapSnapGeometry
import MapSnapJSON
import XCTest

/// The most an overlay file may hold (`OverlayLimits`): more is a clear error naming the file,
/// raised before the memory is spent where the format allows.
final class OverlayLimitTests: XCTestCase {
    /// An encoded polyline of `n` positions, all at 0,0 after the first ("??" is a zero delta pair).
    private func polyline(positions n: Int) -> [UInt8] { Array(String(repeating: "??", count: n).utf8) }

    func testPolylinePositionsAreBounded() throws {
        let limit = OverlayLimits.maximumPositions
        let ok = try PolylineReader.read(bytes: polyline(positions: limit), file: "track.txt", precision: 5)
        XCTAssertEqual(ok.first?.geometry.positionCount, limit)
        XCTAssertThrowsError(
            try PolylineReader.read(bytes: polyline(positions: limit + 1), file: "track.txt", precision: 5)
        ) {
            let text = String(describing: $0)
            XCTAssertTrue(text.contains("track.txt") && text.contains("more than \(limit) positions"), text)
        }
    }

    func testFeatureCountIsBounded() throws {
        let features = [Feature](
            repeating: Feature(geometry: .point(Coordinate(latitude: 0, longitude: 0))),
            count: OverlayLimits.maximumFeatures + 1)
        XCTAssertThrowsError(try OverlayLimits.check(features, file: "pins.geojson")) {
            XCTAssertTrue(String(describing: $0).contains("more than the \(OverlayLimits.maximumFeatures)"), "\($0)")
        }
        XCTAssertNoThrow(try OverlayLimits.check(Array(features.dropFirst()), file: "pins.geojson"))
    }

    func testPositionCountCountsEveryPart() {
        let c = Coordinate(latitude: 1, longitude: 2)
        let g = Geometry.geometryCollection([
            .point(c), .multiPoint([c, c]), .multiLineString([[c, c], [c, c, c]]),
            .multiPolygon([[[c, c, c, c]], [[c, c, c, c], [c, c, c, c]]]),
        ])
        XCTAssertEqual(g.positionCount, g.allCoordinates.count)
        XCTAssertEqual(g.positionCount, 20)
    }

    /// The JSON parser stops at `maxContainers` arrays and objects, with the place it stopped.
    func testJSONContainersAreBounded() throws {
        var parser = JSONParser()
        parser.maxContainers = 3
        XCTAssertNoThrow(try parser.parse("[[1],{\"a\":2}]"))
        XCTAssertThrowsError(try parser.parse("[[1],{\"a\":[2]}]")) {
            let e = $0 as? JSONParseError
            XCTAssertEqual(e?.message, "more than 3 arrays and objects (a limit of MapSnap)")
            XCTAssertEqual(e?.location.column, 11)
        }
    }
}
