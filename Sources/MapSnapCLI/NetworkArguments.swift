import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapOSM
import MapSnapRouting
import MapSnapTerrain

/// What `route` and `render --route` share: the `--network` file, its graph cache, and the
/// routing options (`--profile`, `--shortest`, `--time-model`, `--max-sac`, `--max-snap`,
/// `--alternatives`).
struct NetworkArguments {
    var path: String
    /// The cache folder (nil: `--no-cache`).
    var cacheDirectory: String?

    init(_ a: ArgumentSplitter.Result) throws(SnapshotError) {
        guard let network = a.last("--network") else {
            throw SnapshotError(.usage, "a route needs --network FILE (an .osm.pbf, .osm or .osm.bz2 extract)")
        }
        path = network
        cacheDirectory = a.has("--no-cache") ? nil : (a.last("--cache-dir") ?? RoadGraphCache.defaultDirectory())
    }

    /// The routing options; `profileOption` names the profile (`--profile` in `route`,
    /// `--route-profile` in `render`, where `--profile` is the elevation inset).
    static func routeOptions(_ a: ArgumentSplitter.Result, profileOption: String = "--profile") throws(SnapshotError)
        -> RouteOptions
    {
        var options = RouteOptions()
        if let p = a.last(profileOption) {
            guard let profile = RoutingProfile(rawValue: p.lowercased()) else {
                let names = RoutingProfile.allCases.map(\.rawValue).joined(separator: ", ")
                throw SnapshotError(.usage, "\(profileOption): expected one of \(names), got \"\(p)\"")
            }
            options.profile = profile
        }
        if a.has("--shortest") { options.metric = .shortest }
        options.timeModel = try TrackFile.timeModel(a.last("--time-model"))
        if let s = a.last("--max-sac") {
            guard let grade = SACScale(name: s) else {
                throw SnapshotError(.usage, "--max-sac: expected T1 … T6, got \"\(s)\"")
            }
            options.maxSAC = grade
        }
        if let s = a.last("--max-snap") {
            let v = try ValueParsers.number(s, option: "--max-snap")
            guard v > 0 else { throw SnapshotError(.usage, "--max-snap: expected metres above 0, got \"\(s)\"") }
            options.maxSnapDistance = v
        }
        if let s = a.last("--alternatives") {
            guard let n = Int(s), (0...3).contains(n) else {
                throw SnapshotError(.usage, "--alternatives: expected 0 to 3, got \"\(s)\"")
            }
            options.alternatives = n
        }
        return options
    }

    /// The graph of the network file (from the cache when it is current); what the reader
    /// tolerated (ways cut at missing nodes, restrictions not applied) goes to `warn`, naming
    /// the file.
    func graph(warn: (String) -> Void) throws(SnapshotError) -> RoadGraph {
        do {
            let loaded = try RoadGraphCache.load(network: path, cacheDirectory: cacheDirectory)
            for w in loaded.warnings { warn("\(path): \(w)") }
            return loaded.graph
        } catch {
            switch error.kind {
            case .cannotRead: throw SnapshotError(.missingFile, error.description, file: path)
            default: throw SnapshotError(.badInput, error.description, file: path)
            }
        }
    }

    /// The routes through `points`: the best, then the alternatives asked for.
    func routes(
        through points: [Coordinate], options: RouteOptions, elevation: (any ElevationSource)?,
        warn: (String) -> Void
    ) throws(SnapshotError) -> [Route] {
        var graph = try graph(warn: warn)
        if let elevation { graph = graph.withElevations(from: elevation) }
        let planner = RoutePlanner(graph: graph, options: options, elevation: elevation)
        do {
            return try planner.routes(through: points)
        } catch {
            throw SnapshotError(.badInput, error.description, file: path)
        }
    }
}
