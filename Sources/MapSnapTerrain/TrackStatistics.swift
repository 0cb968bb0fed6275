/// What a trail's figures are: its length, its filtered ascent and descent, its lowest and
/// highest points and the time to walk it by a `HikingTimeModel`. Lengths and elevations in
/// metres, the duration in seconds.
public struct TrackStatistics: Sendable, Equatable {
    /// The geodesic length, metres.
    public var length: Double
    /// The filtered ascent and descent, metres (≥ 0); nil when the elevation is unknown.
    public var ascent: Double?
    public var descent: Double?
    /// The lowest and highest elevation of the (smoothed) profile, metres; nil when unknown.
    public var minElevation: Double?
    public var maxElevation: Double?
    /// The climb filter's hysteresis, metres; nil when the elevation is unknown.
    public var threshold: Double?
    /// The time to walk the trail without breaks, seconds (on the flat when the elevation is
    /// unknown).
    public var duration: Double
    /// The model `duration` is by.
    public var model: HikingTimeModel

    /// Whether the elevation is known (the figures other than length and time are not nil).
    public var hasElevation: Bool { ascent != nil }

    /// The figures of `profile`, filtered by `filter` (by default the one for the profile's
    /// cell size, `ClimbFilter(cellSize:)`), timed by `model`.
    public init(profile: TrackProfile, model: HikingTimeModel = .tobler, filter: ClimbFilter? = nil) {
        let f = filter ?? ClimbFilter(cellSize: profile.cellSize)
        let sections = f.sections(profile.elevations)
        var up = 0.0
        var down = 0.0
        for s in sections {
            if s.rise > 0 { up += s.rise } else { down -= s.rise }
        }
        length = profile.length
        ascent = up
        descent = down
        minElevation = profile.elevationRange?.lowerBound
        maxElevation = profile.elevationRange?.upperBound
        threshold = f.threshold
        duration = model.duration(of: profile, sections: sections)
        self.model = model
        if profile.isEmpty { (ascent, descent, threshold) = (nil, nil, nil) }
    }

    /// The figures of a trail `length` metres long whose elevation is unknown: no ascent,
    /// descent or extremes (nil, not zero), and the time `model` gives on the flat.
    public init(length: Double, model: HikingTimeModel = .tobler) {
        self.length = length
        duration = model.flatDuration(length: length)
        self.model = model
    }
}
