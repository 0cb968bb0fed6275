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

    private func cellRange(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>) {
        let x0 = min(max(Int((r.minX / cell).rounded(.down)), 0), columns - 1)
        let x1 = min(max(Int((r.maxX / cell).rounded(.down)), 0), columns - 1)
        let y0 = min(max(Int((r.minY / cell).rounded(.down)), 0), rows - 1)
        let y1 = min(max(Int((r.maxY / cell).rounded(.down)), 0), rows - 1)
        return (x0...x1, y0...y1)
    }

    /// True when `r` overlaps a placed box.
    func collides(_ r: Rect) -> Bool {
        let (xs, ys) = cellRange(r)
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
        let (xs, ys) = cellRange(r)
        for y in ys {
            for x in xs { cells[y * columns + x].append(index) }
        }
    }
}
