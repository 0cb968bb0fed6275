import MapSnapGeometry
import MapSnapStyle

/// Where the markers go once the camera is known, so that none hides another: balloon pins
/// that would overlap become count bubbles (`PinClusters`); a flag that would cover another
/// flag is left out; a balloon or bubble that would cover a flag stands beside it on a short
/// leader from its own point (flags never move); a pin never leaves its point, and its title
/// tries its other anchors (the style's `title-anchors`).
public struct MarkerLayout: Sendable {
    /// A count bubble for pins that would overlap.
    public struct Cluster: Sendable, Equatable {
        /// Indices into the pins (drawing order), ascending.
        public var members: [Int]
        /// Where the bubble stands (its members' mean point in the image).
        public var coordinate: Coordinate
        /// The majority colour of its members (`marker-color`), or of their majority category;
        /// nil when most have neither (the style's default then).
        public var color: Color?
        public var categoryIndex: Int?
        /// How far the bubble stands from `coordinate` to clear a flag, points (zero mostly),
        /// and where a leader to it ends then.
        public var shift: Point
        public var leaderEnd: Coordinate?
    }

    /// Per pin (drawing order): whether it is drawn as itself (not in a cluster, not a flag
    /// left out under another).
    public var drawn: [Bool]
    /// Per pin: how far its image stands from its point to clear a flag, points (zero mostly;
    /// a leader joins the two).
    public var shifts: [Point]
    /// Per shifted pin: where the leader from its point ends (its image's point).
    public var leaderEnds: [Int: Coordinate] = [:]
    public var clusters: [Cluster]

    /// No clustering and no shifts: every pin as itself.
    public init(pinCount: Int) {
        drawn = [Bool](repeating: true, count: pinCount)
        shifts = [Point](repeating: Point(x: 0, y: 0), count: pinCount)
        clusters = []
    }

    /// The layout of `pins` (drawing order) under `camera`; `boxes` are their own boxes
    /// (points, around each point, without titles). `clusterRadius` nil keeps every pin as
    /// itself; otherwise pins cluster when their markers would touch or stand closer than it.
    /// `look` sizes the bubbles; a marker moved off a flag stays inside `frame` (points; the
    /// image less its title band).
    public init(
        pins: [PinOverlay], boxes: [Rect], camera: Camera, frame: Rect, clusterRadius: Double?, look: OverlayLook
    ) {
        self.init(pinCount: pins.count)
        let points = pins.map { camera.point(for: $0.coordinate) }
        let markers = pins.indices.filter { pins[$0].kind == .marker }
        if let radius = clusterRadius, markers.count > 1 {
            let found = PinClusters(
                points: markers.map { points[$0] }, boxes: markers.map { boxes[$0] }, radius: max(radius, 0),
                keys: markers.map { Self.key(pins[$0]) }, bubbleBox: { Self.bubbleBox(count: $0, look: look) })
            for c in found.clusters {
                let members = c.members.map { markers[$0] }
                for m in members { drawn[m] = false }
                let (color, category) = Self.majority(members.map { pins[$0] })
                clusters.append(
                    Cluster(
                        members: members, coordinate: camera.coordinate(for: c.point), color: color,
                        categoryIndex: category, shift: Point(x: 0, y: 0), leaderEnd: nil))
            }
        }
        dropCoveredFlags(pins: pins, points: points, boxes: boxes)
        clearFlags(pins: pins, points: points, boxes: boxes, camera: camera, frame: frame, look: look)
    }

    /// The box of a bubble of `count` pins around its point as `look` sizes it, points.
    public static func bubbleBox(count: Int, look: OverlayLook) -> Rect {
        let members = OverlayStyleSource.clusterMembers(count: count, id: 0)
        let d = OverlayImage.clusterDiameter * look.iconSize(members)
        return Rect(x: -d / 2, y: -d / 2, width: d, height: d)
    }

    /// Leaves out each flag that would cover one kept before it: loop flags first, then start
    /// flags, then end flags, north to south (flags yield to nothing but each other).
    private mutating func dropCoveredFlags(pins: [PinOverlay], points: [Point], boxes: [Rect]) {
        func rank(_ k: PinOverlay.Kind) -> Int { k == .loopFlag ? 0 : (k == .startFlag ? 1 : 2) }
        let flags = pins.indices.filter { pins[$0].kind != .marker }.sorted { a, b in
            if rank(pins[a].kind) != rank(pins[b].kind) { return rank(pins[a].kind) < rank(pins[b].kind) }
            if points[a].y != points[b].y { return points[a].y < points[b].y }
            return points[a].x != points[b].x ? points[a].x < points[b].x : a < b
        }
        var kept = BoxGrid(cell: 32)
        for i in flags {
            let box = boxes[i].offsetBy(dx: points[i].x, dy: points[i].y)
            if kept.intersects(box) {
                drawn[i] = false
            } else {
                kept.insert(box)
            }
        }
    }

    /// Moves balloons and bubbles that would cover a flag beside it.
    private mutating func clearFlags(
        pins: [PinOverlay], points: [Point], boxes: [Rect], camera: Camera, frame: Rect, look: OverlayLook
    ) {
        var flags = BoxGrid(cell: 32)
        for i in pins.indices where pins[i].kind != .marker && drawn[i] {
            flags.insert(boxes[i].offsetBy(dx: points[i].x, dy: points[i].y))
        }
        guard !flags.boxes.isEmpty else { return }
        for i in pins.indices where pins[i].kind == .marker && drawn[i] {
            let s = Self.clearance(boxes[i].offsetBy(dx: points[i].x, dy: points[i].y), of: flags, in: frame)
            shifts[i] = s
            if s.x != 0 || s.y != 0 {
                leaderEnds[i] = camera.coordinate(for: Point(x: points[i].x + s.x, y: points[i].y + s.y))
            }
        }
        for (k, c) in clusters.enumerated() {
            let p = camera.point(for: c.coordinate)
            let s = Self.clearance(
                Self.bubbleBox(count: c.members.count, look: look).offsetBy(dx: p.x, dy: p.y), of: flags, in: frame)
            clusters[k].shift = s
            if s.x != 0 || s.y != 0 {
                clusters[k].leaderEnd = camera.coordinate(for: Point(x: p.x + s.x, y: p.y + s.y))
            }
        }
    }

    /// The smallest move (left, right or up, 2 points clear) that takes `box` off every flag
    /// box it covers and keeps it in `frame`; zero when it covers none or no move does.
    static func clearance(_ box: Rect, of flags: BoxGrid, in frame: Rect) -> Point {
        let hit = flags.hits(box)
        guard let first = hit.first else { return Point(x: 0, y: 0) }
        let span = hit.dropFirst().reduce(first) { $0.union($1) }
        let moves = [
            Point(x: span.minX - 2 - box.maxX, y: 0), Point(x: span.maxX + 2 - box.minX, y: 0),
            Point(x: 0, y: span.minY - 2 - box.maxY),
        ]
        let clear = moves.filter { m in
            let moved = box.offsetBy(dx: m.x, dy: m.y)
            return frame.contains(moved) && !flags.intersects(moved)
        }
        return clear.min { abs($0.x) + abs($0.y) < abs($1.x) + abs($1.y) } ?? Point(x: 0, y: 0)
    }

    /// What tells two pins at one point apart, for a canonical order.
    static func key(_ pin: PinOverlay) -> String {
        [pin.title ?? "", pin.color?.hex ?? "", pin.category ?? "", "\(pin.glyph)"].joined(separator: "\u{1f}")
    }

    /// The colour most of `pins` have (`marker-color`), else the category most have; ties go to
    /// the first in sorted order.
    static func majority(_ pins: [PinOverlay]) -> (Color?, Int?) {
        var counts: [String: Int] = [:]
        for p in pins {
            let k = p.color.map { "c" + $0.hex } ?? p.categoryIndex.map { "k\($0)" } ?? "-"
            counts[k, default: 0] += 1
        }
        let best = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key ?? "-"
        if best.hasPrefix("c") { return (Color(css: String(best.dropFirst())), nil) }
        if best.hasPrefix("k") { return (nil, Int(best.dropFirst())) }
        return (nil, nil)
    }
}
