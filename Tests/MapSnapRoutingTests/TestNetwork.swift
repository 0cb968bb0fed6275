import Foundation
import MapSnapGeometry
import MapSnapOSM
import MapSnapTerrain

@testable import MapSnapRouting

/// A hand-built network in metres around 45° N 7° E: nodes placed by (x east, y north) metres,
/// ways with tags, relations; built into a graph the way an OSM file is.
struct TestNetwork {
    static let origin = Coordinate(latitude: 45, longitude: 7)
    static let metresPerDegree = 111_195.0

    var nodes: [Int64: (x: Double, y: Double)] = [:]
    var ways: [OSMWay] = []
    var relations: [OSMRelation] = []

    static func coordinate(_ x: Double, _ y: Double) -> Coordinate {
        Coordinate(
            latitude: origin.latitude + y / metresPerDegree,
            longitude: origin.longitude + x / (metresPerDegree * cos(origin.latitude * .pi / 180)))
    }

    mutating func node(_ id: Int64, _ x: Double, _ y: Double) { nodes[id] = (x, y) }

    mutating func way(_ id: Int64, _ nodes: [Int64], _ tags: [String: String]) {
        ways.append(
            OSMWay(
                id: id, nodes: nodes,
                tags: OSMTags(tags.sorted { $0.key < $1.key }.map { OSMTags.Tag(key: $0.key, value: $0.value) })))
    }

    var data: OSMData {
        let ids = nodes.keys.sorted()
        let coords = ids.map { id -> Coordinate in
            let n = nodes[id] ?? (0, 0)
            return Self.coordinate(n.x, n.y)
        }
        let osmNodes = OSMNodes(
            sortedIDs: ids, latitudes: coords.map { Int32(($0.latitude * 1e7).rounded()) },
            longitudes: coords.map { Int32(($0.longitude * 1e7).rounded()) })
        return OSMData(nodes: osmNodes, ways: ways, relations: relations)
    }

    var graph: RoadGraph { RoadGraphBuilder.build(data).graph }

    func planner(
        _ profile: RoutingProfile, metric: ArcCosts.Metric = .fastest, elevation: (any ElevationSource)? = nil,
        alternatives: Int = 0
    ) -> RoutePlanner {
        var g = graph
        if let elevation { g = g.withElevations(from: elevation) }
        return RoutePlanner(
            graph: g, options: RouteOptions(profile: profile, metric: metric, alternatives: alternatives),
            elevation: elevation)
    }

    func route(
        _ profile: RoutingProfile, _ from: (Double, Double), _ to: (Double, Double), via: [(Double, Double)] = [],
        metric: ArcCosts.Metric = .fastest, elevation: (any ElevationSource)? = nil
    ) throws -> Route {
        let points = [from] + via + [to]
        let result = try planner(profile, metric: metric, elevation: elevation).routes(
            through: points.map { Self.coordinate($0.0, $0.1) })
        return result[0]
    }
}

/// An elevation surface given as a function of (x, y) metres.
struct FunctionElevation: ElevationSource {
    let height: @Sendable (Double, Double) -> Double

    func elevation(at c: Coordinate) -> Double? {
        let y = (c.latitude - TestNetwork.origin.latitude) * TestNetwork.metresPerDegree
        let x =
            (c.longitude - TestNetwork.origin.longitude) * TestNetwork.metresPerDegree
            * cos(TestNetwork.origin.latitude * .pi / 180)
        return height(x, y)
    }

    func cellSize(near coordinate: Coordinate) -> Double? { 30 }
}
