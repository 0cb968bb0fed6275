import MapSnapGeometry

extension ContourScan {
    /// Links the segments of cell (ci, cj), corner bands `bands` (not all equal): for each level
    /// it crosses, the marching-squares case (`ContourCellCases`) says which sides to join, and
    /// the segment becomes a link between the crossings of those sides. Saddles and the cells of
    /// the border ring, which need the heights, take the slower path (`special`).
    mutating func cell(ci: Int, cj: Int, bands corners: Corners) {
        let lo = min(min(corners.tl, corners.tr), min(corners.br, corners.bl))
        let hi = max(max(corners.tl, corners.tr), max(corners.br, corners.bl))
        // A corner without data: no line through the cell.
        guard lo != ContourMarchingSquares.noData else { return }
        let border = march.frame.isBorder(ci: ci, cj: cj)
        let cell = Cell(
            ci: ci, cj: cj, bands: corners,
            firsts: SIMD4(rows[top + ci], rows[vertical + ci + 1], rows[bottom + ci], rows[vertical + ci]))
        for k in (lo + 1)...hi {
            // A corner is above level k when its band reaches it.
            let code =
                (corners.tl >= k ? 8 : 0) | (corners.tr >= k ? 4 : 0) | (corners.br >= k ? 2 : 0)
                | (corners.bl >= k ? 1 : 0)
            if code == 5 || code == 10 || border {
                special(code: code, cell: cell, step: k, border: border)
            } else {
                let (from, to) = ContourCellCases.single(code)
                link(cell.crossing(side: from, step: k), cell.crossing(side: to, step: k))
            }
        }
    }

    /// A cell's corner bands.
    struct Corners {
        let tl: Int32
        let tr: Int32
        let br: Int32
        let bl: Int32
    }

    /// A cell's corner heights, in the tracer's unit.
    struct Heights {
        let tl: Double
        let tr: Double
        let br: Double
        let bl: Double
    }

    /// One cell: its place, and where the crossings of its sides (top, right, bottom, left) are.
    struct Cell {
        let ci: Int
        let cj: Int
        /// Per side, its first crossing − its lower band − 1: the crossing of level k is this + k.
        let base: SIMD4<Int32>

        init(ci: Int, cj: Int, bands c: Corners, firsts: SIMD4<Int32>) {
            self.ci = ci
            self.cj = cj
            let lower = SIMD4(min(c.tl, c.tr), min(c.tr, c.br), min(c.bl, c.br), min(c.tl, c.bl))
            self.base = firsts &- lower &- 1
        }

        /// The index of the crossing of level step `k` on `side` (which the level crosses).
        @inline(__always)
        func crossing(side: Int, step k: Int32) -> Int32 {
            base[side] &+ k
        }
    }

    /// Case `code` of `cell` at level step `k` where the heights matter: a saddle, resolved by
    /// the cell's centre value (the mean of its corners), or a cell of the border ring, whose
    /// segments are cut to the clip box.
    private mutating func special(code: Int, cell: Cell, step k: Int32, border: Bool) {
        let i = cell.cj * n + cell.ci
        let h = Heights(tl: height(i), tr: height(i + 1), br: height(i + n + 1), bl: height(i + n))
        let level = march.level(k)
        if code == 5 || code == 10 {
            let centreHigh = (h.tl + h.tr + h.br + h.bl) / 4 > level
            let (s1, s2) = ContourCellCases.saddle(code, centreHigh: centreHigh)
            segment(s1, cell: cell, heights: h, step: k, level: level, border: border)
            segment(s2, cell: cell, heights: h, step: k, level: level, border: border)
        } else {
            segment(ContourCellCases.single(code), cell: cell, heights: h, step: k, level: level, border: border)
        }
    }

    /// Links the segment joining `sides` (from, to) of `cell` at level step `k`; in a cell of
    /// the border ring (`border`), cut to the clip box first, in the cell's own coordinates, as
    /// the neighbour tile cuts the same cell; a cut end becomes a point of its own.
    private mutating func segment(
        _ sides: (Int, Int), cell: Cell, heights h: Heights, step k: Int32, level: Double, border: Bool
    ) {
        var from = cell.crossing(side: sides.0, step: k)
        var to = cell.crossing(side: sides.1, step: k)
        if border {
            let frame = march.frame
            let box = frame.box(ci: cell.ci, cj: cell.cj)
            var a = ContourCellCases.crossing(side: sides.0, level: level, tl: h.tl, tr: h.tr, br: h.br, bl: h.bl)
            var b = ContourCellCases.crossing(side: sides.1, level: level, tl: h.tl, tr: h.tr, br: h.br, bl: h.bl)
            guard ContourCellClip.clip(&a, &b, &from, &to, to: box) else { return }
            if from < 0 {
                let p = frame.point(a, ci: cell.ci, cj: cell.cj, box: box)
                from = append(x: p.x, y: p.y, step: k)
            }
            if to < 0 {
                let p = frame.point(b, ci: cell.ci, cj: cell.cj, box: box)
                to = append(x: p.x, y: p.y, step: k)
            }
        }
        link(from, to)
    }
}
