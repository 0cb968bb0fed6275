import Foundation
import MapSnapGeometry
import MapSnapStyle
import MapSnapTerrain
import MapSnapText

/// The elevation profile as an inset in a corner of a snapshot (the coming `--profile`): a
/// framed `ProfileChart` in the corner where it hides the least of the trail and none of the
/// attribution (nor the other boxes it is told to keep clear of: scale bar, title band).
enum ProfileInset {
    enum Corner: CaseIterable, Sendable {
        /// In the order ties are broken: top right first.
        case topRight, topLeft, bottomLeft, bottomRight
    }

    /// Free space between the inset and the image's edges, points.
    static let margin = 10.0

    /// The inset's size in an image of `image` points: 40 % of the width and 32 % of the
    /// height, at least 180 × 96 points and at most 360 × 180 (never more than the image less
    /// the margins).
    static func size(for image: Size) -> Size {
        let w = min(max(image.width * 0.4, 180), 360, image.width - 2 * margin)
        let h = min(max(image.height * 0.32, 96), 180, image.height - 2 * margin)
        return Size(width: max(w, 1), height: max(h, 1))
    }

    /// The inset's rectangle in `corner` of an image of `image` points, `margin` from its edges.
    static func rect(_ corner: Corner, inset: Size, image: Size, margin: Double = ProfileInset.margin) -> Rect {
        let left = corner == .topLeft || corner == .bottomLeft
        let top = corner == .topLeft || corner == .topRight
        return Rect(
            x: left ? margin : image.width - margin - inset.width,
            y: top ? margin : image.height - margin - inset.height, width: inset.width, height: inset.height)
    }

    /// The corner for an inset of `inset` points in an image of `image` points: of the corners
    /// whose rectangle overlaps none of `avoiding` (the attribution's box, and the scale bar's
    /// and title band's when they are drawn), the one covering the fewest points of `trail`
    /// (the trail's screen points, points, sampled every 4 points along each segment so a long
    /// straight segment counts by its length); ties go in `Corner`'s order. Nil when every corner
    /// overlaps something to avoid.
    static func corner(
        image: Size, inset: Size, trail: [[Point]], avoiding: [Rect], margin: Double = ProfileInset.margin
    ) -> Corner? {
        var best: (corner: Corner, covered: Int)?
        for corner in Corner.allCases {
            let r = rect(corner, inset: inset, image: image, margin: margin)
            guard !avoiding.contains(where: { $0.intersects(r) }) else { continue }
            let covered = trail.reduce(0) { $0 + coveredSamples($1, by: r) }
            if best == nil || covered < (best?.covered ?? 0) { best = (corner, covered) }
        }
        return best?.corner
    }

    /// The samples of `line` (its vertices and points every 4 points between) inside `r`.
    static func coveredSamples(_ line: [Point], by r: Rect) -> Int {
        guard let first = line.first else { return 0 }
        func inside(_ p: Point) -> Bool { p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY }
        var n = inside(first) ? 1 : 0
        for (a, b) in zip(line, line.dropFirst()) {
            let steps = max(1, Int((hypot(b.x - a.x, b.y - a.y) / 4).rounded(.up)))
            for k in 1...steps {
                let t = Double(k) / Double(steps)
                if inside(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)) { n += 1 }
            }
        }
        return n
    }

    /// Draws the framed chart of `profile` into `rect` (points) on `canvas`.
    static func draw(
        profile: TrackProfile, statistics: TrackStatistics, color: Color = ProfileChart.defaultColor, in rect: Rect,
        canvas: some Painter, text: TextEngine
    ) {
        let chart = ProfileChart(
            profile: profile, statistics: statistics, size: Size(width: rect.width, height: rect.height), color: color,
            framed: true, text: text)
        canvas.save()
        canvas.translate(x: rect.x, y: rect.y)
        chart.draw(on: canvas)
        canvas.restore()
    }
}
