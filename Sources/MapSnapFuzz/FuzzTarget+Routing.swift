import Foundation
import MapSnapGeometry
import MapSnapOSM
import MapSnapRouting

extension FuzzTarget {
    /// The road-graph cache of MapSnapRouting: what a decoded graph must survive.
    static let routingTargets: [FuzzTarget] = [
        FuzzTarget(
            "route-graph", "RoadGraphCache.decode, then a route (4 profiles, an alternative) as GeoJSON and GPX",
            seeds: { writeRouteGraphSeeds(repository: $0, folder: $1) }
        ) { bytes in
            _ = routeOverGraph(bytes)
        }
    ]

    /// Decodes `bytes` as a cache file, then routes between the first and the last vertex with
    /// each profile (one with an alternative asked for) and writes the routes as GeoJSON, GPX and
    /// a summary line; the number of routes found, nil when `bytes` hold no graph.
    static func routeOverGraph(_ bytes: [UInt8]) -> Int? {
        guard let graph = decodeRouteGraph(bytes) else { return nil }
        precondition(graph.isConsistent, "RoadGraphCache.decode returned an inconsistent graph")
        guard graph.vertexCount > 0 else { return 0 }
        // Beside the first and the last vertex (about 5 m off), so snapping projects onto a segment.
        let first = graph.vertex(0)
        let last = graph.vertex(graph.vertexCount - 1)
        let points = [
            Coordinate(latitude: first.latitude + 0.00005, longitude: first.longitude),
            Coordinate(latitude: last.latitude, longitude: last.longitude - 0.00005),
        ]
        let index = EdgeIndex(graph: graph)
        let withAlternative = RoutingProfile.allCases[graph.vertexCount % RoutingProfile.allCases.count]
        var found = 0
        for profile in RoutingProfile.allCases {
            for alternatives in profile == withAlternative ? [0, 1] : [0] {
                let options = RouteOptions(profile: profile, alternatives: alternatives)
                let planner = RoutePlanner(graph: graph, options: options, index: index)
                guard let routes = try? planner.routes(through: points) else { continue }
                _ = RouteGeoJSON.text(routes)
                _ = RouteGPX.text(routes)
                for route in routes { _ = RouteSummary.line(route) }
                found += routes.count
            }
        }
        return found
    }

    /// The graph in cache file `bytes`, read as `RoadGraphCache` reads one (no file key). The
    /// rules hash (bytes 8–15) is first set to this build's, so seeds and kept inputs stay
    /// readable when the profile table changes.
    static func decodeRouteGraph(_ bytes: [UInt8]) -> RoadGraph? {
        var input = bytes
        if input.count >= 16 {
            withUnsafeBytes(of: RoadGraphCache.rulesHash) { input.replaceSubrange(8..<16, with: $0) }
        }
        return input.withUnsafeBytes { try? RoadGraphCache.decode($0, key: nil) }
    }

    /// Writes cache files of a small hand-made network and of the centre of each network in
    /// `repository/Samples/osm` (a few hundred metres square: a mutation then costs
    /// milliseconds) into `folder`, written by `RoadGraphCache.write`, so they have this
    /// build's format and rules hash.
    static func writeRouteGraphSeeds(repository: String, folder: String) {
        let key = FileKey(size: 0, modified: 0, headHash: 0)
        if let data = try? OSMReader.read(bytes: Array(handmadeNetwork.utf8), file: "handmade.osm", options: .routing) {
            RoadGraphCache.write(RoadGraphBuilder.build(data).graph, key: key, to: folder + "/seed-handmade.graph")
        }
        let samples = repository + "/Samples/osm"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples)) ?? []
        for name in names.sorted() where name.hasSuffix(".osm.pbf") {
            guard let data = try? OSMReader.read(path: samples + "/" + name, options: .routing) else { continue }
            let stem = String(name.dropLast(".osm.pbf".count))
            for (label, size) in [("centre", 0.0008), ("quarter", 0.002)] {
                let graph = RoadGraphBuilder.build(centre(of: data, halfHeight: size)).graph
                RoadGraphCache.write(graph, key: key, to: folder + "/seed-\(stem)-\(label).graph")
            }
        }
    }

    /// The ways of `data` within `halfHeight` degrees of latitude (and as many metres east and
    /// west) of the median of their nodes, cut where they leave it, with the restrictions
    /// turning there.
    static func centre(of data: OSMData, halfHeight: Double) -> OSMData {
        let used = data.ways.flatMap(\.nodes).compactMap { data.nodes.coordinate(of: $0) }
        let lats = used.map(\.latitude).sorted()
        let lons = used.map(\.longitude).sorted()
        guard !used.isEmpty else { return OSMData() }
        let middle = Coordinate(latitude: lats[lats.count / 2], longitude: lons[lons.count / 2])
        let halfWidth = halfHeight / max(cos(middle.latitude * .pi / 180), 0.1)
        func inside(_ id: Int64) -> Bool {
            guard let c = data.nodes.coordinate(of: id) else { return false }
            return abs(c.latitude - middle.latitude) <= halfHeight && abs(c.longitude - middle.longitude) <= halfWidth
        }
        var ways: [OSMWay] = []
        for way in data.ways {
            var run: [Int64] = []
            for id in way.nodes + [Int64.min] {
                if id != Int64.min, inside(id) {
                    run.append(id)
                    continue
                }
                if run.count >= 2 { ways.append(OSMWay(id: way.id, nodes: run, tags: way.tags)) }
                run = []
            }
        }
        let relations = data.relations.filter { r in
            r.members.contains { $0.role == "via" && $0.kind == .node && inside($0.ref) }
        }
        return OSMData(nodes: data.nodes, ways: ways, relations: relations)
    }

    /// Every kind of way the graph records: names and refs, one-way streets, steps with an
    /// incline, a SAC-graded path, a footway (bicycles pushed), a ferry with a duration, a
    /// road cars may not use, and a turn restriction. Every profile can go from its first
    /// vertex (node 1) to its last (node 99).
    static let handmadeNetwork = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="seed">
         <node id="1" lat="43.7300000" lon="7.4200000"/>
         <node id="2" lat="43.7303000" lon="7.4204000"/>
         <node id="3" lat="43.7306000" lon="7.4200000"/>
         <node id="4" lat="43.7303000" lon="7.4196000"/>
         <node id="99" lat="43.7309000" lon="7.4204000"/>
         <node id="6" lat="43.7312000" lon="7.4200000"/>
         <node id="7" lat="43.7306000" lon="7.4210000"/>
         <node id="8" lat="43.7290000" lon="7.4230000"/>
         <node id="9" lat="43.7315000" lon="7.4195000"/>
         <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/>
          <tag k="highway" v="residential"/><tag k="name" v="Rue A"/><tag k="oneway" v="yes"/></way>
         <way id="11"><nd ref="3"/><nd ref="4"/><nd ref="1"/>
          <tag k="highway" v="footway"/></way>
         <way id="12"><nd ref="3"/><nd ref="99"/><nd ref="6"/>
          <tag k="highway" v="steps"/><tag k="incline" v="up"/></way>
         <way id="13"><nd ref="2"/><nd ref="7"/><nd ref="99"/>
          <tag k="highway" v="primary"/><tag k="ref" v="D 6007"/><tag k="maxspeed" v="50"/></way>
         <way id="14"><nd ref="1"/><nd ref="8"/>
          <tag k="route" v="ferry"/><tag k="duration" v="00:20"/></way>
         <way id="15"><nd ref="6"/><nd ref="9"/>
          <tag k="highway" v="path"/><tag k="sac_scale" v="mountain_hiking"/></way>
         <way id="16"><nd ref="9"/><nd ref="4"/>
          <tag k="highway" v="track"/><tag k="motor_vehicle" v="no"/><tag k="name" v="Chemin B"/></way>
         <relation id="20"><member type="way" ref="13" role="from"/><member type="node" ref="2" role="via"/>
          <member type="way" ref="10" role="to"/><tag k="type" v="restriction"/>
          <tag k="restriction" v="no_right_turn"/></relation>
        </osm>
        """
}
