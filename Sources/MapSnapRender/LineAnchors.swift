import Foundation
import MapSnapGeometry

/// Where along a line MapLibre GL JS anchors a line label (src/symbol/get_anchors.ts): every
/// `symbol-spacing` pixels of the tile's integer zoom along each line cut to its tile, the first
/// one half a spacing from where a line enters the tile, or, for a line that begins inside it,
/// half the label plus two ems from its start (keeping labels off T junctions) — the label and
/// em measured at the text size of zoom 18, MapLibre's `textMaxSize`. Distances are in image
/// points: the integer zoom's pixels magnified with the map up to the next zoom.
struct LineAnchors {
    /// Anchor spacing, image points (at least the label's length plus a quarter spacing).
    let spacing: Double
    /// Where the first anchor of a line that starts inside its tile lies, image points.
    let startOffset: Double
    /// The length of line a label needs, image points: MapLibre checks that the label at the
    /// text size of zoom 18 fits on the line (and within text-max-angle) at an anchor, not the
    /// label as drawn (`labelLength = shapedLabelLength × textMaxBoxScale`).
    let fitLength: Double
    /// The window of text-max-angle's check, image points: 3/5 of zoom 18's em.
    let angleWindow: Double

    /// - Parameters:
    ///   - spacing: `symbol-spacing`, pixels.
    ///   - labelWidth: the label's width at `size`, points.
    ///   - size: the text size the label is laid out at; `maxSize` that of zoom 18 (points).
    ///   - zoom: the camera's zoom; `tile` the tile's square in image points (its size says how
    ///     far the tile is over-zoomed beyond its data, which MapLibre multiplies the first
    ///     offset by), or the image's frame for sources not cut into tiles.
    init(spacing: Double, labelWidth: Double, size: Double, maxSize: Double, zoom: Double, tile: Rect) {
        let magnification = exp2(zoom - (zoom + 1e-9).rounded(.down))
        let label = size > 0 ? labelWidth * maxSize / size : labelWidth
        var s = spacing
        if s - label < s / 4 { s = label + s / 4 }
        let overscale = Self.overscaling(tile: tile, magnification: magnification)
        self.spacing = s * magnification
        startOffset = ((label / 2 + 2 * maxSize) * overscale).truncatingRemainder(dividingBy: s) * magnification
        fitLength = label * magnification
        angleWindow = 0.6 * maxSize * magnification
    }

    /// How many times the tile's data zoom is magnified at the integer zoom (1 when `tile` is
    /// not a tile's square of 512 × 2^n pixels at that zoom).
    private static func overscaling(tile: Rect, magnification: Double) -> Double {
        let n = log2(tile.width / 512 / magnification)
        guard n.isFinite, n >= 0.5, abs(n - n.rounded()) < 1e-6, abs(tile.width - tile.height) < 1e-6 else { return 1 }
        return exp2(n.rounded())
    }

    /// The anchor distances along a line `length` points long that pass `fits`: from half a
    /// spacing when the line is `continued` from another tile, else from `startOffset`.
    func distances(along length: Double, continued: Bool, fits: (Double) -> Bool) -> [Double] {
        var d = continued ? (spacing / 2).truncatingRemainder(dividingBy: spacing) : startOffset
        var out: [Double] = []
        while d <= length, out.count < 4096 {
            if fits(d) { out.append(d) }
            d += spacing
        }
        return out
    }

    /// Whether `p` lies on an edge of `tile` (a line cut there comes from the next tile).
    static func touchesEdge(_ p: Point, of tile: Rect) -> Bool {
        let e = 1e-6
        return abs(p.x - tile.minX) < e || abs(p.x - tile.maxX) < e || abs(p.y - tile.minY) < e
            || abs(p.y - tile.maxY) < e
    }
}
