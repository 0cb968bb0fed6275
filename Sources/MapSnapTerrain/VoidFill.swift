/// Filling the voids (NaN cells) of a grid from their neighbours, nearest first.
///
/// The method is the iterative average of valid neighbours, done in one breadth-first sweep:
/// the voids touching a valid cell (of their 8 neighbours) form layer 1 and each takes the mean
/// of its valid neighbours; the voids touching layer 1 form layer 2 and each takes the mean of
/// its neighbours in layer 1 or valid; and so on inwards. Every cell is visited a fixed number
/// of times, so a tile that is all void but one cell costs the same as one with four voids.
/// A grid with no valid cell at all stays NaN.
enum VoidFill {
    /// Fills the NaN cells of `cells` (`width` × `height`, row by row) in place.
    static func fill(_ cells: inout [Float], width: Int, height: Int) {
        guard width > 0, height > 0, cells.count == width * height else { return }
        // 0: a known cell; -1: a void not reached yet; k ≥ 1: a void of layer k.
        var layer = [Int32](repeating: 0, count: cells.count)
        var queue: [Int] = []
        for i in 0..<cells.count where cells[i].isNaN { layer[i] = -1 }
        for i in 0..<cells.count where layer[i] == -1 {
            var touchesData = false
            forEachNeighbour(of: i, width, height) { j in if layer[j] == 0 { touchesData = true } }
            if touchesData {
                layer[i] = 1
                queue.append(i)
            }
        }
        var next = 0
        while next < queue.count {
            let i = queue[next]
            next += 1
            let k = layer[i]
            var sum: Float = 0
            var count: Float = 0
            forEachNeighbour(of: i, width, height) { j in
                let l = layer[j]
                if l == 0 || (l > 0 && l < k) {
                    sum += cells[j]
                    count += 1
                } else if l == -1 {
                    layer[j] = k + 1
                    queue.append(j)
                }
            }
            cells[i] = count > 0 ? sum / count : .nan
        }
    }

    /// Calls `body` with the index of each of the up to 8 neighbours of cell `i`.
    @inline(__always)
    private static func forEachNeighbour(of i: Int, _ width: Int, _ height: Int, _ body: (Int) -> Void) {
        let x = i % width
        let y = i / width
        for dy in -1...1 where y + dy >= 0 && y + dy < height {
            for dx in -1...1 where (dx != 0 || dy != 0) && x + dx >= 0 && x + dx < width {
                body((y + dy) * width + x + dx)
            }
        }
    }
}
