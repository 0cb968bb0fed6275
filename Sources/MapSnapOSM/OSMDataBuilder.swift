import MapSnapGeometry

/// Collects the elements a reader decodes and turns them into `OSMData`: sorts the nodes by id,
/// splits ways at nodes the file lacks and, for `Filter.routing`, drops the nodes no kept way
/// uses. Shared by the PBF and XML readers.
struct OSMDataBuilder {
    let options: OSMReadOptions
    let file: String

    private(set) var ids: [Int64] = []
    private(set) var latitudes: [Int32] = []
    private(set) var longitudes: [Int32] = []
    private var sorted = true
    var nodeTags: [Int64: OSMTags] = [:]
    var ways: [OSMWay] = []
    var relations: [OSMRelation] = []
    var bounds: BoundingBox?
    /// Elements read so far (kept or not), against `options.maxElements`.
    private(set) var elementCount = 0

    init(options: OSMReadOptions, file: String) {
        self.options = options
        self.file = file
    }

    /// Counts `n` more elements; throws once the total passes `options.maxElements`.
    mutating func count(_ n: Int, blob: Int? = nil, offset: Int? = nil) throws(OSMError) {
        elementCount += n
        guard elementCount <= options.maxElements else {
            throw OSMError(
                .oversized, "more than \(options.maxElements) elements (the reader's cap)", file: file,
                offset: offset, blob: blob)
        }
    }

    /// Adds a node at `latitude`, `longitude` in 1e-7 degrees.
    @inline(__always)
    mutating func addNode(id: Int64, latitude: Int32, longitude: Int32) {
        if let last = ids.last, last >= id { sorted = false }
        ids.append(id)
        latitudes.append(latitude)
        longitudes.append(longitude)
    }

    /// Reserves room for `n` more nodes.
    mutating func reserveNodes(_ n: Int) {
        let wanted = ids.count + n
        guard wanted > ids.capacity else { return }
        let grown = Swift.max(wanted, ids.capacity * 2)
        ids.reserveCapacity(grown)
        latitudes.reserveCapacity(grown)
        longitudes.reserveCapacity(grown)
    }

    /// The data, with the warnings of the read.
    consuming func finish() -> OSMData {
        if !sorted { sortNodes() }
        var used = [Bool](repeating: options.filter == .everything, count: ids.count)
        let nodes = OSMNodes(sortedIDs: ids, latitudes: latitudes, longitudes: longitudes)
        var kept: [OSMWay] = []
        kept.reserveCapacity(ways.count)
        var brokenWays = 0
        var missingRefs = 0
        for way in ways {
            let missing = Self.splitting(way, nodes: nodes, used: &used, into: &kept)
            if missing > 0 {
                brokenWays += 1
                missingRefs += missing
            }
        }
        var warnings: [String] = []
        if brokenWays > 0 {
            warnings.append(
                "\(brokenWays) way\(brokenWays == 1 ? "" : "s") refer to \(missingRefs) node"
                    + "\(missingRefs == 1 ? "" : "s") missing from the file (a clipped extract?): "
                    + "the segments at those nodes were dropped, the rest of each way kept")
        }
        var data = OSMData(ways: kept, relations: relations, bounds: bounds, warnings: warnings)
        if options.filter == .everything {
            data.nodes = nodes
            data.nodeTags = nodeTags
        } else {
            data.nodes = Self.compacting(nodes, used: used)
            data.nodeTags = nodeTags.filter { data.nodes.index(of: $0.key) != nil }
        }
        return data
    }

    /// Appends `way` to `out`, split into the runs of nodes present in `nodes` (runs shorter than
    /// two nodes are dropped when the way lost nodes); marks the nodes used. Returns how many of
    /// its references name missing nodes.
    private static func splitting(
        _ way: OSMWay, nodes: OSMNodes, used: inout [Bool], into out: inout [OSMWay]
    ) -> Int {
        var missing = 0
        var runStart = 0
        var hint = -2
        for (k, ref) in way.nodes.enumerated() {
            if let i = nodes.index(of: ref, near: hint) {
                used[i] = true
                hint = i
                continue
            }
            appendRun(way, runStart..<k, to: &out)
            missing += 1
            runStart = k + 1
        }
        if missing == 0 {
            out.append(way)
        } else {
            appendRun(way, runStart..<way.nodes.count, to: &out)
        }
        return missing
    }

    private static func appendRun(_ way: OSMWay, _ range: Range<Int>, to out: inout [OSMWay]) {
        guard range.count >= 2 else { return }
        out.append(OSMWay(id: way.id, nodes: Array(way.nodes[range]), tags: way.tags))
    }

    /// The nodes marked used.
    private static func compacting(_ nodes: OSMNodes, used: [Bool]) -> OSMNodes {
        var ids: [Int64] = []
        var lats: [Int32] = []
        var lons: [Int32] = []
        let n = used.reduce(0) { $0 + ($1 ? 1 : 0) }
        ids.reserveCapacity(n)
        lats.reserveCapacity(n)
        lons.reserveCapacity(n)
        for i in used.indices where used[i] {
            ids.append(nodes.ids[i])
            lats.append(nodes.latitudes[i])
            lons.append(nodes.longitudes[i])
        }
        return OSMNodes(sortedIDs: ids, latitudes: lats, longitudes: lons)
    }

    /// Sorts the node arrays by id; of nodes sharing an id the last read is kept.
    private mutating func sortNodes() {
        let order = ids.indices.sorted { ids[$0] != ids[$1] ? ids[$0] < ids[$1] : $0 < $1 }
        var newIDs: [Int64] = []
        var lats: [Int32] = []
        var lons: [Int32] = []
        newIDs.reserveCapacity(ids.count)
        lats.reserveCapacity(ids.count)
        lons.reserveCapacity(ids.count)
        for i in order {
            if let last = newIDs.last, last == ids[i] {
                lats[lats.count - 1] = latitudes[i]
                lons[lons.count - 1] = longitudes[i]
            } else {
                newIDs.append(ids[i])
                lats.append(latitudes[i])
                lons.append(longitudes[i])
            }
        }
        ids = newIDs
        latitudes = lats
        longitudes = lons
        sorted = true
    }
}
