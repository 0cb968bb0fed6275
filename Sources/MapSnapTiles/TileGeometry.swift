import MapSnapIO

/// A vertex in tile-local integer coordinates: origin at the tile's top-left corner, x to the
/// right, y down, `0…extent` across the tile (usually 4096). Geometry may reach past the tile
/// edges into the buffer (negative or beyond `extent`).
public struct TilePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Int32
    public var y: Int32

    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }
}

/// The geometry type of a vector tile feature (`GeomType` in `vector_tile.proto`, spec 4.3.4).
public enum MVTGeometryType: UInt8, Sendable, CaseIterable {
    case unknown = 0
    case point = 1
    case lineString = 2
    case polygon = 3
}

/// One polygon of a (multi)polygon feature: its exterior ring followed by its interior rings.
///
/// Rings are in tile coordinates and are *not* closed explicitly: the first vertex is not
/// repeated at the end (MVT's ClosePath draws that segment). The exterior ring has positive
/// area by the surveyor's formula in tile coordinates (clockwise on screen, y down), interior
/// rings negative area (counter-clockwise), as spec 4.3.4.4 defines — so the rings can be filled
/// together with the nonzero or the even-odd rule.
public struct TilePolygon: Hashable, Sendable {
    /// `rings[0]` is the exterior ring, the rest are holes. Never empty.
    public var rings: [[TilePoint]]

    public init(rings: [[TilePoint]]) {
        self.rings = rings
    }

    public var exterior: [TilePoint] { rings.first ?? [] }
    public var interiors: ArraySlice<[TilePoint]> { rings.dropFirst() }
}

/// The decoded geometry of one feature, in tile coordinates (see `TilePoint`).
///
/// Spec 4.3.4: https://github.com/mapbox/vector-tile-spec/tree/master/2.1#434-geometry-types
public enum TileGeometry: Hashable, Sendable {
    /// A feature of type UNKNOWN: its geometry is not interpreted.
    case unknown
    /// One point, or several for a multipoint.
    case points([TilePoint])
    /// One line, or several for a multilinestring; each part has at least one vertex (normally
    /// two or more). A ClosePath in a line repeats the first vertex, so the closing segment shows.
    case lineStrings([[TilePoint]])
    /// One polygon, or several for a multipolygon; rings are grouped and classified by area
    /// sign as spec 4.3.4.4 says (see `TilePolygon`). Rings of zero area or with fewer than
    /// three vertices are dropped; an interior ring with no exterior before it becomes a
    /// polygon of its own (so nothing is lost from a badly wound tile).
    case polygons([TilePolygon])

    /// Number of vertices over all parts and rings.
    public var vertexCount: Int {
        switch self {
        case .unknown: 0
        case .points(let p): p.count
        case .lineStrings(let lines): lines.reduce(0) { $0 + $1.count }
        case .polygons(let polys): polys.reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.count } }
        }
    }
}

// MARK: - Decoding the command stream

/// A source of geometry integers for `TileGeometry.decode`.
protocol GeometryIntegerSource {
    /// The next integer, or nil at the end.
    mutating func next() throws(ProtobufError) -> UInt32?
    /// An upper bound on the integers left.
    var remainingBound: Int { get }
}

/// Packed varints in a byte buffer (the usual encoding). Only valid inside the
/// `withUnsafeBufferPointer` call that made it; every read is bounds-checked against `end`.
struct PackedGeometryIntegers: GeometryIntegerSource {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        self.bytes = bytes
        self.end = Swift.min(Swift.max(range.upperBound, 0), bytes.count)
        self.position = Swift.min(Swift.max(range.lowerBound, 0), end)
    }

    var remainingBound: Int { end - position }

    /// The next varint's low 32 bits (protobuf `uint32` semantics), decoded in line by
    /// `ProtobufReader.decodeVarint`.
    mutating func next() throws(ProtobufError) -> UInt32? {
        guard position < end else { return nil }
        return UInt32(truncatingIfNeeded: try ProtobufReader.decodeVarint(bytes, at: &position, end: end))
    }
}

/// Integers collected from an unusual (unpacked or split) encoding.
struct LooseGeometryIntegers: GeometryIntegerSource {
    let values: UnsafeBufferPointer<UInt32>
    var index: Int
    let end: Int

    init(_ values: UnsafeBufferPointer<UInt32>, range: Range<Int>) {
        self.values = values
        self.end = Swift.min(Swift.max(range.upperBound, 0), values.count)
        self.index = Swift.min(Swift.max(range.lowerBound, 0), end)
    }

    var remainingBound: Int { end - index }

    mutating func next() throws(ProtobufError) -> UInt32? {
        guard index < end else { return nil }
        defer { index += 1 }
        return values[index]
    }
}

extension TileGeometry {
    /// Interprets a geometry command stream (spec 4.3) for a feature of `type`: decoded by
    /// `FlatTileGeometry` (the one decoder), then given one array per part.
    static func decode(_ type: MVTGeometryType, _ ints: inout some GeometryIntegerSource) throws(MVTError)
        -> TileGeometry
    {
        var flat = FlatTileGeometry()
        try flat.decode(type, &ints)
        return flat.tileGeometry
    }

    /// Twice the signed area of a ring by the surveyor's formula in tile coordinates
    /// (positive = exterior per spec 4.3.4.4). Computed in `Double`, exact for tile-sized rings.
    static func doubledSignedArea<Ring: BidirectionalCollection<TilePoint>>(_ ring: Ring) -> Double {
        guard ring.count >= 3, let last = ring.last else { return 0 }
        var sum = 0.0
        var a = last
        for b in ring {
            sum += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
            a = b
        }
        return sum
    }
}
