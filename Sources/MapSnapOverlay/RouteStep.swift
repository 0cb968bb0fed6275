import MapSnapGeometry
import MapSnapJSON

/// One step of a route's directions, as a router answer gives it (`steps` of a route feature:
/// instruction, distance in metres, duration in seconds, where it starts).
public struct RouteStep: Sendable, Equatable {
    public var instruction: String?
    /// Metres.
    public var distance: Double?
    /// Seconds.
    public var duration: Double?
    public var location: Coordinate?

    public init(instruction: String?, distance: Double?, duration: Double?, location: Coordinate?) {
        self.instruction = instruction
        self.distance = distance
        self.duration = duration
        self.location = location
    }

    /// The steps of a feature's `steps` property (objects with `instruction`, `distance`,
    /// `duration` and `location` [lon, lat]); entries that are not objects are skipped.
    static func steps(_ value: JSONValue?) -> [RouteStep] {
        guard let list = value?.arrayValue?.elements else { return [] }
        return list.compactMap { item in
            guard let o = item.objectValue else { return nil }
            var location: Coordinate?
            if let l = o["location"]?.arrayValue?.elements.compactMap(\.doubleValue), l.count == 2 {
                location = Coordinate(latitude: l[1], longitude: l[0])
            }
            return RouteStep(
                instruction: o["instruction"]?.stringValue, distance: o["distance"]?.doubleValue,
                duration: o["duration"]?.doubleValue, location: location)
        }
    }
}
