import MapSnapGeometry

/// Why a route could not be made: each is an answer, with the figures that explain it.
public struct RoutingError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A point is farther than the snapping limit from every way the profile may use.
        case tooFar(point: String, distance: Double?, limit: Double)
        /// The network does not connect two points.
        case disconnected(from: String, to: String)
        /// Fewer than two points, or a point that is not a place on Earth.
        case badPoints(String)
    }

    public let kind: Kind
    public let profile: RoutingProfile

    public init(_ kind: Kind, profile: RoutingProfile) {
        self.kind = kind
        self.profile = profile
    }

    /// What the profile's ways are called in messages.
    static func waysNoun(_ profile: RoutingProfile) -> String {
        switch profile {
        case .foot: "way open to walking"
        case .hiking: "way open to hiking"
        case .bicycle: "way open to cycling"
        case .car: "road open to cars"
        }
    }

    public var description: String {
        let lead = "no \(profile.travelMode) route"
        switch kind {
        case .tooFar(let point, let distance, let limit):
            let noun = Self.waysNoun(profile)
            guard let d = distance else {
                return "\(lead): \(point) is outside the network's data (no \(noun) within 50 km)"
            }
            return
                "\(lead) between the points: \(point) is \(Int(d.rounded())) m from the nearest \(noun) (at most \(Int(limit)) m allowed)"
        case .disconnected(let from, let to):
            return "\(lead) between \(from) and \(to): the network does not connect them"
        case .badPoints(let detail):
            return detail
        }
    }
}
