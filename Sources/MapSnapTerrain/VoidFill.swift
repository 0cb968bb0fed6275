/// Filling the voids (NaN cells) of a grid from their neighbours, nearest first.
///
/// The method is the iterative average of valid neighbours, done in one breadth-first sweep:
/// the voids touching a valid cell (of their 8 neighbours) form layer 1 and each takes the mean
/// of its valid neighbours; the voids touching layer 1 form layer 2 and each takes the mean of
/// its neighbours in layer 1 or valid; and so on inwards. Every cell is visited a fixed number
/// of times, so a tile that is all void but one cell costs the same as one with four voids.
/// A grid with no valid cell at all stays NaN.
enum VoidFill {
    /// Fills the NaN cells of `cells` (`width` × `height`, row by row) in place. The layers live
    /// in a dictionary over the voids alone when they are few (a tile with 4 voids costs one
    /// scan for NaN), in an array over the whole grid when they are many.
    static func fill(_ cells: inout [Float], width: Int, height: Int) {
        guard width > 0, height > 0, cells.count == width * height else { return }
        var voids: [Int] = []
        cells.withUnsafeBufferPointer { buffer in
            for i in buffer.indices where buffer[i].isNaN { voids.append(i) }
        }
        guard !voids.isEmpty else { return }
        var layer = Layers(voids: voids, cells: cells.count)
        var queue: [Int] = []
        queue.reserveCapacity(voids.count)
        for i in voids {
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

    /// The layer of each cell: 0 for a known cell, −1 for a void not reached yet, k ≥ 1 for a
    /// void of layer k.
    private struct Layers {
        private var dense: [Int32] = []
        private var sparse: [Int: Int32] = [:]

        init(voids: [Int], cells: Int) {
            if voids.count > cells / 16 {
                dense = [Int32](repeating: 0, count: cells)
                for i in voids { dense[i] = -1 }
            } else {
                sparse.reserveCapacity(voids.count)
                for i in voids { sparse[i] = -1 }
            }
        }

        subscript(i: Int) -> Int32 {
            get { dense.isEmpty ? sparse[i] ?? 0 : dense[i] }
            set {
                if dense.isEmpty { sparse[i] = newValue } else { dense[i] = newValue }
            }
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
