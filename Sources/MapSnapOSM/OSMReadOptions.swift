/// What `OSMReader` keeps of a file.
public struct OSMReadOptions: Sendable, Equatable {
    /// Which elements are kept.
    public enum Filter: Sendable, Equatable {
        /// Every node, way and relation.
        case everything
        /// What a router needs: ways tagged `highway=*` or `route=ferry`, only the nodes those
        /// ways use (with their tags), and `type=restriction` relations.
        case routing
    }

    /// Which elements are kept (default: everything).
    public var filter: Filter
    /// Cap on the nodes, ways and relations read in all (default 2^28): a file claiming more is
    /// refused rather than exhausting memory.
    public var maxElements: Int
    /// Cap on the XML text in bytes, read or inflated from gzip or bzip2 (default 512 MiB): a
    /// compression bomb stops there.
    public var maxXMLBytes: Int

    public init(filter: Filter = .everything, maxElements: Int = 1 << 28, maxXMLBytes: Int = 512 << 20) {
        self.filter = filter
        self.maxElements = maxElements
        self.maxXMLBytes = maxXMLBytes
    }

    /// Keep everything.
    public static let everything = OSMReadOptions()
    /// Keep what routing needs (`Filter.routing`).
    public static let routing = OSMReadOptions(filter: .routing)

    /// True when a way with these tags is kept.
    func keepsWay(_ tags: OSMTags) -> Bool {
        switch filter {
        case .everything: true
        case .routing: tags["highway"] != nil || tags["route"] == "ferry"
        }
    }

    /// True when a relation with these tags is kept.
    func keepsRelation(_ tags: OSMTags) -> Bool {
        switch filter {
        case .everything: true
        case .routing: tags["type"] == "restriction"
        }
    }
}
