import MapSnapGeometry

/// What an OpenStreetMap file holds, as a router reads it: node positions, ways with their node
/// lists and tags, relations (turn restrictions at least) and the warnings of the read.
///
/// Model: https://wiki.openstreetmap.org/wiki/Elements. Positions are WGS 84 degrees stored as
/// fixed-point 1e-7 degrees (OSM's own precision, about 1 cm), see `OSMNodes`.
public struct OSMData: Sendable, Equatable {
    /// Every node kept, sorted by id.
    public var nodes: OSMNodes
    /// Tags of the tagged nodes kept (most nodes have none), by node id.
    public var nodeTags: [Int64: OSMTags]
    /// The ways kept, in file order. A way that lost nodes to a clipped extract is split there:
    /// its pieces (each at least two nodes) share its id and tags.
    public var ways: [OSMWay]
    /// The relations kept, in file order.
    public var relations: [OSMRelation]
    /// The header's bounding box (PBF `HeaderBBox`, XML `<bounds>`), when the file has one.
    public var bounds: BoundingBox?
    /// What the reader noticed but tolerated, one sentence each (e.g. ways with missing nodes).
    public var warnings: [String]

    public init(
        nodes: OSMNodes = OSMNodes(), nodeTags: [Int64: OSMTags] = [:], ways: [OSMWay] = [],
        relations: [OSMRelation] = [], bounds: BoundingBox? = nil, warnings: [String] = []
    ) {
        self.nodes = nodes
        self.nodeTags = nodeTags
        self.ways = ways
        self.relations = relations
        self.bounds = bounds
        self.warnings = warnings
    }
}

/// Nodes as three parallel arrays sorted by id: 16 bytes a node, found by binary search.
///
/// `latitudes[i]` and `longitudes[i]` are the position of node `ids[i]` in 1e-7 degrees
/// (OSM's fixed point: `Int32` holds ±214.7°).
public struct OSMNodes: Sendable, Equatable {
    /// Node ids, strictly increasing.
    public private(set) var ids: [Int64]
    /// Latitudes in 1e-7 degrees.
    public private(set) var latitudes: [Int32]
    /// Longitudes in 1e-7 degrees.
    public private(set) var longitudes: [Int32]

    /// 1e-7 degrees, the unit of `latitudes` and `longitudes`.
    public static let degreesPerUnit = 1e-7

    public init() {
        ids = []
        latitudes = []
        longitudes = []
    }

    /// Nodes from parallel arrays.
    /// - Precondition: the three arrays have the same length and `ids` is strictly increasing
    ///   (the builder sorts and deduplicates before calling this).
    package init(sortedIDs ids: [Int64], latitudes: [Int32], longitudes: [Int32]) {
        self.ids = ids
        self.latitudes = latitudes
        self.longitudes = longitudes
    }

    /// How many nodes there are.
    public var count: Int { ids.count }

    /// The index of node `id` in the arrays, or nil (binary search, O(log n)).
    public func index(of id: Int64) -> Int? {
        var low = 0
        var high = ids.count
        while low < high {
            let mid = (low + high) >> 1
            if ids[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }

    /// `index(of:)`, first trying the indices next to `hint` (a way's nodes are often
    /// consecutive ids, mapped one after another); any `hint` is allowed.
    @inline(__always)
    func index(of id: Int64, near hint: Int) -> Int? {
        if hint >= 0 && hint + 1 < ids.count && ids[hint + 1] == id { return hint + 1 }
        if hint >= 1 && hint <= ids.count && ids[hint - 1] == id { return hint - 1 }
        return index(of: id)
    }

    /// The position of the node at `index`, in degrees.
    public func coordinate(at index: Int) -> Coordinate {
        Coordinate(
            latitude: Double(latitudes[index]) * Self.degreesPerUnit,
            longitude: Double(longitudes[index]) * Self.degreesPerUnit)
    }

    /// The position of node `id` in degrees, or nil when there is no such node.
    public func coordinate(of id: Int64) -> Coordinate? {
        index(of: id).map { coordinate(at: $0) }
    }
}

/// An OSM way: an ordered list of node ids with tags (https://wiki.openstreetmap.org/wiki/Way).
public struct OSMWay: Sendable, Equatable {
    /// The way's id (pieces of a way split at missing nodes share it).
    public var id: Int64
    /// Node ids in order; a closed way repeats its first node last.
    public var nodes: [Int64]
    /// The way's tags.
    public var tags: OSMTags

    public init(id: Int64, nodes: [Int64], tags: OSMTags) {
        self.id = id
        self.nodes = nodes
        self.tags = tags
    }
}

/// An OSM relation (https://wiki.openstreetmap.org/wiki/Relation): ordered members with roles,
/// and tags. A turn restriction (`type=restriction`) has members with roles `from`, `via`, `to`.
public struct OSMRelation: Sendable, Equatable {
    public var id: Int64
    public var members: [OSMMember]
    public var tags: OSMTags

    public init(id: Int64, members: [OSMMember], tags: OSMTags) {
        self.id = id
        self.members = members
        self.tags = tags
    }
}

/// One member of a relation.
public struct OSMMember: Sendable, Equatable {
    /// What a member refers to (PBF `Relation.MemberType`: node 0, way 1, relation 2).
    public enum Kind: UInt8, Sendable, Equatable {
        case node = 0
        case way = 1
        case relation = 2
    }

    public var kind: Kind
    /// The id of the node, way or relation.
    public var ref: Int64
    /// The member's role, e.g. `from`, `via`, `to` (may be empty).
    public var role: String

    public init(kind: Kind, ref: Int64, role: String) {
        self.kind = kind
        self.ref = ref
        self.role = role
    }
}
