// MARK: - A line's box in the image

extension Camera {
    /// The box (points, image coordinates) of all of `coords`' vertices, in the world copy
    /// `forEachImagePoint(coords)` draws them in (chosen by the first vertex); nil when there
    /// are none.
    ///
    /// Costs one pass of comparisons over the coordinates and four projections: Web Mercator
    /// is monotonic (x grows with longitude, y falls with latitude, each depending on that one
    /// alone), so the box's edges are the projections of the coordinates' extreme longitudes
    /// and latitudes. The edges are the same numbers as the extremes of the projected vertices
    /// (the same arithmetic on the same inputs), without a `sin` and a `log` per vertex.
    public func imageBounds(_ coords: [Coordinate]) -> Rect? {
        guard let first = coords.first, let box = BoundingBox(coordinates: coords) else { return nil }
        let shift = nearestLongitude(first.longitude) - first.longitude
        let world = worldSize
        let o = origin
        let nw = WebMercator.unitPoint(Coordinate(latitude: box.north, longitude: box.west + shift))
        let se = WebMercator.unitPoint(Coordinate(latitude: box.south, longitude: box.east + shift))
        let x0 = nw.x * world - o.x
        let y0 = nw.y * world - o.y
        let x1 = se.x * world - o.x
        let y1 = se.y * world - o.y
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The box (points, image coordinates) of the geographic box `box` in the world copy
    /// `shift` degrees of longitude away from it as written: the same numbers as the extremes of
    /// `forEachImagePoint(_:shiftedBy:)` over coordinates whose extremes `box` holds.
    public func imageRect(of box: BoundingBox, shiftedBy shift: Double) -> Rect {
        let world = worldSize
        let o = origin
        let x0 = WebMercator.unitX(longitude: box.west + shift) * world - o.x
        let x1 = WebMercator.unitX(longitude: box.east + shift) * world - o.x
        let y0 = WebMercator.unitY(latitude: box.north) * world - o.y
        let y1 = WebMercator.unitY(latitude: box.south) * world - o.y
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
