import Foundation
import MapSnapFormats
import MapSnapJSON
import XCTest

/// `OverlayFileReader` tells router answers from GeoJSON by content, whatever the file is named.
final class RouterRecognitionTests: XCTestCase {
    typealias S = RouterSamples
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-routers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) -> String {
        let path = folder.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func testEachRouterIsRecognisedFromAFile() throws {
        let answers = [
            ("osrm", S.osrm()), ("mapbox", S.mapbox), ("valhalla", S.valhallaMiles), ("graphhopper", S.graphHopper),
        ]
        for (router, text) in answers {
            for name in ["\(router).json", "\(router)-answer"] {
                let features = try OverlayFileReader.read(path: write(name, text))
                XCTAssertFalse(features.isEmpty, name)
                XCTAssertEqual(features.first?[property: "router"], .string(router), name)
                XCTAssertEqual(try RouterResponseReader.read(bytes: text.bytes, file: name), features, name)
            }
            XCTAssertEqual(try Router(recognising: JSONParser().parse(text)), Router(rawValue: router))
        }
    }

    /// Mapbox is told from OSRM by `uuid`, or else by the maneuvers' `instruction`.
    func testMapboxWithoutUUID() throws {
        let noUUID = S.mapbox.replacingOccurrences(of: #""uuid": "cktt6dnoh0yqk18qq9zbgnwu8""#, with: #""x": 1"#)
        XCTAssertEqual(try Router(recognising: JSONParser().parse(noUUID)), .mapbox)
        XCTAssertEqual(try Router(recognising: JSONParser().parse(S.osrmError)), .osrm)
        XCTAssertEqual(try Router(recognising: JSONParser().parse(S.valhallaError)), .valhalla)
        XCTAssertEqual(try Router(recognising: JSONParser().parse(S.graphHopperError)), .graphhopper)
    }

    /// GeoJSON stays GeoJSON, foreign members named like a router's among it.
    func testGeoJSONIsStillGeoJSON() throws {
        let geoJSON = """
            {"type": "FeatureCollection", "code": "Ok", "routes": [], "paths": [], "trip": {},
             "features": [{"type": "Feature", "properties": {"name": "Lombard"},
                           "geometry": {"type": "LineString", "coordinates": [[-122.419, 37.802], [-122.425, 37.8012]]}}]}
            """
        let path = write("lombard.json", geoJSON)
        let features = try OverlayFileReader.read(path: path)
        XCTAssertEqual(features, try GeoJSONReader.read(bytes: geoJSON.bytes, file: path))
        XCTAssertEqual(features.first?.properties.keys, ["name"])
        XCTAssertNil(try Router(recognising: JSONParser().parse(geoJSON)))
        XCTAssertEqual(
            formatError { () throws(FormatError) in
                try OverlayFileReader.read(path: self.write("nothing.json", #"{"features": []}"#))
            }?
            .hasSuffix("nothing.json:1:1: missing \"type\" (every GeoJSON object needs one)"), true)
        XCTAssertEqual(
            formatError { () throws(FormatError) in
                try RouterResponseReader.read(bytes: #"{"type": "Point"}"#.bytes, file: "p.json")
            },
            "p.json:1:1: not a route answer of OSRM, Valhalla, GraphHopper or Mapbox")
    }
}
