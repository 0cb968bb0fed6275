import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapRouting
import MapSnapTerrain

/// `mapsnap route --from LAT,LON --to LAT,LON [--via LAT,LON]… --network FILE …`: a route
/// computed over local OpenStreetMap data, written as GeoJSON or GPX, summarised on stderr.
struct RouteCommand {
    static let splitter = ArgumentSplitter(
        valued: [
            "--from", "--to", "--via", "--network", "--profile", "--dem", "--alternatives", "--out", "--format",
            "--time-model", "--max-sac", "--max-snap", "--cache-dir",
        ],
        flags: ["--help", "--shortest", "--no-cache"],
        aliases: ["-o": "--out", "-h": "--help", "--route-profile": "--profile"])

    enum OutputFormat: String {
        case geojson, gpx
    }

    struct Plan {
        var points: [Coordinate]
        var network: NetworkArguments
        var options: RouteOptions
        var dem: [String]
        var output: String
        var format: OutputFormat
    }

    /// Parses the arguments after `route`; nil when help was asked for.
    static func parse(_ args: [String]) throws(SnapshotError) -> Plan? {
        let a = try splitter.split(args)
        if a.has("--help") { return nil }
        guard a.operands.isEmpty else {
            throw SnapshotError(.usage, "route takes no operands, got \"\(a.operands[0])\" (use --from and --to)")
        }
        guard let from = a.last("--from"), let to = a.last("--to") else {
            throw SnapshotError(.usage, "route needs --from LAT,LON and --to LAT,LON")
        }
        var points = [try ValueParsers.latLon(from, option: "--from")]
        for v in a.values("--via") { points.append(try ValueParsers.latLon(v, option: "--via")) }
        points.append(try ValueParsers.latLon(to, option: "--to"))
        let options = try NetworkArguments.routeOptions(a)
        let output = a.last("--out") ?? "-"
        let format: OutputFormat
        if let f = a.last("--format") {
            guard let v = OutputFormat(rawValue: f.lowercased()) else {
                throw SnapshotError(.usage, "--format: expected geojson or gpx, got \"\(f)\"")
            }
            format = v
        } else if output == "-" {
            format = .geojson
        } else {
            switch URL(fileURLWithPath: output).pathExtension.lowercased() {
            case "geojson", "json": format = .geojson
            case "gpx": format = .gpx
            default:
                throw SnapshotError(
                    .usage, "--out: cannot tell the format from \"\(output)\"; use .geojson or .gpx, or --format")
            }
        }
        return Plan(
            points: points, network: try NetworkArguments(a), options: options, dem: a.values("--dem"),
            output: output, format: format)
    }

    /// Computes the routes, writes them and returns the summary line for stderr.
    static func run(_ plan: Plan, stdout: ([UInt8]) -> Void, stderr: (String) -> Void) throws(SnapshotError)
        -> String
    {
        let elevation = try TrackFile.source(plan.dem, loader: TrackFile.elevationModelLoader)
        let routes = try plan.network.routes(
            through: plan.points, options: plan.options, elevation: elevation, warn: { stderr("warning: \($0)\n") })
        let text = plan.format == .gpx ? RouteGPX.text(routes) : RouteGeoJSON.text(routes)
        if plan.output == "-" {
            stdout(Array(text.utf8))
        } else {
            try AtomicFile.write(Array(text.utf8), to: plan.output)
        }
        var summary = RouteSummary.line(routes[0])
        if routes.count > 1 { summary += " (\(routes.count - 1) alternative\(routes.count == 2 ? "" : "s"))" }
        // Points far from the network are said: the route starts where they were snapped to.
        for (i, w) in routes[0].waypoints.enumerated() where w.distance >= 25 {
            let name = RoutePlanner.pointName(i, of: routes[0].waypoints.count)
            summary += "; \(name) is \(Int(w.distance.rounded())) m from the network"
        }
        return summary
    }
}
