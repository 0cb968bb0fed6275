import Foundation
import MapSnapOSM

/// Turn restrictions for cars from `type=restriction` relations
/// (https://wiki.openstreetmap.org/wiki/Relation:restriction): `no_*` forbids turning from the
/// `from` way into the `to` way at the `via` node; `only_*` forbids every other turn from the
/// `from` way there. Restrictions with a `via` way, or whose `except` names cars, are not
/// applied (the former with a warning).
enum TurnRestrictions {
    static func forbiddenTurns(
        _ relations: [OSMRelation], graph: RoadGraph, nodes: OSMNodes, vertexOf: [Int32], warnings: inout [String]
    ) -> [UInt64] {
        var forbidden: [UInt64] = []
        var viaWays = 0
        for r in relations where r.tags["type"] == "restriction" {
            guard let kind = r.tags["restriction:motorcar"] ?? r.tags["restriction"] else { continue }
            if let except = r.tags["except"],
                except.split(separator: ";").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "motorcar" })
            {
                continue
            }
            let from = r.members.filter { $0.kind == .way && $0.role == "from" }.map(\.ref)
            let to = r.members.filter { $0.kind == .way && $0.role == "to" }.map(\.ref)
            let via = r.members.filter { $0.role == "via" }
            guard !from.isEmpty, !to.isEmpty, let v = via.first else { continue }
            guard via.count == 1, v.kind == .node else {
                viaWays += 1
                continue
            }
            guard let n = nodes.index(of: v.ref), vertexOf[n] >= 0 else { continue }
            let vertex = Int(vertexOf[n])
            let out = (Int(graph.outStart[vertex])..<Int(graph.outStart[vertex + 1])).map { Int(graph.outArcs[$0]) }
            func way(_ arc: Int) -> Int64 { graph.wayID[Int(graph.edgeWay[arc >> 1])] }
            let fromArcs = out.map { $0 ^ 1 }.filter { from.contains(way($0)) }
            let toArcs = out.filter { to.contains(way($0)) }
            guard !fromArcs.isEmpty, !toArcs.isEmpty else { continue }
            for a in fromArcs {
                if kind.hasPrefix("only_") {
                    for b in out where !toArcs.contains(b) { forbidden.append(UInt64(a) << 32 | UInt64(b)) }
                } else if kind.hasPrefix("no_") {
                    for b in toArcs { forbidden.append(UInt64(a) << 32 | UInt64(b)) }
                }
            }
        }
        if viaWays > 0 {
            warnings.append(
                "\(viaWays) turn restriction\(viaWays == 1 ? "" : "s") through a way or several via members not applied"
            )
        }
        return Array(Set(forbidden)).sorted()
    }
}
