/// Ascent and descent without the noise: a hysteresis over an elevation series, so the wiggles
/// of a GPS receiver or a coarse elevation model do not add up to climbs that are not there.
///
/// **The rule.** A turn (a summit or a valley) counts only once the profile has left it by at
/// least `threshold` metres. Walking the series, the filter holds the last confirmed turn
/// (`pivot`) and the extreme reached since (`candidate`); when the profile comes back from the
/// candidate by `threshold`, the candidate is confirmed and the leg pivot → candidate counts in
/// full. At the start, the first leg begins at the lowest (or highest) value before the profile
/// has moved `threshold` from it; at the end, the leg under way counts to its extreme (it is
/// already `threshold` long), and what the profile did after its last extreme (less than
/// `threshold`) does not.
///
/// **What holds** (tested over seeded random series in `ClimbFilterTests`):
/// - a series whose values stay within `threshold` of each other has no ascent and no descent;
///   a monotone rise of `threshold` or more counts exactly;
/// - appending values never lowers the ascent nor the descent (the state only moves on);
/// - splitting a series at any value (both parts keep it) changes each total by less than
///   twice `threshold`. Not by less than `threshold`: no filter that ignores changes below the
///   threshold can do that — a rise 0 → 9 → 18 m with a 10 m threshold is a climb of 18 m whole
///   and two ignored 9 m rises in parts.
public struct ClimbFilter: Sendable, Equatable {
    /// The hysteresis, metres (more than 0).
    public var threshold: Double

    /// The default hysteresis, metres: GPS `ele` values and elevation models coarser than 5 m.
    public static let defaultThreshold = 10.0
    /// The hysteresis for elevation models of 5 m cells or finer, metres (lidar-grade data).
    public static let fineThreshold = 5.0

    public init(threshold: Double = ClimbFilter.defaultThreshold) {
        self.threshold = threshold > 0 ? threshold : ClimbFilter.defaultThreshold
    }

    /// The filter for elevations read from a model of `cellSize` metres cells (nil: recorded
    /// values, such as GPS `ele`): `fineThreshold` at 5 m or finer, else `defaultThreshold`.
    public init(cellSize: Double?) {
        if let c = cellSize, c > 0, c <= 5 {
            self.init(threshold: ClimbFilter.fineThreshold)
        } else {
            self.init(threshold: ClimbFilter.defaultThreshold)
        }
    }

    /// One monotone section of the filtered profile: from index `start` to `end` of the series
    /// (inclusive, `end` > `start`), rising by `rise` metres (negative: a descent; 0: a lead-in
    /// or tail below the threshold, counted as flat).
    public struct Section: Sendable, Equatable {
        public var start: Int
        public var end: Int
        public var rise: Double
    }

    /// The sections of `elevations` (metres), one after another from index 0 to the last: the
    /// legs between the confirmed turns, with the flat lead-in before the first leg and the flat
    /// tail after the last extreme. Empty for fewer than two values. Values must be finite.
    public func sections(_ elevations: [Double]) -> [Section] {
        guard elevations.count > 1 else { return [] }
        let last = elevations.count - 1
        let turns = legTurns(elevations)
        guard let first = turns.first, let end = turns.last else { return [Section(start: 0, end: last, rise: 0)] }
        var out: [Section] = []
        if first > 0 { out.append(Section(start: 0, end: first, rise: 0)) }
        for k in turns.indices.dropFirst() {
            let (a, b) = (turns[k - 1], turns[k])
            out.append(Section(start: a, end: b, rise: elevations[b] - elevations[a]))
        }
        if end < last { out.append(Section(start: end, end: last, rise: 0)) }
        return out
    }

    /// Total ascent and descent of `elevations`, metres (both ≥ 0).
    public func totals(_ elevations: [Double]) -> (ascent: Double, descent: Double) {
        var up = 0.0
        var down = 0.0
        for s in sections(elevations) {
            if s.rise > 0 { up += s.rise } else { down -= s.rise }
        }
        return (up, down)
    }

    /// The indices of the turns: the first leg's start, every confirmed turn, and the extreme of
    /// the leg under way at the end; empty while the series has not moved `threshold`.
    func legTurns(_ elevations: [Double]) -> [Int] {
        var turns: [Int] = []
        // 0: no leg yet; +1 climbing; -1 descending.
        var direction = 0
        var low = 0
        var high = 0
        var candidate = 0
        for (i, e) in elevations.enumerated() {
            switch direction {
            case 0:
                if e < elevations[low] { low = i }
                if e > elevations[high] { high = i }
                if e - elevations[low] >= threshold {
                    (direction, candidate) = (1, i)
                    turns.append(low)
                } else if elevations[high] - e >= threshold {
                    (direction, candidate) = (-1, i)
                    turns.append(high)
                }
            case 1:
                if e > elevations[candidate] {
                    candidate = i
                } else if elevations[candidate] - e >= threshold {
                    turns.append(candidate)
                    (direction, candidate) = (-1, i)
                }
            default:
                if e < elevations[candidate] {
                    candidate = i
                } else if e - elevations[candidate] >= threshold {
                    turns.append(candidate)
                    (direction, candidate) = (1, i)
                }
            }
        }
        if direction != 0 { turns.append(candidate) }
        return turns
    }
}
