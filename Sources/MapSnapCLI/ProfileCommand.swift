import Foundation
import MapSnap
import MapSnapRender
import MapSnapTerrain

/// `mapsnap profile TRACK --out FILE`: the trail's elevation profile chart alone, as PNG, SVG
/// or PDF.
struct ProfileCommand {
    /// The options with `loader` behind `--dem` (none: no `--dem`).
    static func splitter(loader: ElevationSourceLoader?) -> ArgumentSplitter {
        let shared = TrackFile.sharedOptions(loader: loader)
        return ArgumentSplitter(
            valued: Set(["--out", "--format", "--size", "--scale"] + shared.valued),
            flags: Set(["--help"] + shared.flags), aliases: ["-o": "--out", "-h": "--help"])
    }

    struct Plan {
        var track: TrackArguments
        var output: String
        var format: ImageFormat
        /// Points (default 600x400).
        var size = Size(width: 600, height: 400)
        /// Pixels per point (PNG).
        var scale = 1.0
    }

    /// Parses the arguments after `profile`, `--dem` opened by `loader`; nil when help was
    /// asked for.
    static func parse(_ args: [String], loader: ElevationSourceLoader? = TrackFile.elevationModelLoader)
        throws(SnapshotError) -> Plan?
    {
        let a = try splitter(loader: loader).split(args)
        if a.has("--help") { return nil }
        let track = try TrackArguments(a, command: "profile", loader: loader)
        guard let out = a.last("--out") else {
            throw SnapshotError(.usage, "profile needs --out PATH (.png, .svg or .pdf)")
        }
        var plan = Plan(track: track, output: out, format: try format(a, output: out))
        if let s = a.last("--size") { plan.size = try ValueParsers.size(s) }
        if let s = a.last("--scale") {
            guard let v = Int(s), (1...3).contains(v) else {
                throw SnapshotError(.usage, "--scale: expected 1, 2 or 3, got \"\(s)\"")
            }
            plan.scale = Double(v)
        }
        return plan
    }

    /// `--format`, else the extension of `output`.
    static func format(_ a: ArgumentSplitter.Result, output: String) throws(SnapshotError) -> ImageFormat {
        if let f = a.last("--format") {
            guard let format = ImageFormat(rawValue: f.lowercased()) else {
                throw SnapshotError(.usage, "--format: expected png, svg or pdf, got \"\(f)\"")
            }
            return format
        }
        guard let format = ImageFormat(fileExtension: URL(fileURLWithPath: output).pathExtension) else {
            throw SnapshotError(
                .usage, "--out: cannot tell the format from \"\(output)\"; use .png, .svg or .pdf, or --format")
        }
        return format
    }

    /// Reads the track, draws its chart and writes it.
    /// - Throws: the reader's error; `.badInput` naming the file when its elevation is unknown
    ///   (there is no profile to draw); the renderer's and the writer's errors.
    static func run(_ plan: Plan) throws(SnapshotError) {
        let track = try plan.track.read()
        guard let profile = track.profile else {
            throw SnapshotError(.badInput, "no elevations to draw a profile of (no ele values)", file: plan.track.file)
        }
        let bytes: [UInt8]
        do {
            bytes = try ProfileChartImage.render(
                profile: profile, statistics: track.statistics(model: plan.track.model), size: plan.size,
                scale: plan.scale,
                format: plan.format)
        } catch {
            if case .imageTooLarge = error { throw SnapshotError(.usage, error.description, subject: .size) }
            throw SnapshotError(.internal, error.description)
        }
        try AtomicFile.write([(bytes, plan.output)])
    }
}
