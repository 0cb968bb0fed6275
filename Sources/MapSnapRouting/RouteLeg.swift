import Foundation
import MapSnapGeometry

/// The travelled pieces of a route as the instructions read them: per piece its way, how it is
/// travelled, and where its points are in the route's line.
struct RouteStretch {
    var way: Int
    /// The arc runs in the way's direction.
    var forward: Bool
    var kind: Traversal.Kind
    /// Index of the piece's first and last point in the route's coordinates.
    var first: Int
    var last: Int
    var distance: Double
    var duration: Double
    /// Rise over the piece, metres (nil: unknown).
    var rise: Double?
    /// The vertex the piece starts at has other ways to go (a real junction).
    var startsAtJunction: Bool
    /// The piece starts a leg after a via point (index of that via point, from 1).
    var viaIndex: Int?
}

/// Bearings and their names.
enum Bearing {
    /// The initial bearing from `a` to `b`, degrees clockwise from north, 0..<360.
    static func degrees(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180
        let φ2 = b.latitude * .pi / 180
        let dλ = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(dλ)
        let θ = atan2(y, x) * 180 / .pi
        return θ < 0 ? θ + 360 : θ
    }

    /// `b − a` in (−180, 180]: positive turns right.
    static func turn(from a: Double, to b: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 360)
        if d <= -180 { d += 360 }
        if d > 180 { d -= 360 }
        return d
    }

    /// "north", "northeast", … for a bearing.
    static func cardinal(_ degrees: Double) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let i = Int(((degrees + 22.5) / 45).rounded(.down)) % 8
        return names[(i + 8) % 8]
    }

    /// The turn's modifier: "straight", "slight left", "left", "sharp left", "uturn", …
    static func modifier(_ turn: Double) -> String {
        let side = turn > 0 ? "right" : "left"
        switch abs(turn) {
        case ..<20: return "straight"
        case ..<45: return "slight \(side)"
        case ..<135: return side
        case ..<170: return "sharp \(side)"
        default: return "uturn"
        }
    }
}
