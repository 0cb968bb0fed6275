// MARK: - A line's box in the image

extension Camera {
    /// The box (points, image coordinates) of all of `coords`' vertices, in the world copy
    /// `forEachImagePoint(coords)` draws them in (chosen by the first vertex); nil when there
    /// are none.
    ///
    /// Costs one pass of comparisons over the coordinates and four projections: Web Mercator
    /// is monotonic (x grows with longitude, y falls with latitude, each depending on that one
    /// alone), so the box's edges are the projections of the coordinates' extreme longitudes
    /// and latitudes. The edges are the extremes of the projected vertices (x the same numbers;
    /// y within 1e-15 of the world, as `forEachImagePoint` takes it from `MercatorYSeries`),
    /// without a `sin` and a `log` per vertex.
    public func imageBounds(_ coords: [Coordinate]) -> Rect? {
        guard let first = coords.first, let box = BoundingBox(coordinates: coords) else { return nil }
        return imageRect(of: box, shiftedBy: nearestLongitude(first.longitude) - first.longitude)
    }

    /// The box (points, image coordinates) of the geographic box `box` in the world copy
    /// `shift` degrees of longitude away from it as written: the extremes of
    /// `forEachImagePoint(_:shiftedBy:)` over coordinates whose extremes `box` holds (see
    /// `imageBounds`).
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
