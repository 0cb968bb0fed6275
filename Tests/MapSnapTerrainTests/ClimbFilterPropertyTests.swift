import MapSnapGeometry
import MapSnapTestSupport
import XCTest

@testable import MapSnapTerrain

/// The climb filter's invariants over many seeded random tracks (`SplitMix64`: the same tracks
/// on every machine; a failure names its seed).
final class ClimbFilterPropertyTests: XCTestCase {
    /// A uniform number in [0, 1).
    static func unit(_ g: inout SplitMix64) -> Double { Double(g.next() >> 11) / Double(1 << 53) }

    /// A standard normal number (Box–Muller).
    static func gaussian(_ g: inout SplitMix64) -> Double {
        let u = max(unit(&g), 1e-300)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * unit(&g))
    }

    /// A random elevation series of 2…120 values: a random walk, steps and plateaus, or a
    /// rolling climb, with a scale that makes legs both below and above 10 m.
    static func series(_ g: inout SplitMix64) -> [Double] {
        let n = 2 + Int(g.next() % 119)
        let kind = g.next() % 3
        var e = [1000.0]
        for i in 1..<n {
            let last = e[i - 1]
            switch kind {
            case 0: e.append(last + 4 * gaussian(&g))
            case 1: e.append(unit(&g) < 0.3 ? last : last + (unit(&g) - 0.5) * 50)
            default: e.append(last + (unit(&g) - 0.5) * 24 + ((i / 15) % 2 == 0 ? 3 : -3))
            }
        }
        return e
    }

    func testAppendingNeverLowersTheTotals() {
        let filter = ClimbFilter()
        for seed in UInt64(0)..<400 {
            var g = SplitMix64(seed: seed)
            let e = Self.series(&g)
            var before = (ascent: 0.0, descent: 0.0)
            for k in 1...e.count {
                let now = filter.totals(Array(e.prefix(k)))
                XCTAssertGreaterThanOrEqual(now.ascent, before.ascent, "seed \(seed), \(k) values")
                XCTAssertGreaterThanOrEqual(now.descent, before.descent, "seed \(seed), \(k) values")
                before = now
            }
        }
    }

    /// Both parts keep the value at the cut. The totals change by less than twice the
    /// threshold (the least any filter ignoring sub-threshold changes can promise; see
    /// `ClimbFilter`), and cutting at a turn of the filtered profile changes nothing.
    func testSplittingChangesTheTotalsByLessThanTwiceTheThreshold() {
        for threshold in [ClimbFilter.defaultThreshold, ClimbFilter.fineThreshold] {
            let filter = ClimbFilter(threshold: threshold)
            var worst = 0.0
            for seed in UInt64(0)..<400 {
                var g = SplitMix64(seed: seed)
                let e = Self.series(&g)
                let whole = filter.totals(e)
                let turns = Set(filter.sections(e).map(\.start))
                for k in e.indices {
                    let a = filter.totals(Array(e[...k]))
                    let b = filter.totals(Array(e[k...]))
                    let up = a.ascent + b.ascent - whole.ascent
                    let down = a.descent + b.descent - whole.descent
                    worst = max(worst, abs(up), abs(down))
                    XCTAssertLessThan(abs(up), 2 * threshold, "seed \(seed), cut at \(k)")
                    XCTAssertLessThan(abs(down), 2 * threshold, "seed \(seed), cut at \(k)")
                    if turns.contains(k) {
                        XCTAssertEqual(up, 0, accuracy: 1e-9, "seed \(seed), cut at the turn \(k)")
                        XCTAssertEqual(down, 0, accuracy: 1e-9, "seed \(seed), cut at the turn \(k)")
                    }
                }
            }
            // The bound is reached: the random tracks do cut climbs where it shows.
            XCTAssertGreaterThan(worst, threshold)
        }
    }

    /// The counter-example of the documentation: no filter that ignores 9 m can keep a split
    /// of an 18 m climb within 10 m.
    func testTheCounterExampleToASplitBoundOfOneThreshold() {
        let filter = ClimbFilter()
        XCTAssertEqual(filter.totals([0, 9, 18]).ascent, 18)
        XCTAssertEqual(filter.totals([0, 9]).ascent, 0)
        XCTAssertEqual(filter.totals([9, 18]).ascent, 0)
    }

    /// A flat track 5 km long, a vertex every 5 m, its `ele` values with σ = 3 m of independent
    /// Gaussian noise: no ascent, no descent, for every seed.
    func testAFlatTrackWithGPSNoiseHasNoAscent() throws {
        let line = (0...1000).map { Coordinate(latitude: 46 + Double($0) * 0.000_045, longitude: 13) }
        for seed in UInt64(0)..<40 {
            var g = SplitMix64(seed: seed)
            let ele = line.map { _ in 600 + 3 * Self.gaussian(&g) }
            let p = try XCTUnwrap(TrackProfile.recorded(parts: [line], elevations: [ele]))
            let s = TrackStatistics(profile: p)
            XCTAssertEqual(s.ascent, 0, "seed \(seed)")
            XCTAssertEqual(s.descent, 0, "seed \(seed)")
            // Unfiltered, the noise would climb: the test has teeth.
            if seed == 0 { XCTAssertGreaterThan(ClimbFilter().totals(ele).ascent, 0) }
        }
    }

    /// DIN 33466 is summed per monotone section: the parts of a track cut at its turns take
    /// as long as the whole within 1 %, and so do the parts of a steady climb cut anywhere.
    func testDINTimesOfPartsAddUp() {
        func slice(_ p: TrackProfile, _ r: ClosedRange<Int>) -> TrackProfile {
            let d0 = p.distances[r.lowerBound]
            return TrackProfile(distances: p.distances[r].map { $0 - d0 }, elevations: Array(p.elevations[r]))
        }
        func din(_ p: TrackProfile) -> Double { TrackStatistics(profile: p, model: .din33466).duration }
        for seed in UInt64(0)..<200 {
            var g = SplitMix64(seed: seed)
            let e = Self.series(&g)
            let p = TrackProfile(distances: e.indices.map { Double($0) * 40 }, elevations: e)
            let whole = din(p)
            for s in ClimbFilter().sections(e) where s.start > 0 {
                let parts = din(slice(p, 0...s.start)) + din(slice(p, s.start...(e.count - 1)))
                XCTAssertEqual(parts, whole, accuracy: 0.01 * whole, "seed \(seed), cut at \(s.start)")
            }
        }
        let climb = TrackStatisticsTests.profile(length: 3000) { 0.2 * $0 }
        let whole = din(climb)
        for k in stride(from: 20, to: 580, by: 37) {
            let parts = din(slice(climb, 0...k)) + din(slice(climb, k...600))
            XCTAssertEqual(parts, whole, accuracy: 0.01 * whole, "cut at \(k)")
        }
    }
}
