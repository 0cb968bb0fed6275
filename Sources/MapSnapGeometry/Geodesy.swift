import Foundation

/// Distances on the Earth's surface.
public enum Geodesy {
    /// Mean Earth radius (IUGG), metres.
    public static let meanRadius = 6_371_008.8

    /// Great-circle (haversine) distance between two coordinates, metres. Accurate to about
    /// 0.5 % (the Earth is not a sphere); fine for trail lengths and "is this a loop" tests.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180
        let φ2 = b.latitude * .pi / 180
        let dφ = φ2 - φ1
        let dλ = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * meanRadius * asin(min(1, h.squareRoot()))
    }

    /// Length of a polyline, metres.
    public static func length(_ coords: [Coordinate]) -> Double {
        guard coords.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<coords.count { total += distance(coords[i - 1], coords[i]) }
        return total
    }
}
