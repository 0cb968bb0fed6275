import MapSnapGeometry

/// A trail's elevation profile: elevations (metres) against the distance along the line
/// (metres, geodesic on WGS 84, from the start), at every vertex of the line and at points put
/// between them so that no two samples are more than `spacing` apart.
///
/// Made from the elevations a file recorded (GPX `ele`, a GeoJSON third number) or from an
/// `ElevationSource` sampled along the line. Several parts (a GPX track's segments, a
/// MultiLineString) are joined end to end: their lengths add up, the gap between one part's
/// end and the next one's start is not walked, and the elevation goes on from one to the next.
public struct TrackProfile: Sendable, Equatable {
    /// Distances from the start, metres, increasing (not strictly: repeated vertices repeat).
    public private(set) var distances: [Double]
    /// Elevations at those distances, metres, finite.
    public private(set) var elevations: [Double]
    /// The cell size of the elevation model sampled, metres; nil for recorded elevations.
    public var cellSize: Double?

    /// The default greatest distance between samples, metres.
    public static let defaultSpacing = 5.0
    /// The default half-width of the smoothing of recorded elevations, metres (see
    /// `recorded(parts:elevations:spacing:smoothing:)`).
    public static let defaultSmoothing = 40.0

    /// A profile of the given samples. `distances` and `elevations` must be as long as each
    /// other, the distances increasing and the elevations finite.
    public init(distances: [Double], elevations: [Double], cellSize: Double? = nil) {
        let n = min(distances.count, elevations.count)
        self.distances = Array(distances.prefix(n))
        self.elevations = Array(elevations.prefix(n))
        self.cellSize = cellSize
    }

    /// The length of the line, metres.
    public var length: Double { distances.last ?? 0 }
    /// Whether the profile has no samples.
    public var isEmpty: Bool { elevations.isEmpty }

    /// The profile of the elevations a file recorded: `parts` are the lines (WGS 84 degrees),
    /// `elevations` one array per part parallel to its vertices, NaN where a vertex has none.
    ///
    /// Missing values are interpolated along the line from their neighbours (the nearest one
    /// before the first and after the last known value). The recorded values are then smoothed:
    /// each becomes the value at its vertex of the straight line fitted, by least squares with
    /// triangular weights, to the values within `smoothing` metres either way (a local linear
    /// regression: a steady slope, the ends of a ramp included, is kept exactly, while the
    /// receiver's independent per-point noise is averaged out; a sharp summit between slopes of
    /// grade g loses about g · `smoothing` / 3). 0 keeps the values as they are.
    ///
    /// - Returns: nil when no vertex has an elevation (the elevation is unknown).
    public static func recorded(
        parts: [[Coordinate]], elevations: [[Double]], spacing: Double = defaultSpacing,
        smoothing: Double = defaultSmoothing
    ) -> TrackProfile? {
        var vertexDistances: [Double] = []
        var values: [Double] = []
        var offset = 0.0
        for (k, part) in parts.enumerated() where !part.isEmpty {
            let ele = k < elevations.count ? elevations[k] : []
            for (i, c) in part.enumerated() {
                if i > 0 { offset += Geodesy.geodesicDistance(part[i - 1], c) }
                vertexDistances.append(offset)
                values.append(i < ele.count && ele[i].isFinite ? ele[i] : .nan)
            }
        }
        guard fillGaps(&values, at: vertexDistances) else { return nil }
        let smoothed = smoothing > 0 ? smooth(values, at: vertexDistances, halfWidth: smoothing) : values
        var profile = TrackProfile(distances: [], elevations: [])
        for i in vertexDistances.indices {
            if i > 0 {
                profile.appendBetween(
                    from: (vertexDistances[i - 1], smoothed[i - 1]), to: (vertexDistances[i], smoothed[i]),
                    spacing: spacing)
            }
            profile.distances.append(vertexDistances[i])
            profile.elevations.append(smoothed[i])
        }
        return profile
    }

    /// The profile of `source` sampled along `parts` (WGS 84 degrees) at every vertex and every
    /// `spacing` metres or less between, unsmoothed (the model's bilinear surface is smooth; its
    /// noise is the climb filter's). Samples where the source has no value are interpolated
    /// from their neighbours; `cellSize` is the source's cell size at the first sample it knows.
    ///
    /// - Returns: nil when the source knows no sample of the line.
    public static func sampled(
        parts: [[Coordinate]], source: some ElevationSource, spacing: Double = defaultSpacing
    ) -> TrackProfile? {
        var distances: [Double] = []
        var values: [Double] = []
        var offset = 0.0
        var cell: Double?
        func sample(_ c: Coordinate, at d: Double) {
            let e = source.elevation(at: c)
            if cell == nil, e != nil { cell = source.cellSize(near: c) }
            distances.append(d)
            values.append(e.flatMap { $0.isFinite ? $0 : nil } ?? .nan)
        }
        let step = spacing > 0 ? spacing : defaultSpacing
        for part in parts where !part.isEmpty {
            sample(part[0], at: offset)
            for i in part.indices.dropFirst() {
                let (a, b) = (part[i - 1], part[i])
                let d = Geodesy.geodesicDistance(a, b)
                let pieces = max(1, Int((d / step).rounded(.up)))
                for k in 1...pieces {
                    let t = Double(k) / Double(pieces)
                    let c = Coordinate(
                        latitude: a.latitude + (b.latitude - a.latitude) * t,
                        longitude: a.longitude + (b.longitude - a.longitude) * t)
                    sample(c, at: offset + d * t)
                }
                offset += d
            }
        }
        guard fillGaps(&values, at: distances) else { return nil }
        return TrackProfile(distances: distances, elevations: values, cellSize: cell)
    }

    /// The lowest and highest elevation, metres; nil for an empty profile.
    public var elevationRange: ClosedRange<Double>? {
        guard let lo = elevations.min(), let hi = elevations.max() else { return nil }
        return lo...hi
    }

    /// Appends the samples strictly between two (distance, elevation) samples, evenly spaced at
    /// most `spacing` metres apart, the elevation linear between them.
    private mutating func appendBetween(
        from a: (Double, Double), to b: (Double, Double), spacing: Double
    ) {
        let gap = b.0 - a.0
        let step = spacing > 0 ? spacing : TrackProfile.defaultSpacing
        let pieces = Int((gap / step).rounded(.up))
        guard pieces > 1 else { return }
        for k in 1..<pieces {
            let t = Double(k) / Double(pieces)
            distances.append(a.0 + gap * t)
            elevations.append(a.1 + (b.1 - a.1) * t)
        }
    }

    /// Replaces the NaNs of `values` by linear interpolation in `distances` between the known
    /// values around them (the nearest known value beyond the first and the last). False when
    /// no value is known.
    static func fillGaps(_ values: inout [Double], at distances: [Double]) -> Bool {
        guard let firstKnown = values.firstIndex(where: { !$0.isNaN }) else { return false }
        var previous = firstKnown
        for i in 0..<firstKnown { values[i] = values[firstKnown] }
        for i in values.indices.dropFirst(firstKnown + 1) where !values[i].isNaN {
            if i > previous + 1 {
                let span = distances[i] - distances[previous]
                for j in (previous + 1)..<i {
                    let t = span > 0 ? (distances[j] - distances[previous]) / span : 0
                    values[j] = values[previous] + (values[i] - values[previous]) * t
                }
            }
            previous = i
        }
        for i in values.indices.dropFirst(previous + 1) { values[i] = values[previous] }
        return true
    }

    /// Local linear regression of `values` at each of `distances` with triangular weights of
    /// `halfWidth` metres (see `recorded`).
    static func smooth(_ values: [Double], at distances: [Double], halfWidth: Double) -> [Double] {
        var out = values
        var lo = 0
        var hi = 0
        for i in values.indices {
            let d = distances[i]
            while distances[lo] <= d - halfWidth { lo += 1 }
            hi = max(hi, i)
            while hi + 1 < values.count && distances[hi + 1] < d + halfWidth { hi += 1 }
            var (s0, s1, s2, t0, t1) = (0.0, 0.0, 0.0, 0.0, 0.0)
            for j in lo...hi {
                let u = distances[j] - d
                let w = 1 - abs(u) / halfWidth
                s0 += w
                s1 += w * u
                s2 += w * u * u
                t0 += w * values[j]
                t1 += w * u * values[j]
            }
            let det = s0 * s2 - s1 * s1
            // One sample, or all at one distance: nothing to fit a slope to.
            if det > 1e-9 * s0 * s2, det > 0 { out[i] = (s2 * t0 - s1 * t1) / det } else if s0 > 0 { out[i] = t0 / s0 }
        }
        return out
    }
}
