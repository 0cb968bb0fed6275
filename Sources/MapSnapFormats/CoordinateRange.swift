import MapSnapGeometry

/// The coordinate ranges every reader accepts, and the wording of their errors.
///
/// Latitude must lie in -90…90 degrees. Longitude may lie in -360…360 degrees rather than
/// -180…180, so that data already unwrapped across the antimeridian (179.9 followed by 180.1)
/// reads as it was written; see `Array<Coordinate>.unwrapLongitudes()`.
enum CoordinateRange {
    /// Valid latitudes, degrees.
    static let latitude: ClosedRange<Double> = -90...90
    /// Valid longitudes, degrees (wider than -180…180 on purpose, see the type's note).
    static let longitude: ClosedRange<Double> = -360...360

    /// Why `latitude`/`longitude` (degrees) cannot be a coordinate, or nil when they can.
    /// Messages read `latitude 95 is outside -90…90`.
    static func problem(latitude: Double, longitude: Double) -> String? {
        if !Self.latitude.contains(latitude) {
            return "latitude \(text(latitude)) is outside -90…90"
        }
        if !Self.longitude.contains(longitude) {
            return "longitude \(text(longitude)) is outside -360…360"
        }
        return nil
    }

    /// A number as a person would write it: `95`, `-95.5`, `1e308` (no `.0`, no `e+`).
    static func text(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value.description.filter { $0 != "+" })
    }
}
