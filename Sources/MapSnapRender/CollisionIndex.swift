import MapSnapGeometry

/// Boxes already placed on the image, bucketed in a uniform grid so a query touches only the
/// cells a box overlaps (MapLibre's GridIndex idea). Units are points.
struct CollisionIndex {
    private let cell: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[Int]]
    private(set) var boxes: [Rect] = []

    init(width: Double, height: Double, cellSize: Double = 64) {
        cell = cellSize
        columns = max(1, Int((width / cellSize).rounded(.up)))
        rows = max(1, Int((height / cellSize).rounded(.up)))
        cells = Array(repeating: [], count: columns * rows)
    }

    /// The cells `r` covers; none for a box that is empty, inside out (a negative padding
    /// larger than the box) or not finite, which collides with nothing.
    private func cellRange(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard r.width >= 0, r.height >= 0, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite
        else { return nil }
        func index(_ v: Double, _ count: Int) -> Int { Int(min(max((v / cell).rounded(.down), 0), Double(count - 1))) }
        return (index(r.minX, columns)...index(r.maxX, columns), index(r.minY, rows)...index(r.maxY, rows))
    }

    /// True when `r` overlaps a placed box.
    func collides(_ r: Rect) -> Bool {
        guard let (xs, ys) = cellRange(r) else { return false }
        for y in ys {
            for x in xs {
                for i in cells[y * columns + x] where boxes[i].intersects(r) { return true }
            }
        }
        return false
    }

    mutating func insert(_ r: Rect) {
        let index = boxes.count
        boxes.append(r)
        guard let (xs, ys) = cellRange(r) else { return }
        for y in ys {
            for x in xs { cells[y * columns + x].append(index) }
        }
    }
}
