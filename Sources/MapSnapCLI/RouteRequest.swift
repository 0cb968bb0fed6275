import MapSnap
import MapSnapGeometry
import MapSnapRouting

/// `render --route LAT,LON:LAT,LON[:LAT,LON…] --network FILE`: a route computed over the
/// network and drawn as a route (dashed, alternatives muted and thinner, start and end flagged).
/// `--route-profile` names the routing profile here (`--profile` is the elevation inset).
struct RouteRequest {
    var points: [Coordinate]
    var network: NetworkArguments
    var options: RouteOptions

    /// nil when there is no `--route`.
    /// - Throws: `.usage` for a malformed `--route`, a missing `--network`, bad routing options,
    ///   or routing options without `--route`.
    init?(_ a: ArgumentSplitter.Result) throws(SnapshotError) {
        guard let spec = a.last("--route") else {
            for flag in ["--network", "--route-profile", "--alternatives", "--max-sac", "--max-snap", "--shortest"]
            where a.has(flag) {
                throw SnapshotError(.usage, "\(flag) needs --route LAT,LON:LAT,LON")
            }
            return nil
        }
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else {
            throw SnapshotError(
                .usage, "--route: expected LAT,LON:LAT,LON (start and destination, vias between), got \"\(spec)\"")
        }
        var points: [Coordinate] = []
        for p in parts { points.append(try ValueParsers.latLon(p, option: "--route")) }
        self.points = points
        network = try NetworkArguments(a)
        options = try NetworkArguments.routeOptions(a, profileOption: "--route-profile")
    }

    /// The best route and the alternatives asked for; `dem` gives slope-aware times and climbs.
    func routes(dem: [String], warn: (String) -> Void) throws(SnapshotError) -> [Route] {
        let elevation = try TrackFile.source(dem, loader: TrackFile.elevationModelLoader)
        return try network.routes(through: points, options: options, elevation: elevation, warn: warn)
    }
}
