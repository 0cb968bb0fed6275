import MapSnapGeometry
import MapSnapOSM
import MapSnapTestSupport
import XCTest

@testable import MapSnapRouting

/// The bidirectional A* against a plain one-way Dijkstra over the same arcs and turn rules, on
/// the real Monaco extract; alternatives' stretch, sharing and local optimality.
final class SearchTests: XCTestCase {
    static let monaco: RoadGraph = {
        let path = TestPaths.packageRoot.appendingPathComponent("Samples/osm/monaco-latest.osm.pbf").path
        return (try? RoadGraphBuilder.build(OSMReader.read(path: path, options: .routing)).graph) ?? RoadGraph()
    }()

    /// Dijkstra from `source` to `target` over arcs, as simple as it gets (an array scan for the
    /// minimum would be too slow; a sorted insertion list is enough here).
    func referenceWeight(_ search: RouteSearch, _ source: EdgePoint, _ target: EdgePoint) -> Double {
        let g = search.graph
        let w = search.costs.weight
        var dist = [Double](repeating: .infinity, count: g.arcCount)
        var heap = ArcHeap()
        for a in [2 * source.edge, 2 * source.edge + 1] where w[a].isFinite {
            dist[a] = Double(w[a]) * (1 - search.share(a, upTo: source))
            heap.push(dist[a], a)
        }
        var best = search.directWeight(source, target)
        while let (d, a) = heap.pop() {
            if d > dist[a] { continue }
            if d >= best { break }
            let v = g.head(a)
            for i in Int(g.outStart[v])..<Int(g.outStart[v + 1]) {
                let b = Int(g.outArcs[i])
                guard w[b].isFinite else { continue }
                if b == a ^ 1 && g.degree(v) > 1 { continue }
                if search.costs.profile == .car && !g.carMayTurn(from: a, to: b) { continue }
                let nd = d + Double(w[b])
                // Entering the destination's edge: the part of it up to the destination.
                if b >> 1 == target.edge { best = min(best, d + Double(w[b]) * search.share(b, upTo: target)) }
                if nd < dist[b] {
                    dist[b] = nd
                    heap.push(nd, b)
                }
            }
        }
        return best
    }

    /// The weight of `path` summed from its arcs, failing when consecutive arcs do not connect
    /// or turn where the rules forbid.
    func validatedWeight(_ search: RouteSearch, _ path: ArcPath) -> Double {
        let g = search.graph
        let w = search.costs.weight
        guard !path.arcs.isEmpty else { return path.weight }
        var total = 0.0
        for (i, a) in path.arcs.enumerated() {
            var share = 1.0
            if i == 0 { share -= search.share(a, upTo: path.source) }
            if i == path.arcs.count - 1 { share -= 1 - search.share(a, upTo: path.target) }
            if path.arcs.count == 1 { share = search.share(a, upTo: path.target) - search.share(a, upTo: path.source) }
            total += Double(w[a]) * share
            if i > 0 {
                let prev = path.arcs[i - 1]
                XCTAssertEqual(g.head(prev), g.tail(a), "arcs do not connect")
                XCTAssertTrue(search.mayTurn(prev, a, at: g.tail(a)), "forbidden turn \(prev) → \(a)")
            }
        }
        return total
    }

    func testBidirectionalAStarFindsTheLeastWeight() throws {
        let g = Self.monaco
        try XCTSkipIf(g.vertexCount == 0, "Samples/osm/monaco-latest.osm.pbf not readable")
        var random = SplitMix64(seed: 20_261_202)
        for profile in [RoutingProfile.foot, .car, .bicycle] {
            let planner = RoutePlanner(graph: g, options: RouteOptions(profile: profile))
            var found = 0
            for _ in 0..<150 {
                let a = Coordinate(
                    latitude: 43.725 + Double.random(in: 0..<1, using: &random) * 0.02,
                    longitude: 7.41 + Double.random(in: 0..<1, using: &random) * 0.03)
                let b = Coordinate(
                    latitude: 43.725 + Double.random(in: 0..<1, using: &random) * 0.02,
                    longitude: 7.41 + Double.random(in: 0..<1, using: &random) * 0.03)
                guard let s = try? planner.snap(a, name: "a"), let t = try? planner.snap(b, name: "b") else { continue }
                let expected = referenceWeight(planner.arcSearch, s, t)
                let path = planner.arcSearch.route(from: s, to: t)
                // The vertex search finds the same weight (and a valid path) without restrictions.
                if planner.usesNodeSearch {
                    let node = planner.nodeSearch.route(from: s, to: t)
                    XCTAssertEqual(
                        node?.weight ?? .infinity, expected, accuracy: expected * 1e-9 + 1e-6, "node \(profile)")
                    if let p = node { XCTAssertEqual(validatedWeight(planner.arcSearch, p), p.weight, accuracy: 1e-6) }
                }
                if expected.isInfinite {
                    XCTAssertNil(path, "\(profile) \(a) → \(b)")
                    continue
                }
                found += 1
                if let p = path { XCTAssertEqual(validatedWeight(planner.arcSearch, p), p.weight, accuracy: 1e-6) }
                XCTAssertEqual(path?.weight ?? -1, expected, accuracy: expected * 1e-9 + 1e-6, "\(profile) \(a) → \(b)")
            }
            XCTAssertGreaterThan(found, 50, "\(profile)")
        }
    }

    func testAlternativesAreAdmissible() throws {
        let g = Self.monaco
        try XCTSkipIf(g.vertexCount == 0, "Samples/osm/monaco-latest.osm.pbf not readable")
        let planner = RoutePlanner(graph: g, options: RouteOptions(profile: .foot, alternatives: 3))
        var random = SplitMix64(seed: 7)
        var withAlternatives = 0
        for _ in 0..<40 {
            let a = Coordinate(
                latitude: 43.727 + Double.random(in: 0..<1, using: &random) * 0.016,
                longitude: 7.415 + Double.random(in: 0..<1, using: &random) * 0.02)
            let b = Coordinate(
                latitude: 43.727 + Double.random(in: 0..<1, using: &random) * 0.016,
                longitude: 7.415 + Double.random(in: 0..<1, using: &random) * 0.02)
            guard let routes = try? planner.routes(through: [a, b]), routes[0].distance > 800 else { continue }
            let best = routes[0]
            let lengths = routes.map { r in EdgeLengthsOfRoute(r, planner: planner) }
            if routes.count > 1 { withAlternatives += 1 }
            for (i, alt) in routes.enumerated().dropFirst() {
                XCTAssertTrue(alt.isAlternative)
                // Stretch: weight = time for foot (priorities 1).
                XCTAssertLessThanOrEqual(alt.duration, best.duration * 1.25 + 0.5)
                // Sharing with the best and with the alternatives before.
                for j in 0..<i {
                    XCTAssertLessThanOrEqual(
                        lengths[i].shared(with: lengths[j]), 0.75 * min(lengths[j].total, lengths[i].total) + 1)
                }
                // Local optimality: a stretch of a quarter of the best route's length, around the
                // middle of the alternative, is a shortest path between its ends.
                let window = 0.25 * best.distance
                let (p, q, along) = points(alt, from: alt.distance / 2 - window / 2, to: alt.distance / 2 + window / 2)
                let sub = try planner.routes(through: [p, q])[0]
                XCTAssertLessThanOrEqual(along, sub.distance * 1.02 + 2, "alternative not locally optimal")
            }
        }
        XCTAssertGreaterThan(withAlternatives, 5)
    }

    /// The points `a` and `b` metres along `route` and the distance along it between them.
    func points(_ route: Route, from a: Double, to b: Double) -> (Coordinate, Coordinate, Double) {
        var travelled = 0.0
        var p = route.coordinates[0]
        var q = route.coordinates[route.coordinates.count - 1]
        var gotP = false
        var startAlong = 0.0
        for i in 1..<route.coordinates.count {
            let s = Geodesy.distance(route.coordinates[i - 1], route.coordinates[i])
            for (target, isP) in [(a, true), (b, false)] where travelled <= target && travelled + s > target && s > 0 {
                let t = (target - travelled) / s
                let c0 = route.coordinates[i - 1]
                let c1 = route.coordinates[i]
                let c = Coordinate(
                    latitude: c0.latitude + (c1.latitude - c0.latitude) * t,
                    longitude: c0.longitude + (c1.longitude - c0.longitude) * t)
                if isP {
                    p = c
                    gotP = true
                    startAlong = target
                } else {
                    q = c
                }
            }
            travelled += s
        }
        return (p, q, gotP ? min(b, travelled) - startAlong : b - a)
    }

    func testCacheRoundTripAndRebuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let network = folder.appendingPathComponent("monaco.osm.pbf").path
        try FileManager.default.copyItem(
            atPath: TestPaths.packageRoot.appendingPathComponent("Samples/osm/monaco-latest.osm.pbf").path,
            toPath: network)
        let cache = folder.appendingPathComponent("cache").path
        let first = try RoadGraphCache.load(network: network, cacheDirectory: cache)
        XCTAssertFalse(first.fromCache)
        let second = try RoadGraphCache.load(network: network, cacheDirectory: cache)
        XCTAssertTrue(second.fromCache)
        XCTAssertEqual(first.graph, second.graph)
        // A corrupt cache file is rebuilt, not trusted.
        let cachePath = try XCTUnwrap(second.cachePath)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        bytes = bytes.prefix(bytes.count / 2)
        try bytes.write(to: URL(fileURLWithPath: cachePath))
        let third = try RoadGraphCache.load(network: network, cacheDirectory: cache)
        XCTAssertFalse(third.fromCache)
        XCTAssertEqual(third.graph, first.graph)
        // A changed file (another modification time) rebuilds.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: network)
        XCTAssertFalse(try RoadGraphCache.load(network: network, cacheDirectory: cache).fromCache)
        XCTAssertTrue(try RoadGraphCache.load(network: network, cacheDirectory: cache).fromCache)
    }

    func testEveryFlippedByteOfACacheIsRejectedOrHarmless() throws {
        let g = Self.monaco
        try XCTSkipIf(g.vertexCount == 0, "Samples/osm/monaco-latest.osm.pbf not readable")
        // A small graph's cache, every byte of its first 4 KiB flipped in turn.
        var n = TestNetwork()
        n.node(1, 0, 0)
        n.node(2, 100, 0)
        n.node(3, 100, 100)
        n.way(1, [1, 2, 3], ["highway": "residential", "name": "A"])
        n.way(2, [3, 1], ["highway": "footway"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-flip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("g.graph").path
        let key = FileKey(size: 1, modified: 2, headHash: 3)
        RoadGraphCache.write(n.graph, key: key, to: path)
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for i in 0..<good.count {
            var bad = good
            bad[i] ^= 0xFF
            let decoded = bad.withUnsafeBytes { try? RoadGraphCache.decode($0, key: key) }
            if let graph = decoded {
                XCTAssertTrue(graph.isConsistent)
                // A decoded graph can be searched without crashing.
                let planner = RoutePlanner(graph: graph, options: RouteOptions(profile: .foot))
                _ = try? planner.routes(through: [TestNetwork.coordinate(0, 0), TestNetwork.coordinate(100, 100)])
            }
        }
    }
}

/// `EdgeLengths` of a finished route, recomputed from its line (for the tests: metres per edge
/// by snapping each segment's midpoint).
struct EdgeLengthsOfRoute {
    var byEdge: [Int: Double] = [:]
    var total = 0.0

    init(_ route: Route, planner: RoutePlanner) {
        for i in 1..<route.coordinates.count {
            let a = route.coordinates[i - 1]
            let b = route.coordinates[i]
            let length = Geodesy.distance(a, b)
            guard length > 0 else { continue }
            let mid = Coordinate(latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2)
            guard let p = try? planner.snap(mid, name: "mid") else { continue }
            byEdge[p.edge, default: 0] += length
            total += length
        }
    }

    func shared(with other: EdgeLengthsOfRoute) -> Double {
        byEdge.reduce(0) { $0 + min($1.value, other.byEdge[$1.key] ?? 0) }
    }
}
