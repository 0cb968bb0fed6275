/// The tags of an OSM element (https://wiki.openstreetmap.org/wiki/Tags): key–value pairs in
/// file order, stored as one array (no hash table per element, which is most of what a
/// dictionary would cost the reader: a way has a handful of tags, and a linear search of them
/// is as fast as hashing the key).
///
/// Equality ignores order. A key repeated in the file (invalid OSM) is kept; `subscript` returns
/// its first value.
public struct OSMTags: Sendable, Equatable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One key–value pair.
    public struct Tag: Sendable, Equatable, Hashable {
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The pairs in file order.
    public private(set) var tags: [Tag]

    public init() { tags = [] }

    public init(_ tags: [Tag]) { self.tags = tags }

    public init(dictionaryLiteral elements: (String, String)...) {
        tags = elements.map { Tag(key: $0.0, value: $0.1) }
    }

    /// Reserves room for `n` tags.
    package mutating func reserveCapacity(_ n: Int) { tags.reserveCapacity(n) }

    /// Appends a pair (the reader's only way to add one).
    package mutating func append(key: String, value: String) { tags.append(Tag(key: key, value: value)) }

    /// The value of `key`, or nil.
    public subscript(key: String) -> String? {
        for tag in tags where tag.key == key { return tag.value }
        return nil
    }

    /// The tags as a dictionary (a repeated key: its last value).
    public var dictionary: [String: String] {
        Dictionary(tags.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
    }

    public var startIndex: Int { tags.startIndex }
    public var endIndex: Int { tags.endIndex }
    public subscript(position: Int) -> Tag { tags[position] }

    public static func == (a: OSMTags, b: OSMTags) -> Bool {
        a.tags.count == b.tags.count && a.tags.allSatisfy { b.tags.contains($0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tags.count)
    }
}
