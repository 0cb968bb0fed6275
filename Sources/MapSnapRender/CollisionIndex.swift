import MapSnapGeometry

/// Shapes already placed on the image — boxes, and the circles along line labels — bucketed in
/// a uniform grid so a query touches only the cells a shape overlaps (MapLibre's GridIndex:
/// src/symbol/grid_index.ts, with its box and circle tests). Units are points.
struct CollisionIndex {
    /// A placed shape: a box, or a circle (`radius` > 0) centred in `box`.
    struct Shape {
        let box: Rect
        let radius: Double

        init(box: Rect, radius: Double) {
            self.box = box
            self.radius = radius
        }

        init(circle centre: Point, radius: Double) {
            self.init(box: CollisionIndex.square(centre, radius), radius: radius)
        }

        /// Whether this shape overlaps `other`.
        func hits(_ other: Shape) -> Bool {
            other.radius > 0
                ? hits(circle: Point(x: other.box.midX, y: other.box.midY), radius: other.radius) : hits(other.box)
        }

        /// Whether this shape overlaps the box `r`.
        @inline(__always)
        func hits(_ r: Rect) -> Bool {
            guard box.intersects(r) else { return false }
            return radius <= 0 || Self.circle(box.midX, box.midY, radius, overlaps: r)
        }

        /// Whether this shape overlaps the circle of `radius` at `c`.
        @inline(__always)
        func hits(circle c: Point, radius r: Double) -> Bool {
            if radius > 0 {
                let dx = box.midX - c.x
                let dy = box.midY - c.y
                let both = radius + r
                return dx * dx + dy * dy < both * both
            }
            return Self.circle(c.x, c.y, r, overlaps: box)
        }

        /// Whether the circle of radius `r` at (`x`, `y`) overlaps the box `b`.
        @inline(__always)
        static func circle(_ x: Double, _ y: Double, _ r: Double, overlaps b: Rect) -> Bool {
            let dx = x - min(max(x, b.minX), b.maxX)
            let dy = y - min(max(y, b.minY), b.maxY)
            return dx * dx + dy * dy < r * r
        }
    }

    private let cell: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[Int]]
    private var shapes: [Shape] = []

    init(width: Double, height: Double, cellSize: Double = 64) {
        cell = cellSize
        columns = max(1, Int((width / cellSize).rounded(.up)))
        rows = max(1, Int((height / cellSize).rounded(.up)))
        cells = Array(repeating: [], count: columns * rows)
    }

    /// The boxes placed (a circle's is the square around it).
    var boxes: [Rect] { shapes.map(\.box) }

    /// The cells `r` covers; none for a box that is empty, inside out (a negative padding
    /// larger than the box) or not finite, which collides with nothing.
    private func cellRange(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard r.width >= 0, r.height >= 0, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite
        else { return nil }
        func index(_ v: Double, _ count: Int) -> Int { Int(min(max((v / cell).rounded(.down), 0), Double(count - 1))) }
        return (index(r.minX, columns)...index(r.maxX, columns), index(r.minY, rows)...index(r.maxY, rows))
    }

    /// True when `r` overlaps a placed shape.
    func collides(_ r: Rect) -> Bool {
        guard let (xs, ys) = cellRange(r) else { return false }
        for y in ys {
            for x in xs {
                for i in cells[y * columns + x] where shapes[i].hits(r) { return true }
            }
        }
        return false
    }

    /// True when the circle of `radius` points at `centre` overlaps a placed shape.
    func collides(circle centre: Point, radius: Double) -> Bool {
        radius > 0 && collides(Shape(circle: centre, radius: radius))
    }

    /// True when `shape` overlaps a placed shape.
    func collides(_ shape: Shape) -> Bool {
        guard let (xs, ys) = cellRange(shape.box) else { return false }
        for y in ys {
            for x in xs {
                for i in cells[y * columns + x] where shapes[i].hits(shape) { return true }
            }
        }
        return false
    }

    mutating func insert(_ r: Rect) { insert(Shape(box: r, radius: 0)) }

    mutating func insert(circle centre: Point, radius: Double) {
        guard radius > 0 else { return }
        insert(Shape(circle: centre, radius: radius))
    }

    mutating func insert(_ s: Shape) {
        let index = shapes.count
        shapes.append(s)
        guard let (xs, ys) = cellRange(s.box) else { return }
        for y in ys {
            for x in xs { cells[y * columns + x].append(index) }
        }
    }

    /// The square around a circle.
    static func square(_ c: Point, _ r: Double) -> Rect { Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r) }
}
