import Foundation

extension RoadGraphCache {
    /// Writes `graph` to `path` atomically; a failure leaves no file and is not an error (the
    /// next run builds again).
    package static func write(_ graph: RoadGraph, key: FileKey, to path: String) {
        var w = BinaryWriter()
        w.append(magic)
        w.append(version)
        w.append(rulesHash)
        w.append(key.size)
        w.append(key.modified)
        w.append(key.headHash)
        w.append(array: graph.vertexLat)
        w.append(array: graph.vertexLon)
        w.append(array: graph.outStart)
        w.append(array: graph.outArcs)
        w.append(array: graph.edgeFrom)
        w.append(array: graph.edgeTo)
        w.append(array: graph.shapeStart)
        w.append(array: graph.shapeLat)
        w.append(array: graph.shapeLon)
        w.append(array: graph.edgeLength)
        w.append(array: graph.edgeWay)
        w.append(array: graph.edgeSAC)
        for p in RoutingProfile.allCases {
            w.append(array: graph.arcSpeed[p.index])
            w.append(array: graph.arcPriority[p.index])
            w.append(array: graph.arcKind[p.index])
        }
        w.append(array: graph.wayID)
        w.append(array: graph.wayName)
        w.append(array: graph.wayRef)
        w.append(array: graph.wayHighway)
        w.append(array: graph.wayIncline)
        var text: [UInt8] = []
        var ends: [UInt32] = []
        for s in graph.strings {
            text += Array(s.utf8)
            ends.append(UInt32(text.count))
        }
        w.append(array: ends)
        w.append(array: text)
        w.append(array: graph.forbiddenTurns)
        let dir = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let temp = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temp, contents: Data(w.bytes)) else { return }
        if rename(temp, path) != 0 { try? FileManager.default.removeItem(atPath: temp) }
    }

    /// The graph in the cache file at `path` when it exists, matches `key` and the rules, and
    /// checks out; nil otherwise.
    static func read(path: String, key: FileKey) -> RoadGraph? {
        guard let file = MappedFile(path: path) else { return nil }
        return try? decode(file.bytes, key: key)
    }

    struct Invalid: Error {}

    /// Decodes a cache file's bytes; throws when they do not hold a valid graph for `key`.
    package static func decode(_ bytes: UnsafeRawBufferPointer, key: FileKey?) throws -> RoadGraph {
        var r = BinaryReader(bytes: bytes)
        guard try r.read(UInt32.self) == magic, try r.read(UInt32.self) == version,
            try r.read(UInt64.self) == rulesHash
        else { throw Invalid() }
        let stored = FileKey(
            size: try r.read(UInt64.self), modified: try r.read(Int64.self), headHash: try r.read(UInt64.self))
        if let key, stored != key { throw Invalid() }
        var g = RoadGraph()
        g.vertexLat = try r.array(Int32.self)
        g.vertexLon = try r.array(Int32.self)
        g.outStart = try r.array(Int32.self)
        g.outArcs = try r.array(Int32.self)
        g.edgeFrom = try r.array(Int32.self)
        g.edgeTo = try r.array(Int32.self)
        g.shapeStart = try r.array(Int32.self)
        g.shapeLat = try r.array(Int32.self)
        g.shapeLon = try r.array(Int32.self)
        g.edgeLength = try r.array(Float.self)
        g.edgeWay = try r.array(Int32.self)
        g.edgeSAC = try r.array(UInt8.self)
        g.arcSpeed = []
        g.arcPriority = []
        g.arcKind = []
        for _ in RoutingProfile.allCases {
            g.arcSpeed.append(try r.array(Float.self))
            g.arcPriority.append(try r.array(Float.self))
            g.arcKind.append(try r.array(UInt8.self))
        }
        g.wayID = try r.array(Int64.self)
        g.wayName = try r.array(Int32.self)
        g.wayRef = try r.array(Int32.self)
        g.wayHighway = try r.array(Int32.self)
        g.wayIncline = try r.array(Int8.self)
        let ends = try r.array(UInt32.self)
        let text = try r.array(UInt8.self)
        var start = 0
        for end in ends {
            guard Int(end) >= start, Int(end) <= text.count else { throw Invalid() }
            g.strings.append(String(decoding: text[start..<Int(end)], as: UTF8.self))
            start = Int(end)
        }
        g.forbiddenTurns = try r.array(UInt64.self)
        guard g.isConsistent else { throw Invalid() }
        return g
    }
}

extension RoadGraph {
    /// The slowest speed of a usable arc, km/h (the builder's floor, `WayRules.access`).
    static let minimumSpeed: Float = 0.5
    /// The longest edge, metres (the Earth's circumference).
    static let maximumEdgeLength: Float = 40_075_000

    /// True when every count and index agrees, the adjacency lists each arc once at its tail, and
    /// every position, length, speed and priority is one the builder can make (what a cache
    /// file must pass before use): positions on the Earth, edges at most `maximumEdgeLength`
    /// long, speeds 0 (not usable) or from `minimumSpeed` to 1,000 km/h, priorities from 0.01 to
    /// 100 (so every usable arc weighs more than 0, an edge takes at most about 3·10^8 s, and a
    /// route's figures stay numbers).
    package var isConsistent: Bool {
        let v = vertexCount
        let e = edgeCount
        let ways = wayID.count
        let profiles = RoutingProfile.allCases.count
        guard vertexLon.count == v, outStart.count == v + 1, outArcs.count == 2 * e, edgeTo.count == e,
            shapeStart.count == e + 1, shapeLon.count == shapeLat.count, edgeLength.count == e, edgeWay.count == e,
            edgeSAC.count == e, wayName.count == ways, wayRef.count == ways, wayHighway.count == ways,
            wayIncline.count == ways, arcSpeed.count == profiles, arcPriority.count == profiles,
            arcKind.count == profiles, arcSpeed.allSatisfy({ $0.count == 2 * e }),
            arcPriority.allSatisfy({ $0.count == 2 * e }), arcKind.allSatisfy({ $0.count == 2 * e }),
            outStart.first == 0, outStart.last.map(Int.init) == 2 * e, shapeStart.first == 0,
            shapeStart.last.map(Int.init) == shapeLat.count
        else { return false }
        for i in 0..<v where outStart[i] > outStart[i + 1] { return false }
        for i in 0..<e where shapeStart[i] > shapeStart[i + 1] { return false }
        for a in outArcs where a < 0 || Int(a) >= 2 * e { return false }
        for lat in [vertexLat, shapeLat] { for x in lat where x.magnitude > 900_000_000 { return false } }
        for lon in [vertexLon, shapeLon] { for x in lon where x.magnitude > 1_800_000_000 { return false } }
        for i in 0..<e {
            guard edgeFrom[i] >= 0, Int(edgeFrom[i]) < v, edgeTo[i] >= 0, Int(edgeTo[i]) < v, edgeWay[i] >= 0,
                Int(edgeWay[i]) < ways, edgeLength[i] >= 0, edgeLength[i] <= Self.maximumEdgeLength
            else { return false }
        }
        // The adjacency is the edges' own: every arc listed once, at the vertex it leaves (the
        // vertex search walks its links back by the arcs' tails and heads).
        var listed = [Bool](repeating: false, count: 2 * e)
        for u in 0..<v {
            for i in Int(outStart[u])..<Int(outStart[u + 1]) {
                let a = Int(outArcs[i])
                guard tail(a) == u, !listed[a] else { return false }
                listed[a] = true
            }
        }
        let n = strings.count
        for i in 0..<ways
        where Int(wayName[i]) >= n || Int(wayRef[i]) >= n || Int(wayHighway[i]) >= n || wayHighway[i] < 0 {
            return false
        }
        for k in arcKind { for x in k where x > 3 { return false } }
        for s in arcSpeed { for x in s where !(x == 0 || (x >= Self.minimumSpeed && x < 1000)) { return false } }
        for s in arcPriority { for x in s where !(x >= 0.01 && x < 100) { return false } }
        for t in forbiddenTurns where (t >> 32) >= UInt64(2 * e) || (t & 0xFFFF_FFFF) >= UInt64(2 * e) { return false }
        return true
    }
}
