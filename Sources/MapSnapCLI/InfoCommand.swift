import Foundation
import MapSnap
import MapSnapTerrain

/// `mapsnap info TRACK`: the trail's length, ascent, descent, lowest and highest points and
/// walking time, as text or JSON.
struct InfoCommand {
    /// The options with `loader` behind `--dem` (none: no `--dem`).
    static func splitter(loader: ElevationSourceLoader?) -> ArgumentSplitter {
        let shared = TrackFile.sharedOptions(loader: loader)
        return ArgumentSplitter(
            valued: Set(["--format"] + shared.valued), flags: Set(["--help"] + shared.flags), aliases: ["-h": "--help"])
    }

    struct Plan {
        var track: TrackArguments
        var json = false
    }

    /// Parses the arguments after `info`, `--dem` opened by `loader`; nil when help was asked
    /// for.
    static func parse(_ args: [String], loader: ElevationSourceLoader? = TrackFile.elevationModelLoader)
        throws(SnapshotError) -> Plan?
    {
        let a = try splitter(loader: loader).split(args)
        if a.has("--help") { return nil }
        var plan = Plan(track: try TrackArguments(a, command: "info", loader: loader))
        switch a.last("--format")?.lowercased() {
        case nil, "text": plan.json = false
        case "json": plan.json = true
        case let other?: throw SnapshotError(.usage, "--format: expected json or text, got \"\(other)\"")
        }
        return plan
    }

    /// Reads the track and returns what to print (ending in a newline).
    static func run(_ plan: Plan) throws(SnapshotError) -> String {
        let track = try plan.track.read()
        let stats = track.statistics(model: plan.track.model)
        return plan.json ? try json(track, stats) : text(track, stats)
    }

    /// The text form: one figure a line, the model named.
    static func text(_ track: TrackFile, _ s: TrackStatistics) -> String {
        var lines = [track.path]
        func add(_ label: String, _ value: String) {
            lines.append("  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + value)
        }
        add("length", "\(TrackStatistics.lengthText(s.length)) (\(Int(s.length.rounded())) m)")
        if let up = s.ascent, let down = s.descent, let lo = s.minElevation, let hi = s.maxElevation {
            add("ascent", TrackStatistics.heightText(up))
            add("descent", TrackStatistics.heightText(down))
            add("lowest", TrackStatistics.heightText(lo))
            add("highest", TrackStatistics.heightText(hi))
            let from =
                track.origin == .model
                ? "the elevation model"
                : "the file's elevations, smoothed over \(Int(TrackProfile.defaultSmoothing)) m either way"
            add("elevation", "from \(from); climbs counted past \(Int(s.threshold ?? 0)) m")
            add("time", "\(TrackStatistics.durationText(s.duration)) by \(s.model.name)")
        } else {
            let why =
                track.origin == .uncovered
                ? "the elevation files do not cover the track" : "the file has no elevations"
            add("elevation", "unknown (\(why)): no ascent, descent or extremes")
            add("time", "\(TrackStatistics.durationText(s.duration)) by \(s.model.name), on the flat")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form: sorted keys, metres and seconds to a tenth, null where unknown.
    static func json(_ track: TrackFile, _ s: TrackStatistics) throws(SnapshotError) -> String {
        func tenth(_ v: Double?) -> Any { v.map { ($0 * 10).rounded() / 10 } ?? NSNull() }
        let object: [String: Any] = [
            "file": track.path,
            "length_m": tenth(s.length),
            "ascent_m": tenth(s.ascent),
            "descent_m": tenth(s.descent),
            "min_elevation_m": tenth(s.minElevation),
            "max_elevation_m": tenth(s.maxElevation),
            "elevation": track.origin.rawValue,
            "threshold_m": tenth(s.threshold),
            "time_s": tenth(s.duration),
            "time": TrackStatistics.durationText(s.duration),
            "time_model": s.model.rawValue,
            "time_model_name": s.model.name,
        ]
        do {
            let data = try JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw SnapshotError(.internal, "cannot encode the figures: \(error)")
        }
    }
}
