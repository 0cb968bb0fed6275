import Foundation
import MapSnapFormats
import MapSnapGeometry
import XCTest

/// The real GPX files in `../shared/data/gpx` (next to the package) read without errors.
final class SharedGPXSamplesTests: XCTestCase {
    /// `<package>/../shared/data/gpx`, found from this file's path with symlinks resolved.
    private var samplesFolder: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent()  // MapSnapFormatsTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // the package
            .deletingLastPathComponent()
            .appendingPathComponent("shared/data/gpx")
    }

    func testSharedSamplesRead() throws {
        let folder = samplesFolder
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
            .filter { $0.lowercased().hasSuffix(".gpx") }.sorted() ?? []
        guard !names.isEmpty else {
            throw XCTSkip(
                "no GPX samples at \(folder.path) (the shared data folder is not checked out next to the package)")
        }
        for name in names {
            let features = try OverlayFileReader.read(path: folder.appendingPathComponent(name).path, displayName: name)
            XCTAssertFalse(features.isEmpty, name)
            for feature in features {
                let coordinates = feature.geometry.allCoordinates
                XCTAssertFalse(coordinates.isEmpty, name)
                for c in coordinates {
                    XCTAssertTrue(
                        (-90...90).contains(c.latitude) && (-360...360).contains(c.longitude), "\(name): \(c)")
                }
                if let elevations = feature.elevations {
                    switch feature.geometry {
                    case .lineString(let line): XCTAssertEqual(elevations.map(\.count), [line.count], name)
                    case .multiLineString(let lines): XCTAssertEqual(elevations.map(\.count), lines.map(\.count), name)
                    case .point: XCTAssertEqual(elevations.map(\.count), [1], name)
                    default: XCTFail("\(name): unexpected geometry")
                    }
                }
            }
        }
        if names.contains("Mojstrovka.gpx") {
            let features = try OverlayFileReader.read(path: folder.appendingPathComponent("Mojstrovka.gpx").path)
            XCTAssertEqual(features.count, 1)
            XCTAssertEqual(features.first?.geometry.allCoordinates.count, 184)
            XCTAssertEqual(features.first?[property: "gpx"], .string("trk"))
            XCTAssertEqual(features.first?.elevations?.first?.first ?? 0, 1614.678, accuracy: 1e-9)
        }
    }
}
