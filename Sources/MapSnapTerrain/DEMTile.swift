import MapSnapImage

/// The heights of one square elevation tile, in metres, with a one-pixel border around it, as
/// MapLibre's `DEMData` keeps them: `dim` × `dim` pixels of the tile and a ring that holds its
/// neighbours' edge pixels (`backfillBorder`) or, until a neighbour is known, a copy of the
/// tile's own edge. Pixel (x, y) for x, y in −1…dim; row 0 is the tile's north edge.
///
/// Reading heights across a border from the ring is what makes slopes, hillshades and contours
/// continuous from one tile to the next.
public struct DEMTile: Sendable, Equatable {
    /// Pixels along one side of the tile, without the border.
    public let dim: Int
    /// (dim + 2)² heights in metres, row by row from the border's north-west corner.
    public private(set) var heights: [Float]

    /// `stride` = dim + 2: the length of one stored row.
    @inlinable public var stride: Int { dim + 2 }

    /// A tile of `dim` × `dim` heights (row by row, north first); the border copies the edge.
    /// - Precondition: `interior.count == dim * dim`, dim ≥ 1.
    public init(dim: Int, interior: [Float]) {
        precondition(dim >= 1 && interior.count == dim * dim, "DEMTile: \(interior.count) heights for dim \(dim)")
        self.dim = dim
        let s = dim + 2
        var h = [Float](repeating: 0, count: s * s)
        for y in 0..<dim {
            for x in 0..<dim { h[(y + 1) * s + x + 1] = interior[y * dim + x] }
        }
        self.heights = h
        fillBorderFromEdges()
    }

    /// A tile whose border is already known (say, resampled from an elevation model):
    /// `bordered` holds (dim + 2)² heights in metres, row by row from the border's north-west
    /// corner, as `heights` does.
    /// - Precondition: `bordered.count == (dim + 2) * (dim + 2)`, dim ≥ 1.
    public init(dim: Int, bordered: [Float]) {
        precondition(dim >= 1 && bordered.count == (dim + 2) * (dim + 2), "DEMTile: \(bordered.count) for dim \(dim)")
        self.dim = dim
        self.heights = bordered
    }

    /// Decodes a square `raster-dem` tile image with `encoding`.
    /// - Throws: `DEMError.notSquare` for a tile that is not square.
    public init(image: RasterTileImage, encoding: DEMEncoding) throws(DEMError) {
        guard image.width == image.height, image.width > 0 else {
            throw .notSquare(width: image.width, height: image.height)
        }
        var interior = [Float](repeating: 0, count: image.width * image.height)
        for i in 0..<interior.count {
            let p = image.rgba(at: i)
            interior[i] = encoding.height(r: p.r, g: p.g, b: p.b)
        }
        self.init(dim: image.width, interior: interior)
    }

    /// The height at pixel (x, y), x and y in −1…dim (the border included).
    @inlinable
    public subscript(x: Int, y: Int) -> Float {
        heights[(y + 1) * stride + x + 1]
    }

    /// Copies into the border the edge pixels of `neighbour`, the tile `dx`, `dy` (each −1, 0
    /// or 1, not both 0) tiles away at the same zoom, as MapLibre's `backfillBorder` does.
    /// Tiles of a different `dim` are ignored.
    public mutating func backfillBorder(from neighbour: DEMTile, dx: Int, dy: Int) {
        guard neighbour.dim == dim, (-1...1).contains(dx), (-1...1).contains(dy), dx != 0 || dy != 0 else { return }
        let xs = dx == -1 ? [-1] : dx == 1 ? [dim] : Array(0..<dim)
        let ys = dy == -1 ? [-1] : dy == 1 ? [dim] : Array(0..<dim)
        let s = stride
        for y in ys {
            for x in xs { heights[(y + 1) * s + x + 1] = neighbour[x - dx * dim, y - dy * dim] }
        }
    }

    private mutating func fillBorderFromEdges() {
        let s = stride
        for i in 0..<dim {
            heights[(i + 1) * s] = heights[(i + 1) * s + 1]  // west
            heights[(i + 1) * s + dim + 1] = heights[(i + 1) * s + dim]  // east
            heights[i + 1] = heights[s + i + 1]  // north
            heights[(dim + 1) * s + i + 1] = heights[dim * s + i + 1]  // south
        }
        heights[0] = heights[s + 1]
        heights[dim + 1] = heights[s + dim]
        heights[(dim + 1) * s] = heights[dim * s + 1]
        heights[(dim + 1) * s + dim + 1] = heights[dim * s + dim]
    }
}
