import Foundation
import MapSnap
import MapSnapGeometry
import MapSnapOSM
import MapSnapRouting

extension BenchCommand {
    /// `mapsnap bench route --network FILE [--queries N] [--alternatives K] [--profile P]
    /// [--runs N] [--seed S]`: times the graph build from the file (all four profiles) and from
    /// its cache, then N routes between random vertices (snapping, search, geometry and steps),
    /// with K alternatives; prints medians and percentiles in milliseconds (one core).
    static func routing(_ args: [String], say: (String) -> Void) throws(SnapshotError) {
        let a = try ArgumentSplitter(
            valued: ["--network", "--queries", "--alternatives", "--profile", "--runs", "--seed"], flags: []
        ).split(args)
        guard let network = a.last("--network") else {
            throw SnapshotError(.usage, "bench route needs --network FILE")
        }
        let runs = try a.last("--runs").map { v throws(SnapshotError) in try count(v, option: "--runs") } ?? 5
        let queries =
            try a.last("--queries").map { v throws(SnapshotError) in try count(v, option: "--queries") } ?? 1000
        var options = try NetworkArguments.routeOptions(a)
        options.alternatives =
            try a.last("--alternatives").map { v throws(SnapshotError) in
                try count(v, option: "--alternatives")
            } ?? 0
        let seed = UInt64(a.last("--seed") ?? "") ?? 20_261_202

        // Build from the file, then from the cache, `runs` times each.
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-bench-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        var build: [Double] = []
        var cached: [Double] = []
        var graph = RoadGraph()
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let loaded: RoadGraphCache.Loaded
            do { loaded = try RoadGraphCache.load(network: network, cacheDirectory: nil) } catch {
                throw SnapshotError(.badInput, error.description, file: network)
            }
            build.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            graph = loaded.graph
        }
        _ = try? RoadGraphCache.load(network: network, cacheDirectory: cache)
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = try? RoadGraphCache.load(network: network, cacheDirectory: cache)
            cached.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        let t0 = DispatchTime.now().uptimeNanoseconds
        let planner = RoutePlanner(graph: graph, options: options)
        let prepare = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6

        var random = SplitMix64Bench(seed: seed)
        var times: [Double] = []
        var failures = 0
        var metres = 0.0
        var alternatives = 0
        var snapTimes: [Double] = []
        var searchTimes: [Double] = []
        var settled = 0.0
        while times.count + failures < queries {
            let p = graph.vertex(Int(random.next() % UInt64(graph.vertexCount)))
            let q = graph.vertex(Int(random.next() % UInt64(graph.vertexCount)))
            let t = DispatchTime.now().uptimeNanoseconds
            if let routes = try? planner.routes(through: [p, q]) {
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
                metres += routes[0].distance
                alternatives += routes.count - 1
                // The parts: snapping both points, and the search alone.
                let t1 = DispatchTime.now().uptimeNanoseconds
                if let s = try? planner.snap(p, name: "a"), let e = try? planner.snap(q, name: "b") {
                    let t2 = DispatchTime.now().uptimeNanoseconds
                    _ = planner.path(from: s, to: e)
                    let t3 = DispatchTime.now().uptimeNanoseconds
                    snapTimes.append(Double(t2 - t1) / 1e6)
                    searchTimes.append(Double(t3 - t2) / 1e6)
                    settled += Double(planner.lastSettled)
                }
            } else {
                failures += 1
            }
        }
        build.sort()
        cached.sort()
        times.sort()
        snapTimes.sort()
        searchTimes.sort()
        func pct(_ p: Double) -> Double {
            times.isEmpty ? 0 : times[min(times.count - 1, Int(Double(times.count) * p))]
        }
        say(
            String(
                format:
                    "graph vertices=%d edges=%d build_median_ms=%.1f build_min_ms=%.1f cache_median_ms=%.2f cache_min_ms=%.2f prepare_ms=%.1f",
                graph.vertexCount, graph.edgeCount, median(build), build[0], median(cached), cached[0], prepare))
        say(
            String(
                format:
                    "queries profile=%@ alternatives=%d routes=%d no_route=%d mean_km=%.2f alternatives_found=%d p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f",
                options.profile.rawValue, options.alternatives, times.count, failures,
                metres / Double(max(times.count, 1)) / 1000,
                alternatives, pct(0.5), pct(0.9), pct(0.99), times.last ?? 0))
        say(
            String(
                format: "parts snap_median_ms=%.3f search_median_ms=%.3f search_p99_ms=%.3f settled_mean=%.0f",
                median(snapTimes), median(searchTimes),
                searchTimes.isEmpty
                    ? 0 : searchTimes[min(searchTimes.count - 1, Int(Double(searchTimes.count) * 0.99))],
                settled / Double(max(searchTimes.count, 1))))
    }
}

/// SplitMix64 (https://prng.di.unimi.it/splitmix64.c): the benchmark's pairs are the same on
/// every machine.
struct SplitMix64Bench {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
