import MapSnapGeometry
import MapSnapStyle
import MapSnapTerrain
import MapSnapText

/// The layout of an elevation profile chart, in points: elevation against distance as a line
/// over an area filled in a translucent trail colour, a light grid at nice elevations, distance
/// ticks, the lowest and highest points marked with their heights, and the summary line
/// ("↑ 812 m  ↓ 790 m  ·  12.4 km  ·  4 h 35 min") on top. Text is laid out here (Noto Sans,
/// sizes following the chart's size), so drawing (`draw(on:)`) only paints.
///
/// Drawn alone (`mapsnap profile`, `ProfileChartImage`) or, framed on a card, as an inset in a
/// snapshot's corner (`ProfileInset`).
struct ProfileChart {
    /// A laid-out text and its top-left corner, points.
    struct Label {
        var text: TextLayout
        var origin: Point
    }

    /// The chart's size, points; it is drawn from (0, 0).
    var size: Size
    /// Where the profile is drawn, points.
    var plot: Rect
    /// The profile line, left to right, points (at most two points a half point of width).
    var line: [Point]
    /// The heights of the horizontal grid lines, points.
    var gridY: [Double]
    /// Where the distance ticks are, points.
    var ticksX: [Double]
    /// The axes' labels.
    var labels: [Label]
    /// The summary line.
    var summary: Label?
    /// The highest and lowest points and their labels.
    var markers: [(point: Point, label: Label)]
    /// The trail colour (line, area at `areaOpacity`, marker rings).
    var color: Color
    /// On a card (an inset) rather than on the plain background.
    var framed: Bool
    /// The axis text size, points; the rest of the chart's sizes follow it.
    var textSize: Double

    static let ink = Color(red: 0.17, green: 0.18, blue: 0.2)
    static let axisInk = Color(red: 0.42, green: 0.45, blue: 0.5)
    static let grid = Color(red: 0.9, green: 0.91, blue: 0.925)
    static let areaOpacity = 0.22
    /// The overlay trails' default colour (`overlay-trail` in OverlayLayers.json).
    static let defaultColor = Color(red: 0xAF / 255.0, green: 0x52 / 255.0, blue: 0xDE / 255.0)

    /// Lays out the chart of `profile` (with `statistics` for the summary) in `size` points.
    init(
        profile: TrackProfile, statistics: TrackStatistics, size: Size, color: Color = ProfileChart.defaultColor,
        framed: Bool = false, text: TextEngine
    ) {
        self.size = size
        self.color = color
        self.framed = framed
        let textSize = min(max(min(size.width / 55, size.height / 30), 7), 11)
        self.textSize = textSize
        let pad = textSize * 0.9
        let summaryText = text.layout(
            statistics.summary, size: textSize * 1.2, face: FontFace(family: "Noto Sans", weight: 600))
        summary = Label(text: summaryText, origin: Point(x: pad, y: pad * 0.8))
        let xProbe = text.layout("0", size: textSize, face: .regular)
        let top = pad * 0.8 + summaryText.height + pad * 0.9
        let bottom = pad * 0.6 + xProbe.height + textSize * 0.5
        let plotHeight = max(size.height - top - bottom, 1)
        let yAxis = Self.elevationAxis(profile.elevationRange ?? 0...0, plotHeight: plotHeight, textSize: textSize)
        let yLabels = yAxis.ticks.map {
            text.layout(ProfileChartTicks.grouped($0) + " m", size: textSize, face: .regular)
        }
        let left = pad + (yLabels.map(\.width).max() ?? 0) + textSize * 0.6
        plot = Rect(x: left, y: top, width: max(size.width - left - pad * 1.2, 1), height: plotHeight)
        (gridY, ticksX, labels, line, markers) = ([], [], [], [], [])
        let range = yAxis.range
        layOutElevations(yAxis.ticks, yLabels, range: range)
        layOutDistances(length: profile.length, text: text)
        line = Self.decimated(profile, plot: plot, range: range)
        layOutMarkers(profile, range: range, text: text)
    }

    /// The y of `elevation` (metres) in the plot, points.
    func y(_ elevation: Double, range: ClosedRange<Double>) -> Double {
        let span = range.upperBound - range.lowerBound
        return plot.maxY - (elevation - range.lowerBound) / (span > 0 ? span : 1) * plot.height
    }

    /// The elevation axis of a plot `plotHeight` points high: the lowest and highest elevation
    /// with a label's height of room above and below them (20 m of range at least, for a flat
    /// trail), and the nice ticks inside.
    static func elevationAxis(_ elevations: ClosedRange<Double>, plotHeight: Double, textSize: Double) -> (
        range: ClosedRange<Double>, ticks: [Double]
    ) {
        var lo = elevations.lowerBound
        var hi = elevations.upperBound
        if hi - lo < 20 { (lo, hi) = ((lo + hi) / 2 - 10, (lo + hi) / 2 + 10) }
        let room = textSize * 2.4
        let metresPerPoint = (hi - lo) / max(plotHeight - 2 * room, plotHeight / 3)
        let low = lo - room * metresPerPoint
        let high = hi + room * metresPerPoint
        let count = max(2, min(5, Int(plotHeight / (textSize * 4.5))))
        let step = ProfileChartTicks.step(span: high - low, count: count)
        return (low...high, ProfileChartTicks.values(from: low, to: high, step: step))
    }

    /// The grid lines and their labels, right-aligned left of the plot.
    private mutating func layOutElevations(_ ticks: [Double], _ texts: [TextLayout], range: ClosedRange<Double>) {
        for (v, t) in zip(ticks, texts) {
            let gy = y(v, range: range)
            gridY.append(gy)
            labels.append(Label(text: t, origin: Point(x: plot.minX - textSize * 0.6 - t.width, y: gy - t.height / 2)))
        }
    }

    /// The distance ticks under the plot: metres below 2 km, else kilometres, the unit on the
    /// last label; labels kept inside the chart.
    private mutating func layOutDistances(length: Double, text: TextEngine) {
        guard length > 0 else { return }
        let km = length >= 2000
        let unit = km ? 1000.0 : 1
        let count = max(2, min(8, Int(plot.width / (textSize * 7))))
        let step = ProfileChartTicks.step(span: length / unit, count: count)
        let values = ProfileChartTicks.values(from: 0, to: length / unit, step: step)
        for (k, v) in values.enumerated() {
            let x = plot.minX + v * unit / length * plot.width
            ticksX.append(x)
            let s = ProfileChartTicks.grouped(v) + (k == values.count - 1 ? (km ? " km" : " m") : "")
            let t = text.layout(s, size: textSize, face: .regular)
            let lx = min(max(x - t.width / 2, plot.minX - textSize), size.width - t.width - textSize * 0.4)
            labels.append(Label(text: t, origin: Point(x: lx, y: plot.maxY + textSize * 0.45)))
        }
    }

    /// The highest and lowest points with their heights: above the highest, below the lowest
    /// (above it when there is no room), kept inside the plot.
    private mutating func layOutMarkers(_ profile: TrackProfile, range: ClosedRange<Double>, text: TextEngine) {
        guard profile.length > 0,
            let hi = profile.elevations.indices.max(by: { profile.elevations[$0] < profile.elevations[$1] }),
            let lo = profile.elevations.indices.min(by: { profile.elevations[$0] < profile.elevations[$1] }), hi != lo
        else { return }
        let face = FontFace(family: "Noto Sans", weight: 600)
        for (i, above) in [(hi, true), (lo, false)] {
            let p = Point(
                x: plot.minX + profile.distances[i] / profile.length * plot.width,
                y: y(profile.elevations[i], range: range))
            let t = text.layout(
                ProfileChartTicks.grouped(profile.elevations[i].rounded()) + " m", size: textSize, face: face)
            let gap = textSize * 0.45
            var ly = above ? p.y - gap - t.height : p.y + gap
            if !above && ly + t.height > plot.maxY { ly = p.y - gap - t.height }
            let lx = min(max(p.x - t.width / 2, plot.minX + 2), plot.maxX - t.width - 2)
            markers.append((p, Label(text: t, origin: Point(x: lx, y: max(ly, plot.minY - t.height * 0.3)))))
        }
    }

    /// The profile in plot points, keeping per half point of width the first, lowest and
    /// highest sample (in order), so summits and valleys survive.
    static func decimated(_ profile: TrackProfile, plot: Rect, range: ClosedRange<Double>) -> [Point] {
        let length = profile.length
        let span = range.upperBound - range.lowerBound
        guard length > 0 else { return [] }
        func point(_ i: Int) -> Point {
            Point(
                x: plot.minX + profile.distances[i] / length * plot.width,
                y: plot.maxY - (profile.elevations[i] - range.lowerBound) / (span > 0 ? span : 1) * plot.height)
        }
        var out: [Point] = []
        var bucket = -1
        var members: [Int] = []
        func flush() {
            guard let first = members.first else { return }
            var keep = [first]
            if let lo = members.min(by: { profile.elevations[$0] < profile.elevations[$1] }) { keep.append(lo) }
            if let hi = members.max(by: { profile.elevations[$0] < profile.elevations[$1] }) { keep.append(hi) }
            for i in Set(keep).sorted() { out.append(point(i)) }
            members.removeAll(keepingCapacity: true)
        }
        for i in profile.distances.indices {
            let b = Int(profile.distances[i] / length * plot.width * 2)
            if b != bucket {
                flush()
                bucket = b
            }
            members.append(i)
        }
        flush()
        if let last = profile.distances.indices.last, out.last != point(last) { out.append(point(last)) }
        return out
    }
}
