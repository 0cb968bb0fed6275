import MapSnapGeometry
import MapSnapOSM

/// Builds a `RoadGraph` from OpenStreetMap data for all four profiles at once.
///
/// A node becomes a vertex where a routable way starts or ends, where two routable ways (or one
/// way twice) meet, and where a turn restriction turns; the nodes between are shape points.
/// Ways no profile may use are left out.
public enum RoadGraphBuilder {
    /// The graph of `data` and what the build noticed (restrictions it could not apply).
    public static func build(_ data: OSMData) -> (graph: RoadGraph, warnings: [String]) {
        var warnings: [String] = []
        let ways = routableWays(data)
        let viaNodes = restrictionViaNodes(data)
        let isVertex = vertexFlags(ways, nodes: data.nodes, viaNodes: viaNodes)
        var graph = RoadGraph()
        var vertexOf = [Int32](repeating: -1, count: data.nodes.count)
        for i in 0..<data.nodes.count where isVertex[i] {
            vertexOf[i] = Int32(graph.vertexLat.count)
            graph.vertexLat.append(data.nodes.latitudes[i])
            graph.vertexLon.append(data.nodes.longitudes[i])
        }
        var strings = StringTable()
        graph.arcSpeed = Array(repeating: [], count: RoutingProfile.allCases.count)
        graph.arcPriority = graph.arcSpeed
        graph.arcKind = Array(repeating: [], count: RoutingProfile.allCases.count)
        for way in ways {
            addWay(way, data: data, vertexOf: vertexOf, strings: &strings, graph: &graph)
        }
        graph.strings = strings.values
        buildAdjacency(&graph)
        graph.forbiddenTurns = TurnRestrictions.forbiddenTurns(
            data.relations, graph: graph, nodes: data.nodes, vertexOf: vertexOf, warnings: &warnings)
        return (graph, warnings)
    }

    /// A way some profile may use: its node indices and its access per profile.
    struct RoutableWay {
        var osm: OSMWay
        var nodes: [Int]
        var access: [WayRules.Access]
    }

    static func routableWays(_ data: OSMData) -> [RoutableWay] {
        var result: [RoutableWay] = []
        result.reserveCapacity(data.ways.count)
        for way in data.ways {
            let access = RoutingProfile.allCases.map { WayRules.access(way.tags, profile: $0) }
            guard access.contains(where: \.isUsable) else { continue }
            var nodes: [Int] = []
            nodes.reserveCapacity(way.nodes.count)
            for id in way.nodes {
                guard let i = data.nodes.index(of: id) else { continue }
                if nodes.last != i { nodes.append(i) }
            }
            guard nodes.count >= 2 else { continue }
            result.append(RoutableWay(osm: way, nodes: nodes, access: access))
        }
        return result
    }

    /// The node ids turn restrictions turn at.
    static func restrictionViaNodes(_ data: OSMData) -> Set<Int64> {
        var ids = Set<Int64>()
        for r in data.relations where r.tags["type"] == "restriction" {
            for m in r.members where m.kind == .node && m.role == "via" { ids.insert(m.ref) }
        }
        return ids
    }

    static func vertexFlags(_ ways: [RoutableWay], nodes: OSMNodes, viaNodes: Set<Int64>) -> [Bool] {
        var uses = [UInt8](repeating: 0, count: nodes.count)
        var flags = [Bool](repeating: false, count: nodes.count)
        for way in ways {
            for i in way.nodes where uses[i] < 2 { uses[i] += 1 }
            if let first = way.nodes.first, let last = way.nodes.last {
                flags[first] = true
                flags[last] = true
            }
        }
        for i in 0..<nodes.count where uses[i] >= 2 { flags[i] = true }
        for id in viaNodes {
            if let i = nodes.index(of: id), uses[i] > 0 { flags[i] = true }
        }
        return flags
    }

    /// Adds the edges of one way: cut at its vertices, shape points between.
    static func addWay(
        _ way: RoutableWay, data: OSMData, vertexOf: [Int32], strings: inout StringTable, graph: inout RoadGraph
    ) {
        let wayIndex = Int32(graph.wayID.count)
        graph.wayID.append(way.osm.id)
        graph.wayName.append(way.osm.tags["name"].map { strings.index($0) } ?? -1)
        graph.wayRef.append(way.osm.tags["ref"].map { strings.index($0) } ?? -1)
        graph.wayHighway.append(strings.index(way.osm.tags["highway"] ?? (way.osm.tags["route"] ?? "")))
        graph.wayIncline.append(inclineSense(way.osm.tags["incline"]))
        let sac = UInt8(WayRules.sacGrade(way.osm.tags)?.rawValue ?? 0)
        let lat = data.nodes.latitudes
        let lon = data.nodes.longitudes
        let firstEdge = graph.edgeCount
        var start = way.nodes[0]
        var length = 0.0
        var previous = data.nodes.coordinate(at: start)
        for k in 1..<way.nodes.count {
            let i = way.nodes[k]
            let here = data.nodes.coordinate(at: i)
            length += Geodesy.distance(previous, here)
            previous = here
            guard vertexOf[i] >= 0 else {
                graph.shapeLat.append(lat[i])
                graph.shapeLon.append(lon[i])
                continue
            }
            graph.edgeFrom.append(vertexOf[start])
            graph.edgeTo.append(vertexOf[i])
            graph.shapeStart.append(Int32(graph.shapeLat.count))
            graph.edgeLength.append(Float(length))
            graph.edgeWay.append(wayIndex)
            graph.edgeSAC.append(sac)
            start = i
            length = 0
        }
        let ferrySpeed = ferrySpeed(way.osm.tags, edges: firstEdge..<graph.edgeCount, graph: graph)
        for p in RoutingProfile.allCases {
            let access = way.access[p.index]
            for _ in firstEdge..<graph.edgeCount {
                for t in [access.forward, access.backward] {
                    var speed = Float(t?.speed ?? 0)
                    if t?.kind == .ferry, let f = ferrySpeed { speed = Float(f) }
                    graph.arcSpeed[p.index].append(speed)
                    graph.arcPriority[p.index].append(Float(t?.priority ?? 1))
                    graph.arcKind[p.index].append(t?.kind.rawValue ?? 0)
                }
            }
        }
    }

    /// 1 when `incline` says the way climbs in its direction, −1 when it descends, else 0.
    static func inclineSense(_ value: String?) -> Int8 {
        guard let v = value else { return 0 }
        if v == "up" { return 1 }
        if v == "down" { return -1 }
        if v.hasPrefix("-") { return -1 }
        if let first = v.first, first.isNumber { return 1 }
        return 0
    }

    /// A ferry's speed from its `duration` tag (`HH:MM`, `HH:MM:SS` or minutes), km/h.
    static func ferrySpeed(_ tags: OSMTags, edges: Range<Int>, graph: RoadGraph) -> Double? {
        guard tags["route"] == "ferry", let d = tags["duration"] else { return nil }
        let parts = d.split(separator: ":").compactMap { Double($0) }
        let hours: Double
        switch parts.count {
        case 1: hours = parts[0] / 60
        case 2: hours = parts[0] + parts[1] / 60
        case 3: hours = parts[0] + parts[1] / 60 + parts[2] / 3600
        default: return nil
        }
        guard hours > 0 else { return nil }
        let km = edges.reduce(0.0) { $0 + Double(graph.edgeLength[$1]) } / 1000
        // 1 to 100 km/h: a mistyped duration neither stops a route nor makes a jet of a ferry.
        return km > 0 ? min(max(km / hours, 1), 100) : nil
    }

    /// Fills `outStart` and `outArcs`: arc 2e leaves `edgeFrom[e]`, arc 2e + 1 leaves `edgeTo[e]`.
    static func buildAdjacency(_ graph: inout RoadGraph) {
        var counts = [Int32](repeating: 0, count: graph.vertexCount + 1)
        for e in 0..<graph.edgeCount {
            counts[Int(graph.edgeFrom[e]) + 1] += 1
            counts[Int(graph.edgeTo[e]) + 1] += 1
        }
        for v in 0..<graph.vertexCount { counts[v + 1] += counts[v] }
        graph.outStart = counts
        var fill = Array(counts.dropLast())
        graph.outArcs = [Int32](repeating: 0, count: graph.arcCount)
        for e in 0..<graph.edgeCount {
            let f = Int(graph.edgeFrom[e])
            graph.outArcs[Int(fill[f])] = Int32(2 * e)
            fill[f] += 1
            let t = Int(graph.edgeTo[e])
            graph.outArcs[Int(fill[t])] = Int32(2 * e + 1)
            fill[t] += 1
        }
    }
}

/// Strings each stored once, indexed in order of first use.
struct StringTable {
    private(set) var values: [String] = []
    private var indices: [String: Int32] = [:]

    mutating func index(_ s: String) -> Int32 {
        if let i = indices[s] { return i }
        let i = Int32(values.count)
        values.append(s)
        indices[s] = i
        return i
    }
}
