import Foundation
import MapSnapGeometry
import MapSnapImage
import MapSnapStyle
import MapSnapTerrain
import XCTest

@testable import MapSnapRender
@testable import MapSnapText

/// The elevation profile chart: its layout, its look (golden images), the inset's corner and
/// the time it takes to draw.
final class ProfileChartTests: XCTestCase {
    /// Two summits, 9.6 km: up 1 120 → 1 940 m, down to a col at 1 610 m, up to 1 820 m and
    /// down to 1 180 m, with a little texture so the line is not a polygon of straight lines.
    static let twoSummits: TrackProfile = {
        let d = stride(from: 0.0, through: 9600, by: 10).map { $0 }
        let e = d.map { x -> Double in
            let km = x / 1000
            let shape =
                km < 3.6
                ? 1120 + 820 * (0.5 - 0.5 * cos(.pi * km / 3.6))
                : km < 5.4
                    ? 1940 - 330 * (0.5 - 0.5 * cos(.pi * (km - 3.6) / 1.8))
                    : km < 6.6
                        ? 1610 + 210 * (0.5 - 0.5 * cos(.pi * (km - 5.4) / 1.2))
                        : 1820 - 640 * (0.5 - 0.5 * cos(.pi * (km - 6.6) / 3.0))
            return shape + 6 * sin(km * 7.3) + 3 * sin(km * 23.1)
        }
        return TrackProfile(distances: d, elevations: e)
    }()

    func engine() throws -> TextEngine { try TextEngine() }

    func testNiceTicks() {
        XCTAssertEqual(ProfileChartTicks.step(span: 820, count: 5), 200)
        XCTAssertEqual(ProfileChartTicks.step(span: 9.6, count: 6), 2)
        XCTAssertEqual(ProfileChartTicks.step(span: 2.7, count: 6), 0.5)
        XCTAssertEqual(ProfileChartTicks.step(span: 11, count: 5), 2)
        XCTAssertEqual(ProfileChartTicks.step(span: 15, count: 5), 2.5)
        XCTAssertEqual(ProfileChartTicks.values(from: 1100, to: 2000, step: 200), [1200, 1400, 1600, 1800, 2000])
        XCTAssertEqual(ProfileChartTicks.grouped(2366), "2366")
        XCTAssertEqual(ProfileChartTicks.grouped(12_412), "12\u{202F}412")
        XCTAssertEqual(ProfileChartTicks.grouped(2.5), "2.5")
        XCTAssertEqual(ProfileChartTicks.grouped(12_412_000), "12\u{202F}412\u{202F}000")
    }

    func testTheLayoutKeepsTheSummitAndItsLabelsInside() throws {
        let p = Self.twoSummits
        let stats = TrackStatistics(profile: p)
        let chart = ProfileChart(profile: p, statistics: stats, size: Size(width: 600, height: 400), text: try engine())
        let top = try XCTUnwrap(chart.line.map(\.y).min())
        XCTAssertEqual(
            top, try XCTUnwrap(chart.markers.first?.point.y), accuracy: 1e-9, "the summit survives decimation")
        XCTAssertLessThanOrEqual(chart.line.count, Int(chart.plot.width * 2 * 3) + 1)
        let bounds = Rect(x: 0, y: 0, width: 600, height: 400)
        for l in chart.labels + chart.markers.map(\.label) + [chart.summary].compactMap({ $0 }) {
            let box = Rect(x: l.origin.x, y: l.origin.y, width: l.text.width, height: l.text.height)
            XCTAssertTrue(bounds.contains(box), "\(box) inside the chart")
        }
        // Marker labels clear of the line's top: above the summit.
        let summit = try XCTUnwrap(chart.markers.first)
        XCTAssertLessThan(summit.label.origin.y + summit.label.text.height, summit.point.y)
        XCTAssertGreaterThan(summit.label.origin.y, chart.plot.minY - summit.label.text.height)
    }

    func testGoldenCharts() throws {
        let p = Self.twoSummits
        let stats = TrackStatistics(profile: p)
        for scale in [1.0, 2.0] {
            let png = try ProfileChartImage.render(
                profile: p, statistics: stats, size: Size(width: 600, height: 400), scale: scale, format: .png)
            try Golden.assertMatches(png, feature: "profile", name: scale == 1 ? "two-summits" : "two-summits@2x")
        }
        // The inset, framed, over a map-coloured background.
        for scale in [1.0, 2.0] {
            let canvas = try CairoPainter(format: .png, size: Size(width: 260, height: 140), scale: scale)
            canvas.paint(Color(red: 0.93, green: 0.91, blue: 0.86))
            ProfileInset.draw(
                profile: p, statistics: stats, in: Rect(x: 10, y: 10, width: 240, height: 120), canvas: canvas,
                text: try engine())
            try Golden.assertMatches(
                try canvas.encode(png: PNGOptions()), feature: "profile", name: scale == 1 ? "inset" : "inset@2x")
        }
    }

    func testTheInsetTakesTheCornerThatHidesLeastOfTheTrail() {
        let image = Size(width: 600, height: 400)
        let inset = ProfileInset.size(for: image)
        XCTAssertEqual(inset.width, 240)
        XCTAssertEqual(inset.height, 128)
        let attribution = Rect(x: 420, y: 385, width: 180, height: 15)
        // A trail along the top and down the right side: the bottom left is free.
        let trail = [[Point(x: 30, y: 40), Point(x: 570, y: 40), Point(x: 570, y: 360)]]
        XCTAssertEqual(
            ProfileInset.corner(image: image, inset: inset, trail: trail, avoiding: [attribution]), .bottomLeft)
        // A trail crossing the bottom only: the top right (first in the tie order).
        let low = [[Point(x: 20, y: 380), Point(x: 580, y: 380)]]
        XCTAssertEqual(ProfileInset.corner(image: image, inset: inset, trail: low, avoiding: [attribution]), .topRight)
        // Only the bottom right is free of trail (the bottom left least covered of the others),
        // but the attribution is there.
        let rest = [
            [Point(x: 20, y: 20), Point(x: 580, y: 20)], [Point(x: 20, y: 60), Point(x: 580, y: 60)],
            [Point(x: 20, y: 380), Point(x: 300, y: 380)],
        ]
        XCTAssertEqual(
            ProfileInset.corner(image: image, inset: inset, trail: rest, avoiding: [attribution]), .bottomLeft,
            "the bottom right is never chosen over the attribution")
        XCTAssertEqual(ProfileInset.corner(image: image, inset: inset, trail: rest, avoiding: []), .bottomRight)
        // Every corner blocked: none.
        let all = Rect(x: 0, y: 0, width: 600, height: 400)
        XCTAssertNil(ProfileInset.corner(image: image, inset: inset, trail: trail, avoiding: [all]))
        // A long straight segment counts by its length, not its two vertices.
        XCTAssertGreaterThan(
            ProfileInset.coveredSamples(
                [Point(x: 0, y: 50), Point(x: 600, y: 50)], by: Rect(x: 0, y: 0, width: 240, height: 128)), 50)
    }

    /// Laying out and drawing the inset on a 600x400 image, and the whole 600x400 chart.
    /// Budget 2 ms in a release build (`swift test -c release --filter ProfileChartTests`); the
    /// assertion here is loose, for debug builds on a shared machine.
    func testDrawingTime() throws {
        let p = Self.twoSummits
        let stats = TrackStatistics(profile: p)
        let text = try engine()
        let canvas = try CairoPainter(format: .png, size: Size(width: 600, height: 400), scale: 1)
        func median(_ body: () -> Void) -> Double {
            var times: [Double] = []
            for _ in 0..<41 {
                let t0 = DispatchTime.now().uptimeNanoseconds
                body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            return times.sorted()[times.count / 2]
        }
        let inset = median {
            ProfileInset.draw(
                profile: p, statistics: stats, in: Rect(x: 350, y: 10, width: 240, height: 128), canvas: canvas,
                text: text)
        }
        let whole = median {
            ProfileChart(profile: p, statistics: stats, size: Size(width: 600, height: 400), text: text).draw(
                on: canvas)
        }
        print(
            String(format: "profile chart: inset 240x128 %.3f ms, whole 600x400 %.3f ms (median of 41)", inset, whole))
        XCTAssertLessThan(inset, 50)
        XCTAssertLessThan(whole, 50)
    }
}
