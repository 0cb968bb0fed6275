import MapSnapGeometry
import XCTest

@testable import MapSnapTerrain

/// A plane tilted northwards: `grade` metres per metre of northing from `base` metres at the
/// equator-side edge, known inside `box` only.
struct TiltedPlane: ElevationSource {
    var base = 1000.0
    var grade = 0.1
    var cell = 30.0
    var south = 46.0
    var northLimit = 90.0

    func elevation(at c: Coordinate) -> Double? {
        guard c.latitude <= northLimit else { return nil }
        return base + grade * (c.latitude - south) * 111_150
    }

    func cellSize(near c: Coordinate) -> Double? { c.latitude <= northLimit ? cell : nil }
}

final class TrackProfileTests: XCTestCase {
    /// `count` vertices northwards from 46° N, 13° E, `step` degrees of latitude apart.
    static func meridian(count: Int, step: Double = 0.0001) -> [Coordinate] {
        (0..<count).map { Coordinate(latitude: 46 + Double($0) * step, longitude: 13) }
    }

    func testRecordedElevationsGiveTheGeodesicLengthAndFillGaps() throws {
        let line = Self.meridian(count: 11, step: 0.001)
        var ele = (0..<11).map { 500 + Double($0) * 10 }
        ele[3] = .nan
        ele[0] = .nan
        let p = try XCTUnwrap(TrackProfile.recorded(parts: [line], elevations: [ele], smoothing: 0))
        XCTAssertEqual(p.length, Geodesy.geodesicLength(line), accuracy: 1e-6)
        // About 1 111.5 m (a hundredth of a degree of latitude at 46°).
        XCTAssertEqual(p.length, 1111.5, accuracy: 1)
        XCTAssertLessThanOrEqual(zip(p.distances, p.distances.dropFirst()).map { $1 - $0 }.max() ?? 99, 5)
        XCTAssertEqual(p.elevations.first, 510, "before the first known value: the nearest one")
        let at3 = try XCTUnwrap(p.distances.firstIndex { abs($0 - p.length * 0.3) < 0.01 })
        XCTAssertEqual(p.elevations[at3], 530, accuracy: 1e-3)
        XCTAssertNil(TrackProfile.recorded(parts: [line], elevations: [line.map { _ in .nan }]))
        XCTAssertNil(TrackProfile.recorded(parts: [line], elevations: []))
    }

    func testSmoothingKeepsARampExactly() throws {
        let line = Self.meridian(count: 201)
        let ele = (0..<201).map { 800 + Double($0) * 1.5 }
        let p = try XCTUnwrap(TrackProfile.recorded(parts: [line], elevations: [ele]))
        XCTAssertEqual(p.elevations.first ?? 0, 800, accuracy: 1e-6)
        XCTAssertEqual(p.elevations.last ?? 0, 1100, accuracy: 1e-6)
        XCTAssertEqual(TrackStatistics(profile: p).ascent ?? 0, 300, accuracy: 1e-6)
    }

    func testPartsJoinEndToEnd() throws {
        let a = Self.meridian(count: 11, step: 0.001)
        let b = a.map { Coordinate(latitude: $0.latitude, longitude: 13.5) }
        let p = try XCTUnwrap(
            TrackProfile.recorded(parts: [a, b], elevations: [a.map { _ in 100 }, b.map { _ in 100 }]))
        XCTAssertEqual(p.length, 2 * Geodesy.geodesicLength(a), accuracy: 1e-6)
    }

    func testASourceSampledAlongTheLine() throws {
        let line = [Coordinate(latitude: 46, longitude: 13), Coordinate(latitude: 46.009, longitude: 13)]
        let p = try XCTUnwrap(TrackProfile.sampled(parts: [line], source: TiltedPlane()))
        XCTAssertEqual(p.cellSize, 30)
        XCTAssertLessThanOrEqual(zip(p.distances, p.distances.dropFirst()).map { $1 - $0 }.max() ?? 99, 5)
        let s = TrackStatistics(profile: p)
        XCTAssertEqual(s.threshold, 10)
        XCTAssertEqual(s.ascent ?? 0, 0.1 * 0.009 * 111_150, accuracy: 0.01)
        // A lidar-grade source: the 5 m hysteresis.
        let fine = try XCTUnwrap(TrackProfile.sampled(parts: [line], source: TiltedPlane(cell: 2)))
        XCTAssertEqual(TrackStatistics(profile: fine).threshold, 5)
        // Beyond the data the last known value goes on; nothing known: nil.
        let partial = try XCTUnwrap(TrackProfile.sampled(parts: [line], source: TiltedPlane(northLimit: 46.0045)))
        XCTAssertEqual(partial.elevations.last ?? 0, 1000 + 0.1 * 0.0045 * 111_150, accuracy: 1)
        XCTAssertNil(TrackProfile.sampled(parts: [line], source: TiltedPlane(northLimit: 45)))
    }
}
