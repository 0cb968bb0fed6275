import MapSnapGeometry

extension EncodedPolyline {
    /// Decodes GraphHopper's three-dimensional polyline (`points` of a route asked for with
    /// `elevation=true`): latitude, longitude and elevation per point, each the difference from the
    /// previous point's; degrees × 10^`precision`, elevation in metres × 100 (centimetres), as
    /// GraphHopper's `ResponsePathSerializer.encodePolyline` writes them
    /// (https://github.com/graphhopper/graphhopper/blob/master/web-api/src/main/java/com/graphhopper/jackson/ResponsePathSerializer.java).
    ///
    /// Guarantees as `decode(_:precision:)`: every malformed input throws a `PolylineError` whose
    /// offset is that of the offending character; a text that ends after a latitude or a
    /// longitude, without the rest of its point, is an error. Returns the coordinates (degrees) and
    /// the elevations (metres), one per coordinate.
    static func decodeWithElevation(
        _ bytes: ArraySlice<UInt8>, precision: Int
    ) throws(PolylineError) -> (coordinates: [Coordinate], elevations: [Double]) {
        guard precisions.contains(precision) else {
            throw PolylineError(
                message:
                    "polyline precision must be \(precisions.lowerBound)…\(precisions.upperBound), got \(precision)",
                offset: bytes.startIndex)
        }
        let factor = scale(precision)
        var coordinates: [Coordinate] = []
        var elevations: [Double] = []
        coordinates.reserveCapacity(bytes.count / 6)
        elevations.reserveCapacity(bytes.count / 6)
        var i = bytes.startIndex
        var totals = (latitude: 0, longitude: 0, elevation: 0)
        while i < bytes.endIndex {
            let latitudeStart = i
            totals.latitude = try accumulate(totals.latitude, readValue(bytes, &i), at: latitudeStart)
            try expectMore(bytes, at: i, after: "a latitude")
            let longitudeStart = i
            totals.longitude = try accumulate(totals.longitude, readValue(bytes, &i), at: longitudeStart)
            try expectMore(bytes, at: i, after: "a longitude")
            let elevationStart = i
            totals.elevation = try accumulate(totals.elevation, readValue(bytes, &i), at: elevationStart)
            let lat = Double(totals.latitude) / factor
            let lon = Double(totals.longitude) / factor
            if !CoordinateRange.latitude.contains(lat) {
                throw PolylineError(
                    message: "latitude \(CoordinateRange.text(lat)) is outside -90…90", offset: latitudeStart)
            }
            if !CoordinateRange.longitude.contains(lon) {
                throw PolylineError(
                    message: "longitude \(CoordinateRange.text(lon)) is outside -360…360", offset: longitudeStart)
            }
            coordinates.append(Coordinate(latitude: lat, longitude: lon))
            elevations.append(Double(totals.elevation) / 100)
        }
        return (coordinates, elevations)
    }

    private static func expectMore(_ bytes: ArraySlice<UInt8>, at i: Int, after what: String) throws(PolylineError) {
        guard i >= bytes.endIndex else { return }
        throw PolylineError(
            message: "the polyline ends after \(what), without the rest of its point (truncated, or not 3D?)",
            offset: i)
    }
}
