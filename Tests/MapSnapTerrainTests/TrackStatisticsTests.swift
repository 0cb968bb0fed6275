import MapSnapGeometry
import XCTest

@testable import MapSnapTerrain

/// Statistics of synthetic profiles whose answers are worked out by hand.
final class TrackStatisticsTests: XCTestCase {
    /// Samples every `step` metres of `elevation(distance)` up to `length` metres.
    static func profile(length: Double, step: Double = 5, _ elevation: (Double) -> Double) -> TrackProfile {
        let n = Int((length / step).rounded())
        let d = (0...n).map { Double($0) * step }
        return TrackProfile(distances: d, elevations: d.map(elevation))
    }

    func testAFlatKilometre() {
        let s = TrackStatistics(profile: Self.profile(length: 1000) { _ in 420 })
        XCTAssertEqual(s.length, 1000)
        XCTAssertEqual(s.ascent, 0)
        XCTAssertEqual(s.descent, 0)
        XCTAssertEqual(s.minElevation, 420)
        XCTAssertEqual(s.maxElevation, 420)
        // Tobler on the flat: 6 · e^−0.175 = 5.0364 km/h → 1 km in 714.8 s.
        XCTAssertEqual(HikingTimeModel.toblerSpeed(slope: 0), 5.04, accuracy: 0.005)
        XCTAssertEqual(s.duration, 1000 / (6 * exp(-0.175) / 3.6), accuracy: 1e-6)
        XCTAssertEqual(s.duration, 714.8, accuracy: 0.1)
    }

    func testARampOf100MetresOverAKilometre() {
        let p = Self.profile(length: 1000) { 500 + $0 / 10 }
        let s = TrackStatistics(profile: p)
        XCTAssertEqual(s.ascent ?? -1, 100, accuracy: 1e-9)
        XCTAssertEqual(s.descent, 0)
        // Tobler at 10 %: 6 · e^(−3.5 · 0.15) = 3.5493 km/h → 1014.3 s.
        XCTAssertEqual(s.duration, 1014.3, accuracy: 0.1)
        // DIN: 15 min horizontally, 20 min up → 20 + 7.5 = 27.5 min.
        XCTAssertEqual(TrackStatistics(profile: p, model: .din33466).duration, 27.5 * 60, accuracy: 1e-6)
    }

    func testASawToothBelowTheThresholdHasNoAscent() {
        // Teeth of 4 m every 50 m over 2 km: a 10 m hysteresis sees none of them.
        let s = TrackStatistics(
            profile: Self.profile(length: 2000) { d in
                let t = d.truncatingRemainder(dividingBy: 50) / 25
                return 300 + 4 * (t <= 1 ? t : 2 - t)
            })
        XCTAssertEqual(s.ascent, 0)
        XCTAssertEqual(s.descent, 0)
        XCTAssertEqual(s.maxElevation, 304)
    }

    /// Up 600 m over 4 km, then down 500 m over 3 km, by DIN 33466:
    /// up: 1 h horizontal, 2 h vertical → 2 + 0.5 = 2.5 h; down: 0.75 h horizontal, 1 h
    /// vertical → 1 + 0.375 = 1.375 h; in all 3.875 h = 3 h 52.5 min.
    func testDINOnAKnownUpAndDown() {
        let p = Self.profile(length: 7000) { d in d <= 4000 ? 1000 + 0.15 * d : 1600 - (d - 4000) / 6 }
        let s = TrackStatistics(profile: p, model: .din33466)
        XCTAssertEqual(s.ascent ?? -1, 600, accuracy: 1e-9)
        XCTAssertEqual(s.descent ?? -1, 500, accuracy: 1e-9)
        XCTAssertEqual(s.duration, 3.875 * 3600, accuracy: 1e-6)
        XCTAssertEqual(TrackStatistics.durationText(s.duration), "3 h 53 min")
    }

    /// 5 km up 600 m, 5 km down 600 m: Naismith 2 h + 1 h; the descent is 6.8° steep, so
    /// Langmuir takes 10 min per 300 m off: 3 h − 20 min = 2 h 40 min.
    func testNaismithWithLangmuir() {
        let p = Self.profile(length: 10000) { d in d <= 5000 ? 0.12 * d : 600 - 0.12 * (d - 5000) }
        XCTAssertEqual(TrackStatistics(profile: p, model: .naismith).duration, 9600, accuracy: 1e-6)
        // Steeper than 12° (300 m down over 1 km, 16.7°): 10 min more per 300 m.
        let steep = Self.profile(length: 1000) { 300 - 0.3 * $0 }
        XCTAssertEqual(
            TrackStatistics(profile: steep, model: .naismith).duration, (1.0 / 5 + 10.0 / 60) * 3600, accuracy: 1e-6)
        // On the flat, 5 km/h.
        XCTAssertEqual(HikingTimeModel.naismith.flatDuration(length: 5000), 3600, accuracy: 1e-9)
    }

    func testTheSwissFormula() {
        // 14.271 min/km on the flat (4.2 km/h); beyond ±40 %, 17 · s up and −9 · s down.
        XCTAssertEqual(HikingTimeModel.swissPace(slope: 0), 14.271, accuracy: 1e-12)
        XCTAssertEqual(HikingTimeModel.swissPace(slope: 0.5), 85, accuracy: 1e-12)
        XCTAssertEqual(HikingTimeModel.swissPace(slope: -0.5), 45, accuracy: 1e-12)
        // The polynomial meets the straight lines at ±40 % within 1.5 min/km.
        XCTAssertEqual(HikingTimeModel.swissPace(slope: 0.3999), 68, accuracy: 1.5)
        XCTAssertEqual(HikingTimeModel.swissPace(slope: -0.3999), 36, accuracy: 1.5)
        XCTAssertEqual(HikingTimeModel.swiss.flatDuration(length: 1000), 14.271 * 60, accuracy: 1e-9)
        // Slower uphill than downhill at the same grade, fastest slightly downhill.
        XCTAssertGreaterThan(HikingTimeModel.swissPace(slope: 0.1), HikingTimeModel.swissPace(slope: -0.1))
        XCTAssertLessThan(HikingTimeModel.swissPace(slope: -0.05), 14.271)
    }

    func testUnknownElevationIsNotZero() {
        let s = TrackStatistics(length: 4000, model: .din33466)
        XCTAssertNil(s.ascent)
        XCTAssertNil(s.minElevation)
        XCTAssertFalse(s.hasElevation)
        XCTAssertEqual(s.duration, 3600, accuracy: 1e-9)
        XCTAssertEqual(s.summary, "4.0 km  ·  1 h")
    }

    func testTexts() {
        XCTAssertEqual(TrackStatistics.lengthText(850.4), "850 m")
        XCTAssertEqual(TrackStatistics.lengthText(12_412), "12.4 km")
        XCTAssertEqual(TrackStatistics.durationText(4 * 3600 + 35 * 60 + 10), "4 h 35 min")
        XCTAssertEqual(TrackStatistics.durationText(35 * 60), "35 min")
    }
}

extension TrackStatisticsTests {
    /// Beyond 45° Tobler's speed would vanish: a step takes its height at the speed of 45°.
    func testToblerOnAStepTakesTheVerticalSpeedOf45Degrees() {
        let up45 = HikingTimeModel.toblerTime(10, 10)
        XCTAssertEqual(HikingTimeModel.toblerTime(10, 25), 2.5 * up45, accuracy: 1e-9)
        XCTAssertEqual(HikingTimeModel.toblerTime(10, 10.000_001), up45, accuracy: 1e-3)
        // 152 m/h up at 45°, 216 m/h down.
        XCTAssertEqual(3600 * 10 / up45, 152, accuracy: 1)
        XCTAssertEqual(3600 * 10 / HikingTimeModel.toblerTime(10, -10), 216, accuracy: 1)
    }
}
